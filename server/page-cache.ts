import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { NextFunction, Request, Response } from 'express'
import { LRUCache } from 'lru-cache'
import vary from 'vary'
import { type CacheKey, EVERYTHING, readCacheKeys, touches } from '~/infra/cache-keys.server'
import { getEnv } from '~/infra/env.server'
import { hasPersonalCookie } from '~/infra/http-cache.server'
import { requestContext } from '~/infra/request-context.server'

type Encoding = 'br' | 'gzip'

interface Lookup {
  /** The address the app is asked for: the request's, without tracking parameters. */
  url: string
  /** The stored page that answers it (`pageKey`). */
  key: string
  mayServe: boolean
  /** Whether its render may be stored under `key` (it carries nothing the page does not read). */
  mayStore: boolean
}

interface CachedPage {
  key: string
  status: number
  headers: [string, string][]
  /** Its ETag, for a 304 to a reader who holds it. */
  etag: string | undefined
  /** Whether it is sent compressed to a client that takes it (its type and size allow it). */
  compressible: boolean
  body: Buffer
  expiresAt: number
  /** The body compressed once per encoding, on first demand (see `encodedBody`). */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>
  /** The same bodies once compressed, so that a hit is answered without waiting a turn. */
  encodedReady: Partial<Record<Encoding, Buffer>>
  /** What the page shows, as cache keys (its `Surrogate-Key`); none: any change drops it. */
  shows: readonly CacheKey[]
  /** What the page holds in memory: its key, headers, body and compressed bodies. */
  bytes: number
}

export interface PageCacheOptions {
  /** Most pages kept; the least recently served goes first. */
  maxEntries?: number
  /**
   * Most bytes kept, counting every page's body, compressed bodies, headers and key; the least
   * recently served pages go first. A page larger than this is not kept. By default
   * PAGE_CACHE_MAX_BYTES (32 MiB: about 250 article pages of the demo content, 85–110 KB each,
   * with their gzip and br bodies). A quarter of the entries and bytes is for addresses with a
   * query string, the rest for the others (QUERY_SHARE).
   */
  maxBytes?: number
  /** Upper bound on an entry's life, whatever the page says. */
  maxAgeMs?: number
  /**
   * How long a shared page is kept past its life, for one purpose only: answering a request
   * the render queue refused (`answerStale`, server/render-queue.ts). By default
   * PAGE_CACHE_STALE_SECONDS. Never served fresh; a change drops it as it drops a live page.
   */
  staleMs?: number
  /** The clock (tests move it). */
  now?: () => number
  /** false (PAGE_CACHE=false): no page is kept or served. */
  keepPages?: boolean
  /**
   * Pages kept per kind of reader (decision 0046): for an address `paths` matches, `pageFor`
   * says which copy the reader gets (null: the shared page, or a render). Such copies are
   * private: kept in this process for readers of the same kind, never sent as shareable.
   */
  readerPages?: ReaderPages
}

export interface ReaderPages {
  paths: RegExp
  pageFor(
    request: globalThis.Request,
  ): Promise<{ variant: string; setCookie: string | null } | null>
}

const DEFAULT_MAX_ENTRIES = 500
/**
 * The share of the entries and bytes kept for addresses with a query string (search results,
 * later pages of a list, live updates): however many of those readers ask for (or one client
 * makes up), they evict only one another, never the front page or a story.
 */
const QUERY_SHARE = 0.25
/** The share kept for pages kept per kind of reader, when there are any (`readerPages`). */
const READER_SHARE = 0.25
/** Where a reader page's key starts: no address holds a line break. */
const READER_KEY = '\n'
/** Changes remembered for the pages being drawn (a render takes milliseconds). */
const RECENT_CHANGES = 64
/** What an entry costs beyond its bytes (the objects around them), roughly. */
const ENTRY_OVERHEAD_BYTES = 512

