import { sql } from 'drizzle-orm'
import { webhookDeliveries, webhookEndpoints } from '@db/schema/index'
import { ContentApiError } from '~/domain/content-api/content-api-errors'
import { getContentArticle } from '~/domain/content-api/content-api.server'
import { getContentSite } from '~/domain/content-api/content-api-site.server'
import { getContentNewsletterIssue } from '~/domain/content-api/content-api-newsletters.server'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { enqueue } from '~/infra/jobs/job-queue.server'
import type { DurableJobDefinition } from '~/infra/jobs/registry.server'
import { WEBHOOK_EVENTS_JOB } from '~/infra/webhook-outbox.server'
import { isWebhookEventType, type WebhookEventType } from '~/lib/webhook-events'
import { deliveryEntry, WEBHOOK_DELIVERY_JOB } from './webhook-jobs'

/**
 * The outbox's events (infra/webhook-outbox.server.ts) become deliveries: one per enabled
 * endpoint that asked for the event's type, each with the exact body its tries will sign, all
 * stored and queued in the transaction that marks the event done (so an event taken over
 * from a dead instance is never fanned out twice).
 */

type Subject = Record<string, unknown>

/**
 * The article as the Content API gives it to a key without "full text" (a members story: its
 * preview), or its id and slug alone when no reader can see it any more (unpublished, deleted,
 * or taken down since the change).
 */
async function articleData(subject: Subject) {
  const id = Number(subject.articleId)
  try {
    return await getContentArticle(String(id), { fullText: false, siteUrl: getEnv().siteUrl })
  } catch (error) {
    if (error instanceof ContentApiError) return { id, slug: String(subject.slug ?? '') }
    throw error
  }
}

/** The event's `data`: what receivers read (docs/webhooks.md). */
export async function eventData(type: WebhookEventType, subject: Subject) {
  switch (type) {
    case 'article.published':
    case 'article.updated':
      return { article: await articleData(subject) }
    case 'article.unpublished':
    case 'article.deleted':
      return { article: { id: Number(subject.articleId), slug: String(subject.slug ?? '') } }
    case 'correction.added':
      return {
        article: await articleData(subject),
        correction: { text: subject.text, correctedAt: subject.correctedAt },
      }
    case 'live_entry.published': {
      // The story with its live coverage; the entry as readers see it (none once withdrawn).
      const article = await articleData(subject)
      const entries = 'live' in article ? (article.live?.entries ?? []) : []
      const entry = entries.find((e) => e.id === Number(subject.entryId)) ?? {
        id: Number(subject.entryId),
      }
      return { article, entry }
    }
    case 'newsletter_issue.sent':
      // Its web version as the archive shows it (none once the issue is withdrawn).
      return {
        issue: await getContentNewsletterIssue(String(subject.issueId), {
          fullText: false,
          siteUrl: getEnv().siteUrl,
        }).catch((error: unknown) => {
          if (error instanceof ContentApiError) return { id: Number(subject.issueId) }
          throw error
        }),
      }
    case 'category.created':
    case 'category.updated':
    case 'category.deleted':
      return { category: namedData(subject, subject.categoryId, 'category') }
    case 'tag.created':
    case 'tag.updated':
    case 'tag.deleted':
      return { tag: namedData(subject, subject.tagId, 'tag') }
    case 'site.changed':
      return { site: await getContentSite({ fullText: false, siteUrl: getEnv().siteUrl }) }
  }
}

/** A category or tag as it was at the change: its id, slug, name and page's address. */
function namedData(subject: Subject, id: unknown, kind: 'category' | 'tag') {
  const slug = String(subject.slug ?? '')
  return {
    id: Number(id),
    slug,
    name: String(subject.name ?? ''),
    url: `${getEnv().siteUrl}/${kind}/${slug}`,
  }
}

/** The Standard Webhooks body: `{type, timestamp, data}`. */
export function eventBody(type: string, occurredAt: string, data: unknown): string {
  return JSON.stringify({ type, timestamp: occurredAt, data })
}

export const webhookEventsJob: DurableJobDefinition = {
  name: WEBHOOK_EVENTS_JOB,
  title: 'Webhook events',
  trigger: {
    kind: 'queued',
    description:
      'a published article, a correction, a live entry, a category, a tag or the site changed',
  },
  durable: true,
  singleInstance: false,
  timeLimitMs: 60_000,
  retry: { attempts: 5, backoffMs: 10_000 },
  logLevel: 'debug',
  // Commit to receiver is this job's look plus the delivery's: both look often, and a burst
  // of changes is read a few at a time (bench/webhooks.ts).
  pollMs: 500,
  concurrency: 4,
  run: async ({ payload }) => {
    const { id, type, occurredAt } = payload
    if (!isWebhookEventType(type) || typeof id !== 'string' || typeof occurredAt !== 'string')
      return
    const endpoints = await getDb()
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(sql`${webhookEndpoints.enabled} and ${type} = any(${webhookEndpoints.events})`)
    if (endpoints.length === 0) return
    const subject = (payload.subject ?? {}) as Subject
    const body = eventBody(type, occurredAt, await eventData(type, subject))
    return {
      write: async (tx) => {
        const now = new Date()
        const rows = await tx
          .insert(webhookDeliveries)
          .values(
            endpoints.map((endpoint) => ({
              endpointId: endpoint.id,
              messageId: id,
              eventType: type,
              body,
              nextAttemptAt: now,
              retryFrom: now,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: webhookDeliveries.id })
        for (const row of rows) await enqueue(tx, WEBHOOK_DELIVERY_JOB, deliveryEntry(row.id, now))
      },
    }
  },
}
