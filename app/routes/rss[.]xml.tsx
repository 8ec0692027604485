import { withBylines } from '~/domain/authors/authors-queries.server'
import { buildRss } from '~/domain/feeds/feeds.server'
import { cachedTextResponse } from './+shared/text-resource.server'
import { listPublishedArticles } from '~/domain/articles/articles-queries.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { getEnv } from '~/infra/env.server'
import type { Route } from './+types/rss[.]xml'

const FEED_SIZE = 30

/** The site's RSS 2.0 feed: the newest published articles. */
export async function loader({ request }: Route.LoaderArgs) {
  const [settings, articles] = await Promise.all([
    getSiteSettings(),
    listPublishedArticles({ pageSize: FEED_SIZE }),
  ])
  const xml = buildRss({
    siteUrl: getEnv().siteUrl,
    title: settings.logoText,
    description: `The latest news from ${settings.logoText}.`,
    path: '/',
    feedPath: '/rss.xml',
    items: await withBylines(articles.items),
  })
  return cachedTextResponse(request, xml, 'application/rss+xml; charset=utf-8')
}
