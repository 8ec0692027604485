import { sql, type SQL } from 'drizzle-orm'
import { articleBylines, articles } from '@db/schema/index'

// Who is an author of an article, in SQL: one of its bylines (issue 40). `article_bylines`
// holds every byline in order, the first (position 0) kept equal to `articles.author_id` by the
// database itself (migration 0024), so "is an author" is one question whatever wrote the row.

/**
 * The article's bylines after the first, in order: the `coAuthorIds` of its access facts
 * (access-rules.ts), selected beside `articles.author_id`.
 */
export const coAuthorIdsColumn: SQL<string[]> = sql<
  string[]
>`coalesce((select array_agg(${articleBylines.userId} order by ${articleBylines.position}) from ${articleBylines} where ${articleBylines.articleId} = ${articles.id} and ${articleBylines.position} > 0), '{}'::text[])`

/** Whether `userId` is one of the article's bylines (first or later): its "own" articles. */
export function isBylineOf(userId: string): SQL {
  return sql`exists (select 1 from ${articleBylines} where ${articleBylines.articleId} = ${articles.id} and ${articleBylines.userId} = ${userId})`
}
