import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { articles, liveCoverage, liveEntries, liveEntryRevisions, profiles } from '@db/schema/index'
import { bylineColumns, newsroomName } from '~/domain/authors/authors-queries.server'
import { bodyImagesColumn, showLibraryWords } from '~/domain/media/body-images.server'
import { relatedCardsColumn, showRelatedCards } from '~/domain/related-cards.server'
import { isPublicArticle } from '~/domain/published.server'
import { cacheKey } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { memoizedByKey } from '~/infra/memo-cache.server'
import { liveSinceParam } from '~/lib/live-cursor'
import type { AccessLevel } from '~/domain/membership/access-level'
import type { StoryGate } from '~/domain/membership/article-read.server'
import type { LiveState } from './live-schema'
import type { LiveEntryRow } from './live-types'

// Live coverage's read models. Readers see published entries of a public article only, and
// authors by name; the live desk sees pending entries too.

export interface LiveCoverageRow {
  articleId: number
  state: LiveState
  summary: string
  startedAt: Date
  endedAt: Date | null
  lastEntryAt: Date | null
}

/** What readers see: the byline's name (domain/authors), never the account's username. */
const AUTHOR_NAME = bylineColumns.authorName

const entryColumns = {
  id: liveEntries.id,
  headline: liveEntries.headline,
  content: liveEntries.content,
  status: liveEntries.status,
  isPinned: liveEntries.isPinned,
  isKeyEvent: liveEntries.isKeyEvent,
  authorId: liveEntries.authorId,
  authorName: AUTHOR_NAME,
  publishedAt: liveEntries.publishedAt,
  createdAt: liveEntries.createdAt,
  updatedAt: liveEntries.updatedAt,
  deletedAt: liveEntries.deletedAt,
}

export async function getCoverage(articleId: number): Promise<LiveCoverageRow | null> {
  const [row] = await getDb()
    .select()
    .from(liveCoverage)
    .where(eq(liveCoverage.articleId, articleId))
  return row ?? null
}

/** The live desk's heading: the article's title and address. */
export async function getDeskArticle(articleId: number) {
  const [row] = await getDb()
    .select({ title: articles.title, slug: articles.slug })
    .from(articles)
    .where(eq(articles.id, articleId))
  return row ?? null
}

/** The live desk's list: every entry not deleted, pending ones first, then newest first. */
export async function listDeskEntries(articleId: number): Promise<LiveEntryRow[]> {
  return getDb()
    .select(entryColumns)
    .from(liveEntries)
    .leftJoin(profiles, eq(profiles.id, liveEntries.authorId))
    .where(and(eq(liveEntries.articleId, articleId), isNull(liveEntries.deletedAt)))
    .orderBy(
      sql`${liveEntries.status} = 'published'`,
      desc(sql`coalesce(${liveEntries.publishedAt}, ${liveEntries.createdAt})`),
      desc(liveEntries.id),
    )
}

/** What an entry of the desk was before an edit: its text then, who edited it and when. */
export interface LiveEntryRevisionRow {
  id: number
  entryId: number
  headline: string
  content: string
  editorName: string | null
  createdAt: Date
}

/** The earlier versions of the live desk's entries (those it lists: not deleted), newest first. */
export async function listDeskRevisions(articleId: number): Promise<LiveEntryRevisionRow[]> {
  return getDb()
    .select({
      id: liveEntryRevisions.id,
      entryId: liveEntryRevisions.entryId,
      headline: liveEntryRevisions.headline,
      content: liveEntryRevisions.content,
      // The desk's own history: the newsroom's name for the editor.
      editorName: newsroomName,
      createdAt: liveEntryRevisions.createdAt,
    })
    .from(liveEntryRevisions)
    .innerJoin(liveEntries, eq(liveEntries.id, liveEntryRevisions.entryId))
    .leftJoin(profiles, eq(profiles.id, liveEntryRevisions.createdBy))
    .where(and(eq(liveEntries.articleId, articleId), isNull(liveEntries.deletedAt)))
    .orderBy(desc(liveEntryRevisions.id))
}

/**
 * A public article's coverage as readers see it: the coverage, and its published entries
 * newest first with the tombstones of deleted ones (readers' pages drop them). Null when the
 * article is not public or has no coverage.
 */
export interface PublicLive {
  coverage: LiveCoverageRow
  /** Published entries, deleted ones included (`deletedAt`), newest first. */
  entries: LiveEntryRow[]
  /** What its article asks of a reader: its entries are the story's text too (issue 38). */
  gate: StoryGate
}

