import { sql, type SQL } from 'drizzle-orm'

// Who is an author of an article, in SQL: one of its bylines (issue 40). `article_bylines`
// holds every byline in order, the first (position 0) kept equal to `articles.author_id` by the
// database itself (migration 0026), so "is an author" is one question whatever wrote the row.

// Spelled out with their tables: in a one-table select Drizzle names columns without their table,
// and inside these subqueries `articles.id` would then read as the byline row's own column.
export const ARTICLE_ID = sql.raw('"articles"."id"')

/**
 * The article's bylines after the first, in order: the `coAuthorIds` of its access facts
 * (access-rules.ts), selected beside `articles.author_id`.
 */
export const coAuthorIdsColumn: SQL<string[]> = sql<
  string[]
>`coalesce((select array_agg(ab.user_id order by ab.position) from article_bylines ab where ab.article_id = ${ARTICLE_ID} and ab.position > 0), '{}'::text[])`

/** Whether `userId` is one of the article's bylines (first or later): its "own" articles. */
export function isBylineOf(userId: string): SQL {
  return sql`exists (select 1 from article_bylines ab where ab.article_id = ${ARTICLE_ID} and ab.user_id = ${userId})`
}