const CACHEABLE = /(?:^|,)\s*public\b/
const SKIPPED_HEADERS = new Set([
  'x-request-id',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'x-cache',
])
const S_MAXAGE = /s-maxage=(\d+)/
/** The header a page names what it shows in (server/request-handler.ts sets it). */
export const SHOWN_KEYS_HEADER = 'surrogate-key'
/**
 * Query parameters that name where a reader came from, never what the page shows: dropped
 * before the page is looked up or drawn, so `/?utm_source=x` is the same page as `/`.
 */
const TRACKING_PARAMETER =
  /^(?:utm_\w+|fbclid|gclid|gclsrc|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|_ga|_gl|igshid|yclid|twclid|ttclid|li_fat_id|srsltid|_hsenc|_hsmi|mkt_tok)$/i

/**
 * The query parameters each public page reads (its loader's `searchParams`), by path: only these
 * make a stored page's key, in one order, first value only. An address with any other, or one
 * of these twice, is answered from the stored page of its key but its render is not stored, so
 * made-up parameters never add an entry. React Router's `_routes` (data requests) and `index`
 * are read by every route. A route reading a new parameter names it here (page-cache.test.ts
 * checks every route module against this list).
 */
export const PAGE_QUERY_PARAMETERS: readonly (readonly [RegExp, readonly string[]])[] = [
  [/^\/search\/?$/i, ['q', 'page']],
  [/^\/api\/search\/?$/i, ['q', 'limit']],
  [/^\/api\/live\/[^/]+\/?$/i, ['since']],
  [/^\/(?:category|tag|author|newspapers)\/[^/]+\/?$/i, ['page']],
  [/^\/corrections\/?$/i, ['page']],
  [/^\/newsletter\/(?:unsubscribe|preferences)\/?$/i, ['t']],
  [/^\/(?:newsletter\/confirm|reset-password|invitation)\/?$/i, ['token']],
  [/^\/magic-link\/?$/i, ['redirectTo', 'error']],
  [/^\/(?:signin|signup|two-factor)\/?$/i, ['redirectTo']],
  [/^\/profile\/?$/i, ['confirmed', 'enrol']],
]
const EVERY_ROUTE_READS = ['_routes', 'index']
/** The Content API (routes/api.content.v1.*), matched as the router matches: any case. */
const CONTENT_API_PATH = /^\/api\/content\//i

/** The Admin API (routes/api.admin.v1.*), matched as the router matches: any case. */
const ADMIN_API_PATH = /^\/api\/admin\//i

/**
 * Query parameters that make the answer one reader's: a gift link (`?gift=`, issue 38) opens
 * a members story in full for whoever follows it. An address carrying one is neither answered
 * from a stored page (the story's preview would hide the gift) nor stored (decision 0045).
 */
const PERSONAL_QUERY_PARAMETERS = ['gift']

/** Whether `url` carries a parameter that makes its answer one reader's (a gift link). */
export function hasPersonalParameter(url: string): boolean {
  const query = url.indexOf('?')
  if (query === -1) return false
  // Read as the app reads it (URLSearchParams), so `?%67ift=` is a gift link here too.
  const params = new URLSearchParams(url.slice(query + 1))
  return PERSONAL_QUERY_PARAMETERS.some((name) => params.has(name))
}

/** The query parameters the page at `pathname` reads (a data request's as its page's). */
export function pageQueryParameters(pathname: string): readonly string[] {
  const path = pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, '')
  const own = PAGE_QUERY_PARAMETERS.find(([pattern]) => pattern.test(path))?.[1] ?? []
  return [...EVERY_ROUTE_READS, ...own]
}

/**
 * A page's key in the cache: its path and the parameters it reads (sorted, each once);
 * `exact` when the address carries nothing else, so that its render may be stored under it.
 */
