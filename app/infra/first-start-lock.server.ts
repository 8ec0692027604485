import type { DatabaseHandle } from './db.server'

/** PostgreSQL advisory lock key of the first-start work (the migrations use 72707369). */
export const FIRST_START_LOCK = 72707370

/**
 * Runs `work` (the first admin, the demo content: "if nothing is there yet, make it") while no
 * other instance does the same. Several instances started together on an empty PostgreSQL
 * database otherwise all find no admin and all create one: every instance but the first then
 * stopped at start on the unique email. The lock is held on a connection of its own for as
 * long as `work` runs; the others wait, then find the work done. The embedded database has one
 * process at a time (its data-folder lock): there the work just runs.
 */
export async function withFirstStartLock<T>(
  handle: DatabaseHandle,
  work: () => Promise<T>,
): Promise<T> {
  if (handle.driver !== 'postgres' || !handle.pool) return work()
  const client = await handle.pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [FIRST_START_LOCK])
    return await work()
  } finally {
    await client.query('select pg_advisory_unlock($1)', [FIRST_START_LOCK]).catch(() => {})
    client.release()
  }
}
