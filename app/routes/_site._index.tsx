import { data, isRouteErrorResponse, useLoaderData, useRouteError } from 'react-router'
import { ArticleCard } from '~/components/site/article-card'
import { PageStatus } from '~/components/site/page-status'
import { ServerHtml } from '~/components/site/server-html'
import { containerClass } from '~/components/site/styles'
import { getHomePage } from '~/domain/front-page/front-page.server'
import { getAboutSummary } from '~/domain/pages/pages-queries.server'
import { getSiteIdentity, homeJsonLd } from '~/domain/seo/seo.server'
import { listActiveSocialLinks } from '~/domain/settings/settings-queries.server'
import { logger } from '~/infra/logger.server'
import { errorMeta, jsonLdMeta, seoMeta } from '~/lib/seo'
import { homePageView } from './+shared/home-page.server'
import type { Route } from './+types/_site._index'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

/** The name the sections' markup goes by in a document request's `documentHtml`. */
const SECTIONS_MARKUP = 'home'

export async function loader({ context }: Route.LoaderArgs) {
  try {
    // A story appears once: lead, trending, then the sections (getHomePage).
    const [front, site, about, social] = await Promise.all([
      getHomePage(),
      getSiteIdentity(),
      getAboutSummary(),
      listActiveSocialLinks().catch(() => []),
    ])
    // Below the lead the page is drawn on the server, kept a minute (home-page.server.ts).
    const { featured, sectionsHtml, hasSections } = homePageView(front)
    // A document request carries the markup once, in the page (ServerHtml); data requests in
    // their data.
    context.documentHtml?.set(SECTIONS_MARKUP, sectionsHtml)
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
      featured,
      hasSections,
      sectionsHtml: context.documentHtml ? null : sectionsHtml,
    }
  } catch (error) {
    logger.error({ err: error }, 'loading the home page failed')
    throw data('Failed to load articles', { status: 500 })
  }
}

export default function Home() {
  const { featured, hasSections, sectionsHtml } = useLoaderData<typeof loader>()
  return (
    <div className={`${containerClass} flex flex-col gap-14 py-8 sm:py-10`}>
      <h1 className="sr-only">Latest news</h1>

      {/* The lead stays a component: its picture is the page's largest paint, and React puts
          its preload in the head. */}
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

      {hasSections ? <ServerHtml name={SECTIONS_MARKUP} html={sectionsHtml} fadeImages /> : null}
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
