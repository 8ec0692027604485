import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import { articles, categories, profiles } from '@db/schema/index'
import { isPublicArticle } from '~/domain/articles/published.server'
import { bylineColumns } from '~/domain/authors/authors-queries.server'
import { getDb } from '~/infra/db.server'
import { formatLongDate } from '~/lib/dates'
import { lastSearchWord, normalizeSearchQuery, type SearchResult } from './search-schema'

/**
 * The whole query in web-search syntax, or — for as-you-type — the words before the last
 * plus the last word as a prefix ("transit lev" finds "transit levy"). The prefix uses the
 * 'simple' configuration: a half-typed word is not an English word to stem, and a stop word
 * like "the" still narrows to "theater" instead of being dropped.
 */
export function searchTsQuery(query: string): SQL {
  const last = lastSearchWord(query)
  const full = sql`websearch_to_tsquery('english', ${query})`
  if (!last) return full
  const head = query.split(' ').slice(0, -1).join(' ')
  return sql`(${full} || (websearch_to_tsquery('english', ${head}) && to_tsquery('simple', ${`${last}:*`})))`
}

/**
 * Published articles matching the query, best first (title matches outrank excerpt matches,
 * which outrank body matches: the stored vector weighs them A, B, C). A blank query matches
 * nothing and never reaches the database.
 */
export async function searchArticles(
  rawQuery: string,
  options: { limit?: number; offset?: number } = {},
): Promise<{ results: SearchResult[]; total: number }> {
  const query = normalizeSearchQuery(rawQuery)
  if (query === '') return { results: [], total: 0 }
  const db = getDb()
  const tsQuery = searchTsQuery(query)
  const where = and(isPublicArticle, sql`${articles.searchVector} @@ ${tsQuery}`)
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: articles.id,
        slug: articles.slug,
        title: articles.title,
        excerpt: articles.excerpt,
        categoryName: categories.name,
        ...bylineColumns,
        publishedAt: articles.publishedAt,
      })
      .from(articles)
      .leftJoin(categories, eq(categories.id, articles.categoryId))
      .leftJoin(profiles, eq(profiles.id, articles.authorId))
      .where(where)
      .orderBy(
        desc(sql`ts_rank(${articles.searchVector}, ${tsQuery})`),
        desc(articles.publishedAt),
        desc(articles.id),
      )
      .limit(options.limit ?? 10)
      .offset(options.offset ?? 0),
    db.select({ total: count() }).from(articles).where(where),
  ])
  // The date arrives worded: the dialog needs no date library (the reader's bundle budget).
  const results = rows.map(({ publishedAt, ...row }) => ({
    ...row,
    publishedIso: publishedAt?.toISOString() ?? null,
    publishedLabel: formatLongDate(publishedAt),
  }))
  return { results, total }
}
