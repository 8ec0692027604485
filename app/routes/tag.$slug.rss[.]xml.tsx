import { withBylines } from '~/domain/authors/authors-queries.server'
import { listPublishedArticles } from '~/domain/articles/articles-queries.server'
import { buildRss } from '~/domain/feeds/feeds.server'
import { cachedTextResponse, feedNotFound } from './+shared/text-resource.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { getTagBySlug } from '~/domain/tags/tags-queries.server'
import { getEnv } from '~/infra/env.server'
import type { Route } from './+types/tag.$slug.rss[.]xml'

/** One tag's RSS feed. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const tag = await getTagBySlug(params.slug)
  if (!tag) {
    return feedNotFound('Tag not found')
  }
  const [settings, articles] = await Promise.all([
    getSiteSettings(),
    listPublishedArticles({ tagId: tag.id, pageSize: 30 }),
  ])
  const xml = buildRss({
    siteUrl: getEnv().siteUrl,
    title: `${tag.name} | ${settings.logoText}`,
    description: `Articles tagged with “${tag.name}” on ${settings.logoText}.`,
    path: `/tag/${tag.slug}`,
    feedPath: `/tag/${tag.slug}/rss.xml`,
    items: await withBylines(articles.items),
  })
  return cachedTextResponse(request, xml, 'application/rss+xml; charset=utf-8')
}
