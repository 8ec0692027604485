import { data, isRouteErrorResponse, useLoaderData, useRouteError } from 'react-router'
import { ArticleGrid } from '~/components/site/article-card'
import { toCardViews } from '~/components/site/card-view.server'
import { PageStatus } from '~/components/site/page-status'
import { PaginationNav } from '~/components/site/pagination-nav'
import { containerClass } from '~/components/site/styles'
import { listPublishedArticles } from '~/domain/articles/articles-queries.server'
import { getCategoryBySlug } from '~/domain/categories/categories-queries.server'
import { logger } from '~/infra/logger.server'
import { getSiteIdentity } from '~/domain/seo/seo.server'
import { errorMeta, pagedPath, seoMeta } from '~/lib/seo'
import { parsePageParam } from '~/lib/pagination'
import type { Route } from './+types/_site.category.$slug'
import { notFound } from './+shared/http-answers.server'
import { notFoundOf } from '~/lib/not-found'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

const CATEGORY_PAGE_SIZE = 12

export async function loader({ params, request }: Route.LoaderArgs) {
  const page = parsePageParam(new URL(request.url).searchParams)
  if (page === null) throw data('Invalid page number', { status: 400 })
  let category, articles
  try {
    category = await getCategoryBySlug(params.slug)
    if (category) {
      articles = await listPublishedArticles({
        categoryId: category.id,
        page,
        pageSize: CATEGORY_PAGE_SIZE,
      })
    }
  } catch (error) {
    logger.error({ err: error, slug: params.slug }, 'loading a category failed')
    throw data('Failed to load category', { status: 500 })
  }
  if (!category || !articles) notFound('Category not found')
  if (page > articles.pageCount) notFound('Page not found', { code: 'PAGE_OUT_OF_RANGE' })
  const site = await getSiteIdentity()
  const path = `/category/${category.slug}`
  return {
    meta: [
      ...seoMeta({
        site,
        title: page > 1 ? `${category.name} (page ${page})` : category.name,
        description: category.description || `The latest ${category.name} news from ${site.brand}.`,
        path: pagedPath(path, page),
      }),
      {
        tagName: 'link',
        rel: 'alternate',
        type: 'application/rss+xml',
        title: `${category.name} | ${site.brand}`,
        href: `${path}/rss.xml`,
      },
    ],
    category: {
      name: category.name,
      slug: category.slug,
      description: category.description,
    },
    articles: toCardViews(articles.items),
    page: articles.page,
    pageCount: articles.pageCount,
  }
}

export default function CategoryPage() {
  const { category, articles, page, pageCount } = useLoaderData<typeof loader>()
  return (
    <div className={`${containerClass} py-10`}>
      <header className="mb-10 border-b-2 border-foreground pb-6">
        <h1 className="font-serif text-4xl font-black tracking-tight sm:text-5xl">
          {category.name}
        </h1>
        {category.description ? (
          <p className="mt-3 max-w-3xl text-lg text-muted-foreground">{category.description}</p>
        ) : null}
      </header>
      {articles.length > 0 ? (
        <ArticleGrid articles={articles} headingLevel={2} priorityFirst />
      ) : (
        <p className="py-12 text-center text-muted-foreground">
          No articles found in this category.
        </p>
      )}
      <PaginationNav
        page={page}
        pageCount={pageCount}
        href={(n) => pagedPath(`/category/${category.slug}`, n)}
      />
    </div>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.meta ?? errorMeta('Category not found')

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 400) {
    return <PageStatus title="Invalid page number" message="Pages are numbered from 1." />
  }
  if (notFoundOf(error)?.code === 'PAGE_OUT_OF_RANGE') {
    return <PageStatus title="Page not found" message="This list has fewer pages." />
  }
  // docs/product.md §2: unknown or failed, the page says "Category not found"; §8 names the failure.
  const failed = !isRouteErrorResponse(error) || error.status >= 500
  return (
    <PageStatus title="Category not found" alert={failed ? 'Failed to load category' : undefined} />
  )
}
