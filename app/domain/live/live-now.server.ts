import { sql, type AnyColumn } from 'drizzle-orm'
import { liveCoverage } from '@db/schema/index'

/**
 * Whether the article in `articleId` has coverage running (state live): a column for any
 * list of articles (cards, search results, the breaking-news bar), for its LIVE badge. A
 * primary-key probe per row, read with the list itself: a list cached in memory keeps it
 * until coverage starts or ends, which announces the keys those lists show (live.server.ts).
 */
export function isLiveNow(articleId: AnyColumn) {
  return sql<boolean>`exists (select 1 from ${liveCoverage} where ${liveCoverage.articleId} = ${articleId} and ${liveCoverage.state} = 'live')`.mapWith(
    Boolean,
  )
}

/**
 * While the article's coverage runs, its newest change (an entry published, edited or
 * deleted; the readers' cursor): the card's "Updated …" time. Null when it is not live.
 */
export function liveUpdatedAt(articleId: AnyColumn) {
  return sql<Date | null>`(select ${liveCoverage.lastEntryAt} from ${liveCoverage} where ${liveCoverage.articleId} = ${articleId} and ${liveCoverage.state} = 'live')`.mapWith(
    liveCoverage.lastEntryAt,
  )
}

/**
 * When a public article last changed for readers: its own last change, or its coverage's newest
 * change (an entry published, edited or deleted) if later. The sitemaps' `lastmod`, like the
 * page's `dateModified` (article-page.server.ts).
 */
export function modifiedWithLive(articleId: AnyColumn, updatedAt: AnyColumn) {
  return sql<Date>`greatest(${updatedAt}, (select ${liveCoverage.lastEntryAt} from ${liveCoverage} where ${liveCoverage.articleId} = ${articleId}))`
}
