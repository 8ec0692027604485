import { monthFileNames, sitemapIndexXml, sitemapMonths } from '~/domain/feeds/sitemap-index.server'
import { cachedTextResponse } from './+shared/text-resource.server'
import { noteShownKeys } from '~/infra/cache-keys.server'
import { getEnv } from '~/infra/env.server'
import type { Route } from './+types/sitemap[.]xml'

/**
 * The sitemap index: the site's other pages (sitemaps/pages.xml) and one file per month of
 * public articles (sitemaps/articles-2026-11.xml; a month past 50,000 has parts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  // Which public pages exist, not what they show: the sitemap's own key and the front page's.
  noteShownKeys(['front', 'sitemap'])
  const months = await sitemapMonths()
  const latest = months.reduce<Date | null>(
    (at, m) => (m.lastModified && (!at || m.lastModified > at) ? m.lastModified : at),
    null,
  )
  const files = [
    { name: 'pages.xml', lastModified: latest },
    ...months
      .slice()
      .reverse()
      .flatMap((m) => monthFileNames(m).map((name) => ({ name, lastModified: m.lastModified }))),
  ]
  return cachedTextResponse(
    request,
    sitemapIndexXml(getEnv().siteUrl, files),
    'application/xml; charset=utf-8',
  )
}
