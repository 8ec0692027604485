import { and, asc, gt, gte, lt, or, eq, sql } from 'drizzle-orm'
import { articles } from '@db/schema/index'
import { modifiedWithLive } from '~/domain/live/live-now.server'
import { isPublicArticle } from '~/domain/published.server'
import { readDb } from '~/infra/db.server'
import { absoluteUrl } from '~/lib/seo'
import { escapeXml } from '~/lib/xml'

/**
 * The sitemap as an index (the protocol allows 50,000 URLs per file): one file for the site's
 * other pages and one per month of public articles, split in parts past 50,000. A month's file
 * is read from the database in chunks and sent as it is read.
 */
export const URLS_PER_FILE = 50_000
const CHUNK = 5_000

export interface SitemapMonth {
  /** "2026-11" */
  month: string
  count: number
  lastModified: Date | null
}

/** The months that have public articles, oldest first, with how many and the latest change. */
export async function sitemapMonths(): Promise<SitemapMonth[]> {
  const month = sql<string>`to_char(date_trunc('month', ${articles.publishedAt} at time zone 'UTC'), 'YYYY-MM')`
  const rows = await readDb()
    .select({
      month,
      count: sql<number>`count(*)::int`,
      // A live article's month changes with its newest entry.
      lastModified: sql<Date | null>`max(${modifiedWithLive(articles.id, articles.updatedAt)})`,
    })
    .from(articles)
    .where(isPublicArticle)
    .groupBy(month)
    .orderBy(month)
  return rows.map((r) => ({
    ...r,
    lastModified: r.lastModified ? new Date(r.lastModified) : null,
  }))
}

/** The files of the index: "articles-2026-11.xml", then "articles-2026-11-2.xml"… past 50,000. */
export function monthFileNames(m: SitemapMonth): string[] {
  const parts = Math.max(1, Math.ceil(m.count / URLS_PER_FILE))
  return Array.from({ length: parts }, (_, i) =>
    i === 0 ? `articles-${m.month}.xml` : `articles-${m.month}-${i + 1}.xml`,
  )
}

export function parseMonthFileName(name: string): { month: string; part: number } | null {
  const match = /^articles-(\d{4})-(0[1-9]|1[0-2])(?:-([2-9]|[1-9]\d+))?\.xml$/.exec(name)
  if (!match) return null
  return { month: `${match[1]}-${match[2]}`, part: match[3] ? Number(match[3]) : 1 }
}

export function sitemapIndexXml(
  siteUrl: string,
  files: { name: string; lastModified: Date | null }[],
): string {
  const entries = files.map(
    (f) =>
      `  <sitemap><loc>${escapeXml(absoluteUrl(siteUrl, `/sitemaps/${f.name}`))}</loc>${
        f.lastModified ? `<lastmod>${f.lastModified.toISOString()}</lastmod>` : ''
      }</sitemap>`,
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</sitemapindex>',
    '',
  ].join('\n')
}

/**
 * One month's file, as text chunks: the articles published that month (UTC) in order of
 * publication, part `part` of its 50,000s, read 5,000 rows at a time after the last one seen.
 */
export async function* monthSitemapChunks(
  siteUrl: string,
  month: string,
  part: number,
): AsyncGenerator<string> {
  const start = new Date(`${month}-01T00:00:00Z`)
  const end = new Date(start)
  end.setUTCMonth(end.getUTCMonth() + 1)
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
  let skip = (part - 1) * URLS_PER_FILE
  let left = URLS_PER_FILE
  let after: { publishedAt: Date; id: number } | null = null
  while (left > 0) {
    const take = Math.min(CHUNK, left + skip)
    const rows: { id: number; slug: string; publishedAt: Date | null; updatedAt: Date }[] =
      await readDb()
        .select({
          id: articles.id,
          slug: articles.slug,
          publishedAt: articles.publishedAt,
          updatedAt: modifiedWithLive(articles.id, articles.updatedAt).mapWith(articles.updatedAt),
        })
        .from(articles)
        .where(
          and(
            isPublicArticle,
            gte(articles.publishedAt, start),
            lt(articles.publishedAt, end),
            after
              ? or(
                  gt(articles.publishedAt, after.publishedAt),
                  and(eq(articles.publishedAt, after.publishedAt), gt(articles.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(asc(articles.publishedAt), asc(articles.id))
        .limit(take)
    if (rows.length === 0) break
    const last = rows[rows.length - 1]
    after = { publishedAt: last.publishedAt!, id: last.id }
    const shown = rows.slice(Math.min(skip, rows.length))
    skip = Math.max(0, skip - rows.length)
    const lines = shown
      .slice(0, left)
      .map(
        (r) =>
          `  <url><loc>${escapeXml(absoluteUrl(siteUrl, `/article/${r.slug}`))}</loc><lastmod>${r.updatedAt.toISOString()}</lastmod></url>\n`,
      )
    left -= lines.length
    if (lines.length) yield lines.join('')
    if (rows.length < take) break
  }
  yield '</urlset>\n'
}
