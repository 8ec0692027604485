import { and, eq, gt, inArray, ne } from 'drizzle-orm'
import { articleBylines, profiles } from '@db/schema/index'
import type { Transaction } from '~/infra/db.server'
import { CO_AUTHOR_REFUSED } from './articles-schema'

// An article's later bylines (issue 40), written inside the save's transaction after the row:
// the first byline is `articles.author_id`, and the database moves position 0 with it
// (migration 0026). Who may change them is the field rules' question (BYLINE_REFUSED), asked
// on the outcome like every other protected field.

/**
 * Writes the co-authors in order (positions 1…n); `undefined` leaves them as they are (a post
 * without the byline picker). The first byline and repeats are dropped. A new co-author must
 * be on the staff; one already on the article keeps their place whatever their role now.
 * Returns the refusal's message for a co-author who may not be named, else null.
 */
export async function writeCoAuthors(
  tx: Transaction,
  articleId: number,
  firstId: string | null,
  coAuthorIds: readonly string[] | undefined,
  /** `drop`: leave out who may not be named instead of refusing (an import's readers). */
  notStaff: 'refuse' | 'drop' = 'refuse',
): Promise<string | null> {
  if (coAuthorIds === undefined) return null
  let wanted = [...new Set(coAuthorIds)].filter((id) => id !== firstId)
  if (wanted.length > 0) {
    const [staff, current] = await Promise.all([
      tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(inArray(profiles.id, wanted), ne(profiles.role, 'viewer'))),
      tx
        .select({ id: articleBylines.userId })
        .from(articleBylines)
        .where(
          and(eq(articleBylines.articleId, articleId), inArray(articleBylines.userId, wanted)),
        ),
    ])
    const allowed = new Set([...staff, ...current].map((row) => row.id))
    if (notStaff === 'drop') wanted = wanted.filter((id) => allowed.has(id))
    else if (wanted.some((id) => !allowed.has(id))) return CO_AUTHOR_REFUSED
  }
  await tx
    .delete(articleBylines)
    .where(and(eq(articleBylines.articleId, articleId), gt(articleBylines.position, 0)))
  if (wanted.length > 0) {
    await tx
      .insert(articleBylines)
      .values(wanted.map((userId, index) => ({ articleId, userId, position: index + 1 })))
  }
  return null
}