/** An article's gate as the access rule reads it (membership/article-read.server.ts). */
const gateColumns = {
  id: articles.id,
  slug: articles.slug,
  categoryId: articles.categoryId,
  access: sql<AccessLevel>`${articles.access}`,
  accessPlanIds: articles.accessPlanIds,
  freeForNow: articles.freeForNow,
  previewParagraphs: articles.previewParagraphs,
}

async function loadPublicLive(articleId: number): Promise<PublicLive | null> {
  const db = getDb()
  const [coverage] = await db
    .select({
      articleId: liveCoverage.articleId,
      state: liveCoverage.state,
      summary: liveCoverage.summary,
      startedAt: liveCoverage.startedAt,
      endedAt: liveCoverage.endedAt,
      lastEntryAt: liveCoverage.lastEntryAt,
      gate: gateColumns,
    })
    .from(liveCoverage)
    .innerJoin(articles, eq(articles.id, liveCoverage.articleId))
    .where(and(eq(liveCoverage.articleId, articleId), isPublicArticle))
  if (!coverage) return null
  const { gate, ...coverageRow } = coverage
  const rows = await db
    .select({
      ...entryColumns,
      bodyImages: bodyImagesColumn(liveEntries.content),
      relatedCards: relatedCardsColumn(liveEntries.content),
    })
    .from(liveEntries)
    .leftJoin(profiles, eq(profiles.id, liveEntries.authorId))
    .where(and(eq(liveEntries.articleId, articleId), eq(liveEntries.status, 'published')))
    .orderBy(desc(liveEntries.publishedAt), desc(liveEntries.id))
  // Library images show the library's words as they are now, as in an article's body: worked
  // out once here, not for each reader.
  const entries = rows.map(({ bodyImages, relatedCards, ...row }) => ({
    ...row,
    content: showRelatedCards(showLibraryWords(row.content, bodyImages), relatedCards),
  }))
  return { coverage: coverageRow, entries, gate }
}

/**
 * Kept in memory per article until its key is announced (any entry change, here or on another
 * instance): thousands of readers' questions are answered from one read.
 */
const publicLiveByArticle = memoizedByKey(
  'public-live',
  async (key) => ({ articleId: Number(key), live: await loadPublicLive(Number(key)) }),
  {
    ttlMs: 60_000,
    maxEntries: 50,
    // Named by the article even when it is not live: coverage started on it is announced
    // under the article's key, and must show at once, not when this value's time runs out.
    shows: ({ articleId }) => [cacheKey.article(articleId)],
  },
)

export async function getPublicLive(articleId: string): Promise<PublicLive | null> {
  return (await publicLiveByArticle(articleId)).live
}

/**
 * Whether `since` is one readers really ask with: 0, or a cursor they can have been handed (the
 * coverage's start, end or last change, an entry's times) rounded as their pages round it
 * (lib/live-cursor.ts). The answer to any other value is the same delta, but a shared cache
 * must not keep it: made-up values would each take an entry (routes/api.live.$id.tsx).
 * Worked out once per read kept in memory.
 */
export function isKnownLiveSince(live: PublicLive, since: number): boolean {
  let known = knownSinceValues.get(live)
  if (!known) {
    const { startedAt, endedAt, lastEntryAt } = live.coverage
    const times = [startedAt, endedAt, lastEntryAt]
    for (const entry of live.entries) {
      times.push(entry.createdAt, entry.publishedAt, entry.updatedAt, entry.deletedAt)
    }
    known = new Set([0])
    for (const time of times) if (time) known.add(liveSinceParam(time.getTime()))
    knownSinceValues.set(live, known)
  }
  return known.has(since)
}

const knownSinceValues = new WeakMap<PublicLive, Set<number>>()

/** The public live article's id by its slug, for the entry's share address. */
export async function findPublicLiveEntry(slug: string, entryId: number) {
  const [row] = await getDb()
    .select({
      articleId: articles.id,
      slug: articles.slug,
      title: articles.title,
      headline: liveEntries.headline,
      content: liveEntries.content,
      publishedAt: liveEntries.publishedAt,
      image: articles.featuredImage,
      excerpt: articles.excerpt,
      gate: gateColumns,
    })
    .from(liveEntries)
    .innerJoin(articles, eq(articles.id, liveEntries.articleId))
    .where(
      and(
        eq(articles.slug, slug),
        eq(liveEntries.id, entryId),
        eq(liveEntries.status, 'published'),
        isNull(liveEntries.deletedAt),
        isPublicArticle,
      ),
    )
  return row ?? null
}

/** Which of these articles have coverage running (state live), for their LIVE badges. */
export async function liveArticleIds(ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await getDb()
    .select({ id: liveCoverage.articleId })
    .from(liveCoverage)
    .where(and(inArray(liveCoverage.articleId, [...ids]), eq(liveCoverage.state, 'live')))
  return new Set(rows.map((r) => r.id))
}
