import { and, eq, sql } from 'drizzle-orm'
import { isbot } from 'isbot'
import { articles, articleViews } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { logger } from '~/infra/logger.server'
import { isPublicArticle } from './published.server'

/** Today in UTC, as PostgreSQL sees it: views are counted per article per UTC day. */
export const utcToday = sql`(now() at time zone 'utc')::date`

/**
 * Whether a request is a reader looking at the page: not a crawler or other bot (by user
 * agent) and not a browser prefetching a link the reader has not opened.
 */
export function isCountableView(request: Request): boolean {
  if (request.method !== 'GET') return false
  const purpose = `${request.headers.get('sec-purpose') ?? ''} ${request.headers.get('purpose') ?? ''}`
  if (/prefetch|prerender/i.test(purpose)) return false
  const userAgent = request.headers.get('user-agent')
  if (!userAgent) return false
  return !isbot(userAgent)
}

/**
 * Adds one view to the article's count for today. Nothing about the reader is stored: no
 * cookie, no address, no user agent — only (article, day, count), which is all "trending"
 * needs.
 */
export async function recordArticleView(articleId: number): Promise<void> {
  await getDb()
    .insert(articleViews)
    .values({ articleId, day: utcToday, views: 1 })
    .onConflictDoUpdate({
      target: [articleViews.articleId, articleViews.day],
      set: { views: sql`${articleViews.views} + 1` },
    })
}

const ARTICLE_PATH = /^\/article\/([^/?#]+)\/?(?:[?#].*)?$/

/**
 * A view of an article page served whole from the page cache (server/page-cache.ts), where
 * the loader does not run: counted by slug, with the same rules as the loader's count.
 * Never throws; a lost count is only logged.
 */
export async function countCachedArticleView(
  method: string,
  url: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<void> {
  const slug = ARTICLE_PATH.exec(url)?.[1]
  if (!slug) return
  const fetchHeaders = new Headers()
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string') fetchHeaders.set(name, value)
  }
  if (!isCountableView(new Request('http://localhost/', { method, headers: fetchHeaders }))) return
  try {
    const [article] = await getDb()
      .select({ id: articles.id })
      .from(articles)
      .where(and(isPublicArticle, eq(articles.slug, decodeURIComponent(slug))))
      .limit(1)
    if (article) await recordArticleView(article.id)
  } catch (error) {
    logger.warn({ err: error, url }, 'counting a cached view failed')
  }
}
