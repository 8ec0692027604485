import { and, eq, isNull, or } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { profiles, webhookDeliveries, webhookEndpoints } from '@db/schema/index'
import { getBrandName } from '~/infra/auth-mail.server'
import { getDb, type Transaction } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { enqueue } from '~/infra/jobs/job-queue.server'
import type { EntryResult } from '~/infra/jobs/queue-worker.server'
import type { DurableJobDefinition } from '~/infra/jobs/registry.server'
import { sendMail } from '~/infra/mail.server'
import { renderNoticeMail } from '~/infra/notice-mail.server'
import { postWebhook } from './webhook-address.server'
import { deliveryEntry, WEBHOOK_DELIVERY_JOB, WEBHOOK_NOTICES_JOB } from './webhook-jobs'
import { decryptWebhookSecret } from './webhook-secret.server'

/**
 * One try of one delivery (docs/webhooks.md): signed per Standard Webhooks, sent within 5 s,
 * and its outcome stored in the transaction that marks the queue entry done. A failure queues
 * the next try in that same transaction, 30 s later and twice as long each time, for 24 h from
 * the first (or from a resend); then the delivery is failed. An endpoint that has failed every
 * try for 24 h is disabled, and the site's admins are told by mail.
 */

export const SEND_TIMEOUT_MS = 5000
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000
export const FIRST_RETRY_MS = 30_000

/** When the next try goes after `attempts` failed ones, or null once the 24 h are over. */
export function nextTryAt(retryFrom: Date, attempts: number, now: Date): Date | null {
  const deadline = retryFrom.getTime() + RETRY_WINDOW_MS
  if (now.getTime() >= deadline) return null
  const wait = FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1)
  return new Date(Math.min(now.getTime() + wait, deadline))
}

/** The Standard Webhooks headers of `body` for message `messageId` at `now`. */
export function signedHeaders(secret: string, messageId: string, now: Date, body: string) {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, now, body),
  }
}

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string }

async function send(
  endpoint: typeof webhookEndpoints.$inferSelect,
  delivery: typeof webhookDeliveries.$inferSelect,
  now: Date,
): Promise<Outcome> {
  let secret: string
  try {
    secret = decryptWebhookSecret(endpoint.secretCiphertext)
  } catch {
    return { ok: false, status: null, error: 'The secret cannot be read (the site secret changed)' }
  }
  try {
    const { status } = await postWebhook(
      endpoint.url,
      signedHeaders(secret, delivery.messageId, now, delivery.body),
      delivery.body,
      { timeoutMs: SEND_TIMEOUT_MS, allowPrivate: getEnv().WEBHOOK_ALLOW_PRIVATE },
    )
    if (status >= 200 && status < 300) return { ok: true, status }
    return { ok: false, status, error: `HTTP ${status}` }
  } catch (error) {
    return {
      ok: false,
      status: null,
      error: error instanceof Error ? error.message : String(error),
    }
  }
}

/** Stores a try's outcome, queues the next one or gives up, and disables a dead endpoint. */
async function record(
  tx: Transaction,
  endpoint: typeof webhookEndpoints.$inferSelect,
  delivery: typeof webhookDeliveries.$inferSelect,
  outcome: Outcome,
  now: Date,
) {
  const attempts = delivery.attempts + 1
  const tried = { attempts, lastAttemptAt: now, lastStatusCode: outcome.status }
  if (outcome.ok) {
    await tx
      .update(webhookDeliveries)
      .set({
        ...tried,
        status: 'delivered',
        deliveredAt: now,
        lastError: null,
        nextAttemptAt: null,
      })
      .where(eq(webhookDeliveries.id, delivery.id))
    await tx
      .update(webhookEndpoints)
      .set({ failingSince: null })
      .where(eq(webhookEndpoints.id, endpoint.id))
    return
  }
  const next = nextTryAt(delivery.retryFrom, attempts, now)
  await tx
    .update(webhookDeliveries)
    .set({
      ...tried,
      status: next ? 'pending' : 'failed',
      lastError: outcome.error,
      nextAttemptAt: next,
    })
    .where(eq(webhookDeliveries.id, delivery.id))
  if (next)
    await enqueue(tx, WEBHOOK_DELIVERY_JOB, deliveryEntry(delivery.id, next), { runAt: next })
  // The failing spell starts with the first failed try after a delivered one.
  const [failing] = await tx
    .update(webhookEndpoints)
    .set({ failingSince: endpoint.failingSince ?? now })
    .where(eq(webhookEndpoints.id, endpoint.id))
    .returning({ since: webhookEndpoints.failingSince })
  const since = failing?.since ?? now
  if (now.getTime() - since.getTime() < RETRY_WINDOW_MS) return
  const disabled = await tx
    .update(webhookEndpoints)
    .set({
      enabled: false,
      disabledAt: now,
      disabledReason: `Every try failed for 24 hours (last: ${outcome.error})`,
    })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id })
  if (disabled.length > 0) await enqueue(tx, WEBHOOK_NOTICES_JOB, { endpointId: endpoint.id })
}

