import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { NextFunction, Request, Response } from 'express'
import { getEnv } from '~/infra/env.server'
import { isPersonalRequest } from '~/infra/http-cache.server'

type Encoding = 'br' | 'gzip'

interface CachedPage {
  key: string
  status: number
  headers: [string, string][]
  body: Buffer
  expiresAt: number
  /** The body compressed once per encoding, on first demand (see `encodedBody`). */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>
  /** The value of the `hitHeader` the page was rendered with, handed to `onHit`. */
  hitValue: string | undefined
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
   * with their gzip and br bodies).
   */
  maxBytes?: number
  /** Upper bound on an entry's life, whatever the page says. */
  maxAgeMs?: number
  /** When the next scheduled article goes public: no page outlives that moment. */
  nextScheduledPublication?: () => Promise<Date | null>
  /** The clock (tests move it). */
  now?: () => number
  /**
   * A response header the app names something about the page in (the article it shows):
   * kept with the cached page for `onHit` and never sent to readers.
   */
  hitHeader?: string
  /** Called for every page served from the cache, with the page's `hitHeader` (view counting). */
  onHit?: (req: Request, hitValue: string | undefined) => void
  /**
   * false (PAGE_CACHE=false): no page is kept or served, but a successful write still empties
   * what the process keeps and tells `onClear` listeners (the other instances, a CDN).
   */
  keepPages?: boolean
}

const DEFAULT_MAX_ENTRIES = 500
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
// Writes that never change a public page. Autosave only ever saves drafts, every 10 s per open
// editor: clearing on it would keep the cache nearly empty while the newsroom works. Signing in
// and out only makes or ends a session: clearing on it emptied every instance's cache and
// purged the CDN (CDN_PURGE_URL) for each reader who signed in.
const PRIVATE_WRITES = new Set([
  '/admin/api/articles/autosave',
  '/signin',
  '/signout',
  '/two-factor',
  '/verify-otp',
  '/api/auth/sign-in/email',
  '/api/auth/sign-out',
])
// The types and the size floor the `compression` middleware compresses (its defaults).
const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|xml|[\w.+-]+\+(?:json|xml)|javascript)\b|image\/svg\+xml)/
const COMPRESS_MIN_BYTES = 1024
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** br when the client takes it at least as gladly as gzip (as `compression` prefers), else gzip. */
function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null
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
 * Whole-page cache for anonymous readers (docs/architecture.md): a GET with no session or flash
 * cookie whose response the app marked `public, s-maxage=N` is kept for N seconds. Any
 * successful write empties it, here and (through `invalidate` listeners) on other instances.
 */
export class PageCache {
  /** In order of last use: the first entry is the least recently served. */
  private entries = new Map<string, CachedPage>()
  private totalBytes = 0
  private listeners = new Set<() => void>()
  private generation = 0
  private pending = new Set<Promise<void>>()
  hits = 0
  misses = 0
  /** Bodies compressed for the cache; one per page and encoding, not one per response. */
  compressions = 0

  private readonly maxBytes: number

  constructor(private options: PageCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? getEnv().PAGE_CACHE_MAX_BYTES
  }

  private now() {
    return this.options.now?.() ?? Date.now()
  }

  get size() {
    return this.entries.size
  }

  /** Bytes held by the kept pages, as counted against `maxBytes`. */
  get bytes() {
    return this.totalBytes
  }

  /** Empties the cache; `broadcast` tells other instances too. */
  clear({ broadcast = true } = {}) {
    this.entries.clear()
    this.totalBytes = 0
    this.generation++
    if (broadcast) for (const listener of this.listeners) listener()
  }

