import { sql } from 'drizzle-orm'
import { isbot } from 'isbot'
import { viewCounter } from './view-counter.server'

/** Today in UTC, as PostgreSQL sees it: views are counted per article per UTC day. */
export const utcToday = sql`(now() at time zone 'utc')::date`

/**
 * Whether a view beacon (routes/api.views.tsx) comes from a reader: a POST from a browser that
 * is not a crawler or other bot (by user agent).
 */
export function isCountableBeacon(request: Request): boolean {
  if (request.method !== 'POST') return false
  const userAgent = request.headers.get('user-agent')
  return !!userAgent && !isbot(userAgent)
}

/**
 * Adds one view to the article's count for today, in memory: the view counter writes it with
 * the others within a few seconds (view-counter.server.ts). Nothing about the reader is
 * stored: no cookie, no address, no user agent — only (article, day, count), which is all
 * "trending" needs. Never touches the database, never throws.
 */
export function recordArticleView(articleId: number): void {
  viewCounter.add(articleId)
}
