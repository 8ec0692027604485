import { withBylines } from '~/domain/authors/authors-queries.server'
import { listPublishedArticles } from '~/domain/articles/articles-queries.server'
import { getCategoryBySlug } from '~/domain/categories/categories-queries.server'
import { buildRss } from '~/domain/feeds/feeds.server'
import { cachedTextResponse, feedNotFound } from './+shared/text-resource.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { getEnv } from '~/infra/env.server'
import type { Route } from './+types/category.$slug.rss[.]xml'

/** One category's RSS feed. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const category = await getCategoryBySlug(params.slug)
  if (!category) {
    return feedNotFound('Category not found')
  }
  const [settings, articles] = await Promise.all([
    getSiteSettings(),
    listPublishedArticles({ categoryId: category.id, pageSize: 30 }),
  ])
  const xml = buildRss({
    siteUrl: getEnv().siteUrl,
    title: `${category.name} | ${settings.logoText}`,
    description:
      category.description || `The latest ${category.name} news from ${settings.logoText}.`,
    path: `/category/${category.slug}`,
    feedPath: `/category/${category.slug}/rss.xml`,
    items: await withBylines(articles.items),
  })
  return cachedTextResponse(request, xml, 'application/rss+xml; charset=utf-8')
}
