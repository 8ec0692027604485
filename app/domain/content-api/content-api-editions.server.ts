import { and, desc, eq, sql } from 'drizzle-orm'
import { newspaperEditions } from '@db/schema/index'
import {
  editionColumns,
  editionPageTexts,
  isReady,
  toEdition,
  type NewspaperEdition,
} from '~/domain/newspapers/newspapers-queries.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { noteShownKeys } from '~/infra/cache-keys.server'
import { readDb } from '~/infra/db.server'
import { absoluteUrl } from '~/lib/seo'
import type { ContentEdition, EditionSummary, PageQuery } from './content-api-schemas'
import type { ContentReader } from './content-api.server'
import { ContentApiError } from './content-api-errors'
import { decodeCursor, encodeCursor } from './cursor'

// The print editions through the Content API (docs/content-api.md): ready editions only, as
// /newspapers shows them. A members edition's cover, title and date are public; its page texts
// go only to a "full text" integration, as its pages go only to members on the site
// (newspapers/edition-access.server.ts).

function summaryOf(edition: NewspaperEdition, siteUrl: string): EditionSummary {
  return {
    id: edition.id,
    slug: edition.slug,
    title: edition.title,
    editionDate: edition.editionDate,
    number: edition.number,
    pageCount: edition.pageCount,
    membersOnly: edition.membersOnly,
    pdfUrl: absoluteUrl(siteUrl, edition.pdfUrl),
    cover: edition.cover
      ? { ...edition.cover, url: absoluteUrl(siteUrl, edition.cover.url) }
      : null,
    url: absoluteUrl(siteUrl, `/newspapers/${encodeURIComponent(edition.slug)}`),
  }
}

/** The edition date as the cursor's instant (midnight UTC): the cursor stays one shape. */
const dayAt = (day: string) => `${day}T00:00:00Z`

/**
 * A page of editions, newest edition date first, then the later upload: the cursor names the
 * last one given, so an edition uploaded meanwhile for a later day moves nothing.
 */
export async function listContentEditions(
  query: PageQuery,
  reader: ContentReader,
): Promise<{ data: EditionSummary[]; next: string | null }> {
  const where = [isReady]
  if (query.cursor !== undefined) {
    const after = decodeCursor(query.cursor)
    if (!after) throw new ContentApiError('bad_request', 'cursor is not one this API gave.')
    where.push(
      sql`(${newspaperEditions.editionDate}, ${newspaperEditions.id}) < (${after.at.slice(0, 10)}::date, ${after.id})`,
    )
  }
  noteShownKeys(['editions'])
  const [rows, { editionsAccess }] = await Promise.all([
    readDb()
      .select(editionColumns)
      .from(newspaperEditions)
      .where(and(...where))
      .orderBy(desc(newspaperEditions.editionDate), desc(newspaperEditions.id))
      .limit(query.limit + 1),
    getSiteSettings(),
  ])
  const page = rows.slice(0, query.limit)
  const last = page[page.length - 1]
  return {
    data: page.map((row) => summaryOf(toEdition(row, editionsAccess), reader.siteUrl)),
    next:
      rows.length > query.limit && last
        ? encodeCursor({ at: dayAt(last.editionDate), id: last.id })
        : null,
  }
}

/** One ready edition by its slug, with its page texts when the integration may read them. */
export async function getContentEdition(
  slug: string,
  reader: ContentReader,
): Promise<ContentEdition> {
  noteShownKeys(['editions'])
  const [[row], { editionsAccess }] = await Promise.all([
    readDb()
      .select(editionColumns)
      .from(newspaperEditions)
      .where(and(eq(newspaperEditions.slug, slug), isReady))
      .limit(1),
    getSiteSettings(),
  ])
  if (!row) throw new ContentApiError('not_found', 'No print edition has this slug.')
  const edition = toEdition(row, editionsAccess)
  const textLocked = edition.membersOnly && !reader.fullText
  return {
    ...summaryOf(edition, reader.siteUrl),
    textLocked,
    pages: textLocked ? [] : await editionPageTexts(edition.id),
  }
}
