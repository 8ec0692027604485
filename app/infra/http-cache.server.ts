import crypto from 'node:crypto'

/** A request that carries a session or a flash message gets a private answer. */
export function isPersonalRequest(request: Request) {
  return hasPersonalCookie(request.headers.get('cookie'))
}

/** Whether a `Cookie` header carries the site's session or flash cookie. */
export function hasPersonalCookie(cookie: string | null | undefined) {
  return /(?:^|;\s*)(?:__Secure-)?broadsheet[._][^=]*=/.test(cookie ?? '')
}

export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600'
export const PRIVATE_NO_STORE = 'private, no-store'

/**
 * A page whose address carries a secret (a newsletter confirmation or preferences token): no
 * cache keeps it (not a CDN, not the server's page cache, which keeps `public` pages only) and
 * the browser sends its address to no other site as a Referer. Its route's `headers` and any
 * answer it throws carry these.
 */
export const TOKEN_PAGE_HEADERS = {
  'Cache-Control': PRIVATE_NO_STORE,
  'Referrer-Policy': 'no-referrer',
} as const

/** The `headers` export of a route whose address carries a token (see TOKEN_PAGE_HEADERS). */
export const tokenPageHeaders = () => TOKEN_PAGE_HEADERS

/**
 * Cache policy for a rendered document when the route set none: public pages are cacheable
 * by a CDN for anonymous readers; the back office, errors and personal pages are not.
 */
export function documentCacheControl(request: Request, status: number) {
  const url = new URL(request.url)
  if (request.method !== 'GET' && request.method !== 'HEAD') return PRIVATE_NO_STORE
  if (url.pathname.startsWith('/admin') || url.pathname.startsWith('/profile'))
    return PRIVATE_NO_STORE
  if (isPersonalRequest(request)) return PRIVATE_NO_STORE
  if (status === 200) return PUBLIC_PAGE_CACHE
  if (status === 404 || status === 410) return 'public, max-age=0, s-maxage=30'
  return PRIVATE_NO_STORE
}

/** Browsers keep a 301 without Cache-Control for good: an hour lets a mistaken one be undone. */
export function redirectCacheControl(status: 301 | 302) {
  return status === 301 ? 'public, max-age=3600' : 'public, max-age=0, s-maxage=60'
}

/**
 * Cache policy for a single-fetch data answer (`.data`) when the route set none: the personal
 * ones are `private, no-store`, as their documents are; null leaves an anonymous one as it is.
 */
export function dataCacheControl(request: Request): string | null {
  const { pathname } = new URL(request.url)
  if (request.method !== 'GET' && request.method !== 'HEAD') return PRIVATE_NO_STORE
  if (pathname.startsWith('/admin') || pathname.startsWith('/profile')) return PRIVATE_NO_STORE
  return isPersonalRequest(request) ? PRIVATE_NO_STORE : null
}

export function weakEtag(body: string | Buffer) {
  return `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`
}

export function etagMatches(request: Request, etag: string) {
  const header = request.headers.get('if-none-match')
  if (!header) return false
  return header.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')
}
