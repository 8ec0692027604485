import { and, eq, inArray, sql } from 'drizzle-orm'
import { newsletterIssues } from '@db/schema/index'
import { getDb, type Database } from '~/infra/db.server'
import { queueWebhookEvent } from '~/infra/webhook-outbox.server'
import { issueAndList } from './issue-lookup.server'
import { renderTemplate, storyIdsOf } from './issue-render.server'
import { NewsletterSendError } from './send-error'
import { countRecipients, FIRST_QUEUE_CHUNK, QUEUE_CHUNK, queueChunk } from './send-queue.server'

// ---------------------------------------------------------------------------------------------
// Wake-ups: a send started here is picked up by this instance's sender at once, not at its next
// poll (the others find it at theirs).

const wakeListeners = new Set<() => void>()

export function onSendStarted(listener: () => void) {
  wakeListeners.add(listener)
  return () => void wakeListeners.delete(listener)
}

function wakeSenders() {
  for (const listener of wakeListeners) listener()
}

// ---------------------------------------------------------------------------------------------
// Starting, scheduling and cancelling a send

/**
 * Starts the send of an issue: freezes its mail, counts its recipients, queues the first chunk
 * of delivery rows (the senders queue the rest, `queueMore`), and marks it sending.
 * Idempotent: a send already started (or finished) answers its recipients again and queues
 * nobody twice (the deliveries are unique per issue and address). `db`: an instance's sender
 * passes its own handle (sender.server.ts, `SenderOptions.db`).
 */
export async function startIssueSend(
  issueId: number,
  by?: string | null,
  { chunk = QUEUE_CHUNK, db = getDb() }: { chunk?: number; db?: Database } = {},
): Promise<{ recipients: number }> {
  const { issue, list } = await issueAndList(issueId, db)
  if (issue.status === 'sending' || issue.status === 'sent') {
    return { recipients: issue.recipientCount }
  }
  if (issue.status !== 'draft' && issue.status !== 'scheduled') {
    throw new NewsletterSendError(
      'NOT_SENDABLE',
      `This issue is ${issue.status} and cannot be sent`,
    )
  }
  const frozen = await renderTemplate(issue, list, { db })
  // Counted by the rendering: the links may be the counted redirect's, not /article/ (issue 36).
  if (storyIdsOf(issue).length > 0 && frozen.storyCount === 0) {
    throw new NewsletterSendError('INVALID', 'None of the chosen stories is published')
  }
  const result = await db.transaction(async (tx) => {
    // The row lock makes two starts (two instances, two clicks) one: the second sees 'sending'.
    const [locked] = await tx
      .select({ status: newsletterIssues.status, recipientCount: newsletterIssues.recipientCount })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, issueId))
      .for('update')
    if (!locked) throw new NewsletterSendError('NOT_FOUND', 'Newsletter issue not found')
    if (locked.status === 'sending' || locked.status === 'sent') {
      return { recipients: locked.recipientCount, started: false }
    }
    if (locked.status !== 'draft' && locked.status !== 'scheduled') {
      throw new NewsletterSendError(
        'NOT_SENDABLE',
        `This issue is ${locked.status} and cannot be sent`,
      )
    }
    const recipients = await countRecipients(list.id, tx)
    const now = new Date()
    const cursor =
      recipients === 0
        ? null
        : await queueChunk(
            tx,
            { id: issueId, listId: list.id },
            0,
            Math.min(chunk, FIRST_QUEUE_CHUNK),
          )
    await tx
      .update(newsletterIssues)
      .set({
        status: recipients === 0 ? 'sent' : 'sending',
        subject: frozen.subject,
        preheader: frozen.preheader,
        html: frozen.html,
        text: frozen.text,
        startedAt: now,
        finishedAt: recipients === 0 ? now : null,
        recipientCount: recipients,
        queueCursor: cursor,
        createdBy: issue.createdBy ?? by ?? null,
        updatedAt: now,
      })
      .where(eq(newsletterIssues.id, issueId))
    // From now its web version is in the public archive: the issue is sent, for integrations.
    await queueWebhookEvent(
      tx,
      { type: 'newsletter_issue.sent', subject: { issueId, listId: list.id } },
      now,
    )
    return { recipients, started: true }
  })
  if (result.started && result.recipients > 0) wakeSenders()
  return { recipients: result.recipients }
}

/** Schedules a draft (or moves a scheduled issue); the sender starts it when the time comes. */
export async function scheduleIssue(issueId: number, at: Date) {
  if (!(at instanceof Date) || Number.isNaN(at.getTime())) {
    throw new NewsletterSendError('INVALID', 'Choose a valid date and time', { field: 'at' })
  }
  if (at.getTime() <= Date.now()) {
    throw new NewsletterSendError('INVALID', 'Choose a time in the future', { field: 'at' })
  }
  const updated = await getDb()
    .update(newsletterIssues)
    .set({ status: 'scheduled', scheduledAt: at, updatedAt: new Date() })
    .where(
      and(
        eq(newsletterIssues.id, issueId),
        inArray(newsletterIssues.status, ['draft', 'scheduled']),
      ),
    )
    .returning({ id: newsletterIssues.id })
  if (updated.length === 0) {
    await issueAndList(issueId) // 404 when it does not exist
    throw new NewsletterSendError(
      'NOT_SENDABLE',
      'Only a draft or scheduled issue can be scheduled',
    )
  }
}

/**
 * Stops a send: queued messages are cancelled (those already handed to the SMTP server go on),
 * and a scheduled issue never starts.
 */
export async function cancelIssueSend(issueId: number) {
  await getDb().transaction(async (tx) => {
    const [issue] = await tx
      .select({ status: newsletterIssues.status })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, issueId))
      .for('update')
    if (!issue) throw new NewsletterSendError('NOT_FOUND', 'Newsletter issue not found')
    if (issue.status === 'cancelled') return
    if (issue.status !== 'sending' && issue.status !== 'scheduled') {
      throw new NewsletterSendError(
        'NOT_SENDABLE',
        `This issue is ${issue.status}: nothing to cancel`,
      )
    }
    await tx.execute(sql`
      update newsletter_deliveries set status = 'cancelled', claimed_by = null
      where issue_id = ${issueId} and status = 'queued'`)
    await tx
      .update(newsletterIssues)
      .set({
        status: 'cancelled',
        queueCursor: null,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(newsletterIssues.id, issueId))
  })
}
