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
 * Vacuums the embedded database shortly after start and then daily. It holds the database
 * while it runs (about 0.3 s for 10,000 articles on a small server), hence not more often.
 */
export function scheduleEmbeddedMaintenance({ firstAfterMs = 60_000, everyMs = DAY_MS } = {}) {
  const run = () =>
    vacuumEmbeddedDatabase().then(
      (ms) => {
        if (ms !== null) logger.info({ ms: Math.round(ms) }, 'embedded database vacuumed')
      },
      (error: unknown) => logger.warn({ err: error }, 'vacuuming the embedded database failed'),
    )
  const first = setTimeout(() => void run(), firstAfterMs)
  const every = setInterval(() => void run(), everyMs)
  // Never the reason the process stays up.
  first.unref()
  every.unref()
  return () => {
    clearTimeout(first)
    clearInterval(every)
  }
}
