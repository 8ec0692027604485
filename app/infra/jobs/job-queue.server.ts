import os from 'node:os'
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { jobQueue } from '@db/schema/index'
import { getDb, type Database, type Transaction } from '~/infra/db.server'

/**
 * The one durable queue of background work (docs/decisions/0044-durable-job-queue.md).
 *
 * Whoever causes work queues it in the transaction of the change (`enqueue(tx, …)`): if the
 * change rolls back, so does the entry; if it commits, the entry is there after a kill -9. The
 * job registry (registry.server.ts) runs each queued job's entries: an instance claims a few
 * with FOR UPDATE SKIP LOCKED (two instances never take the same entry), marks them 'running'
 * with its name and a lease, runs them, and marks each 'done' in one transaction with what the
 * job writes to the database, so that work is applied exactly once per entry. An entry whose
 * lease ran out belonged to an instance that died: another takes it over and runs it again.
 * A failure goes back to the queue after a back-off, with the attempt count and the error kept,
 * until the job's tries are spent: then it is 'failed' and stays for an admin to see.
 */

export type QueuePayload = Record<string, unknown>

export interface QueueEntry {
  id: number
  job: string
  payload: QueuePayload
  /** This try's number, from 1. */
  attempt: number
}

/** This process's name on the entries it holds: host, pid and a random part (restarts differ). */
export const INSTANCE_NAME = `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`

export interface EnqueueOptions {
  /** While an entry with this key waits for `job`, queueing it again adds nothing. */
  key?: string
  /** Not before this time. */
  runAt?: Date
}

/**
 * Queues one entry for `job`, in `tx` (the transaction of the change that asks for it). Returns
 * its id, or null when an entry with the same key already waits.
 */
export async function enqueue(
  tx: Database | Transaction,
  job: string,
  payload: QueuePayload = {},
  options: EnqueueOptions = {},
): Promise<number | null> {
  const rows = await tx
    .insert(jobQueue)
    .values({
      job,
      payload,
      dedupeKey: options.key ?? null,
      ...(options.runAt ? { runAt: options.runAt } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: jobQueue.id })
  return rows[0]?.id ?? null
}

async function rows<T>(query: ReturnType<typeof sql>, db: Database | Transaction = getDb()) {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/**
 * Claims up to `limit` entries of `job` that are due, or whose holder's lease ran out, for
 * `leaseMs`. Each claim counts as an attempt.
 */
export async function claimEntries(
  job: string,
  limit: number,
  leaseMs: number,
  instance = INSTANCE_NAME,
): Promise<QueueEntry[]> {
  const claimed = await rows<{ id: number | string; payload: QueuePayload; attempts: number }>(sql`
    with picked as (
      select id from job_queue
      where job = ${job}
        and ((status = 'queued' and run_at <= now())
          or (status = 'running' and lease_until < now()))
      order by run_at, id
      limit ${limit}
      for update skip locked)
    update job_queue q
    set status = 'running', claimed_by = ${instance},
        lease_until = now() + make_interval(secs => ${leaseMs / 1000}),
        attempts = q.attempts + 1
    from picked where q.id = picked.id
    returning q.id, q.payload, q.attempts`)
  return claimed.map((row) => ({
    id: Number(row.id),
    job,
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    attempt: row.attempts,
  }))
}

/** The entry is still this instance's to finish (its lease not taken over meanwhile). */
function heldBy(entry: QueueEntry, instance: string) {
  return sql`id = ${entry.id} and status = 'running' and claimed_by = ${instance}`
}

/**
 * Marks the entry done, in one transaction with `write` (what the job stores). Returns false,
 * writing nothing, when another instance took the entry over meanwhile.
 */
export async function completeEntry(
  entry: QueueEntry,
  write?: (tx: Transaction) => Promise<void>,
  instance = INSTANCE_NAME,
): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const done = await rows<{ id: number }>(
      sql`update job_queue set status = 'done', finished_at = now(), lease_until = null,
            last_error = null
          where ${heldBy(entry, instance)} returning id`,
      tx,
    )
    if (done.length === 0) return false
    await write?.(tx)
    return true
  })
}

