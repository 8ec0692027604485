import { Readable } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { listAuthorsForSitemap } from '~/domain/authors/authors-queries.server'
import { listCategories } from '~/domain/categories/categories-queries.server'
import { buildSitemap, type SitemapEntry } from '~/domain/feeds/feeds.server'
import {
  monthSitemapChunks,
  parseMonthFileName,
  sitemapMonths,
  monthFileNames,
} from '~/domain/feeds/sitemap-index.server'
import { STATIC_PAGE_SLUGS } from '~/domain/pages/static-pages'
import { listTags } from '~/domain/tags/tags-queries.server'
import { noteShownKeys } from '~/infra/cache-keys.server'
import { getEnv } from '~/infra/env.server'
import {
  cachedTextResponse,
  FEED_CACHE_CONTROL,
  feedNotFound,
} from './+shared/text-resource.server'
import type { Route } from './+types/sitemaps.$name'

/** A file of the sitemap index: pages.xml, or a month of articles streamed from the database. */
export async function loader({ request, params }: Route.LoaderArgs) {
  noteShownKeys(['front', 'sitemap'])
  const { siteUrl } = getEnv()
  if (params.name === 'pages.xml') {
    const [categories, tags, authors] = await Promise.all([
      listCategories(),
      listTags(),
      listAuthorsForSitemap(),
    ])
    const entries: SitemapEntry[] = [
      { path: '/' },
      ...categories.map((c) => ({ path: `/category/${c.slug}` })),
      ...tags.map((t) => ({ path: `/tag/${t.slug}` })),
      { path: '/newspapers' },
      ...STATIC_PAGE_SLUGS.map((slug) => ({ path: `/${slug}` })),
      ...authors.map((a) => ({ path: a.path, lastModified: a.lastPublished })),
    ]
    return cachedTextResponse(
      request,
      buildSitemap(siteUrl, entries),
      'application/xml; charset=utf-8',
    )
  }
  const file = parseMonthFileName(params.name)
  // Only the files the index names: a month with no public articles, or a part past its last, is a 404.
  const month = file && (await sitemapMonths()).find((m) => m.month === file.month)
  if (!file || !month || !monthFileNames(month).includes(params.name))
    return feedNotFound('No such sitemap')
  const body = Readable.from(monthSitemapChunks(siteUrl, file.month, file.part))
  return new Response(request.method === 'HEAD' ? null : createReadableStreamFromReadable(body), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': FEED_CACHE_CONTROL,
    },
  })
}
