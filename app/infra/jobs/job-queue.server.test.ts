import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { jobQueue } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import {
  claimEntries,
  completeEntry,
  enqueue,
  queueCounts,
  requeueOrphans,
  sweepFinishedEntries,
  type QueueEntry,
} from './job-queue.server'
import { drainQueue, type DurableJobSettings } from './queue-worker.server'
import { JobRegistry, type DurableJobDefinition } from './registry.server'

function durable(
  name: string,
  run: DurableJobSettings['run'],
  extra: Partial<DurableJobDefinition> = {},
): DurableJobDefinition {
  return {
    name,
    title: name,
    trigger: { kind: 'queued', description: 'a test' },
    durable: true,
    singleInstance: false,
    timeLimitMs: 5000,
    retry: { attempts: 2, backoffMs: 0 },
    logLevel: 'debug',
    run,
    ...extra,
  }
}

async function entriesOf(job: string) {
  return getDb().select().from(jobQueue).where(eq(jobQueue.job, job)).orderBy(jobQueue.id)
}

const registries: JobRegistry[] = []
afterEach(async () => {
  await Promise.all(registries.splice(0).map((registry) => registry.stop()))
})

describe('the job queue', () => {
  it('keeps an entry only when the change that queued it commits', async () => {
    await expect(
      getDb().transaction(async (tx) => {
        await enqueue(tx, 'test-rollback', { n: 1 })
        throw new Error('the change fails')
      }),
    ).rejects.toThrow('the change fails')
    expect(await entriesOf('test-rollback')).toHaveLength(0)

    await getDb().transaction((tx) => enqueue(tx, 'test-rollback', { n: 2 }))
    const ran: unknown[] = []
    expect(await drainQueue(durable('test-rollback', async (e) => void ran.push(e.payload)))).toBe(
      1,
    )
    expect(ran).toEqual([{ n: 2 }])
    expect(await entriesOf('test-rollback')).toMatchObject([{ status: 'done', attempts: 1 }])
  })

  it('queues a key once while it waits, and again once it has run', async () => {
    const db = getDb()
    expect(await enqueue(db, 'test-key', {}, { key: 'article:1' })).toEqual(expect.any(Number))
    expect(await enqueue(db, 'test-key', {}, { key: 'article:1' })).toBeNull()
    expect(await enqueue(db, 'test-key', {}, { key: 'article:2' })).toEqual(expect.any(Number))
    expect(await drainQueue(durable('test-key', async () => {}))).toBe(2)
    expect(await enqueue(db, 'test-key', {}, { key: 'article:1' })).toEqual(expect.any(Number))
  })

  it('stores what a run writes in the transaction that marks it done, once', async () => {
    await getDb().execute(sql`create table if not exists test_queue_effects (entry bigint)`)
    for (let n = 0; n < 5; n++) await enqueue(getDb(), 'test-effects', { n })
    const job = durable('test-effects', async (entry) => ({
      write: async (tx) => {
        await tx.execute(sql`insert into test_queue_effects (entry) values (${entry.id})`)
      },
    }))
    expect(await drainQueue(job)).toBe(5)
    expect(await drainQueue(job)).toBe(0)
    const { rows } = (await getDb().execute(
      sql`select count(*)::int as n, count(distinct entry)::int as d from test_queue_effects`,
    )) as unknown as { rows: { n: number; d: number }[] }
    expect(rows[0]).toEqual({ n: 5, d: 5 })
  })

  it('writes nothing for an entry another instance took over after its lease ran out', async () => {
    await getDb().execute(sql`create table if not exists test_queue_taken (entry bigint)`)
    await enqueue(getDb(), 'test-taken', {})
    const [mine] = await claimEntries('test-taken', 1, 60_000, 'instance-a')
    // Instance A goes silent; its lease runs out and instance B takes the entry.
    await getDb().execute(sql`update job_queue set lease_until = now() - interval '1 second'
      where id = ${mine!.id}`)
    const [theirs] = await claimEntries('test-taken', 1, 60_000, 'instance-b')
    expect(theirs).toMatchObject({ id: mine!.id, attempt: 2 })
    const write = async (tx: Parameters<NonNullable<Parameters<typeof completeEntry>[1]>>[0]) => {
      await tx.execute(sql`insert into test_queue_taken (entry) values (${mine!.id})`)
    }
    expect(await completeEntry(mine as QueueEntry, write, 'instance-a')).toBe(false)
    expect(await completeEntry(theirs as QueueEntry, write, 'instance-b')).toBe(true)
    const { rows } = (await getDb().execute(
      sql`select count(*)::int as n from test_queue_taken`,
    )) as unknown as { rows: { n: number }[] }
    expect(rows[0]!.n).toBe(1)
  })

  it('retries a run that throws, then marks it failed with its error, and the rest go on', async () => {
    for (const n of [1, 2, 3]) await enqueue(getDb(), 'test-failing', { n })
    const tries: number[] = []
    const job = durable('test-failing', async (entry) => {
      const n = (entry.payload as { n: number }).n
      tries.push(n)
      if (n === 2) throw new Error(`entry ${n} cannot run (try ${entry.attempt})`)
    })
    // Three tries of the failing entry (no back-off here), one of each other.
    expect(await drainQueue(job)).toBe(5)
    expect(tries.filter((n) => n === 2)).toHaveLength(3)
    const entries = await entriesOf('test-failing')
    expect(entries.map((e) => [e.status, e.attempts])).toEqual([
      ['done', 1],
      ['failed', 3],
      ['done', 1],
    ])
    expect(entries[1]!.lastError).toBe('entry 2 cannot run (try 3)')
    expect(await queueCounts('test-failing')).toEqual({
      depth: 0,
      oldestAgeSeconds: null,
      failed: 1,
    })
  })

  it('waits for the back-off before a retry', async () => {
    await enqueue(getDb(), 'test-backoff', {})
    const job = durable(
      'test-backoff',
      async () => {
        throw new Error('not yet')
      },
      { retry: { attempts: 3, backoffMs: 60_000 } },
    )
    expect(await drainQueue(job)).toBe(1)
    const [entry] = await entriesOf('test-backoff')
    expect(entry).toMatchObject({ status: 'queued', attempts: 1, lastError: 'not yet' })
    expect(entry!.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000)
    expect(await queueCounts('test-backoff')).toMatchObject({ depth: 1, oldestAgeSeconds: null })
  })

  it('counts a run past its time limit as a failed try', async () => {
    await enqueue(getDb(), 'test-slow', {})
    let aborted = false
    const job = durable(
      'test-slow',
      (_entry, { signal }) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = true
            resolve()
          })
        }),
      { timeLimitMs: 50, retry: { attempts: 0, backoffMs: 0 } },
    )
    await drainQueue(job)
    expect(aborted).toBe(true)
    expect(await entriesOf('test-slow')).toMatchObject([
      { status: 'failed', lastError: 'test-slow ran past its time limit of 0.05 s' },
    ])
  })

  it('queues again, on the embedded database, what a cut-off process left running', async () => {
    await enqueue(getDb(), 'test-orphan', {})
    await claimEntries('test-orphan', 1, 3_600_000, 'a-process-that-died')
    expect(await drainQueue(durable('test-orphan', async () => {}))).toBe(0)
    expect(await requeueOrphans()).toBeGreaterThanOrEqual(1)
    expect(await drainQueue(durable('test-orphan', async () => {}))).toBe(1)
    expect(await entriesOf('test-orphan')).toMatchObject([{ status: 'done', attempts: 2 }])
  })

  it('drops done entries after a week and failed ones after a month', async () => {
    for (const [status, days] of [
      ['done', 8],
      ['done', 2],
      ['failed', 8],
      ['failed', 31],
    ] as const) {
      await getDb()
        .insert(jobQueue)
        .values({
          job: 'test-sweep',
          status,
          finishedAt: new Date(Date.now() - days * 86_400_000),
        })
    }
    expect(await sweepFinishedEntries()).toBe(2)
    expect((await entriesOf('test-sweep')).map((e) => e.status)).toEqual(['done', 'failed'])
  })
})

describe('a durable job in the registry', () => {
  it('runs what is queued once woken, is measured, shows its queue, and stops', async () => {
    const ran: number[] = []
    const job = durable('test-registry', async (entry) => void ran.push(entry.id), {
      pollMs: 60_000,
    })
    const registry = new JobRegistry().declare([job])
    registries.push(registry)
    await registry.start()
    const id = await enqueue(getDb(), 'test-registry', {})
    registry.wake('test-registry')
    await expect.poll(() => ran, { timeout: 5000 }).toEqual([id])
    const [status] = await registry.status()
    expect(status).toMatchObject({
      kind: 'queued',
      runs: 1,
      lastRun: { ok: true },
      queue: { depth: 0, failed: 0 },
    })
    await registry.stop()
    await enqueue(getDb(), 'test-registry', {})
    registry.wake('test-registry')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(ran).toHaveLength(1)
  })
})
