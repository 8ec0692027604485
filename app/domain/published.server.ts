import { and, eq, gt, lte, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { articles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { memoized } from '~/infra/memo-cache.server'

/**
 * The one definition of "a reader may see this": published, and its publication time has
 * come (a future published_at schedules). Every public read goes through it. It sits at the
 * domain's root, not in an area: articles, categories and authors all read by it, and an area
 * holding it would have the others import it while it imports them.
 */
export const isPublicArticle = publicArticleIn(articles)

/** The same rule on another name for the articles table (an alias in a subquery). */
export function publicArticleIn(table: { status: AnyPgColumn; publishedAt: AnyPgColumn }) {
  return and(eq(table.status, 'published'), lte(table.publishedAt, sql`now()`))
}

/**
 * When the next scheduled article goes public (epoch ms), or null: what readers may see
 * changes then, so a value cached from public articles expires by it. Kept in memory itself
 * until a write or that moment.
 */
export const nextPublicationAt: () => Promise<number | null> = memoized(
  'next-publication-at',
  async () => {
    const [row] = await getDb()
      .select({ at: articles.publishedAt })
      .from(articles)
      .where(and(eq(articles.status, 'published'), gt(articles.publishedAt, sql`now()`)))
      .orderBy(articles.publishedAt)
      .limit(1)
    return row?.at ? row.at.getTime() : null
  },
  // Changed by a scheduling (articles/article-changes.server.ts announces `schedule`).
  { ttlMs: 60_000, expiresAt: (at) => at, shows: () => ['schedule'] },
)
