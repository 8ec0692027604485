import { listPublishedForSitemap } from '~/domain/articles/articles-queries.server'
import { listAuthorsForSitemap } from '~/domain/authors/authors-queries.server'
import { listCategories } from '~/domain/categories/categories-queries.server'
import { buildSitemap, type SitemapEntry } from '~/domain/feeds/feeds.server'
import { cachedTextResponse } from './+shared/text-resource.server'
import { STATIC_PAGE_SLUGS } from '~/domain/pages/static-pages'
import { listTags } from '~/domain/tags/tags-queries.server'
import { noteShownKeys } from '~/infra/cache-keys.server'
import { getEnv } from '~/infra/env.server'
import type { Route } from './+types/sitemap[.]xml'

/** Every public page a search engine should know: home, sections, tags, authors, articles, pages. */
export async function loader({ request }: Route.LoaderArgs) {
  // Every public article, category, tag and author page: which exist, not what they show.
  noteShownKeys(['front', 'sitemap'])
  const [articles, categories, tags, authors] = await Promise.all([
    listPublishedForSitemap(),
    listCategories(),
    listTags(),
    listAuthorsForSitemap(),
  ])
  const entries: SitemapEntry[] = [
    { path: '/', lastModified: articles[0]?.publishedAt ?? null },
    ...categories.map((c) => ({ path: `/category/${c.slug}` })),
    ...tags.map((t) => ({ path: `/tag/${t.slug}` })),
    { path: '/newspapers' },
    ...STATIC_PAGE_SLUGS.map((slug) => ({ path: `/${slug}` })),
    ...authors.map((a) => ({ path: a.path, lastModified: a.lastPublished })),
    ...articles.map((a) => ({ path: `/article/${a.slug}`, lastModified: a.updatedAt })),
  ]
  return cachedTextResponse(
    request,
    buildSitemap(getEnv().siteUrl, entries),
    'application/xml; charset=utf-8',
  )
}
