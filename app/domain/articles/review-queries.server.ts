import { alias } from 'drizzle-orm/pg-core'
import { asc, count, eq, sql, type AnyColumn } from 'drizzle-orm'
import { articles, profiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { listedTitle } from './admin-articles-queries.server'

// Read models of the review, for the back office only (behind requireStaff): the queue on the
// dashboard, its count in the sidebar, and the editor's note on a returned article.

/** The name the newsroom knows someone by: display name, else username, else address. */
function nameOf(person: Record<'displayName' | 'username' | 'email', AnyColumn>) {
  return sql<
    string | null
  >`coalesce(nullif(${person.displayName}, ''), nullif(${person.username}, ''), ${person.email})`
}

export interface ReviewQueueItem {
  id: number
  title: string
  authorId: string | null
  writerName: string | null
  /** The last save while in review: for a writer's submission, when it was submitted. */
  waitingSince: Date
}

/** Articles waiting for review, the longest-waiting first, and how many there are in all. */
export async function listReviewQueue(
  limit = 10,
): Promise<{ items: ReviewQueueItem[]; total: number }> {
  const db = getDb()
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: articles.id,
        title: listedTitle,
        authorId: articles.authorId,
        writerName: nameOf(profiles),
        waitingSince: articles.updatedAt,
      })
      .from(articles)
      .leftJoin(profiles, eq(profiles.id, articles.authorId))
      .where(eq(articles.status, 'review'))
      .orderBy(asc(articles.updatedAt), asc(articles.id))
      .limit(limit),
    db.select({ total: count() }).from(articles).where(eq(articles.status, 'review')),
  ])
  return { items, total }
}

/** How many articles wait for review (the sidebar's badge). */
export async function countReviewQueue(): Promise<number> {
  const [{ total }] = await getDb()
    .select({ total: count() })
    .from(articles)
    .where(eq(articles.status, 'review'))
  return total
}

export interface ReviewNote {
  note: string
  at: Date
  byName: string | null
}

/** The editor's note on an article returned to its writer, or null when it has none. */
export async function getReviewNote(articleId: number): Promise<ReviewNote | null> {
  const editor = alias(profiles, 'review_editor')
  const [row] = await getDb()
    .select({ note: articles.reviewNote, at: articles.reviewNoteAt, byName: nameOf(editor) })
    .from(articles)
    .leftJoin(editor, eq(editor.id, articles.reviewNoteBy))
    .where(eq(articles.id, articleId))
    .limit(1)
  if (!row?.note || !row.at) return null
  return { note: row.note, at: row.at, byName: row.byName }
}
