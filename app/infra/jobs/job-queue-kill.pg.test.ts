import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDatabaseHandle, getDb } from '~/infra/db.server'
import { spawnScript } from '../../../tests/setup/child-process'
import { killHalfWay, queueOutcome } from '../../../tests/setup/queue-kill'

/*
 * kill -9 with queued work on PostgreSQL, three instances: A queues entries and starts running
 * them with B and C; A is killed half way. B and C take over A's entries once their leases run
 * out. Every entry is done and its work stored exactly once; no entry ran on two instances
 * at the same time (SKIP LOCKED claims), and the ones in hand at the kill ran a second time.
 */

const ENTRIES = 300

/** This test file's database (a clone of the run's template on TEST_DATABASE_URL's server). */
function databaseUrl(): string {
  const pool = getDatabaseHandle().pool!
  return (pool.options as { connectionString: string }).connectionString
}

describe('the job queue on three instances, one killed with SIGKILL half way', () => {
  it('is finished by the other two: nothing lost, nothing stored twice', async () => {
    await getDb().execute(
      sql`create table if not exists queue_kill_effects (entry bigint not null)`,
    )
    const env = { QUEUE_DATABASE_URL: databaseUrl(), RUN_MS: '15' }
    const a = spawnScript('tests/setup/queue-child.ts', { ...env, ENQUEUE: String(ENTRIES) })
    await a.next((e) => e.event === 'queued')
    const others = [
      spawnScript('tests/setup/queue-child.ts', env),
      spawnScript('tests/setup/queue-child.ts', env),
    ]
    const ranAtKill = await killHalfWay(a, ENTRIES)
    expect(ranAtKill).toBeLessThan(ENTRIES)
    for (const other of others) expect(await other.exited, other.stderr()).toBe(0)
    // Each survivor ran a share of the work.
    for (const other of others) {
      expect(other.events.filter((e) => e.event === 'ran').length).toBeGreaterThan(0)
    }

    const outcome = await queueOutcome(getDb())
    expect(outcome.entries).toBe(ENTRIES)
    expect(outcome.notDone).toEqual([])
    expect(outcome.stored).toBe(ENTRIES)
    expect(outcome.storedTwice).toEqual([])
    expect(outcome.maxAttempts).toBeLessThanOrEqual(2)
  }, 120_000)
})
