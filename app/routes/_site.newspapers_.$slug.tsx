import { lazy, Suspense, useEffect, useState } from 'react'
import { Link, useLoaderData, useRouteError, type ShouldRevalidateFunction } from 'react-router'
import { toEditionView } from '~/components/site/card-view.server'
import { Icon } from '~/components/site/icon'
import { EditionCover, EditionDateLine } from '~/components/site/newspaper-list'
import { PageStatus } from '~/components/site/page-status'
import { containerClass, outlineButtonClass, textLinkClass } from '~/components/site/styles'
import { readerOf } from '~/domain/membership/reader.server'
import { readsMembersEditions } from '~/domain/newspapers/edition-access.server'
import { getNewspaperEditionBySlug } from '~/domain/newspapers/newspapers-queries.server'
import { getSiteIdentity } from '~/domain/seo/seo.server'
import { noteShownKeys } from '~/infra/cache-keys.server'
import { clampPage, readerPageParam } from '~/lib/edition-page'
import { errorMeta, seoMeta } from '~/lib/seo'
import type { Route } from './+types/_site.newspapers_.$slug'
import { notFound } from './+shared/http-answers.server'
import { notFoundOf } from '~/lib/not-found'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

// pdf.js and the reader load only here, and only in the browser, after the first render: the
// server sends the cover and the download link, which is the whole page without JavaScript.
const EditionReader = lazy(() => import('~/components/site/edition-reader'))

export async function loader({ params, request }: Route.LoaderArgs) {
  noteShownKeys(['editions'])
  const edition = await getNewspaperEditionBySlug(params.slug)
  if (!edition) notFound('Edition not found')
  const site = await getSiteIdentity()
  // A members edition (issue 38): its cover, title and date for everyone, its pages and PDF
  // for members and staff only. An anonymous answer is the same for every anonymous reader
  // (cached and shared); a signed-in reader's is private (documentCacheControl).
  const locked = edition.membersOnly && !readsMembersEditions(await readerOf(request))
  const view = toEditionView(edition)
  const requested = readerPageParam(new URL(request.url).searchParams)
  return {
    meta: seoMeta({
      site,
      title: `${edition.title}${view.numberLabel ? ` (${view.numberLabel})` : ''}`,
      description: `The print edition of ${site.brand} of ${view.dateLabel}: ${view.pagesLabel}, to read page by page or download as a PDF.`,
      path: `/newspapers/${edition.slug}`,
      image: edition.cover?.url ?? null,
    }),
    edition: view,
    /** A members edition the reader may not open: the wall instead of its pages and PDF. */
    locked,
    pageCount: edition.pageCount,
    initialPage: clampPage(requested, edition.pageCount),
  }
}

// Turning a page changes only ?page=: the edition is already here, nothing to reload.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => (!formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate)

function useMounted() {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  return mounted
}

export default function EditionPage() {
  const { edition, locked, pageCount, initialPage } = useLoaderData<typeof loader>()
  const mounted = useMounted()
  const fallback = (
    <div className="mx-auto max-w-md">
      <EditionCover edition={edition} eager />
    </div>
  )
  return (
    <div className={`${containerClass} py-8 sm:py-10`}>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-muted-foreground">
        <Link to="/newspapers" className={`${textLinkClass} inline-flex items-center gap-1`}>
          <Icon name="chevron-left" className="size-4" />
          All print editions
        </Link>
      </nav>
      <header className="mb-6 flex flex-col gap-4 border-b-2 border-foreground pb-5 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="font-serif text-3xl font-black tracking-tight text-balance sm:text-4xl">
            {edition.title}
          </h1>
          <p className="mt-2 text-muted-foreground">
            <EditionDateLine edition={edition} />
            <span aria-hidden="true"> · </span>
            {edition.pagesLabel}
          </p>
        </div>
        {locked ? null : (
          <a
            href={edition.pdfUrl}
            download
            type="application/pdf"
            className={`${outlineButtonClass} h-10 self-start sm:self-auto`}
          >
            <Icon name="file-text" />
            {`Download PDF (${edition.sizeLabel})`}
          </a>
        )}
      </header>
      {locked ? (
        <MembersEditionWall slug={edition.slug}>{fallback}</MembersEditionWall>
      ) : mounted ? (
        <Suspense fallback={fallback}>
          <EditionReader
            title={edition.title}
            pdfUrl={edition.pdfUrl}
            sizeLabel={edition.sizeLabel}
            knownPageCount={pageCount}
            initialPage={initialPage}
            cover={edition.cover}
          />
        </Suspense>
      ) : (
        fallback
      )}
    </div>
  )
}

/** A members edition to a reader without access: its cover, and what opens its pages. */
function MembersEditionWall({ slug, children }: { slug: string; children: React.ReactNode }) {
  const back = encodeURIComponent(`/newspapers/${slug}`)
  return (
    <div className="grid gap-8 sm:grid-cols-[minmax(0,20rem)_1fr] sm:items-start">
      {children}
      <section aria-labelledby="edition-wall" className="rounded-md border bg-muted/40 p-6">
        <h2 id="edition-wall" className="font-serif text-2xl font-bold">
          This print edition is for members
        </h2>
        <p className="mt-2 text-muted-foreground">
          Its pages, its PDF and its text search are open to members of any plan.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to="/subscribe" className={outlineButtonClass}>
            See the plans
          </Link>
          <Link to={`/signin?redirectTo=${back}`} className={textLinkClass}>
            Sign in
          </Link>
        </div>
      </section>
    </div>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.meta ?? errorMeta('Edition not found')

export function ErrorBoundary() {
  const error = useRouteError()
  if (notFoundOf(error)) {
    return (
      <PageStatus
        title="Edition not found"
        message="The print edition you're looking for doesn't exist or is no longer available."
      >
        <Link to="/newspapers" className={outlineButtonClass}>
          All print editions
        </Link>
      </PageStatus>
    )
  }
  return <PageStatus title="Something went wrong" message="Please try again in a moment." />
}
