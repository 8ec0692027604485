import { NEWS_SITEMAP_KEY, NEWS_SITEMAP_WINDOW_MS } from '~/domain/articles/article-changes.server'
import { listPublishedSince } from '~/domain/articles/articles-queries.server'
import { buildNewsSitemap } from '~/domain/feeds/feeds.server'
import { cachedTextResponse } from './+shared/text-resource.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { noteShownKeys } from '~/infra/cache-keys.server'
import { getEnv } from '~/infra/env.server'
import type { Route } from './+types/news-sitemap[.]xml'

/** Google News: articles published in the last two days. */
export async function loader({ request }: Route.LoaderArgs) {
  // `front` for articles coming and going; its own key for a title changed in its window;
  // `sitemap` for a live article's entries, which move its lastmod.
  noteShownKeys(['front', NEWS_SITEMAP_KEY, 'sitemap'])
  const [settings, articles] = await Promise.all([
    getSiteSettings(),
    listPublishedSince(new Date(Date.now() - NEWS_SITEMAP_WINDOW_MS)),
  ])
  return cachedTextResponse(
    request,
    buildNewsSitemap(getEnv().siteUrl, settings.logoText, articles),
    'application/xml; charset=utf-8',
  )
}