/**
 * One try of the delivery the entry names, at `now`. Nothing is sent when the delivery no
 * longer waits for this try (delivered, given up, resent since, or its endpoint deleted or
 * disabled: then it is failed, kept in the log for a resend).
 */
export async function tryDelivery(
  payload: Record<string, unknown>,
  now = new Date(),
): Promise<EntryResult> {
  const deliveryId = Number(payload.deliveryId)
  const due = typeof payload.due === 'string' ? new Date(payload.due) : null
  const [found] = await getDb()
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId))
  if (!found) return
  const { delivery, endpoint } = found
  const waits =
    delivery.status === 'pending' && due && delivery.nextAttemptAt?.getTime() === due.getTime()
  if (!waits) return
  if (!endpoint.enabled) {
    return {
      write: async (tx) => {
        await tx
          .update(webhookDeliveries)
          .set({ status: 'failed', lastError: 'The endpoint is disabled', nextAttemptAt: null })
          .where(eq(webhookDeliveries.id, delivery.id))
      },
    }
  }
  const outcome = await send(endpoint, delivery, now)
  return { write: (tx) => record(tx, endpoint, delivery, outcome, now) }
}

/** The delivery job, with the clock it reads (tests fix it). */
export function webhookDeliveryJob(clock: () => Date = () => new Date()): DurableJobDefinition {
  return {
    name: WEBHOOK_DELIVERY_JOB,
    title: 'Webhook deliveries',
    trigger: { kind: 'queued', description: 'an event for an endpoint, a retry, a resend' },
    durable: true,
    singleInstance: false,
    // The send's own limit is 5 s; the rest is the database.
    timeLimitMs: 30_000,
    // Tries are the delivery's own (30 s doubling for 24 h); this covers the database failing.
    retry: { attempts: 5, backoffMs: 5000 },
    logLevel: 'debug',
    concurrency: 4,
    pollMs: 500,
    run: ({ payload }) => tryDelivery(payload, clock()),
  }
}

/** The admins' mail about an endpoint the site disabled. */
export async function endpointDisabledMails(endpointId: number) {
  const [endpoint] = await getDb()
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId))
  if (!endpoint || endpoint.enabled) return []
  const admins = await getDb()
    .select({ email: profiles.email })
    .from(profiles)
    .where(and(eq(profiles.role, 'admin'), or(isNull(profiles.banned), eq(profiles.banned, false))))
  const brand = await getBrandName()
  const rendered = await renderNoticeMail({
    brand,
    paragraphs: [
      `${brand} stopped sending webhooks to ${endpoint.url}: every try failed for 24 hours.`,
      endpoint.disabledReason ?? '',
      'Fix the receiver, then enable the endpoint again and resend what it missed.',
    ].filter(Boolean),
    action: {
      label: 'Webhook endpoints',
      url: `${getEnv().siteUrl}/admin/integrations/webhooks/${endpoint.id}`,
    },
  })
  return admins.map((admin) => ({
    to: admin.email,
    subject: `Webhooks to ${new URL(endpoint.url).host} are disabled`,
    ...rendered,
  }))
}

export const webhookNoticesJob: DurableJobDefinition = {
  name: WEBHOOK_NOTICES_JOB,
  title: 'Webhook endpoint notices',
  trigger: { kind: 'queued', description: 'an endpoint disabled after 24 h of failures' },
  durable: true,
  singleInstance: false,
  timeLimitMs: 60_000,
  retry: { attempts: 5, backoffMs: 30_000 },
  logLevel: 'info',
  run: async ({ payload }) => {
    for (const mail of await endpointDisabledMails(Number(payload.endpointId))) await sendMail(mail)
  },
}
