import { countRedirectHit, findRedirect } from './redirects.server'

export type NotFoundAnswer =
  { kind: 'redirect'; status: 301 | 302; location: string } | { kind: 'gone' }

/**
 * What a request that found no page answers instead of 404, if an old address was kept for it:
 * a redirect (the reader's query string carried to one of our paths) or 410 Gone. Called only
 * once a page is known to be missing, so pages that exist never pay for the lookup.
 */
export async function answerForNotFound(
  request: Request,
  /** The address asked for: a loader's `url`, without a client navigation's `.data`. */
  url = new URL(request.url),
): Promise<NotFoundAnswer | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null
  const found = await findRedirect(url.pathname)
  if (!found) return null
  countRedirectHit(found.id)
  if (found.statusCode === 410 || !found.toPath) return { kind: 'gone' }
  const location = found.toPath.startsWith('/') ? `${found.toPath}${url.search}` : found.toPath
  return { kind: 'redirect', status: found.statusCode === 302 ? 302 : 301, location }
}
