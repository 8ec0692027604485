import { desc, eq } from 'drizzle-orm'
import { articleRevisions, articles } from '@db/schema/index'
import { canWithdrawArticle, type Actor } from '~/domain/access/access-rules'
import { domainErrors } from '~/domain/domain-error'
import { getDb } from '~/infra/db.server'
import { enforceFieldRules, fieldStateOf } from './article-field-rules.server'
import { recordRevision } from './revision-record.server'

export class WithdrawError extends domainErrors('WithdrawError', {
  NOT_FOUND: 404,
  /** Not the caller's article: only its writer takes a submission back. */
  NOT_YOURS: 403,
  /** An editor has acted on it (published, returned or edited it): too late to take it back. */
  EDITOR_ACTED: 409,
}) {}

/**
 * A writer takes her submission back to draft, while it waits for review and no editor has
 * acted on it (canWithdrawArticle: the last save was hers). Only the status moves (review →
 * draft), kept as a revision like any manual save; the text is as she submitted it. The row is
 * locked, so an editor's publish or return and the withdrawal never both pass.
 */
export async function withdrawFromReview(
  articleId: number,
  actor: Actor,
  options: { now?: Date } = {},
): Promise<{ id: number }> {
  const now = options.now ?? new Date()
  return getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({
        authorId: articles.authorId,
        status: articles.status,
        publishedAt: articles.publishedAt,
        slug: articles.slug,
        isFeatured: articles.isFeatured,
        reviewNoteAt: articles.reviewNoteAt,
        // What the field rules compare besides (who may read it, its category's default).
        categoryId: articles.categoryId,
        access: articles.access,
        accessPlanIds: articles.accessPlanIds,
        freeForNow: articles.freeForNow,
        previewParagraphs: articles.previewParagraphs,
      })
      .from(articles)
      .where(eq(articles.id, articleId))
      .for('update')
    if (!current) throw new WithdrawError('NOT_FOUND', 'This article no longer exists.')
    const before = await fieldStateOf(tx, articleId, current)
    if (current.authorId !== actor.id && !before.coAuthorIds.includes(actor.id)) {
      throw new WithdrawError('NOT_YOURS', 'Only its writer can take a submission back.')
    }
    const [last] = await tx
      .select({ createdBy: articleRevisions.createdBy })
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, articleId))
      .orderBy(desc(articleRevisions.id))
      .limit(1)
    if (!canWithdrawArticle(actor, { ...before, lastEditedBy: last?.createdBy ?? null })) {
      throw new WithdrawError(
        'EDITOR_ACTED',
        current.status === 'review'
          ? 'An editor has already worked on this article; ask them to return it to you.'
          : 'This article no longer waits for review.',
      )
    }
    await tx
      .update(articles)
      .set({ status: 'draft', updatedAt: now })
      .where(eq(articles.id, articleId))
    // Through the field rules like every article write: the status move is the one change
    // canWithdrawArticle grants; anything else the row shows would be judged as a writer's.
    await enforceFieldRules(tx, actor, before, articleId, { status: 'draft' })
    // The history shows who took it back, and when.
    await recordRevision(tx, articleId, actor, now)
    return { id: articleId }
  })
}
