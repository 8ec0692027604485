import { sql } from 'drizzle-orm'
import { isbot } from 'isbot'
import { viewCounter } from './view-counter.server'

/** Today in UTC, as PostgreSQL sees it: views are counted per article per UTC day. */
export const utcToday = sql`(now() at time zone 'utc')::date`

/**
 * The response header the article page names its article in, so the page cache can count a
 * view of the cached page by id (server/page-cache.ts keeps it with the page and never sends it).
 */
export const VIEWED_ARTICLE_HEADER = 'x-broadsheet-article'

type HeaderGetter = (name: string) => string | null | undefined

function isCountable(method: string, header: HeaderGetter): boolean {
  if (method !== 'GET') return false
  const purpose = `${header('sec-purpose') ?? ''} ${header('purpose') ?? ''}`
  if (/prefetch|prerender/i.test(purpose)) return false
  const userAgent = header('user-agent')
  if (!userAgent) return false
  return !isbot(userAgent)
}

/**
 * Whether a request is a reader looking at the page: not a crawler or other bot (by user
 * agent) and not a browser prefetching a link the reader has not opened.
 */
export function isCountableView(request: Request): boolean {
  return isCountable(request.method, (name) => request.headers.get(name))
}

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

/**
 * A view of an article page served whole from the page cache (server/page-cache.ts), where
 * the loader does not run: counted by the article id kept with the page, with the same rules
 * as the loader's count. A cached page is only ever a public article's. No database work.
 */
export function countCachedArticleView(
  method: string,
  headers: Record<string, string | string[] | undefined>,
  articleId: string | undefined,
): void {
  const id = Number(articleId)
  if (!Number.isSafeInteger(id) || id <= 0) return
  const header = (name: string) => {
    const value = headers[name]
    return typeof value === 'string' ? value : undefined
  }
  if (isCountable(method, header)) recordArticleView(id)
}
