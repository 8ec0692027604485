import { data, isRouteErrorResponse, Link, useLoaderData, useRouteError } from 'react-router'
import { ArticleCard, ArticleGrid } from '~/components/site/article-card'
import { toCardView, toCardViews, toEditionViews } from '~/components/site/card-view.server'
import { NewspaperList } from '~/components/site/newspaper-list'
import { PageStatus } from '~/components/site/page-status'
import { SectionHeading } from '~/components/site/section-heading'
import { containerClass } from '~/components/site/styles'
import {
  getFeaturedArticle,
  listLatestPerCategory,
} from '~/domain/articles/articles-queries.server'
import { listTrendingArticles, listTrendingTags } from '~/domain/articles/trending-queries.server'
import { listCategories } from '~/domain/categories/categories-queries.server'
import { listNewspaperEditions } from '~/domain/newspapers/newspapers-queries.server'
import { getAboutSummary } from '~/domain/pages/pages-queries.server'
import { getSiteIdentity, homeJsonLd } from '~/domain/seo/seo.server'
import { listActiveSocialLinks } from '~/domain/settings/settings-queries.server'
import { logger } from '~/infra/logger.server'
import { errorMeta, jsonLdMeta, seoMeta } from '~/lib/seo'
import type { Route } from './+types/_site._index'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

export async function loader() {
  const now = new Date()
  try {
    const featured = await getFeaturedArticle()
    const [trending, trendingTags, latestByCategory, categories, editions, site, about, social] =
      await Promise.all([
        listTrendingArticles(6, { excludeIds: featured ? [featured.id] : [] }),
        listTrendingTags(12),
        listLatestPerCategory(3),
        listCategories(),
        listNewspaperEditions(3),
        getSiteIdentity(),
        getAboutSummary(),
        listActiveSocialLinks().catch(() => []),
      ])
    return {
      meta: [
        ...seoMeta({ site, title: site.brand, description: about, path: '/' }),
        jsonLdMeta(
          homeJsonLd(
            site,
            social.map((link) => link.url),
          ),
        ),
      ],
      featured: featured ? toCardView(featured, now) : null,
      trending: toCardViews(trending, now),
      trendingTags,
      editions: toEditionViews(editions),
      sections: categories.map((category) => ({
        id: category.id,
        name: category.name,
        slug: category.slug,
        articles: toCardViews(latestByCategory.get(category.id) ?? [], now),
      })),
    }
  } catch (error) {
    logger.error({ err: error }, 'loading the home page failed')
    throw data('Failed to load articles', { status: 500 })
  }
}

export default function Home() {
  const { featured, trending, trendingTags, editions, sections } = useLoaderData<typeof loader>()
  return (
    <div className={`${containerClass} flex flex-col gap-14 py-8 sm:py-10`}>
      <h1 className="sr-only">Latest news</h1>

      <section aria-labelledby="featured-heading">
        <h2 id="featured-heading" className="sr-only">
          Featured
        </h2>
        {featured ? (
          <ArticleCard article={featured} size="large" priority />
        ) : (
          <p className="py-16 text-center text-muted-foreground">No articles published yet.</p>
        )}
      </section>

      {trendingTags.length > 0 ? (
        <section aria-labelledby="trending-tags-heading" className="-mt-4">
          <h2
            id="trending-tags-heading"
            className="mb-3 font-sans text-xs font-semibold uppercase tracking-wider text-muted-foreground"
          >
            Trending Tags
          </h2>
          <ul className="flex flex-wrap gap-2">
            {trendingTags.map((tag) => (
              <li key={tag.id}>
                <Link
                  to={`/tag/${tag.slug}`}
                  className="inline-flex rounded-full border px-3 py-1 text-sm font-medium transition-colors hover:border-foreground hover:bg-accent focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
                >
                  #{tag.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {trending.length > 0 ? (
        <section aria-labelledby="trending-heading">
          <SectionHeading id="trending-heading">Trending</SectionHeading>
          <ol className="grid gap-x-8 gap-y-6 sm:grid-cols-2 lg:grid-cols-3">
            {trending.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} size="small" />
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {editions.length > 0 ? (
        <section aria-labelledby="newspapers-heading">
          <SectionHeading id="newspapers-heading" moreTo="/newspapers" moreLabel="All editions">
            Print Editions
          </SectionHeading>
          <NewspaperList editions={editions} />
        </section>
      ) : null}

      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`category-${section.id}-heading`}>
          <SectionHeading
            id={`category-${section.id}-heading`}
            moreTo={`/category/${section.slug}`}
            moreLabel={`More ${section.name}`}
          >
            {section.name}
          </SectionHeading>
          {section.articles.length > 0 ? (
            <ArticleGrid articles={section.articles} />
          ) : (
            <p className="text-muted-foreground">No articles found in this category.</p>
          )}
        </section>
      ))}
    </div>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.meta ?? errorMeta('Failed to load articles')

export function ErrorBoundary() {
  const error = useRouteError()
  const failed = !isRouteErrorResponse(error) || error.status >= 500
  return (
    <PageStatus
      title={failed ? 'Something went wrong' : 'Page not found'}
      alert={failed ? 'Failed to load articles' : undefined}
      message={failed ? 'Please try again in a moment.' : undefined}
    />
  )
}
