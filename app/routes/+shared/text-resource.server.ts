import { etagMatches, weakEtag } from '~/infra/http-cache.server'
import { notFoundResponse } from './http-answers.server'

// Feeds, sitemaps and robots.txt as HTTP: the domain (app/domain/feeds) builds their text;
// their cache policy, ETag and 304 are the edge's.

/** Feeds and sitemaps change with each publication; a CDN may keep them five minutes. */
export const FEED_CACHE_CONTROL = 'public, max-age=300, s-maxage=300, stale-while-revalidate=600'

/** A text resource with its cache policy and ETag; 304 when the reader already has it. */
export function cachedTextResponse(
  request: Request,
  body: string,
  contentType: string,
  cacheControl = FEED_CACHE_CONTROL,
): Response {
  const etag = weakEtag(body)
  const headers = new Headers({
    'Content-Type': contentType,
    'Cache-Control': cacheControl,
    ETag: etag,
  })
  if (etagMatches(request, etag)) return new Response(null, { status: 304, headers })
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers })
}

/** A feed whose category, tag or author does not exist: the one 404, re-checked soon. */
export function feedNotFound(message: string) {
  return notFoundResponse(message, {
    headers: { 'Cache-Control': 'public, max-age=0, s-maxage=30' },
  })
}
