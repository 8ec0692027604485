import { data, Form, isRouteErrorResponse, Link, useLoaderData, useRouteError } from 'react-router'
import { EditionSearchResults } from '~/components/site/edition-search-results'
import { Icon } from '~/components/site/icon'
import { PageStatus } from '~/components/site/page-status'
import { PaginationNav } from '~/components/site/pagination-nav'
import { SearchResultSummary } from '~/components/site/search-result-item'
import { gutterClass, primaryButtonClass } from '~/components/site/styles'
import { readerOf } from '~/domain/membership/reader.server'
import { searchNewspaperEditions } from '~/domain/newspapers/newspapers-queries.server'
import { searchArticles } from '~/domain/search/search-queries.server'
import {
  normalizeSearchQuery,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX_LENGTH,
} from '~/domain/search/search-schema'
import { parsePageParam } from '~/lib/pagination'
import { getSiteIdentity } from '~/domain/seo/seo.server'
import { noteShownKeys } from '~/infra/cache-keys.server'
import { errorMeta, seoMeta } from '~/lib/seo'
import { toEditionSearchView } from './+shared/edition-search-view.server'
import type { Route } from './+types/_site.search'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

/** The full results page: what the header's search falls back to without JavaScript. */
export async function loader({ request }: Route.LoaderArgs) {
  const searchParams = new URL(request.url).searchParams
  const page = parsePageParam(searchParams)
  if (page === null) throw data('Invalid page number', { status: 400 })
  const typed = (searchParams.get('q') ?? '').trim()
  if (typed.length > SEARCH_QUERY_MAX_LENGTH) {
    throw data(`Search terms can be at most ${SEARCH_QUERY_MAX_LENGTH} characters.`, {
      status: 400,
    })
  }
  const query = normalizeSearchQuery(typed)
  // The results, and on the first page the print editions that match.
  noteShownKeys(['search', 'editions'])
  const [{ results, total, more }, editions, site] = await Promise.all([
    searchArticles(query, { limit: SEARCH_PAGE_SIZE, offset: (page - 1) * SEARCH_PAGE_SIZE }),
    // The print editions head the first page of results only; members editions' text for
    // members and staff (a signed-in reader's page is private, documentCacheControl).
    page === 1
      ? readerOf(request).then((reader) => searchNewspaperEditions(query, { reader }))
      : Promise.resolve([]),
    getSiteIdentity(),
  ])
  return {
    meta: seoMeta({
      site,
      title: typed ? `Search: ${typed}` : 'Search',
      description: `Search the articles of ${site.brand}.`,
      path: '/search',
      // Result pages are endless and thin: crawlers may follow them, never index them.
      noIndex: true,
    }),
    typed,
    query,
    results,
    total,
    more,
    editions: editions.map(toEditionSearchView),
    page,
    pageCount: Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE)),
  }
}

export default function SearchPage() {
  const { typed, query, results, total, more, editions, page, pageCount } =
    useLoaderData<typeof loader>()
  return (
    <div className={`${gutterClass} max-w-3xl py-10`}>
      <h1 className="font-serif text-4xl font-black tracking-tight">Search</h1>
      <Form method="get" action="/search" role="search" className="mt-6 flex gap-2">
        <div className="relative flex-1">
          <Icon
            name="search"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            key={typed}
            type="search"
            name="q"
            defaultValue={typed}
            placeholder="Search articles..."
            aria-label="Search articles"
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            className="h-11 w-full rounded-md border border-input bg-background pl-9 pr-3 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
          />
        </div>
        <button type="submit" className={`${primaryButtonClass} h-11 px-5`}>
          Search
        </button>
      </Form>
      {editions.length > 0 ? (
        <div className="mt-8">
          <EditionSearchResults editions={editions} />
        </div>
      ) : null}
      <div className="mt-8">
        {query === '' ? (
          <p className="py-8 text-center text-muted-foreground">
            Start typing to search articles...
          </p>
        ) : results.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">
            No articles found for &quot;{typed}&quot;
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground" role="status">
              {more ? `${total}+` : total} {total === 1 && !more ? 'result' : 'results'} for &quot;
              {typed}&quot;
            </p>
            <ul className="mt-4 divide-y border-y">
              {results.map((result) => (
                <li key={result.id}>
                  <Link
                    to={`/article/${result.slug}`}
                    className="block py-5 hover:bg-accent/50 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <SearchResultSummary result={result} titleAs="h2" />
                  </Link>
                </li>
              ))}
            </ul>
            <PaginationNav
              page={page}
              pageCount={pageCount}
              href={(n) =>
                `/search?${new URLSearchParams({ q: typed, ...(n > 1 ? { page: String(n) } : {}) })}`
              }
            />
          </>
        )}
      </div>
    </div>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.meta ?? errorMeta('Search failed')

export function ErrorBoundary() {
  const error = useRouteError()
  const message =
    isRouteErrorResponse(error) && error.status === 400 && typeof error.data === 'string'
      ? error.data
      : 'Please try again in a moment.'
  return <PageStatus title="Search failed" message={message} />
}
