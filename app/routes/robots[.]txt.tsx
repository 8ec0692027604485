import { cachedTextResponse } from './+shared/text-resource.server'
import { getEnv } from '~/infra/env.server'
import type { Route } from './+types/robots[.]txt'

/** Crawlers: everything public, not the back office or the JSON endpoints; where the sitemaps are. */
export async function loader({ request }: Route.LoaderArgs) {
  const { siteUrl } = getEnv()
  const body = [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /api',
    'Allow: /',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    `Sitemap: ${siteUrl}/news-sitemap.xml`,
    '',
  ].join('\n')
  return cachedTextResponse(
    request,
    body,
    'text/plain; charset=utf-8',
    'public, max-age=3600, s-maxage=3600',
  )
}