/**
 * Records a failed try: back in the queue after `retryInMs`, or 'failed' for good when
 * `retryInMs` is null (the job's tries are spent).
 */
export async function failEntry(
  entry: QueueEntry,
  message: string,
  retryInMs: number | null,
  instance = INSTANCE_NAME,
): Promise<void> {
  const error = message.slice(0, 2000)
  await getDb().execute(
    retryInMs === null
      ? sql`update job_queue set status = 'failed', finished_at = now(), lease_until = null,
              last_error = ${error}
            where ${heldBy(entry, instance)}`
      : sql`update job_queue set status = 'queued', lease_until = null, claimed_by = null,
              run_at = now() + make_interval(secs => ${retryInMs / 1000}), last_error = ${error}
            where ${heldBy(entry, instance)}`,
  )
}

/** Extends the lease of an entry this instance runs (a long run, renewed while it goes on). */
export async function renewLease(
  entry: QueueEntry,
  leaseMs: number,
  instance = INSTANCE_NAME,
): Promise<void> {
  await getDb().execute(sql`
    update job_queue set lease_until = now() + make_interval(secs => ${leaseMs / 1000})
    where ${heldBy(entry, instance)}`)
}

/** True while an entry of `job` with this key waits or runs (queued, claimed, or to be taken over). */
export async function isInHand(job: string, key: string): Promise<boolean> {
  const found = await rows<{ id: number }>(sql`
    select id from job_queue
    where job = ${job} and dedupe_key = ${key} and status in ('queued', 'running') limit 1`)
  return found.length > 0
}

/** True when an entry of `job` with this key was ever queued and is still kept (done ones a week). */
export async function wasQueued(job: string, key: string): Promise<boolean> {
  const found = await rows<{ id: number }>(sql`
    select id from job_queue where job = ${job} and dedupe_key = ${key} limit 1`)
  return found.length > 0
}

/** Hands entries this instance holds back to the queue at once (a stop that did not run them). */
export async function releaseEntries(ids: number[], instance = INSTANCE_NAME): Promise<void> {
  if (ids.length === 0) return
  await getDb().execute(sql`
    update job_queue set status = 'queued', lease_until = null, claimed_by = null,
      attempts = greatest(attempts - 1, 0)
    where status = 'running' and claimed_by = ${instance}
      and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`)
}

/**
 * On the embedded database only one process runs (the data folder's lock): every entry still
 * 'running' at start was cut off by the last one, and is queued again without waiting for its
 * lease. Returns how many.
 */
export async function requeueOrphans(): Promise<number> {
  const requeued = await rows<{ id: number }>(sql`
    update job_queue set status = 'queued', lease_until = null, claimed_by = null
    where status = 'running' returning id`)
  return requeued.length
}

export interface QueueCounts {
  depth: number
  oldestAgeSeconds: number | null
  failed: number
}

/** Waiting (or in hand) entries of `job`, the age of the oldest due one, and the failed ones. */
export async function queueCounts(job: string): Promise<QueueCounts> {
  const [row] = await rows<{
    depth: number | string
    oldest: number | string | null
    failed: number | string
  }>(sql`
    select count(*) filter (where status in ('queued', 'running')) as depth,
      extract(epoch from now() - min(run_at) filter (where status = 'queued' and run_at <= now())) as oldest,
      count(*) filter (where status = 'failed') as failed
    from job_queue where job = ${job}`)
  return {
    depth: Number(row?.depth ?? 0),
    oldestAgeSeconds: row?.oldest == null ? null : Math.max(0, Math.round(Number(row.oldest))),
    failed: Number(row?.failed ?? 0),
  }
}

/** Done entries are kept a week and failed ones a month, then dropped. Returns how many. */
export async function sweepFinishedEntries(): Promise<number> {
  const swept = await rows<{ id: number }>(sql`
    delete from job_queue
    where (status = 'done' and finished_at < now() - interval '7 days')
       or (status = 'failed' and finished_at < now() - interval '30 days')
    returning id`)
  return swept.length
}
