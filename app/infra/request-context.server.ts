import { AsyncLocalStorage } from 'node:async_hooks'
import crypto from 'node:crypto'
import type { CacheKey } from './cache-key-shape.server'
import { singleton } from './singleton.server'

/**
 * What the server knows about the request being handled, wherever the code runs for it
 * (loaders, actions, queries, log calls): set once per request by server/app.ts. Every log
 * line written while a request is handled carries its id (logger.server.ts reads it here).
 */
export interface RequestContext {
  requestId: string
  /** What the page being drawn shows, as cache keys (cache-keys.server.ts `noteShownKeys`). */
  shownKeys?: Set<CacheKey>
  /** Which kept copy of a reader page this answer is (domain/membership/reader-page.server.ts). */
  readerPage?: string
}

export const requestContext = singleton(
  'request-context',
  () => new AsyncLocalStorage<RequestContext>(),
)

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId
}

// Letters, digits and a few separators, as proxies and load balancers make them (UUIDs, AWS's
// `Root=1-…`, nginx's $request_id): never anything that could break a log line or a header.
const SANE_ID = /^[A-Za-z0-9._:=+\-/]{8,128}$/

/**
 * The id for a request: the one a trusted proxy in front sent in X-Request-Id when it is
 * sane, else a new UUID. `trusted` is true when TRUST_PROXY names proxy hops in front, so the
 * header comes from the proxy and not from the client.
 */
export function requestIdFor(incoming: string | string[] | undefined, trusted: boolean): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming
  if (trusted && value && SANE_ID.test(value)) return value
  return crypto.randomUUID()
}