export function pageKey(url: string): { key: string; exact: boolean } {
  const query = url.indexOf('?')
  if (query === -1) return { key: url, exact: true }
  const path = url.slice(0, query)
  const read = pageQueryParameters(path)
  const params = new URLSearchParams(url.slice(query + 1))
  const names = [...params.keys()]
  const exact = names.every((name, i) => read.includes(name) && names.indexOf(name) === i)
  const kept = new URLSearchParams()
  for (const name of [...new Set(names)].filter((n) => read.includes(n)).sort()) {
    kept.set(name, params.get(name) ?? '')
  }
  const rest = kept.toString()
  return { key: rest ? `${path}?${rest}` : path, exact }
}

/** `url` without tracking parameters (the rest in their order), or `url` itself if it has none. */
export function withoutTrackingParameters(url: string): string {
  const query = url.indexOf('?')
  if (query === -1) return url
  const params = new URLSearchParams(url.slice(query + 1))
  const names = [...new Set(params.keys())]
  if (!names.some((name) => TRACKING_PARAMETER.test(name))) return url
  for (const name of names) if (TRACKING_PARAMETER.test(name)) params.delete(name)
  const rest = params.toString()
  return rest ? `${url.slice(0, query)}?${rest}` : url.slice(0, query)
}
// The types and the size floor the `compression` middleware compresses (its defaults).
const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|xml|[\w.+-]+\+(?:json|xml)|javascript)\b|image\/svg\+xml)/
const COMPRESS_MIN_BYTES = 1024
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

// Browsers send one of a handful of Accept-Encoding headers: each is read once, not per hit.
const acceptedEncodings = new LRUCache<string, Encoding | 'identity'>({ max: 64 })

/** br when the client takes it at least as gladly as gzip (as `compression` prefers), else gzip. */
function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null
  let accepted = acceptedEncodings.get(header)
  if (accepted === undefined) {
    accepted = parseAcceptEncoding(header) ?? 'identity'
    acceptedEncodings.set(header, accepted)
  }
  return accepted === 'identity' ? null : accepted
}

function parseAcceptEncoding(header: string): Encoding | null {
  const quality = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
    if (name) quality.set(name, q === undefined ? 1 : Number(q) || 0)
  }
  const q = (name: Encoding) => quality.get(name) ?? quality.get('*') ?? 0
  if (q('br') > 0 && q('br') >= q('gzip')) return 'br'
  return q('gzip') > 0 ? 'gzip' : null
}

/**
 * Whole-page cache for anonymous readers (docs/architecture.md, "A request's path"): a GET with
 * no session or flash cookie whose response the app marked `public, s-maxage=N` is kept for N
 * seconds (at most `maxAgeMs`), with the cache keys of what it shows. `invalidate(keys)` (an
 * announced change, here or on another instance) drops only the pages that show one of them.
 * No request empties it by its method: a write changes pages through its announcement.
 */
export class PageCache {
  /**
   * Least recently served pages go first, by count and by bytes, in two parts: addresses with
   * a query string in a quarter of the budget (QUERY_SHARE), the others in the rest.
   */
  private entries: LRUCache<string, CachedPage>
  private queried: LRUCache<string, CachedPage>
  /** Reader pages (`readerPages`), in their own share; keys `<page key>\n<variant>`. */
  private readers: LRUCache<string, CachedPage>
  private generation = 0
  private pending = new Set<Promise<void>>()
  hits = 0
  misses = 0
  /** Pages dropped because something they show changed. */
  invalidated = 0
  /** Bodies compressed for the cache; one per page and encoding, not one per response. */
  compressions = 0
  /** Expired pages served to requests the render queue refused (`answerStale`). */
  staleServed = 0
  /** Responses answered with a stale copy: their bytes are not stored again as fresh. */
  private staleAnswers = new WeakSet<ServerResponse>()

