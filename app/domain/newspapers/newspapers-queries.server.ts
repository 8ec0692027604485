import { and, desc, eq, inArray, or, sql } from 'drizzle-orm'
import { newspaperEditions, newspaperPages } from '@db/schema/index'
import type { Reader } from '~/domain/membership/access-level'
import { searchTsQuery } from '~/domain/search/search-queries.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { normalizeSearchQuery } from '~/domain/search/search-schema'
import { getDb } from '~/infra/db.server'
import { logger } from '~/infra/logger.server'
import { getStorage } from '~/infra/storage.server'
import { isMembersEdition, readsMembersEditions } from './edition-access.server'

export interface NewspaperEditionCover {
  url: string
  width: number | null
  height: number | null
}

/** A print edition as readers see it (the newspaper_editions row with its public URLs). */
export interface NewspaperEdition {
  id: number
  /** The reader's address: /newspapers/{slug}. */
  slug: string
  title: string
  /** YYYY-MM-DD: the day the edition is dated, not when it was uploaded. */
  editionDate: string
  number: number | null
  pageCount: number
  /** Bytes of the PDF. */
  size: number
  /**
   * Where the PDF is downloaded: the stored file's public address, or for a members edition
   * its route (/newspapers/{slug}/pdf), which asks who reads; the stored name of a members
   * edition's PDF is never sent to readers (edition-access.server.ts).
   */
  pdfUrl: string
  /** Its pages, PDF and text are for members (the site's setting or the edition's own). */
  membersOnly: boolean
  /** The first page as an image; null while there is none (processing failed, no pages). */
  cover: NewspaperEditionCover | null
}

/** A piece of a search snippet: words the query matched are `hit`. Plain text, never HTML. */
export interface SnippetPart {
  text: string
  hit: boolean
}

/** An edition whose pages match a search, with where. */
export interface EditionSearchResult {
  slug: string
  title: string
  editionDate: string
  number: number | null
  /** The first matching page numbers, ascending (at most EDITION_SEARCH_PAGES_SHOWN). */
  pages: number[]
  /** How many pages match in all. */
  matchingPageCount: number
  /** The page the snippet comes from: the best match (the first such page on a tie). */
  snippetPage: number
  snippet: SnippetPart[]
}

export const EDITION_SEARCH_PAGES_SHOWN = 5
export const EDITION_SEARCH_LIMIT = 5

/** An edition's own columns, as both the reader's and the back office's lists read them. */
export const editionColumns = {
  id: newspaperEditions.id,
  slug: newspaperEditions.slug,
  title: newspaperEditions.title,
  editionDate: newspaperEditions.editionDate,
  number: newspaperEditions.number,
  pageCount: newspaperEditions.pageCount,
  size: newspaperEditions.size,
  fileName: newspaperEditions.fileName,
  coverName: newspaperEditions.coverName,
  coverWidth: newspaperEditions.coverWidth,
  coverHeight: newspaperEditions.coverHeight,
  /** Who reads its pages, PDF and text; null: the site's `editionsAccess`. */
  access: newspaperEditions.access,
}

/** Readers see an edition once its pages are read: never one processing or failed. */
export const isReady = eq(newspaperEditions.status, 'ready')

type EditionRow = Pick<typeof newspaperEditions.$inferSelect, keyof typeof editionColumns>

/** `siteAccess`: the site's `editionsAccess`, which an edition without its own follows. */
export function toEdition(row: EditionRow, siteAccess: string): NewspaperEdition {
  const storage = getStorage()
  const membersOnly = isMembersEdition(row.access, siteAccess)
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    editionDate: row.editionDate,
    number: row.number,
    pageCount: row.pageCount,
    size: row.size,
    pdfUrl: membersOnly
      ? `/newspapers/${encodeURIComponent(row.slug)}/pdf`
      : storage.publicUrl('pdf_newspapers', row.fileName),
    membersOnly,
    cover: row.coverName
      ? {
          url: storage.publicUrl('pdf_newspapers', row.coverName),
          width: row.coverWidth,
          height: row.coverHeight,
        }
      : null,
  }
}

/**
 * Editions newest first (edition date, then the later upload). A database failure yields an
 * empty list (logged): the home page still renders without its newspaper section.
 */
export async function listNewspaperEditions(limit?: number): Promise<NewspaperEdition[]> {
  try {
    const query = getDb()
      .select(editionColumns)
      .from(newspaperEditions)
      .where(isReady)
      .orderBy(desc(newspaperEditions.editionDate), desc(newspaperEditions.id))
    const [rows, { editionsAccess }] = await Promise.all([
      limit === undefined ? query : query.limit(limit),
      getSiteSettings(),
    ])
    return rows.map((row) => toEdition(row, editionsAccess))
  } catch (error) {
    logger.error({ err: error }, 'listing print editions failed')
    return []
  }
}

/** The edition at /newspapers/{slug}, or null. */
export async function getNewspaperEditionBySlug(slug: string): Promise<NewspaperEdition | null> {
  const [row] = await getDb()
    .select(editionColumns)
    .from(newspaperEditions)
    .where(and(eq(newspaperEditions.slug, slug), isReady))
    .limit(1)
  return row ? toEdition(row, (await getSiteSettings()).editionsAccess) : null
}

