import type { EditionSearchView } from '~/components/site/edition-search-results'
import type { EditionSearchResult } from '~/domain/newspapers/newspapers-queries.server'
import { formatCalendarDate } from '~/lib/dates'

/**
 * A matching print edition, worded for readers: the same on /search and in the header's search
 * dialog (its answer from /api/search), so both show an edition alike.
 */
export function toEditionSearchView(edition: EditionSearchResult): EditionSearchView {
  return {
    slug: edition.slug,
    title: edition.title,
    dateIso: edition.editionDate,
    dateLabel: formatCalendarDate(edition.editionDate),
    numberLabel: edition.number === null ? null : `No. ${edition.number}`,
    pages: edition.pages.map((number) => ({
      number,
      href: `/newspapers/${edition.slug}?page=${number}`,
    })),
    morePages: edition.matchingPageCount - edition.pages.length,
    snippetPage: edition.snippetPage,
    snippet: edition.snippet,
  }
}
