import { eq, type sql } from 'drizzle-orm'
import { newsletterIssues, newsletterLists } from '@db/schema/index'
import { getDb, type Database, type Transaction } from '~/infra/db.server'
import { NewsletterSendError } from './send-error'

// What the steps of a send start from: the issue with its list, and raw rows on either driver.

export type Issue = typeof newsletterIssues.$inferSelect
export type List = typeof newsletterLists.$inferSelect

/**
 * Rows of a raw query, on either driver (PGlite and node-postgres both answer `rows`). `db`: the
 * caller's transaction (the start's, `queueChunk`), or a sender's own handle.
 */
export async function rowsOf<T>(
  query: ReturnType<typeof sql>,
  db: Database | Transaction = getDb(),
): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** `db`: an instance's sender passes its own handle (sender.server.ts, `SenderOptions.db`). */
export async function issueAndList(
  issueId: number,
  db: Database = getDb(),
): Promise<{ issue: Issue; list: List }> {
  const [row] = await db
    .select({ issue: newsletterIssues, list: newsletterLists })
    .from(newsletterIssues)
    .innerJoin(newsletterLists, eq(newsletterLists.id, newsletterIssues.listId))
    .where(eq(newsletterIssues.id, issueId))
  if (!row) throw new NewsletterSendError('NOT_FOUND', 'Newsletter issue not found')
  return row
}
