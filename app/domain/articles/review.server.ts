import { and, asc, eq, inArray, isNull, ne, or } from 'drizzle-orm'
import { articles, profiles } from '@db/schema/index'
import type { Actor } from '~/domain/access/access-rules'
import { domainErrors } from '~/domain/domain-error'
import { staffMemberName } from '~/domain/users/staff-queries.server'
import { getBrandName } from '~/infra/auth-mail.server'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { logger } from '~/infra/logger.server'
import { sendMail } from '~/infra/mail.server'
import { enforceFieldRules, fieldStateOf, requireWriter } from './article-field-rules.server'
import type { ArticleStatus } from './articles-schema'
import { returnedToWriterMail, submittedForReviewMail } from './review-mail'

// The review: a writer submits an article ("Submit for review"), every editor and admin is
// mailed; an editor publishes it from the form, or returns it to draft with a note that the
// writer sees on the form and in a mail. The mails go after the write has committed, and a
// mail that fails is logged: it never undoes or fails the save.

export class ReviewError extends domainErrors('ReviewError', {
  NOT_FOUND: 404,
  /** Only an article waiting for review can be returned (someone was quicker). */
  NOT_IN_REVIEW: 409,
}) {}

/** An article's state in a sentence: "this one is …". */
const STATE_WORDS: Record<ArticleStatus, string> = {
  draft: 'a draft',
  review: 'waiting for review',
  published: 'published',
  archived: 'archived',
  hidden: 'hidden',
}

/** A save that puts the article in review from elsewhere (a new article submitted at once too). */
export function entersReview(before: ArticleStatus | null, after: ArticleStatus): boolean {
  return after === 'review' && before !== 'review'
}

/**
 * An editor's note belongs to the draft it was returned as: it stays while the writer revises
 * (saves as draft) and goes once the article moves on (resubmitted, or published).
 */
export function keepsReviewNote(before: ArticleStatus, after: ArticleStatus): boolean {
  return after === 'draft' || before === after
}

/** What a save sets when the article leaves the state its note was written for. */
export const NO_REVIEW_NOTE = { reviewNote: null, reviewNoteAt: null, reviewNoteBy: null } as const

function editLink(articleId: number) {
  return `${getEnv().siteUrl}/admin/edit-article/${articleId}`
}

async function articleFacts(articleId: number) {
  const [row] = await getDb()
    .select({ title: articles.title, authorId: articles.authorId })
    .from(articles)
    .where(eq(articles.id, articleId))
    .limit(1)
  return row ?? null
}

/** Sends one mail; a failure is logged with what it was about and reported as false. */
async function trySend(message: Parameters<typeof sendMail>[0], about: Record<string, unknown>) {
  try {
    await sendMail(message)
    return true
  } catch (error) {
    logger.error({ err: error, to: message.to, ...about }, 'review mail failed')
    return false
  }
}

/**
 * Mails every editor and admin (but the one who submitted it) that an article waits for
 * review. Never throws: the save it follows has already succeeded. Returns how many mails
 * went out.
 */
export async function notifySubmittedForReview(
  articleId: number,
  submitter: { id: string },
): Promise<number> {
  try {
    const article = await articleFacts(articleId)
    if (!article) return 0
    const recipients = await getDb()
      .select({ email: profiles.email })
      .from(profiles)
      .where(
        and(
          inArray(profiles.role, ['editor', 'admin']),
          ne(profiles.id, submitter.id),
          or(isNull(profiles.banned), eq(profiles.banned, false)),
        ),
      )
      .orderBy(asc(profiles.email))
    if (recipients.length === 0) return 0
    const [writer, brand] = await Promise.all([
      article.authorId ? staffMemberName(article.authorId) : null,
      getBrandName(),
    ])
    const mail = await submittedForReviewMail({
      title: article.title,
      writer: writer ?? 'A writer',
      url: editLink(articleId),
      brand,
    })
    let sent = 0
    for (const { email } of recipients) {
      if (await trySend({ to: email, ...mail }, { articleId })) sent += 1
    }
    logger.info({ articleId, sent }, 'article submitted for review')
    return sent
  } catch (error) {
    logger.error({ err: error, articleId }, 'review: editors could not be told of a submission')
    return 0
  }
}

/**
 * Returns an article waiting for review to its writer: a draft again, with the editor's note
 * (who and when) on it, and a mail to the writer. Refuses an article that is not in review,
 * and, through the field rules, anyone but a reviewer (the note is theirs to write).
 */
export async function returnToWriter(
  articleId: number,
  note: string,
  editor: Actor,
  options: { now?: Date } = {},
): Promise<{ id: number; authorId: string | null }> {
  const now = options.now ?? new Date()
  const returned = await getDb().transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(articles)
      .where(eq(articles.id, articleId))
      .for('update')
    if (!current) throw new ReviewError('NOT_FOUND', 'This article no longer exists.')
    requireWriter(editor, current)
    const before = await fieldStateOf(tx, articleId, current)
    if (current.status !== 'review') {
      throw new ReviewError(
        'NOT_IN_REVIEW',
        `Only an article waiting for review can be returned; this one is ${STATE_WORDS[current.status]}.`,
      )
    }
    await tx
      .update(articles)
      .set({
        status: 'draft',
        reviewNote: note,
        reviewNoteAt: now,
        reviewNoteBy: editor.id,
        updatedAt: now,
      })
      .where(eq(articles.id, articleId))
    await enforceFieldRules(tx, editor, before, articleId)
    return { id: articleId, authorId: current.authorId }
  })
  await mailWriter(articleId, note, editor)
  return returned
}

async function mailWriter(articleId: number, note: string, editor: { id: string }) {
  try {
    const article = await articleFacts(articleId)
    if (!article?.authorId || article.authorId === editor.id) return
    const [writer] = await getDb()
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, article.authorId))
      .limit(1)
    if (!writer) return
    const [editorName, brand] = await Promise.all([staffMemberName(editor.id), getBrandName()])
    const mail = await returnedToWriterMail({
      title: article.title,
      editor: editorName ?? 'An editor',
      note,
      url: editLink(articleId),
      brand,
    })
    await trySend({ to: writer.email, ...mail }, { articleId })
  } catch (error) {
    logger.error({ err: error, articleId }, 'review: the writer could not be told of a return')
  }
}
