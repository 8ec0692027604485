import type { SearchDialogAnswer } from '~/components/site/search-dialog'
import { readerOf } from '~/domain/membership/reader.server'
import { readsMembersEditions } from '~/domain/newspapers/edition-access.server'
import { searchNewspaperEditions } from '~/domain/newspapers/newspapers-queries.server'
import { searchArticles } from '~/domain/search/search-queries.server'
import {
  normalizeSearchQuery,
  SEARCH_DIALOG_LIMIT,
  SEARCH_QUERY_MAX_LENGTH,
} from '~/domain/search/search-schema'
import { noteShownKeys } from '~/infra/cache-keys.server'
import { PRIVATE_NO_STORE } from '~/infra/http-cache.server'
import { toEditionSearchView } from './+shared/edition-search-view.server'
import type { Route } from './+types/api.search'

// The same query answers every reader the same way, so a CDN may share it briefly.
const CACHE_CONTROL = 'public, max-age=30, s-maxage=60, stale-while-revalidate=300'
const MAX_LIMIT = 20

/**
 * GET /api/search?q=…&limit=… — the search dialog's results, as JSON: the articles (at most
 * `limit`) and the print editions whose pages match, as /search shows them.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const raw = params.get('q') ?? ''
  if (raw.length > SEARCH_QUERY_MAX_LENGTH) {
    return Response.json(
      { error: `Search terms can be at most ${SEARCH_QUERY_MAX_LENGTH} characters.` },
      { status: 400, headers: { 'Cache-Control': 'no-store' } },
    )
  }
  const limitParam = params.get('limit')
  const limit = limitParam === null ? SEARCH_DIALOG_LIMIT : Number(limitParam)
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    return Response.json(
      { error: `limit must be a whole number from 1 to ${MAX_LIMIT}.` },
      { status: 400, headers: { 'Cache-Control': 'no-store' } },
    )
  }
  const query = normalizeSearchQuery(raw)
  // The same keys as /search: the answer shows articles and editions.
  noteShownKeys(['search', 'editions'])
  const reader = await readerOf(request)
  const [{ results, total, more }, editions] = await Promise.all([
    searchArticles(query, { limit }),
    searchNewspaperEditions(query, { reader }),
  ])
  const body: SearchDialogAnswer = {
    query,
    results,
    total,
    more,
    editions: editions.map(toEditionSearchView),
  }
  // A reader who may search members editions gets an answer of their own, which no shared
  // cache keeps (issue 38); everyone else gets the anonymous answer.
  const cacheControl = readsMembersEditions(reader) ? PRIVATE_NO_STORE : CACHE_CONTROL
  return Response.json(body, { headers: { 'Cache-Control': cacheControl } })
}
