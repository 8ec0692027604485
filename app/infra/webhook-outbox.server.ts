import { randomBytes } from 'node:crypto'
import type { WebhookEventType } from '~/lib/webhook-events'
import type { Database, Transaction } from './db.server'
import { enqueue, type EnqueueOptions } from './jobs/job-queue.server'

/**
 * The outbox of webhook events: an event is an entry of the durable 'webhook-events' job,
 * queued in the transaction of the change it tells of, so it exists exactly when the change
 * committed (a rollback drops it, a kill -9 after the commit keeps it). The job
 * (domain/webhooks/webhook-events.server.ts) turns it into one delivery per endpoint that asked
 * for its type. It lives in infra so that every area can announce its changes without
 * depending on the webhooks area (which reads articles to build the payloads).
 */
export const WEBHOOK_EVENTS_JOB = 'webhook-events'

export interface WebhookEvent {
  type: WebhookEventType
  /** What the event is about: the record's id and what is known of it at the change. */
  subject: Record<string, string | number | boolean | null>
}

/** A Standard Webhooks message id: unique, and the same on every try of the message. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`
}

/** Queues `event` in `tx`, with the time of the change (`now`). */
export async function queueWebhookEvent(
  tx: Database | Transaction,
  event: WebhookEvent,
  now = new Date(),
  options: EnqueueOptions = {},
): Promise<void> {
  await enqueue(
    tx,
    WEBHOOK_EVENTS_JOB,
    {
      id: newMessageId(),
      type: event.type,
      subject: event.subject,
      occurredAt: now.toISOString(),
    },
    options,
  )
}
