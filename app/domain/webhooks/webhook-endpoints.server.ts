import { and, desc, eq, sql } from 'drizzle-orm'
import { webhookDeliveries, webhookEndpoints } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { enqueue } from '~/infra/jobs/job-queue.server'
import { wakeJob } from '~/infra/jobs/registry.server'
import type { WebhookEventType } from '~/lib/webhook-events'
import { webhookHostProblem, webhookUrlProblem } from './webhook-address.server'
import { deliveryEntry, WEBHOOK_DELIVERY_JOB } from './webhook-jobs'
import { DELIVERY_LOG_LENGTH } from './webhooks-schema'
import { encryptWebhookSecret, newWebhookSecret } from './webhook-secret.server'

/** Characters of the secret the list shows (`whsec_` and a few more), to tell them apart. */
const SHOWN_SECRET_LENGTH = 12

export class WebhookError extends domainErrors('WebhookError', {
  NOT_FOUND: 404,
  BAD_ADDRESS: 400,
  DISABLED: 409,
}) {}

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect

export async function createWebhookEndpoint(input: {
  url: string
  events: WebhookEventType[]
  createdBy: string | null
}): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const problem =
    webhookUrlProblem(input.url) ??
    (await webhookHostProblem(input.url, getEnv().WEBHOOK_ALLOW_PRIVATE))
  if (problem) throw new WebhookError('BAD_ADDRESS', problem, { field: 'url' })
  const secret = newWebhookSecret()
  const [endpoint] = await getDb()
    .insert(webhookEndpoints)
    .values({
      url: input.url,
      events: [...new Set(input.events)],
      secretCiphertext: encryptWebhookSecret(secret),
      secretPrefix: secret.slice(0, SHOWN_SECRET_LENGTH),
      createdBy: input.createdBy,
    })
    .returning()
  return { endpoint: endpoint!, secret }
}

export interface EndpointListItem extends WebhookEndpoint {
  delivered: number
  failed: number
  pending: number
}

export async function listWebhookEndpoints(): Promise<EndpointListItem[]> {
  const counts = getDb()
    .select({
      endpointId: webhookDeliveries.endpointId,
      delivered:
        sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'delivered')::int`.as(
          'delivered',
        ),
      failed: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'failed')::int`.as(
        'failed',
      ),
      pending: sql<number>`count(*) filter (where ${webhookDeliveries.status} = 'pending')::int`.as(
        'pending',
      ),
    })
    .from(webhookDeliveries)
    .groupBy(webhookDeliveries.endpointId)
    .as('counts')
  const rows = await getDb()
    .select({
      endpoint: webhookEndpoints,
      delivered: counts.delivered,
      failed: counts.failed,
      pending: counts.pending,
    })
    .from(webhookEndpoints)
    .leftJoin(counts, eq(counts.endpointId, webhookEndpoints.id))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
  return rows.map((r) => ({
    ...r.endpoint,
    delivered: Number(r.delivered ?? 0),
    failed: Number(r.failed ?? 0),
    pending: Number(r.pending ?? 0),
  }))
}

export async function getWebhookEndpoint(id: number): Promise<WebhookEndpoint> {
  const [row] = await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id))
  if (!row) throw new WebhookError('NOT_FOUND', 'This endpoint no longer exists.')
  return row
}

/** Turns an endpoint off or on again; on again, its failing spell starts afresh. */
export async function setWebhookEndpointEnabled(
  id: number,
  enabled: boolean,
  now = new Date(),
): Promise<WebhookEndpoint> {
  const [row] = await getDb()
    .update(webhookEndpoints)
    .set(
      enabled
        ? { enabled, disabledAt: null, disabledReason: null, failingSince: null }
        : { enabled, disabledAt: now, disabledReason: 'Disabled by an admin' },
    )
    .where(eq(webhookEndpoints.id, id))
    .returning()
  if (!row) throw new WebhookError('NOT_FOUND', 'This endpoint no longer exists.')
  return row
}

/** Deletes the endpoint and its delivery log; what waited for it is dropped when it runs. */
export async function deleteWebhookEndpoint(id: number): Promise<WebhookEndpoint> {
  const [row] = await getDb()
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning()
  if (!row) throw new WebhookError('NOT_FOUND', 'This endpoint no longer exists.')
  return row
}

export async function listWebhookDeliveries(endpointId: number): Promise<WebhookDelivery[]> {
  return getDb()
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_LENGTH)
}

/**
 * Sends a delivery again (the same message id and body, a new signature): its tries start
 * afresh, for another 24 h, and it is queued in the same transaction as that reset.
 */
export async function resendWebhookDelivery(
  endpointId: number,
  deliveryId: number,
  now = new Date(),
): Promise<WebhookDelivery> {
  const endpoint = await getWebhookEndpoint(endpointId)
  if (!endpoint.enabled)
    throw new WebhookError('DISABLED', 'Enable the endpoint before sending to it again.')
  const row = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', retryFrom: now, nextAttemptAt: now })
      .where(
        and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)),
      )
      .returning()
    if (!row) throw new WebhookError('NOT_FOUND', 'This delivery is no longer in the log.')
    await enqueue(tx, WEBHOOK_DELIVERY_JOB, deliveryEntry(row.id, now))
    return row
  })
  wakeJob(WEBHOOK_DELIVERY_JOB)
  return row
}
