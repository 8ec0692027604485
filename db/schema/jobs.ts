import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/**
 * The one durable queue of background work (app/infra/jobs/job-queue.server.ts): an entry is
 * written in the same transaction as the change that asks for it, and claimed by one instance
 * at a time with FOR UPDATE SKIP LOCKED and a lease, as the newsletter sender claims its
 * deliveries (docs/decisions/0044-durable-job-queue.md).
 */
export const jobQueue = pgTable(
  'job_queue',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The registry's job name (server/jobs.ts). */
    job: text().notNull(),
    payload: jsonb().notNull().default({}),
    /** While an entry with this key waits, queueing the same key again adds nothing. */
    dedupeKey: text(),
    status: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    /** Not claimed before this time (a retry's back-off, or work asked for later). */
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The instance running it, and until when the claim holds (then another takes it over). */
    claimedBy: text(),
    leaseUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('job_queue_status', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    index('job_queue_waiting_idx')
      .on(t.job, t.runAt)
      .where(sql`${t.status} in ('queued', 'running')`),
    uniqueIndex('job_queue_dedupe_idx')
      .on(t.job, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null and ${t.status} in ('queued', 'running')`),
    index('job_queue_finished_idx').on(t.finishedAt),
  ],
)

/**
 * What each instance last did with each job, for the Background work screen: every instance
 * writes its own row, so the screen shows the site's jobs and not one process's.
 */
export const jobStates = pgTable(
  'job_states',
  {
    job: text().notNull(),
    instance: text().notNull(),
    runs: integer().notNull().default(0),
    failures: integer().notNull().default(0),
    lastRunAt: timestamp({ withTimezone: true }),
    lastRunMs: integer(),
    lastRunOk: boolean(),
    lastFailureAt: timestamp({ withTimezone: true }),
    lastFailureMessage: text(),
    nextRunAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.instance] })],
)
