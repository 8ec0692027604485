import { isPersonByline } from '~/domain/authors/byline'
import { absoluteUrl, type SiteIdentity } from '~/lib/seo'
import { htmlToPlainText } from '~/infra/sanitize.server'
import type { LiveCoverageView } from './live-view.server'

/** How many entries the JSON-LD carries (search engines read the latest). */
export const JSON_LD_UPDATES = 50

/**
 * A live article's JSON-LD: its NewsArticle (seo.server.ts) as a `LiveBlogPosting`, with the
 * coverage's times and the latest entries as `BlogPosting`s that link to their anchors.
 * `dateModified` follows the newest entry.
 */
export function liveBlogJsonLd(
  site: SiteIdentity,
  article: Record<string, unknown>,
  slug: string,
  live: LiveCoverageView,
): Record<string, unknown> {
  const url = absoluteUrl(site.siteUrl, `/article/${slug}`)
  const modified = String(article.dateModified ?? '')
  const newest = live.cursor > 0 ? new Date(live.cursor).toISOString() : modified
  return {
    ...article,
    '@type': 'LiveBlogPosting',
    dateModified: newest > modified ? newest : modified,
    coverageStartTime: live.startedIso,
    ...(live.endedIso ? { coverageEndTime: live.endedIso } : {}),
    liveBlogUpdate: live.entries.slice(0, JSON_LD_UPDATES).map((entry) => {
      const body = htmlToPlainText(entry.html).trim()
      return {
        '@type': 'BlogPosting',
        headline: entry.headline || (body.length > 110 ? `${body.slice(0, 109)}…` : body),
        articleBody: body,
        datePublished: entry.publishedIso,
        url: `${url}#entry-${entry.id}`,
        // "Staff" is the newsroom: the posting's publisher already says so.
        ...(isPersonByline(entry.authorName)
          ? { author: { '@type': 'Person', name: entry.authorName } }
          : {}),
      }
    }),
  }
}