  constructor(private options: PageCacheOptions = {}) {
    const maxBytes = options.maxBytes ?? getEnv().PAGE_CACHE_MAX_BYTES
    const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES
    const share = (of: number, part: number) => Math.max(1, Math.floor(of * part))
    const readerShare = options.readerPages ? READER_SHARE : 0
    const part = (max: number, maxSize: number) =>
      new LRUCache<string, CachedPage>({ max, maxSize, sizeCalculation: (page) => page.bytes })
    this.queried = part(share(maxEntries, QUERY_SHARE), share(maxBytes, QUERY_SHARE))
    this.readers = part(share(maxEntries, readerShare), share(maxBytes, readerShare))
    this.entries = part(
      Math.max(
        1,
        maxEntries -
          share(maxEntries, QUERY_SHARE) -
          (readerShare ? share(maxEntries, readerShare) : 0),
      ),
      maxBytes - share(maxBytes, QUERY_SHARE) - (readerShare ? share(maxBytes, readerShare) : 0),
    )
  }

  /** Where the page stored under `key` lives (see `entries`). */
  private part(key: string) {
    if (key.includes(READER_KEY)) return this.readers
    return key.includes('?') ? this.queried : this.entries
  }

  private get parts() {
    return [this.entries, this.queried, this.readers]
  }

  private now() {
    return this.options.now?.() ?? Date.now()
  }

  /** Whether an expired page is still kept, for `answerStale`. */
  private keptStale(page: CachedPage) {
    const staleMs = this.options.staleMs ?? getEnv().PAGE_CACHE_STALE_SECONDS * 1000
    return page.expiresAt + staleMs > this.now()
  }

  get size() {
    return this.parts.reduce((sum, part) => sum + part.size, 0)
  }

  /** Bytes held by the kept pages, as counted against `maxBytes`. */
  get bytes() {
    return this.parts.reduce((sum, part) => sum + part.calculatedSize, 0)
  }

  /** Empties the cache (a lost NOTIFY connection: changes made meanwhile were not heard). */
  clear() {
    for (const part of this.parts) part.clear()
    this.remember(new Set([EVERYTHING]))
  }

  /** The latest changes, newest last: a page drawn across one of them that shows it is stale. */
  private changes: { generation: number; keys: ReadonlySet<CacheKey> }[] = []

  private remember(keys: ReadonlySet<CacheKey>) {
    this.generation++
    this.changes.push({ generation: this.generation, keys })
    if (this.changes.length > RECENT_CHANGES) this.changes.shift()
  }

  /** Whether a change announced after `generation` reaches a page that shows `shows`. */
  private changedSince(generation: number, shows: readonly CacheKey[]): boolean {
    if (generation === this.generation) return false
    const oldest = this.changes[0]?.generation ?? Infinity
    if (generation + 1 < oldest) return true
    return this.changes.some(
      (change) =>
        change.generation > generation && (shows.length === 0 || touches(change.keys, shows)),
    )
  }

  /**
   * Drops the pages that show one of `keys` (every page for `chrome`), and any page with no
   * keys. A page being drawn meanwhile is not kept: it may have read what changed.
   */
  invalidate(keys: ReadonlySet<CacheKey>) {
    this.remember(keys)
    for (const part of this.parts) {
      for (const [key, page] of part.entries()) {
        if (page.shows.length === 0 || touches(keys, page.shows)) {
          part.delete(key)
          this.invalidated++
        }
      }
    }
  }

