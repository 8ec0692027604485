import { and, eq, lte, sql } from 'drizzle-orm'
import { articles } from '@db/schema/index'

/**
 * The one definition of "a reader may see this": published, and its publication time has
 * come (a future published_at schedules). Every public read goes through it.
 */
export const isPublicArticle = and(
  eq(articles.status, 'published'),
  lte(articles.publishedAt, sql`now()`),
)
