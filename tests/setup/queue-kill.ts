import { sql } from 'drizzle-orm'
import type { Database } from '../../app/infra/db.server'
import type { ScriptChild } from './child-process'

/*
 * The two halves of the job queue's kill -9 tests (app/infra/jobs/job-queue-kill.*): kill a
 * queue child (tests/setup/queue-child.ts) once it has run about half of its entries, and read
 * what the queue and the entries' stored work look like afterwards.
 */

/** SIGKILLs `child` once it has run half of `entries`; resolves with how many it had run. */
export async function killHalfWay(child: ScriptChild, entries: number): Promise<number> {
  await child.next((e) => e.event === 'queued')
  const ran = () => child.events.filter((e) => e.event === 'ran').length
  const atKill = await new Promise<number>((resolve, reject) => {
    const poll = setInterval(() => {
      if (ran() >= entries / 2) {
        child.proc.kill('SIGKILL')
        clearInterval(poll)
        resolve(ran())
      }
    }, 2)
    child.exited.then(() => {
      clearInterval(poll)
      reject(new Error(`the queue child ended before the kill:\n${child.stderr()}`))
    }, reject)
  })
  await child.exited
  return atKill
}

export interface QueueOutcome {
  entries: number
  /** Entries of the test job not 'done', with their state. */
  notDone: { id: number; status: string; attempts: number; lastError: string | null }[]
  /** Rows of stored work, and the entries stored more than once. */
  stored: number
  storedTwice: number[]
  maxAttempts: number
}

export async function queueOutcome(db: Database): Promise<QueueOutcome> {
  const read = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows
  const entries = await read<{ id: number; status: string; attempts: number; last_error: string }>(
    sql`select id, status, attempts, last_error from job_queue where job = 'kill-test'`,
  )
  const stored = await read<{ entry: number; copies: number }>(sql`
    select entry, count(*)::int as copies from queue_kill_effects group by entry`)
  return {
    entries: entries.length,
    notDone: entries
      .filter((e) => e.status !== 'done')
      .map((e) => ({
        id: Number(e.id),
        status: e.status,
        attempts: e.attempts,
        lastError: e.last_error,
      })),
    stored: stored.length,
    storedTwice: stored.filter((s) => s.copies > 1).map((s) => Number(s.entry)),
    maxAttempts: Math.max(0, ...entries.map((e) => e.attempts)),
  }
}
