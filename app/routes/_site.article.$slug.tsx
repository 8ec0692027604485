import { lazy, Suspense } from 'react'
import { data, isRouteErrorResponse, useLoaderData, useRouteError } from 'react-router'
import { PageStatus } from '~/components/site/page-status'
import { ServerHtml } from '~/components/site/server-html'
import { CopyLink } from '~/components/site/share-links'
import { ViewBeacon } from '~/components/site/view-beacon'
import { getPublicArticlePage } from '~/domain/articles/article-page-queries.server'
import { getPublicLive } from '~/domain/live/live-queries.server'
import { articleAccessFor, hasGiftParameter } from '~/domain/membership/article-read.server'
import { noteReaderPage } from '~/domain/membership/reader-page.server'
import { getSiteSettings, listActiveSocialLinks } from '~/domain/settings/settings-queries.server'
import { PRIVATE_NO_STORE } from '~/infra/http-cache.server'
import { logger } from '~/infra/logger.server'
import { getSiteIdentity } from '~/domain/seo/seo.server'
import { errorMeta } from '~/lib/seo'
import { articlePageView } from './+shared/article-page.server'
import { notFound } from './+shared/http-answers.server'
import type { Route } from './+types/_site.article.$slug'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

// Only a live article's readers download the code that asks for its updates: every other
// article page stays inside the reader's JavaScript budget.
const LiveUpdates = lazy(() => import('~/components/site/live-updates'))

/** The name the article's markup goes by in a document request's `documentHtml`. */
const ARTICLE_MARKUP = 'article'

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const found = await getPublicArticlePage(params.slug)
  if (!found) notFound('Article not found')
  const { article } = found
  // A failed share row costs only itself.
  const [site, settings, socialLinks, live, access] = await Promise.all([
    getSiteIdentity(),
    getSiteSettings(),
    listActiveSocialLinks().catch((error: unknown) => {
      logger.error({ err: error }, 'loading social links failed')
      return []
    }),
    getPublicLive(String(article.id)),
    // The page counts a new read on the meter; the other channels only recognise one.
    articleAccessFor(article, request, { count: true }),
  ])
  // Which copy of the page this is, for the page cache to keep per kind of reader.
  await noteReaderPage(request, access)
  const { html, ...page } = articlePageView(
    found,
    site,
    socialLinks,
    new Date(),
    settings.timeZone,
    live,
    access,
  )
  // A document request carries the markup once, in the page (ServerHtml); data requests in
  // their data.
  context.documentHtml?.set(ARTICLE_MARKUP, html)
  // Views are counted by the page's beacon (ViewBeacon), whoever served the page.
  return data(
    {
      ...page,
      articleId: article.id,
      // A live page asks for its updates (components/site/live-updates.tsx) until coverage
      // ends; a reader without access gets none of its entries.
      isLive: live !== null && live.coverage.state !== 'ended' && access.read.full,
      html: context.documentHtml ? null : html,
    },
    // A gated story's full text, an answer the meter decided and a gift link's are this
    // reader's alone: no shared cache keeps them (decision 0045), and a gift link's address
    // goes to no other site as a Referer.
    access.read.personal
      ? {
          headers: {
            'Cache-Control': PRIVATE_NO_STORE,
            ...(hasGiftParameter(request) ? { 'Referrer-Policy': 'no-referrer' } : {}),
            ...(access.setCookie ? { 'Set-Cookie': access.setCookie } : {}),
          },
        }
      : undefined,
  )
}

// The loader's Cache-Control, when it set one, for the page and its data answer alike.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export default function ArticlePage() {
  const { slug, shareUrl, html, articleId, isLive } = useLoaderData<typeof loader>()
  // The page arrives as server-drawn HTML (article-page.server.tsx); only "Copy link" and the
  // view beacon run here.
  return (
    <>
      <ServerHtml key={slug} name={ARTICLE_MARKUP} html={html}>
        {(root) => (
          <>
            <CopyLink url={shareUrl} root={root} />
            {isLive ? (
              <Suspense fallback={null}>
                <LiveUpdates root={root} />
              </Suspense>
            ) : null}
          </>
        )}
      </ServerHtml>
      <ViewBeacon articleId={articleId} />
    </>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.meta ?? errorMeta('Article not found')

export function ErrorBoundary() {
  const error = useRouteError()
  // The one not-found answer (lib/not-found.ts), told by its status alone: `notFoundOf` would
  // be one more script on the readers' most-read page, which sits at its JavaScript budget.
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <PageStatus
        title="Article not found"
        message="The article you're looking for doesn't exist or is no longer available."
      />
    )
  }
  return <PageStatus title="Something went wrong" message="Please try again in a moment." />
}
