import { and, eq } from 'drizzle-orm'
import { articleCorrections, articles } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { announceChanged, cacheKey } from '~/infra/cache-keys.server'
import { queueWebhookEvent } from '~/infra/webhook-outbox.server'
import { getDb } from '~/infra/db.server'
import { isLive } from './article-rules'
import {
  CORRECTION_FUTURE,
  isFutureCorrectionDate,
  type CorrectionInput,
} from './corrections-schema'
import { laterDate } from './revision-rules'

// Corrections an editor appends to a published article (who may: `canAddCorrections`, asked
// by the route). Readers see them at the article's end and on /corrections; the article
// counts as updated at the correction's date ("Updated …", dateModified).

export class CorrectionError extends domainErrors('CorrectionError', {
  NOT_FOUND: 404,
  /** Only an article in front of readers can have been wrong in front of them. */
  NOT_PUBLISHED: 409,
  FUTURE_DATE: 400,
}) {}

export interface StoredCorrection {
  id: number
  articleId: number
  text: string
  correctedAt: Date
}

export async function addCorrection(
  articleId: number,
  input: CorrectionInput,
  actor: { id: string },
  options: { now?: Date } = {},
): Promise<StoredCorrection> {
  const now = options.now ?? new Date()
  const correctedAt = input.correctedAt ?? now
  if (isFutureCorrectionDate(correctedAt, now.getTime())) {
    throw new CorrectionError('FUTURE_DATE', CORRECTION_FUTURE, { field: 'correctedAt' })
  }
  const stored = await getDb().transaction(async (tx) => {
    const [article] = await tx
      .select({
        status: articles.status,
        publishedAt: articles.publishedAt,
        revisedAt: articles.revisedAt,
      })
      .from(articles)
      .where(eq(articles.id, articleId))
      .for('update')
    if (!article) throw new CorrectionError('NOT_FOUND', 'This article no longer exists.')
    if (!isLive(article, now)) {
      throw new CorrectionError(
        'NOT_PUBLISHED',
        'Corrections are added to published articles only.',
      )
    }
    const [row] = await tx
      .insert(articleCorrections)
      .values({ articleId, text: input.text, correctedAt, createdBy: actor.id, createdAt: now })
      .returning({
        id: articleCorrections.id,
        articleId: articleCorrections.articleId,
        text: articleCorrections.text,
        correctedAt: articleCorrections.correctedAt,
      })
    // Not updated_at: that is the editing form's version, and a correction is no edit of it.
    await tx
      .update(articles)
      .set({ revisedAt: laterDate(article.revisedAt, correctedAt) })
      .where(eq(articles.id, articleId))
    const subject = { articleId, text: row.text, correctedAt: row.correctedAt.toISOString() }
    await queueWebhookEvent(tx, { type: 'correction.added', subject }, now)
    return row
  })
  // Its page (the correction, the "Updated" date) and the corrections page; it is live.
  announceChanged([cacheKey.article(articleId), 'corrections'])
  return stored
}

/** Removes a mistaken correction. The article's "Updated" date stays: it was shown. */
export async function deleteCorrection(articleId: number, correctionId: number): Promise<void> {
  const deleted = await getDb()
    .delete(articleCorrections)
    .where(
      and(eq(articleCorrections.id, correctionId), eq(articleCorrections.articleId, articleId)),
    )
    .returning({ id: articleCorrections.id })
  if (deleted.length === 0) {
    throw new CorrectionError('NOT_FOUND', 'This correction no longer exists.')
  }
  announceChanged([cacheKey.article(articleId), 'corrections'])
}
