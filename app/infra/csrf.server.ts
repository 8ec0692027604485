import type { NextFunction, Request, Response } from 'express'
import { getEnv } from './env.server'

/**
 * Cross-site request forgery: every state-changing request (any method but GET, HEAD and
 * OPTIONS) to any route is refused with 403 unless it comes from our own pages. Browsers say
 * where a request comes from (Origin, Sec-Fetch-Site); a forged form or fetch on another site
 * cannot hide it. docs/security.md explains the rules.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export interface CsrfInput {
  method: string
  origin?: string | null
  secFetchSite?: string | null
  referer?: string | null
}

export type CsrfVerdict = { allowed: true } | { allowed: false; reason: string }

function originOf(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

export function checkCsrf(input: CsrfInput, siteOrigin: string): CsrfVerdict {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return { allowed: true }
  const origin = input.origin?.trim()
  const site = input.secFetchSite?.trim().toLowerCase()
  if (origin === 'null') {
    // A form posted from one of our own pages that asks for no Referer (the pages whose address
    // carries a token, TOKEN_PAGE_HEADERS) says `Origin: null`: the Fetch standard hides the
    // origin of a navigation under the no-referrer policy. The browser's own Sec-Fetch-Site
    // still says same-origin there; a sandboxed frame or a redirect from another site, the
    // other ways to an opaque origin, says cross-site. Without Fetch Metadata it is refused.
    if (site === 'same-origin') return { allowed: true }
    return { allowed: false, reason: 'opaque origin' }
  }
  if (origin) {
    if (origin !== siteOrigin) return { allowed: false, reason: `foreign origin ${origin}` }
    return { allowed: true }
  }
  if (site === 'cross-site' || site === 'same-site') {
    return { allowed: false, reason: `Sec-Fetch-Site: ${site}` }
  }
  if (site === 'same-origin' || site === 'none') return { allowed: true }
  // No Origin and no Fetch Metadata: not a current browser (they send both on every POST),
  // so not a forged request riding on someone's cookies. A foreign Referer still refuses.
  if (input.referer && originOf(input.referer) !== siteOrigin) {
    return { allowed: false, reason: 'foreign referer' }
  }
  return { allowed: true }
}

export const CSRF_REFUSAL = 'Cross-site request refused.'

/**
 * RFC 8058 one-click unsubscribe: mail providers POST `List-Unsubscribe=One-Click` to the URL
 * of a newsletter's List-Unsubscribe header from their own servers, with whatever Origin they
 * like. The signed token in its query is the only authority that POST needs, and it changes
 * nothing but that one subscription, so exactly this path and method pass.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/newsletter/unsubscribe'

export function isOneClickUnsubscribe(method: string, pathname: string) {
  return method.toUpperCase() === 'POST' && pathname === ONE_CLICK_UNSUBSCRIBE_PATH
}

/** Express middleware placed in front of the React Router handler (server/app.ts). */
export function csrfProtection() {
  const siteOrigin = new URL(getEnv().siteUrl).origin
  return (req: Request, res: Response, next: NextFunction) => {
    if (isOneClickUnsubscribe(req.method, req.path)) {
      // React Router aborts an action whose Origin is not the site's: a provider that names
      // its own would be refused there, after this check let it through.
      delete req.headers.origin
      return next()
    }
    const origin = req.get('origin')
    const verdict = checkCsrf(
      {
        method: req.method,
        origin,
        secFetchSite: req.get('sec-fetch-site'),
        referer: req.get('referer'),
      },
      siteOrigin,
    )
    if (verdict.allowed) {
      // An opaque origin let through above is our own page's (Sec-Fetch-Site said so): React
      // Router would abort the action for an Origin that is not the request's, as it would a
      // mail provider's one-click POST.
      if (origin?.trim() === 'null') delete req.headers.origin
      return next()
    }
    res.status(403).setHeader('Cache-Control', 'no-store')
    const wantsJson =
      (req.get('accept') ?? '').includes('application/json') ||
      (req.get('content-type') ?? '').includes('json')
    if (wantsJson) res.json({ error: CSRF_REFUSAL })
    else res.type('text/plain').send(CSRF_REFUSAL)
  }
}
