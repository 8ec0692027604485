import { data, isRouteErrorResponse, useLoaderData, useRouteError } from 'react-router'
import { ArticleGrid } from '~/components/site/article-card'
import { toCardViews } from '~/components/site/card-view.server'
import { PageStatus } from '~/components/site/page-status'
import { PaginationNav } from '~/components/site/pagination-nav'
import { containerClass } from '~/components/site/styles'
import { listPublishedArticles } from '~/domain/articles/articles-queries.server'
import { getTagBySlug } from '~/domain/tags/tags-queries.server'
import { logger } from '~/infra/logger.server'
import { getSiteIdentity } from '~/domain/seo/seo.server'
import { errorMeta, pagedPath, seoMeta } from '~/lib/seo'
import { parsePageParam } from '~/lib/pagination'
import type { Route } from './+types/_site.tag.$slug'
import { notFound } from './+shared/http-answers.server'
import { notFoundOf } from '~/lib/not-found'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

const TAG_PAGE_SIZE = 12

export async function loader({ params, request }: Route.LoaderArgs) {
  const page = parsePageParam(new URL(request.url).searchParams)
  if (page === null) throw data('Invalid page number', { status: 400 })
  const tag = await getTagBySlug(params.slug).catch((error: unknown) => {
    logger.error({ err: error, slug: params.slug }, 'loading a tag failed')
    throw data('Error fetching tag', { status: 500 })
  })
  if (!tag) notFound('Tag not found')
  const articles = await listPublishedArticles({
    tagId: tag.id,
    page,
    pageSize: TAG_PAGE_SIZE,
  }).catch((error: unknown) => {
    logger.error({ err: error, slug: params.slug }, 'loading articles of a tag failed')
    throw data('Error fetching articles', { status: 500 })
  })
  if (page > articles.pageCount) notFound('Page not found', { code: 'PAGE_OUT_OF_RANGE' })
  const site = await getSiteIdentity()
  const path = `/tag/${tag.slug}`
  const total = articles.total
  return {
    meta: [
      ...seoMeta({
        site,
        title: page > 1 ? `${tag.name} (page ${page})` : tag.name,
        description: `${total} ${total === 1 ? 'article' : 'articles'} tagged with “${tag.name}” on ${site.brand}.`,
        path: pagedPath(path, page),
        // A tag with nothing public yet is a thin page: keep it out of search engines.
        noIndex: total === 0,
      }),
      {
        tagName: 'link',
        rel: 'alternate',
        type: 'application/rss+xml',
        title: `${tag.name} | ${site.brand}`,
        href: `${path}/rss.xml`,
      },
    ],
    tag: { name: tag.name, slug: tag.slug },
    articles: toCardViews(articles.items),
    page: articles.page,
    pageCount: articles.pageCount,
  }
}

export default function TagPage() {
  const { tag, articles, page, pageCount } = useLoaderData<typeof loader>()
  return (
    <div className={`${containerClass} py-10`}>
      <header className="mb-10 border-b-2 border-foreground pb-6">
        <p className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">Tag</p>
        <h1 className="mt-1 font-serif text-3xl font-black tracking-tight sm:text-4xl">
          Articles tagged with &quot;{tag.name}&quot;
        </h1>
      </header>
      {articles.length > 0 ? (
        <ArticleGrid articles={articles} headingLevel={2} />
      ) : (
        <p className="py-12 text-center text-muted-foreground">No articles found with this tag.</p>
      )}
      <PaginationNav
        page={page}
        pageCount={pageCount}
        href={(n) => pagedPath(`/tag/${tag.slug}`, n)}
      />
    </div>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.meta ?? errorMeta('Tag Not Found')

export function ErrorBoundary() {
  const error = useRouteError()
  if (notFoundOf(error)?.code === 'NOT_FOUND') {
    return <PageStatus title="Tag Not Found" message="The tag you're looking for doesn't exist." />
  }
  if (notFoundOf(error)?.code === 'PAGE_OUT_OF_RANGE') {
    return <PageStatus title="Page not found" message="This list has fewer pages." />
  }
  if (isRouteErrorResponse(error) && error.status === 400) {
    return <PageStatus title="Invalid page number" message="Pages are numbered from 1." />
  }
  // docs/product.md §8: "Error fetching tag" / "Error fetching articles"; the details stay in the log.
  const alert =
    isRouteErrorResponse(error) && typeof error.data === 'string'
      ? error.data
      : 'Error fetching articles'
  return (
    <PageStatus
      title="Something went wrong"
      alert={alert}
      message="Please try again in a moment."
    />
  )
}
