import { and, asc, eq, inArray, isNull, ne, or } from 'drizzle-orm'
import { articles, profiles } from '@db/schema/index'
import type { Actor } from '~/domain/access/access-rules'
import { domainErrors } from '~/domain/domain-error'
import { staffMemberName } from '~/domain/users/staff-queries.server'
import { getBrandName } from '~/infra/auth-mail.server'
import { getDb, type Transaction } from '~/infra/db.server'
import { enqueue } from '~/infra/jobs/job-queue.server'
import { wakeJob, type DurableJobDefinition } from '~/infra/jobs/registry.server'
import { getEnv } from '~/infra/env.server'
import { logger } from '~/infra/logger.server'
import { sendMail } from '~/infra/mail.server'
import { enforceFieldRules, fieldStateOf, requireWriter } from './article-field-rules.server'
import type { ArticleStatus } from './articles-schema'
import { returnedToWriterMail, submittedForReviewMail } from './review-mail'

// The review: a writer submits an article ("Submit for review"), every editor and admin is
// mailed; an editor publishes it from the form, or returns it to draft with a note that the
// writer sees on the form and in a mail. The mails are queued in the write's transaction (the
// job queue, app/infra/jobs/job-queue.server.ts) and sent by the review-mails job: a mail goes
// only for a stored change, is tried again when the mail server refuses it, and never undoes
// or fails the save.

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

/** The durable job that sends the review's mails, one queue entry per mail. */
export const REVIEW_MAILS_JOB = 'review-mails'

type ReviewMail =
  | { kind: 'submitted'; articleId: number; to: string }
  | { kind: 'returned'; articleId: number; to: string; editorId: string; note: string }

/**
 * Queues, in the save's transaction, a mail to every editor and admin (but the one who
 * submitted it, and banned accounts) that an article waits for review: the editors hear of a
 * submission only once it is stored, and a mail the SMTP server refuses is tried again without
 * touching the save. Returns how many mails were queued.
 */
export async function queueSubmittedForReview(
  tx: Transaction,
  articleId: number,
  submitter: { id: string },
): Promise<number> {
  const recipients = await tx
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
  for (const { email } of recipients) {
    await enqueue(tx, REVIEW_MAILS_JOB, { kind: 'submitted', articleId, to: email })
  }
  return recipients.length
}

/** After the commit: the queued review mails go now rather than at the worker's next look. */
export function sendQueuedReviewMails() {
  wakeJob(REVIEW_MAILS_JOB)
}

/** One queued review mail, written from the article as it is when the mail goes. */
async function sendReviewMail(mail: ReviewMail) {
  const article = await articleFacts(mail.articleId)
  // The article was deleted since: there is nothing to look at any more.
  if (!article) return
  const url = editLink(mail.articleId)
  const brand = await getBrandName()
  const message =
    mail.kind === 'submitted'
      ? await submittedForReviewMail({
          title: article.title,
          writer: (article.authorId ? await staffMemberName(article.authorId) : null) ?? 'A writer',
          url,
          brand,
        })
      : await returnedToWriterMail({
          title: article.title,
          editor: (await staffMemberName(mail.editorId)) ?? 'An editor',
          note: mail.note,
          url,
          brand,
        })
  try {
    await sendMail({ to: mail.to, ...message })
  } catch (error) {
    logger.error({ err: error, to: mail.to, articleId: mail.articleId }, 'review mail failed')
    throw error
  }
}

export const reviewMailsJob: DurableJobDefinition = {
  name: REVIEW_MAILS_JOB,
  title: 'Review mails',
  trigger: { kind: 'queued', description: 'a submission for review, or a return to the writer' },
  durable: true,
  singleInstance: false,
  timeLimitMs: 60_000,
  // A mail server that is down for a while: tries at 30 s, 1, 2, 4 and 8 minutes.
  retry: { attempts: 5, backoffMs: 30_000 },
  logLevel: 'info',
  run: async (entry) => sendReviewMail(entry.payload as ReviewMail),
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
    await queueReturnMail(tx, current.authorId, { articleId, editorId: editor.id, note })
    return { id: articleId, authorId: current.authorId }
  })
  sendQueuedReviewMails()
  return returned
}

/** The writer hears of the return (not when they returned it themselves). */
async function queueReturnMail(
  tx: Transaction,
  authorId: string | null,
  mail: { articleId: number; editorId: string; note: string },
) {
  if (!authorId || authorId === mail.editorId) return
  const [writer] = await tx
    .select({ email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, authorId))
    .limit(1)
  if (writer) {
    await enqueue(tx, REVIEW_MAILS_JOB, { kind: 'returned', ...mail, to: writer.email })
  }
}
