import { data, isRouteErrorResponse, Link, useLoaderData, useRouteError } from 'react-router'
import { PageStatus } from '~/components/site/page-status'
import { PaginationNav } from '~/components/site/pagination-nav'
import { gutterClass, textLinkClass } from '~/components/site/styles'
import { listLatestCorrections } from '~/domain/articles/corrections-queries.server'
import { getSiteIdentity } from '~/domain/seo/seo.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { logger } from '~/infra/logger.server'
import { formatArticleDate } from '~/lib/dates'
import { parsePageParam } from '~/lib/pagination'
import { errorMeta, pagedPath, seoMeta } from '~/lib/seo'
import type { Route } from './+types/_site.corrections'
import { notFound } from './+shared/http-answers.server'
import { notFoundOf } from '~/lib/not-found'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

const PAGE_SIZE = 20
const PATH = '/corrections'

export async function loader({ request }: Route.LoaderArgs) {
  const page = parsePageParam(new URL(request.url).searchParams)
  if (page === null) throw data('Invalid page number', { status: 400 })
  const corrections = await listLatestCorrections({ page, pageSize: PAGE_SIZE }).catch(
    (error: unknown) => {
      logger.error({ err: error, page }, 'loading corrections failed')
      throw data('Error fetching corrections', { status: 500 })
    },
  )
  if (page > corrections.pageCount) notFound('Page not found', { code: 'PAGE_OUT_OF_RANGE' })
  const [site, { timeZone }] = await Promise.all([getSiteIdentity(), getSiteSettings()])
  return {
    meta: seoMeta({
      site,
      title: page > 1 ? `Corrections (page ${page})` : 'Corrections',
      description: `Corrections to articles published on ${site.brand}, newest first.`,
      path: pagedPath(PATH, page),
    }),
    corrections: corrections.items.map((correction) => ({
      id: correction.id,
      text: correction.text,
      correctedIso: correction.correctedAt.toISOString(),
      correctedLabel: formatArticleDate(correction.correctedAt, timeZone),
      articleTitle: correction.articleTitle,
      articlePath: `/article/${correction.articleSlug}`,
    })),
    page: corrections.page,
    pageCount: corrections.pageCount,
  }
}

export default function CorrectionsPage() {
  const { corrections, page, pageCount } = useLoaderData<typeof loader>()
  return (
    <div className={`${gutterClass} max-w-3xl py-10`}>
      <header className="mb-8 border-b-2 border-foreground pb-6">
        <h1 className="font-serif text-3xl font-black tracking-tight sm:text-4xl">Corrections</h1>
        <p className="mt-3 text-muted-foreground">
          When we get something wrong, we correct the article and say so at its end. These are the
          latest corrections, newest first.
        </p>
      </header>
      {corrections.length > 0 ? (
        <ol className="divide-y">
          {corrections.map((correction) => (
            <li key={correction.id} className="py-6 first:pt-0">
              <time
                dateTime={correction.correctedIso}
                className="text-xs font-semibold uppercase tracking-wider text-muted-foreground"
              >
                {correction.correctedLabel}
              </time>
              <h2 className="mt-1 font-serif text-xl font-bold leading-snug">
                <Link to={correction.articlePath} className={textLinkClass}>
                  {correction.articleTitle}
                </Link>
              </h2>
              <p className="mt-2 whitespace-pre-line leading-relaxed">{correction.text}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="py-12 text-center text-muted-foreground">
          No corrections have been published.
        </p>
      )}
      <PaginationNav page={page} pageCount={pageCount} href={(n) => pagedPath(PATH, n)} />
    </div>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.meta ?? errorMeta('Corrections')

export function ErrorBoundary() {
  const error = useRouteError()
  if (notFoundOf(error)) {
    return <PageStatus title="Page not found" message="This list has fewer pages." />
  }
  if (isRouteErrorResponse(error) && error.status === 400) {
    return <PageStatus title="Invalid page number" message="Pages are numbered from 1." />
  }
  return (
    <PageStatus
      title="Something went wrong"
      alert="Error fetching corrections"
      message="Please try again in a moment."
    />
  )
}