  /**
   * A stored page answered first thing, before the server's Express application (server/app.ts):
   * a hit needs none of it (its status, headers and compressed bodies were kept with it; the
   * request's id, security headers and metrics are set before this runs). True when it answered;
   * otherwise the request goes on to `middleware()` in its place after the input checks, which
   * renders and stores.
   */
  answerFirst(req: IncomingMessage, res: ServerResponse): boolean {
    const lookup = this.lookup(req)
    const cached = lookup.mayServe ? this.part(lookup.key).get(lookup.key) : undefined
    if (cached && cached.expiresAt > this.now()) {
      this.answer(cached, req, res)
      return true
    }
    // Passed on with its lookup, which `middleware()` would otherwise work out again.
    if (lookup.mayServe) this.lookups.set(req, lookup)
    return false
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next()
      const { url, key, mayServe, mayStore } = this.lookups.get(req) ?? this.lookup(req)
      // Where the reader came from is not part of the page: the app never sees it either.
      if (url !== req.url) req.url = url
      const readers = this.options.readerPages
      if (
        readers &&
        req.method === 'GET' &&
        mayStore &&
        this.options.keepPages !== false &&
        readers.paths.test(url)
      ) {
        readers.pageFor(asFetchRequest(req, url)).then(
          (page) => {
            if (page) this.serveReaderPage(key, page, req, res, next)
            else if (mayServe) this.serve(key, mayStore, req, res, next, false)
            else next()
          },
          // The app draws the page (and meets the failure itself).
          () => next(),
        )
        return
      }
      if (!mayServe) return next()
      this.serve(key, mayStore, req, res, next, false)
    }
  }

  /**
   * A reader page (decision 0046): the copy kept for this kind of reader, with this reader's
   * meter cookie; else the app's render, kept when it is the copy asked for.
   */
  private serveReaderPage(
    key: string,
    page: { variant: string; setCookie: string | null },
    req: Request,
    res: Response,
    next: NextFunction,
  ) {
    const readerKey = `${key}${READER_KEY}${page.variant}`
    const cached = this.readers.get(readerKey)
    if (cached && cached.expiresAt > this.now()) {
      if (page.setCookie) res.setHeader('Set-Cookie', page.setCookie)
      this.answer(cached, req, res)
      return
    }
    if (cached) this.readers.delete(readerKey)
    this.misses++
    this.capture(readerKey, req, res, page.variant)
    next()
  }

  /** Lookups `answerFirst()` made, for the requests it passed on. */
  private lookups = new WeakMap<IncomingMessage, Lookup>()

  /**
   * The page a GET or HEAD asks for (its address without tracking parameters) and its key,
   * whether a stored page may answer it, and whether its render may be stored.
   */
  private lookup(req: IncomingMessage): Lookup {
    const url = req.url ?? '/'
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return { url, key: url, mayServe: false, mayStore: false }
    }
    const address = withoutTrackingParameters(url)
    const { key, exact } = pageKey(address)
    return { url: address, key, mayServe: this.mayServe(req, url), mayStore: exact }
  }

  /** A request a stored page may answer: a reader's GET or HEAD, not signed in. */
  private mayServe(req: IncomingMessage, url: string) {
    if (this.options.keepPages === false) return false
    // An address in absolute form (`GET http://host/path`) is a proxy's business, not a page.
    if (!url.startsWith('/')) return false
    return !(
      hasPersonalCookie(req.headers.cookie) ||
      hasPersonalParameter(url) ||
      url.startsWith('/admin') ||
      url.startsWith('/api/auth') ||
      // The Admin API answers by staff token, each answer its owner's own.
      ADMIN_API_PATH.test(url) ||
      // The Content API answers by key (a revoked one must stop at once here, a "full text"
      // integration's answer is its own): a CDN may keep its answers, this cache does not.
      CONTENT_API_PATH.test(url)
    )
  }

  /**
   * A page from the cache, else the app's render of it. While one request renders a page,
   * others for it wait for that render and take the stored copy: a hundred readers arriving
   * together on an empty cache (a start, a write) cost one render, not a hundred at once on
   * the same database. A page the render did not store (not public, an error) is then
   * rendered for each waiter, as before.
   */
  private serve(
    key: string,
    mayStore: boolean,
    req: Request,
    res: Response,
    next: NextFunction,
    waited: boolean,
  ): void {
    const part = this.part(key)
    const cached = part.get(key)
    if (cached && cached.expiresAt > this.now()) {
      this.answer(cached, req, res)
      return
    }
    // An expired page stays a while for `answerStale`, until the render replaces it.
    if (cached && !this.keptStale(cached)) part.delete(key)
    // Parameters the page does not read: drawn for this reader, kept for no one.
    if (!mayStore) {
      this.misses++
      next()
      return
    }
    const rendering = this.rendering.get(key)
    if (rendering && !waited) {
      void rendering.then(() => {
        if (!res.destroyed) this.serve(key, mayStore, req, res, next, true)
      })
      return
    }
    this.misses++
    if (req.method === 'GET' && !rendering) this.noteRendering(key, res)
    this.capture(key, req, res)
    next()
  }

  /**
   * A request the render queue refused (server/render-queue.ts): answered from the page
   * stored for it, even expired (within `staleMs`), with the headers it had and `X-Cache:
   * STALE`. Only a request a stored page could answer fresh (`mayServe`: no session, no
   * personal parameter, not the back office), only from the shared pages. False: none.
   */
  answerStale(req: IncomingMessage, res: ServerResponse): boolean {
    const lookup = this.lookup(req)
    if (!lookup.mayServe) return false
    const cached = this.part(lookup.key).get(lookup.key)
    if (!cached) return false
    if (cached.expiresAt > this.now()) {
      this.staleAnswers.add(res)
      this.answer(cached, req, res)
      return true
    }
    if (!this.keptStale(cached)) return false
    this.staleServed++
    this.staleAnswers.add(res)
    this.answer(cached, req, res, 'STALE')
    return true
  }

  /** A stored page as the answer: its headers, a 304 for its ETag, its body in an encoding asked for. */
  private answer(
    cached: CachedPage,
    req: IncomingMessage,
    res: ServerResponse,
    state: 'HIT' | 'STALE' = 'HIT',
  ) {
    if (state === 'HIT') this.hits++
    for (const [name, value] of cached.headers) res.setHeader(name, value)
    res.setHeader('X-Cache', state)
    const ifNoneMatch = req.headers['if-none-match']
    if (cached.etag && ifNoneMatch?.split(',').some((tag) => tag.trim() === cached.etag)) {
      res.statusCode = 304
      res.end()
      return
    }
    res.statusCode = cached.status
    if (req.method === 'HEAD') {
      res.end()
      return
    }
    const encoding = cached.compressible ? acceptedEncoding(req.headers['accept-encoding']) : null
    if (!encoding) {
      res.end(cached.body)
      return
    }
    const sendEncoded = (body: Buffer) => {
      res.setHeader('Content-Encoding', encoding)
      res.setHeader('Content-Length', body.length)
      res.end(body)
    }
    const ready = cached.encodedReady[encoding]
    if (ready) {
      sendEncoded(ready)
      return
    }
    // Compressing a 100 KB page for every hit cost more than the rest of serving it: it is
    // done once per page and encoding.
    void this.encodedBody(cached, encoding).then(sendEncoded, () => res.end(cached.body))
  }

  /** Pages being rendered, each settled once its response is over and its copy stored. */
  private rendering = new Map<string, Promise<void>>()

  private noteRendering(key: string, res: Response) {
    const rendered = new Promise<void>((resolve) => {
      res.once('close', () => void this.settled().then(resolve, resolve))
    })
    this.rendering.set(key, rendered)
    void rendered.then(() => {
      if (this.rendering.get(key) === rendered) this.rendering.delete(key)
    })
  }

  private encodedBody(page: CachedPage, encoding: Encoding): Promise<Buffer> {
    let body = page.encoded[encoding]
    if (!body) {
      this.compressions++
      // The settings `compression` uses, so readers get the same bytes as before.
      body =
        encoding === 'br'
          ? brotli(page.body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
              },
            })
          : gzip(page.body)
      page.encoded[encoding] = body
      void body.then(
        (encoded) => {
          page.encodedReady[encoding] = encoded
          // Counted while the page is still kept (not emptied or evicted meanwhile).
          const part = this.part(page.key)
          if (part.peek(page.key) !== page) return
          page.bytes += encoded.length
          // Set again, for the cache to weigh it anew (the same value keeps its old size).
          part.delete(page.key)
          if (page.bytes <= part.maxSize) part.set(page.key, page)
        },
        () => {},
      )
    }
    return body
  }

  private capture(key: string, req: Request, res: Response, variant?: string) {
    if (req.method !== 'GET') return
    const generation = this.generation
    const chunks: Buffer[] = []
    const write = res.write.bind(res) as (...args: unknown[]) => boolean
    const end = res.end.bind(res) as (...args: unknown[]) => Response
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk) chunks.push(Buffer.from(chunk as Uint8Array))
      return write(chunk, ...rest)
    }) as Response['write']
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as Uint8Array))
      if (this.staleAnswers.has(res)) return end(chunk, ...rest)
      if (variant === undefined) this.store(key, res, Buffer.concat(chunks), generation)
      else this.storeReaderPage(key, variant, res, Buffer.concat(chunks), generation)
      return end(chunk, ...rest)
    }) as Response['end']
  }

  private store(key: string, res: Response, body: Buffer, generation: number) {
    const cacheControl = String(res.getHeader('cache-control') ?? '')
    if (res.statusCode !== 200 || !CACHEABLE.test(cacheControl) || res.getHeader('set-cookie'))
      return
    const seconds = Number(S_MAXAGE.exec(cacheControl)?.[1] ?? 0)
    if (!seconds) return
    const shows = readCacheKeys(String(res.getHeader(SHOWN_KEYS_HEADER) ?? '')) ?? []
    this.keep(key, res, body, generation, seconds * 1000, shows)
  }

  /**
   * A reader page as the app drew it: kept when the app drew the copy it was asked for (the
   * access it decided is the one looked up), without the reader's own cookie. A private answer
   * names what it shows to no one, so its keys come from the request's context.
   */
  private storeReaderPage(
    key: string,
    variant: string,
    res: Response,
    body: Buffer,
    generation: number,
  ) {
    const context = requestContext.getStore()
    if (res.statusCode !== 200 || context?.readerPage !== variant) return
    this.keep(key, res, body, generation, Infinity, [...(context.shownKeys ?? [])])
  }

  private keep(
    key: string,
    res: Response,
    body: Buffer,
    generation: number,
    lifeMs: number,
    shows: CacheKey[],
  ) {
    const cacheControl = String(res.getHeader('cache-control') ?? '')
    // Headers are taken now, as the app sent them; the encoding is redone per response.
    const headers: [string, string][] = []
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || SKIPPED_HEADERS.has(name) || name === 'set-cookie') continue
      headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)])
    }
    const header = (name: string) => headers.find(([n]) => n === name)?.[1]
    const compressible =
      body.length >= COMPRESS_MIN_BYTES &&
      COMPRESSIBLE.test(header('content-type') ?? '') &&
      !/\bno-transform\b/.test(cacheControl)
    // Whether the body comes compressed depends on what the client accepts, either way.
    if (compressible) {
      const kept = headers.find(([name]) => name === 'vary')
      if (kept) kept[1] = vary.append(kept[1], 'Accept-Encoding')
      else headers.push(['vary', 'Accept-Encoding'])
    }
    const pending = (async () => {
      const expiresAt = this.now() + Math.min(lifeMs, this.options.maxAgeMs ?? 60_000)
      // A change announced while this page was drawn, of something it shows, makes it stale.
      if (this.changedSince(generation, shows)) return
      let bytes = ENTRY_OVERHEAD_BYTES + key.length + body.length
      for (const [name, value] of headers) bytes += name.length + value.length
      const part = this.part(key)
      if (bytes > part.maxSize) return
      const etag = header('etag')
      const page = {
        key,
        status: 200,
        headers,
        etag,
        compressible,
        body,
        expiresAt,
        encoded: {},
        encodedReady: {},
        shows,
        bytes,
      }
      part.set(key, page)
    })()
    this.pending.add(pending)
    void pending.finally(() => this.pending.delete(pending))
  }

  /** Resolves once every page rendered so far is stored (or refused). */
  async settled() {
    await Promise.all([...this.pending])
  }
}

/** The request as the app's domain reads it for a reader page: its address and its cookies. */
function asFetchRequest(req: IncomingMessage, url: string): globalThis.Request {
  const headers = new Headers()
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie)
  return new globalThis.Request(`http://${req.headers.host ?? 'localhost'}${url}`, { headers })
}
