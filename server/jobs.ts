import { sql } from 'drizzle-orm'
import {
  announceExpiredBreakingNews,
  announceScheduledPublications,
} from '~/domain/articles/article-changes.server'
import { reviewMailsJob } from '~/domain/articles/review.server'
import { VIEW_FLUSH_INTERVAL_MS, viewCounter } from '~/domain/articles/view-counter.server'
import { importRunsJob } from '~/domain/import/import-jobs.server'
import { memberMailsJob, queueEndingNotices } from '~/domain/membership/member-mails.server'
import { stripeEventsJob } from '~/domain/membership/stripe-events.server'
import { buildDueDigests } from '~/domain/newsletter/digests.server'
import { NewsletterSender } from '~/domain/newsletter/sender.server'
import { adoptOrphanPdfsOnce, editionReadsJob } from '~/domain/newspapers/editions.server'
import { flushRedirectHits } from '~/domain/redirects/redirects.server'
import { webhookDeliveryJob, webhookNoticesJob } from '~/domain/webhooks/webhook-delivery.server'
import { webhookEventsJob } from '~/domain/webhooks/webhook-events.server'
import { getDb } from '~/infra/db.server'
import { sweepFinishedEntries } from '~/infra/jobs/job-queue.server'
import { sweepJobStates } from '~/infra/jobs/job-states.server'
import type { JobDefinition, QueueState } from '~/infra/jobs/registry.server'
import { logger } from '~/infra/logger.server'
import { checkpointEmbeddedDatabase, vacuumEmbeddedDatabase } from './embedded-maintenance'
import { HOUSEKEEPING_EVERY_MS, sweepExpiredAuthRows, sweepViewReaders } from './housekeeping'

const SECOND = 1000
const MINUTE = 60 * SECOND

/** How long SIGTERM waits for the edition being read before leaving it to the next start. */
const EDITION_STOP_WAIT_MS = 20 * SECOND

/** A queue's depth and oldest entry from one `count(*), extract(epoch from now() - min(…))` row. */
async function queueOf(query: ReturnType<typeof sql>): Promise<QueueState> {
  const { rows } = (await getDb().execute(query)) as unknown as {
    rows: { depth: number | string; oldest: number | string | null }[]
  }
  const row = rows[0]
  return {
    depth: Number(row?.depth ?? 0),
    oldestAgeSeconds: row?.oldest == null ? null : Math.max(0, Math.round(Number(row.oldest))),
  }
}

/**
 * Every piece of background work of the site, in the order the Background work screen lists
 * it (docs/architecture.md, "Background work"). The embedded database's maintenance is
 * declared only there: PostgreSQL's own autovacuum and checkpointer do it on a server.
 */
