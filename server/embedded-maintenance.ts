import { sql } from 'drizzle-orm'
import { getDatabaseHandle } from '~/infra/db.server'

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
