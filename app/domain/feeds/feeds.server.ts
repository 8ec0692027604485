import { ANONYMOUS } from '~/domain/authors/byline'
import { escapeHtml } from '~/lib/html'
import { escapeXml } from '~/lib/xml'
import { absoluteUrl } from '~/lib/seo'
import type { ArticleCardData } from '~/domain/articles/articles-queries.server'

/** A feed item: an article card with its bylines' names in order (none: no author). */
export type RssItem = ArticleCardData & { authorNames: readonly string[] }

export interface RssChannel {
  siteUrl: string
  title: string
  description: string
  /** Path of the page the feed mirrors ("/", "/category/x"). */
  path: string
  /** Path of the feed itself ("/rss.xml"). */
  feedPath: string
  items: RssItem[]
}

/**
 * RSS 2.0 with an Atom self link (what feed validators ask for). RSS 2.0 says a description is
 * HTML (entity-encoded in the XML), and readers render it so. Ours are plain text (excerpts,
 * category descriptions): escaped as HTML first, so that an excerpt reading
 * "<img src=x onerror=…>" shows as those words and never becomes markup.
 *
 * An item is a story's title, standfirst, image and link, never its body (no
 * `content:encoded`): feeds are public and cached, so a registered or members story's item is
 * the teaser its card shows everyone, and the text after its preview is never in a feed
 * (issue 38; tests/integration/reader-access-leaks.test.ts).
 */
export function buildRss(channel: RssChannel): string {
  const { siteUrl } = channel
  const newest = channel.items[0]?.publishedAt
  const items = channel.items.map((item) => {
    const link = absoluteUrl(siteUrl, `/article/${item.slug}`)
    const lines = [
      '    <item>',
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
    ]
    if (item.publishedAt) lines.push(`      <pubDate>${item.publishedAt.toUTCString()}</pubDate>`)
    // Every item names its bylines as the page does, one dc:creator each (feed readers show
    // them as the authors).
    const creators = item.authorNames.length > 0 ? item.authorNames : [ANONYMOUS]
    for (const name of creators) lines.push(`      <dc:creator>${escapeXml(name)}</dc:creator>`)
    if (item.excerpt)
      lines.push(`      <description>${escapeXml(escapeHtml(item.excerpt))}</description>`)
    if (item.categoryName) lines.push(`      <category>${escapeXml(item.categoryName)}</category>`)
    if (item.featuredImage) {
      lines.push(
        `      <media:content url="${escapeXml(absoluteUrl(siteUrl, item.featuredImage))}" medium="image"/>`,
      )
    }
    lines.push('    </item>')
    return lines.join('\n')
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
    '  <channel>',
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(absoluteUrl(siteUrl, channel.path))}</link>`,
    `    <description>${escapeXml(escapeHtml(channel.description))}</description>`,
    '    <language>en</language>',
    `    <atom:link href="${escapeXml(absoluteUrl(siteUrl, channel.feedPath))}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${newest.toUTCString()}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}

export interface SitemapEntry {
  path: string
  lastModified?: Date | null
}

/** sitemaps.org urlset; one file holds at most 50,000 URLs. */
export function buildSitemap(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.slice(0, 50_000).map((entry) => {
    const lastmod = entry.lastModified
      ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>`
      : ''
    return `  <url><loc>${escapeXml(absoluteUrl(siteUrl, entry.path))}</loc>${lastmod}</url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

export interface NewsSitemapEntry {
  slug: string
  title: string
  publishedAt: Date | null
  /** Its last change for readers (a live article's newest entry); no lastmod when absent. */
  lastModified?: Date | null
}

/** Google News sitemap: articles of the last two days, at most 1,000. */
export function buildNewsSitemap(
  siteUrl: string,
  publication: string,
  entries: NewsSitemapEntry[],
): string {
  const urls = entries.slice(0, 1000).flatMap((entry) => {
    if (!entry.publishedAt) return []
    return [
      [
        '  <url>',
        `    <loc>${escapeXml(absoluteUrl(siteUrl, `/article/${entry.slug}`))}</loc>`,
        ...(entry.lastModified
          ? [`    <lastmod>${entry.lastModified.toISOString()}</lastmod>`]
          : []),
        '    <news:news>',
        '      <news:publication>',
        `        <news:name>${escapeXml(publication)}</news:name>`,
        '        <news:language>en</news:language>',
        '      </news:publication>',
        `      <news:publication_date>${entry.publishedAt.toISOString()}</news:publication_date>`,
        `      <news:title>${escapeXml(entry.title)}</news:title>`,
        '    </news:news>',
        '  </url>',
      ].join('\n'),
    ]
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}
