import { sql } from 'drizzle-orm'
import { wordCountOf } from '@db/schema/word-count'
import { getDb } from '~/infra/db.server'

/**
 * Words in a body that is not stored (an unsaved preview), counted by the expression that
 * computes the stored `articles.word_count`, so the two can never disagree.
 */
export async function countWords(html: string): Promise<number> {
  const result = (await getDb().execute(
    sql`select ${wordCountOf(sql`${html}::text`)} as words`,
  )) as unknown as { rows: { words: number }[] }
  return Number(result.rows[0]?.words ?? 0)
}
