import { listPublishedSince } from '~/domain/articles/articles-queries.server'
import { buildNewsSitemap } from '~/domain/feeds/feeds.server'
import { cachedTextResponse } from './+shared/text-resource.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { noteShownKeys } from '~/infra/cache-keys.server'
import { getEnv } from '~/infra/env.server'
import type { Route } from './+types/news-sitemap[.]xml'

/** Google News: articles published in the last two days. */
const WINDOW_MS = 2 * 24 * 60 * 60 * 1000

export async function loader({ request }: Route.LoaderArgs) {
  noteShownKeys(['front'])
  const [settings, articles] = await Promise.all([
    getSiteSettings(),
    listPublishedSince(new Date(Date.now() - WINDOW_MS)),
  ])
  return cachedTextResponse(
    request,
    buildNewsSitemap(getEnv().siteUrl, settings.logoText, articles),
    'application/xml; charset=utf-8',
  )
}
