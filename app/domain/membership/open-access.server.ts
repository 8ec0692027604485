import { sql, type Column, type SQL } from 'drizzle-orm'

/**
 * `effectiveAccess(gate) === 'everyone'` (access-level.ts) in SQL, for queries that serve every
 * reader alike and so must treat each as anonymous (search, cached and shared): the article is
 * for everyone, or a members story an editor made free for now. Anything else is gated, and
 * such a query may use of it only what the preview's wall lets anyone see. `columns` are the
 * article's `access` and `free_for_now`, as drizzle columns or as SQL naming an alias's.
 */
export function isOpenToEveryone(columns: { access: Column | SQL; freeForNow: Column | SQL }): SQL {
  return sql`(${columns.access} = 'everyone' or (${columns.access} = 'members' and ${columns.freeForNow}))`
}