  onClear(listener: () => void) {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        if (PRIVATE_WRITES.has(req.path)) return next()
        // A successful write may change any public page.
        res.on('finish', () => {
          if (res.statusCode < 400) this.clear()
        })
        return next()
      }
      if (this.options.keepPages === false) return next()
      const takeHitValue = this.withholdHitHeader(res)
      const fetchLike = {
        headers: { get: (name: string) => req.get(name) ?? null },
      } as unknown as globalThis.Request
      if (
        isPersonalRequest(fetchLike) ||
        req.path.startsWith('/admin') ||
        req.path.startsWith('/api/auth')
      ) {
        return next()
      }
      const key = req.originalUrl
      this.serve(key, req, res, next, takeHitValue, false)
    }
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
    req: Request,
    res: Response,
    next: NextFunction,
    takeHitValue: () => string | undefined,
    waited: boolean,
  ): void {
    const cached = this.entries.get(key)
    if (cached && cached.expiresAt > this.now()) {
      this.hits++
      // Most recently served goes last: eviction takes from the front.
      this.entries.delete(key)
      this.entries.set(key, cached)
      this.options.onHit?.(req, cached.hitValue)
      const ifNoneMatch = req.get('if-none-match')
      for (const [name, value] of cached.headers) res.setHeader(name, value)
      res.setHeader('X-Cache', 'HIT')
      const etag = cached.headers.find(([name]) => name === 'etag')?.[1]
      if (etag && ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag)) {
        res.status(304).end()
        return
      }
      res.status(cached.status)
      if (req.method === 'HEAD') {
        res.end()
        return
      }
      const encoding = this.encodingFor(req, cached)
      if (!encoding) {
        res.end(cached.body)
        return
      }
      // Compressing a 100 KB page for every hit cost more than the rest of serving it:
      // it is done once per page and encoding, and `compression` leaves an encoded body be.
      void this.encodedBody(cached, encoding).then(
        (body) => {
          res.vary('Accept-Encoding')
          res.setHeader('Content-Encoding', encoding)
          res.setHeader('Content-Length', body.length)
          res.end(body)
        },
        () => res.end(cached.body),
      )
      return
    }
    if (cached) this.remove(cached)
    const rendering = this.rendering.get(key)
    if (rendering && !waited) {
      void rendering.then(() => {
        if (!res.destroyed) this.serve(key, req, res, next, takeHitValue, true)
      })
      return
    }
    this.misses++
    if (req.method === 'GET' && !rendering) this.noteRendering(key, res)
    this.capture(key, req, res, takeHitValue)
    next()
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

  /**
   * Keeps the `hitHeader` out of the response, whoever sends it (a cached page or not, any
   * reader), and returns a reader of the value it had.
   */
  private withholdHitHeader(res: Response): () => string | undefined {
    const name = this.options.hitHeader
    if (!name) return () => undefined
    let value: string | undefined
    const take = () => {
      const header = res.getHeader(name)
      if (header === undefined) return value
      value = String(header)
      res.removeHeader(name)
      return value
    }
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response
    res.writeHead = ((...args: unknown[]) => {
      take()
      return writeHead(...args)
    }) as Response['writeHead']
    return take
  }

  private encodingFor(req: Request, page: CachedPage): Encoding | null {
    if (page.body.length < COMPRESS_MIN_BYTES) return null
    const type = page.headers.find(([name]) => name === 'content-type')?.[1] ?? ''
    const cacheControl = page.headers.find(([name]) => name === 'cache-control')?.[1] ?? ''
    if (!COMPRESSIBLE.test(type) || /\bno-transform\b/.test(cacheControl)) return null
    return acceptedEncoding(req.get('accept-encoding'))
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
          // Counted while the page is still kept (not emptied or evicted meanwhile).
          if (this.entries.get(page.key) !== page) return
          page.bytes += encoded.length
          this.totalBytes += encoded.length
          this.evict()
        },
        () => {},
      )
    }
    return body
  }

  private remove(page: CachedPage) {
    if (this.entries.get(page.key) !== page) return
    this.entries.delete(page.key)
    this.totalBytes -= page.bytes
  }

  /** Drops the least recently served pages until both bounds hold. */
  private evict() {
    const maxEntries = this.options.maxEntries ?? DEFAULT_MAX_ENTRIES
    for (const page of this.entries.values()) {
      if (this.entries.size <= maxEntries && this.totalBytes <= this.maxBytes) return
      this.remove(page)
    }
  }

  private capture(
    key: string,
    req: Request,
    res: Response,
    takeHitValue: () => string | undefined,
  ) {
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
      this.store(key, res, Buffer.concat(chunks), generation, takeHitValue())
      return end(chunk, ...rest)
    }) as Response['end']
  }

  private store(
    key: string,
    res: Response,
    body: Buffer,
    generation: number,
    hitValue: string | undefined,
  ) {
    const cacheControl = String(res.getHeader('cache-control') ?? '')
    if (res.statusCode !== 200 || !CACHEABLE.test(cacheControl) || res.getHeader('set-cookie'))
      return
    const seconds = Number(S_MAXAGE.exec(cacheControl)?.[1] ?? 0)
    if (!seconds) return
    // Headers are taken now, as the app sent them; the encoding is redone per response.
    const headers: [string, string][] = []
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || SKIPPED_HEADERS.has(name)) continue
      headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)])
    }
    const pending = (async () => {
      let expiresAt = this.now() + Math.min(seconds * 1000, this.options.maxAgeMs ?? 60_000)
      const next = await this.options.nextScheduledPublication?.().catch(() => null)
      if (next) expiresAt = Math.min(expiresAt, next.getTime())
      // A write that landed while this page was rendered makes it stale.
      if (expiresAt <= this.now() || generation !== this.generation) return
      let bytes = ENTRY_OVERHEAD_BYTES + key.length + body.length
      for (const [name, value] of headers) bytes += name.length + value.length
      if (bytes > this.maxBytes) return
      const previous = this.entries.get(key)
      if (previous) this.remove(previous)
      const page = { key, status: 200, headers, body, expiresAt, encoded: {}, hitValue, bytes }
      this.entries.set(key, page)
      this.totalBytes += bytes
      this.evict()
    })()
    this.pending.add(pending)
    void pending.finally(() => this.pending.delete(pending))
  }

  /** Resolves once every page rendered so far is stored (or refused). */
  async settled() {
    await Promise.all([...this.pending])
  }
}
