import { data } from 'react-router'
import { renderLiveDelta } from '~/components/site/live-blog.server'
import { getPublicLive, isKnownLiveSince } from '~/domain/live/live-queries.server'
import { articleAccessFor } from '~/domain/membership/article-read.server'
import { LIVE_CURSOR_STEP_MS } from '~/lib/live-cursor'
import { toLiveDelta } from '~/domain/live/live-view.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { notFoundResponse } from './+shared/http-answers.server'
import type { Route } from './+types/api.live.$id'

/**
 * GET /api/live/{articleId}?since={ms} — what changed in a live article's coverage since
 * `since` (a multiple of LIVE_CURSOR_STEP_MS: readers round their cursor down, so thousands of
 * them ask the same few questions). Public and cacheable: the page cache and a CDN keep each
 * answer under the article's key, and an entry's change (here or on another instance, by
 * NOTIFY) empties them with the article's page (docs/decisions/0038-live-updates-by-polling.md).
 */
const NO_LIVE = 'No live coverage here.'
const GATED = 'Sign in or subscribe to follow this coverage.'
const NO_STORE = { 'Cache-Control': 'private, no-store' }
// A since no reader's cursor gives (made up, or a change since overwritten): answered, but
// kept by no shared cache, so values made up one by one never fill the page cache or a CDN.
const NOT_SHARED = 'no-store'
// Browsers ask again each poll; shared caches keep the answer until the article changes.
const SHARED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=5'

function refuse(status: number, message: string) {
  return data({ ok: false, message }, { status, headers: NO_STORE })
}

export async function loader({ params, request }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id)) return notFoundResponse(NO_LIVE, { headers: NO_STORE })
  const sinceText = new URL(request.url).searchParams.get('since') ?? '0'
  if (!/^\d{1,15}$/.test(sinceText) || Number(sinceText) % LIVE_CURSOR_STEP_MS !== 0) {
    return refuse(
      400,
      `since must be a time in milliseconds, a multiple of ${LIVE_CURSOR_STEP_MS}.`,
    )
  }
  const live = await getPublicLive(params.id)
  if (!live) return notFoundResponse(NO_LIVE, { headers: NO_STORE })
  // The entries of a members (or registered) story are its text: the same rule as its page.
  const { read } = await articleAccessFor(live.gate, request)
  if (!read.full) return refuse(403, GATED)
  const { timeZone } = await getSiteSettings()
  const since = Number(sinceText)
  const delta = toLiveDelta(live, since, { now: new Date(), timeZone })
  // A gated story's entries are this reader's alone: no shared cache keeps them.
  const cacheControl = read.gated
    ? NO_STORE['Cache-Control']
    : isKnownLiveSince(live, since)
      ? SHARED
      : NOT_SHARED
  return Response.json(renderLiveDelta(delta), { headers: { 'Cache-Control': cacheControl } })
}