/** An edition's page texts in page order (the Content API gives them; search matches them). */
export async function editionPageTexts(editionId: number) {
  return getDb()
    .select({ number: newspaperPages.pageNumber, text: newspaperPages.text })
    .from(newspaperPages)
    .where(eq(newspaperPages.editionId, editionId))
    .orderBy(newspaperPages.pageNumber)
}

// ts_headline marks matches with these (Unicode private-use characters, which no page text
// should hold); the snippet is then split on them, so no text from a PDF is ever read as HTML.
const HIT_START = '\uE000'
const HIT_END = '\uE001'
const HEADLINE_OPTIONS = `StartSel="${HIT_START}", StopSel="${HIT_END}", MaxWords=28, MinWords=12, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "`

/** "…a \uE000word\uE001 here…" → parts, with any stray marker characters dropped. */
export function snippetParts(headline: string): SnippetPart[] {
  const parts: SnippetPart[] = []
  const pattern = new RegExp(`${HIT_START}([^${HIT_END}]*)${HIT_END}`, 'g')
  const clean = (text: string) => text.replace(/[\uE000\uE001]/g, '').replace(/\s+/g, ' ')
  let last = 0
  for (const match of headline.matchAll(pattern)) {
    if (match.index > last)
      parts.push({ text: clean(headline.slice(last, match.index)), hit: false })
    parts.push({ text: clean(match[1]), hit: true })
    last = match.index + match[0].length
  }
  if (last < headline.length) parts.push({ text: clean(headline.slice(last)), hit: false })
  // Dropping empty parts may leave two of a kind side by side: they read as one.
  return parts
    .filter((part) => part.text !== '')
    .reduce<SnippetPart[]>((merged, part) => {
      const previous = merged[merged.length - 1]
      if (previous && previous.hit === part.hit) previous.text += part.text
      else merged.push({ ...part })
      return merged
    }, [])
}

/**
 * Editions whose page text matches the query (the same syntax as article search: web-search
 * words, the last word as a prefix), best first: the best page's rank, then the newer edition.
 * Each comes with its first matching page numbers and a highlighted snippet of its best page.
 * A blank query matches nothing and never reaches the database. Members editions match only
 * for a `reader` who reads them (readsMembersEditions; none given: an anonymous reader): for
 * anyone else their text is not searched at all, so no result tells what their pages say.
 */
export async function searchNewspaperEditions(
  rawQuery: string,
  options: { limit?: number; reader?: Reader } = {},
): Promise<EditionSearchResult[]> {
  const query = normalizeSearchQuery(rawQuery)
  if (query === '') return []
  const db = getDb()
  const everyEdition = options.reader !== undefined && readsMembersEditions(options.reader)
  const { editionsAccess } = await getSiteSettings()
  const readable = everyEdition
    ? isReady
    : and(isReady, sql`coalesce(${newspaperEditions.access}, ${editionsAccess}) = 'everyone'`)
  const tsQuery = searchTsQuery(query)
  const rank = sql`ts_rank(${newspaperPages.searchVector}, ${tsQuery})`
  const hits = db
    .select({
      editionId: newspaperPages.editionId,
      pages: sql<
        number[]
      >`array_agg(${newspaperPages.pageNumber} order by ${newspaperPages.pageNumber})`.as('pages'),
      bestPage:
        sql<number>`(array_agg(${newspaperPages.pageNumber} order by ${rank} desc, ${newspaperPages.pageNumber}))[1]`.as(
          'best_page',
        ),
      rank: sql<number>`max(${rank})`.as('rank'),
    })
    .from(newspaperPages)
    .where(sql`${newspaperPages.searchVector} @@ ${tsQuery}`)
    .groupBy(newspaperPages.editionId)
    .as('hits')
  const rows = await db
    .select({
      id: newspaperEditions.id,
      slug: newspaperEditions.slug,
      title: newspaperEditions.title,
      editionDate: newspaperEditions.editionDate,
      number: newspaperEditions.number,
      pages: hits.pages,
      bestPage: hits.bestPage,
    })
    .from(hits)
    .innerJoin(newspaperEditions, and(eq(newspaperEditions.id, hits.editionId), readable))
    .orderBy(desc(hits.rank), desc(newspaperEditions.editionDate), desc(newspaperEditions.id))
    .limit(options.limit ?? EDITION_SEARCH_LIMIT)
  if (rows.length === 0) return []

  const headlines = await db
    .select({
      editionId: newspaperPages.editionId,
      headline: sql<string>`ts_headline('english', ${newspaperPages.text}, ${tsQuery}, ${HEADLINE_OPTIONS})`,
    })
    .from(newspaperPages)
    .where(
      and(
        inArray(
          newspaperPages.editionId,
          rows.map((row) => row.id),
        ),
        or(
          ...rows.map((row) =>
            and(
              eq(newspaperPages.editionId, row.id),
              eq(newspaperPages.pageNumber, Number(row.bestPage)),
            ),
          ),
        ),
      ),
    )
  const headlineOf = new Map(headlines.map((h) => [h.editionId, h.headline]))

  return rows.map((row) => {
    const pages = row.pages.map(Number)
    return {
      slug: row.slug,
      title: row.title,
      editionDate: row.editionDate,
      number: row.number,
      pages: pages.slice(0, EDITION_SEARCH_PAGES_SHOWN),
      matchingPageCount: pages.length,
      snippetPage: Number(row.bestPage),
      snippet: snippetParts(headlineOf.get(row.id) ?? ''),
    }
  })
}
