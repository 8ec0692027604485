import { data, isRouteErrorResponse, Link, useLoaderData, useRouteError } from 'react-router'
import { ArticleCard, ArticleGrid } from '~/components/site/article-card'
import { toCardView, toCardViews, toEditionViews } from '~/components/site/card-view.server'
import { NewspaperList } from '~/components/site/newspaper-list'
import { PageStatus } from '~/components/site/page-status'
import { SectionHeading } from '~/components/site/section-heading'
import { containerClass } from '~/components/site/styles'
import { getHomePage } from '~/domain/front-page/front-page.server'
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
    // A story appears once: lead, trending, then the sections (getHomePage).
    const [front, site, about, social] = await Promise.all([
      getHomePage(),
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
      featured: front.lead ? toCardView(front.lead, now) : null,
      trending: toCardViews(front.trending, now),
      trendingTags: front.trendingTags,
      editions: toEditionViews(front.editions),
      sections: front.sections.map((section) => ({
        id: section.id,
        name: section.name,
        slug: section.slug,
        articles: toCardViews(section.articles, now),
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
          <ArticleGrid articles={section.articles} />
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