export function backgroundJobs({ embedded }: { embedded: boolean }): JobDefinition[] {
  // Every instance sends, sharing each send row by row (SKIP LOCKED claims and leases).
  const sender = new NewsletterSender({ buildDigests: false })
  const jobs: (JobDefinition | false)[] = [
    {
      // A scheduled article going public is a change like any other: its pages are told.
      name: 'scheduled-publication',
      title: 'Scheduled publication',
      trigger: { kind: 'every', everyMs: 5 * SECOND },
      singleInstance: true,
      timeLimitMs: MINUTE,
      retry: { attempts: 2, backoffMs: SECOND },
      logLevel: 'debug',
      run: async () => ({ published: await announceScheduledPublications() }),
    },
    {
      // A breaking item leaving the bar by itself changes every page that shows the bar.
      name: 'breaking-news-expiry',
      title: 'Breaking news expiry',
      trigger: { kind: 'every', everyMs: 5 * SECOND },
      singleInstance: true,
      timeLimitMs: MINUTE,
      retry: { attempts: 2, backoffMs: SECOND },
      logLevel: 'debug',
      run: async () => ({ expired: await announceExpiredBreakingNews() }),
    },
    {
      name: 'auth-housekeeping',
      title: 'Expired sign-in rows and old view readers',
      trigger: { kind: 'every', everyMs: HOUSEKEEPING_EVERY_MS, firstAfterMs: 5 * MINUTE },
      singleInstance: true,
      timeLimitMs: 5 * MINUTE,
      retry: { attempts: 3, backoffMs: 30 * SECOND },
      logLevel: 'info',
      run: async () => ({ ...(await sweepExpiredAuthRows()), ...(await sweepViewReaders()) }),
    },
    {
      name: 'job-queue-housekeeping',
      title: 'Finished queue entries and old instances',
      trigger: { kind: 'every', everyMs: HOUSEKEEPING_EVERY_MS, firstAfterMs: 6 * MINUTE },
      singleInstance: true,
      timeLimitMs: 5 * MINUTE,
      retry: { attempts: 2, backoffMs: 30 * SECOND },
      logLevel: 'info',
      run: async () => ({
        swept: await sweepFinishedEntries(),
        instancesForgotten: await sweepJobStates(),
      }),
    },
    embedded && {
      name: 'embedded-checkpoint',
      title: 'Embedded database checkpoint',
      trigger: { kind: 'every', everyMs: 5 * MINUTE },
      singleInstance: true,
      timeLimitMs: 2 * MINUTE,
      retry: { attempts: 1, backoffMs: 10 * SECOND },
      logLevel: 'debug',
      run: async () => ({ ms: Math.round((await checkpointEmbeddedDatabase()) ?? 0) }),
    },
    embedded && {
      name: 'embedded-vacuum',
      title: 'Embedded database vacuum',
      // A minute after start too: a restart after an import or a restore gets its statistics.
      trigger: { kind: 'daily', at: '04:00', firstAfterMs: MINUTE },
      singleInstance: true,
      timeLimitMs: 30 * MINUTE,
      retry: { attempts: 2, backoffMs: 5 * MINUTE },
      logLevel: 'info',
      run: async () => ({ ms: Math.round((await vacuumEmbeddedDatabase()) ?? 0) }),
    },
    {
      // Once per window whichever instance gets there first (a unique window key per list).
      name: 'newsletter-digests',
      title: 'Newsletter digests',
      trigger: { kind: 'every', everyMs: MINUTE, firstAfterMs: 10 * SECOND },
      singleInstance: true,
      timeLimitMs: 5 * MINUTE,
      retry: { attempts: 2, backoffMs: 30 * SECOND },
      logLevel: 'debug',
      run: async () => ({ started: await buildDueDigests(new Date()) }),
    },
    // Mails of the review, queued with the save that asks for them.
    reviewMailsJob,
    {
      name: 'newsletter-sender',
      title: 'Newsletter queueing and sending',
      trigger: { kind: 'queued', description: 'scheduled issues and queued deliveries' },
      singleInstance: false,
      timeLimitMs: 30 * MINUTE,
      // Per delivery, in the sender: temporary failures back off from 30 s, doubling, 8 tries.
      retry: { attempts: 0, backoffMs: 0 },
      logLevel: 'info',
      start: (measure) => void sender.start({ measurePass: measure }),
      // Rows claimed but not sent go back to the queue; a send in flight finishes.
      stop: () => sender.stop(),
      queue: () =>
        queueOf(sql`
          select count(*) as depth,
            extract(epoch from now() - min(next_attempt_at) filter (where status = 'queued')) as oldest
          from newsletter_deliveries where status in ('queued', 'sending')`),
    },
    // "Import" on the Import screen, queued with the job's row.
    importRunsJob,
    // Stripe's verified webhooks: what they change of a membership, and the mails it calls for.
    stripeEventsJob,
    memberMailsJob,
    // Webhooks: events queued with the changes become deliveries, each tried for 24 h.
    webhookEventsJob,
    webhookDeliveryJob(),
    webhookNoticesJob,
    {
      name: 'membership-ending-notices',
      title: 'Membership ending notices',
      // Once a day, in the morning where the paper is; a missed day is caught up the next.
      trigger: { kind: 'daily', at: '09:00' },
      singleInstance: true,
      timeLimitMs: 5 * MINUTE,
      retry: { attempts: 2, backoffMs: MINUTE },
      logLevel: 'info',
      run: async () => ({ queued: await queueEndingNotices() }),
    },
    // PDFs stored before print editions existed become editions (adopted once at start).
    {
      ...editionReadsJob,
      // SIGTERM waits this long for the edition in hand; else the next start reads it again.
      stopWaitMs: EDITION_STOP_WAIT_MS,
      // PDFs stored before print editions existed become editions.
      atStart: () => adoptOrphanPdfsOnce({ log: (message) => logger.info(message) }),
    },
    {
      // Each instance writes the views it counted (multi-row upserts that add up).
      name: 'view-counts-flush',
      title: 'Article view counts',
      trigger: { kind: 'every', everyMs: VIEW_FLUSH_INTERVAL_MS },
      singleInstance: false,
      timeLimitMs: MINUTE,
      // The counter keeps what a failed flush did not write for the next one.
      retry: { attempts: 0, backoffMs: 0 },
      logLevel: 'debug',
      run: async () => {
        const views = viewCounter.pendingViews
        await viewCounter.flush()
        return { views }
      },
      atShutdown: () => viewCounter.flush(),
      queue: async () => ({ depth: viewCounter.pendingViews, oldestAgeSeconds: null }),
    },
    {
      name: 'redirect-hits-flush',
      title: 'Redirect hit counts',
      trigger: { kind: 'every', everyMs: 2 * SECOND },
      singleInstance: false,
      timeLimitMs: MINUTE,
      // A failed write is logged by the flush; its hits are not kept for another try.
      retry: { attempts: 0, backoffMs: 0 },
      logLevel: 'debug',
      run: () => flushRedirectHits(),
      atShutdown: () => flushRedirectHits(),
    },
  ]
  return jobs.filter((job): job is JobDefinition => job !== false)
}
