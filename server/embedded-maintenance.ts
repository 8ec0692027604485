import { sql } from 'drizzle-orm'
import { getDatabaseHandle } from '~/infra/db.server'
import { logger } from '~/infra/logger.server'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * PGlite runs no autovacuum, so without this the embedded database is never vacuumed (dead
 * rows from view counts and edits stay, index-only scans fetch every row from the heap) nor
 * analysed (the planner guesses). On a 10,000-article site the home page's queries ran 2–3×
 * slower for it (docs/performance.md). Returns the time taken, or null on PostgreSQL, where
 * autovacuum does this.
 */
export async function vacuumEmbeddedDatabase(): Promise<number | null> {
  const handle = getDatabaseHandle()
  if (handle.driver !== 'pglite') return null
  const started = performance.now()
  await handle.db.execute(sql`vacuum (analyze)`)
  return performance.now() - started
}

/**
 * A checkpoint of the embedded database: what PostgreSQL's checkpointer does every few minutes,
 * which PGlite has not. Without it the write-ahead log keeps every byte written since the start
 * (an import, a day of edits); after it, at most EMBEDDED_MAX_WAL_MB is left (db.server.ts).
 * Returns the time taken, or null on PostgreSQL.
 */
export async function checkpointEmbeddedDatabase(
  handle = getDatabaseHandle(),
): Promise<number | null> {
  if (handle.driver !== 'pglite') return null
  const started = performance.now()
  await handle.db.execute(sql`checkpoint`)
  return performance.now() - started
}

/**
 * Vacuums the embedded database shortly after start and then daily (it holds the database while
 * it runs: about 0.3 s for 10,000 articles on a small server), and checkpoints it every five
 * minutes (PostgreSQL's own checkpoint_timeout; quick when little was written).
 */
export function scheduleEmbeddedMaintenance({
  firstAfterMs = 60_000,
  everyMs = DAY_MS,
  checkpointEveryMs = 5 * 60_000,
} = {}) {
  const vacuum = () =>
    vacuumEmbeddedDatabase().then(
      (ms) => {
        if (ms !== null) logger.info({ ms: Math.round(ms) }, 'embedded database vacuumed')
      },
      (error: unknown) => logger.warn({ err: error }, 'vacuuming the embedded database failed'),
    )
  const checkpoint = () =>
    checkpointEmbeddedDatabase().then(
      (ms) => {
        if (ms !== null) logger.debug({ ms: Math.round(ms) }, 'embedded database checkpointed')
      },
      (error: unknown) => logger.warn({ err: error }, 'checkpointing the embedded database failed'),
    )
  const timers = [
    setTimeout(() => void vacuum(), firstAfterMs),
    setInterval(() => void vacuum(), everyMs),
    setInterval(() => void checkpoint(), checkpointEveryMs),
  ]
  // Never the reason the process stays up.
  for (const timer of timers) timer.unref()
  return () => {
    for (const timer of timers) clearTimeout(timer)
  }
}
