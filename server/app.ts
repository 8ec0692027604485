import crypto from 'node:crypto'
import fs from 'node:fs'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import compression from 'compression'
import expressStaticGzip from 'express-static-gzip'
import express, { type NextFunction, type Request, type Response } from 'express'
import type { ServerBuild } from 'react-router'
import { isMembersEditionPdf } from '~/domain/newspapers/edition-access.server'
import { csrfProtection } from '~/infra/csrf.server'
import { getDatabaseHandle, pingDatabase } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { logger } from '~/infra/logger.server'
import { metrics } from '~/infra/metrics.server'
import { requestContext, requestIdFor } from '~/infra/request-context.server'
import { baseSecurityHeaders, contentSecurityPolicy } from '~/infra/security-headers.server'
import { paymentPageOrigins } from '~/infra/payment-pages.server'
import { PUBLIC_BUCKETS, type Bucket } from '~/infra/storage-driver.server'
import { isStorageUnavailable } from '~/infra/storage-guard.server'
import { getStorage, storageRoot } from '~/infra/storage.server'
import type { NotFoundBody } from '~/lib/not-found'
import { inputHygiene } from './input-hygiene'
import { lifecycle } from './lifecycle'
import type { PageCache } from './page-cache'
import { sendBusy, type RenderQueue } from './render-queue'
import { createRequestHandler, sendUnavailable, databaseUnavailable } from './request-handler'
import { routePattern } from './route-pattern'
import { migrationsPending } from './startup'

const VERSION = process.env.npm_package_version ?? '0.1.0'

export interface AppOptions {
  mode: 'production' | 'development'
  getBuild: () => Promise<ServerBuild> | ServerBuild
  /** Development: Vite's middleware serves modules and assets. */
  devMiddleware?: express.RequestHandler
  /** Whole-page cache for anonymous readers (production). */
  pageCache?: PageCache
  /** Production: the build's client files (default: BUILD_DIR/client). */
  clientDir?: string
  /**
   * Renders in flight, bounded (decision 0047): what reaches React Router waits its turn; a
   * request refused gets the page cache's stale copy, else a 503. None: no bound.
   */
  renderQueue?: RenderQueue
}

/**
 * The server's request listener: Express with the routes, and the HTTP server's `listen` for
 * it (`createApp(...).listen(port)`, or `http.createServer(createApp(...))`).
 */
export type ServerApp = http.RequestListener & {
  listen(port: number, host?: string, listening?: () => void): http.Server
}

type IncomingRequest = IncomingMessage & { id?: string }

/**
 * Every request, in order (docs/architecture.md, "A request's path"): its id, the headers every
 * answer carries and its metrics; then a page the page cache holds, answered without entering
 * Express (none of the routes and middleware there has anything to add to a stored page); then
 * the Express application.
 */
export function createApp({
  mode,
  getBuild,
  devMiddleware,
  pageCache,
  clientDir,
  renderQueue,
}: AppOptions): ServerApp {
  const env = getEnv()
  const app = express()
  app.disable('x-powered-by')
  // The client address is the socket peer unless TRUST_PROXY names the proxy hops in front.
  app.set('trust proxy', env.TRUST_PROXY)
  const https = env.siteUrl.startsWith('https://')
  // The same for every answer: worked out once.
  const everyAnswer = Object.entries({
    ...baseSecurityHeaders({ https }),
    ...(mode === 'production'
      ? { 'Content-Security-Policy': contentSecurityPolicy({ formOrigins: paymentPageOrigins() }) }
      : {}),
  })

  // The build, once known, names the route of each request in the metrics.
  let build: ServerBuild | undefined
  const knowBuild = () =>
    Promise.resolve()
      .then(getBuild)
      .then((b) => void (build = b))
      .catch(() => {})

  const listener = (req: IncomingRequest, res: ServerResponse) => {
    // A proxy in front (TRUST_PROXY) may name the request; a client may not.
    const id = requestIdFor(req.headers['x-request-id'], env.TRUST_PROXY > 0)
    req.id = id
    res.setHeader('X-Request-Id', id)
    for (const [name, value] of everyAnswer) res.setHeader(name, value)
    if (!build) void knowBuild()
    const url = req.url ?? '/'
    const started = performance.now()
    res.on('finish', () => {
      const ms = performance.now() - started
      const route = routeLabel(url, res, build)
      metrics.observeRequest(req.method ?? 'GET', route, res.statusCode, ms / 1000)
      const line = {
        requestId: id,
        method: req.method,
        url,
        status: res.statusCode,
        ms: Math.round(ms),
      }
      if (res.statusCode >= 500) logger.error(line, 'request failed')
      else logger.debug(line, 'request')
    })
    try {
      if (pageCache?.answerFirst(req, res)) return
    } catch (error) {
      // Outside Express nothing else would catch it: the request goes on to be rendered.
      logger.error({ err: error, requestId: id, url }, 'page cache: stored page not served')
      if (res.headersSent) return void res.destroy()
    }
    // Everything done for this request, to its last log line, knows its id.
    requestContext.run({ requestId: id }, () => app(req, res))
  }

  app.get('/healthz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    try {
      const db = await pingDatabase()
      res.json({ status: 'ok', db, version: VERSION })
    } catch (error) {
      logger.error({ err: error }, 'health check: database did not answer')
      res.status(503).json({ status: 'error', db: 'unavailable', version: VERSION })
    }
  })

  app.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    const state = await readiness()
    res.status(state === 'ready' ? 200 : 503).json({ status: state, version: VERSION })
  })

  app.get('/metrics', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    if (!metricsAllowed(req)) {
      sendNotFound(res)
      return
    }
    const text = await metrics.render()
    res.setHeader('Content-Type', metrics.contentType)
    res.send(text)
  })

  // What is compressed per request (an uncached page, a signed-in reader's page, JSON): br at
  // quality 3 with a 256 KiB window (a page is 80-130 KB) costs two thirds of the default's
  // (quality 4, a 4 MiB window) for 5% more bytes; quality 1 costs as much and sends 30-50%
  // more, as the page comes in chunks (docs/decisions/0050). gzip (rare now) at level 3.
  // Stored pages are compressed once, harder (server/page-cache.ts); assets at build time.
  app.use(
    compression({
      level: 3,
      brotli: {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
          [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
        },
      },
    }),
  )

  // A members edition's PDF is served by its route alone, which asks who reads (issue 38).
  app.get('/media/pdf_newspapers/{*name}', refuseMembersEditionPdf)
  serveMedia(app)

  if (devMiddleware) app.use(devMiddleware)
  else {
    const client = clientDir ?? path.resolve(process.env.BUILD_DIR ?? 'build', 'client')
    // Hashed file names: cache forever.
    // Sent as compressed at build time (vite.config.ts) when the browser takes br or gzip.
    app.use(
      '/assets',
      expressStaticGzip(path.join(client, 'assets'), {
        enableBrotli: true,
        orderPreference: ['br', 'gz'],
        serveStatic: { immutable: true, maxAge: '1y' },
      }),
    )
    // The few files of public/ by name: a page's address never costs a file lookup.
    const publicFiles = express.static(client, { maxAge: '1h', index: false })
    const publicNames = new Set(listFiles(client).map((name) => `/${name}`))
    app.use((req, res, next) => {
      if (!publicNames.has(req.path)) return next()
      res.locals.route = 'public-file'
      publicFiles(req, res, next)
    })
  }
  app.get('/favicon.ico', (_req, res) => res.redirect(301, '/favicon.svg'))

  app.use(inputHygiene())
  app.use(csrfProtection())
  if (pageCache) app.use(pageCache.middleware())
  // Only what React Router answers waits for a turn: stored pages, files, media and the
  // health checks above are answered whatever the load.
  if (renderQueue) {
    app.all(
      '/{*splat}',
      renderQueue.middleware((req, res) => {
        if (!pageCache?.answerStale(req, res)) sendBusy(res)
      }),
    )
  }
  app.all('/{*splat}', createRequestHandler(getBuild, mode))

  app.use((error: unknown, req: Request & { id?: string }, res: Response, _next: NextFunction) => {
    // Errors that carry a client status (a missing media file, a malformed body) keep it.
    const status =
      (error as { status?: number; statusCode?: number }).status ??
      (error as { statusCode?: number }).statusCode
    if (status && status >= 400 && status < 500 && !res.headersSent) {
      if (status === 404) sendNotFound(res, 'File not found')
      else res.status(status).type('text/plain').send('Bad request')
      return
    }
    void (async () => {
      // The database gone (stopped, restarting, unreachable): a 503 that says so, not a 500.
      if (!res.headersSent && (await databaseUnavailable())) {
        logger.warn({ err: error, url: req.originalUrl }, 'database unavailable')
        sendUnavailable(res, req.id)
        return
      }
      logger.error({ err: error, requestId: req.id, url: req.originalUrl }, 'unhandled error')
      if (res.headersSent) return res.end()
      res.status(500).type('text/plain').send(`Something went wrong. Reference: ${req.id}`)
    })()
  })
  const listen: ServerApp['listen'] = (port, host, listening) =>
    http.createServer(listener).listen(port, host, listening)
  return Object.assign(listener, { listen })
}

let migrated = false

/**
 * `ready` when this instance may take requests: not draining, the database answers, and it
 * holds every migration this build brings (checked until true once: it stays true).
 */
export async function readiness(): Promise<
  'ready' | 'draining' | 'database unavailable' | 'migrating'
> {
  if (lifecycle.draining) return 'draining'
  try {
    await pingDatabase(1000)
    if (!migrated) migrated = !(await migrationsPending(getDatabaseHandle()))
  } catch {
    return 'database unavailable'
  }
  if (lifecycle.draining) return 'draining'
  return migrated ? 'ready' : 'migrating'
}

/** The metric label of a request's route: a few fixed names, else the React Router route id. */
function routeLabel(url: string, res: ServerResponse, build: ServerBuild | undefined): string {
  // A route of Express's may name itself (a page the cache answered never entered Express).
  const fixed = (res as Partial<Response>).locals?.route as string | undefined
  if (fixed) return fixed
  const query = url.indexOf('?')
  const path = query === -1 ? url : url.slice(0, query)
  if (path === '/healthz' || path === '/readyz' || path === '/metrics') return path.slice(1)
  if (path.startsWith('/assets/')) return 'assets'
  if (path.startsWith('/media/')) return 'media'
  return build ? routePattern(build, path) : 'unknown'
}

/**
 * /metrics is for the operator: a request with `Authorization: Bearer METRICS_TOKEN`, or from an
 * address in METRICS_ALLOW (the client's address as TRUST_PROXY resolves it). Anyone else gets
 * the site's not-found answer, as for a missing file.
 */
function metricsAllowed(req: Request): boolean {
  const { METRICS_TOKEN, METRICS_ALLOW } = getEnv()
  const auth = req.get('authorization') ?? ''
  if (METRICS_TOKEN && auth.startsWith('Bearer ')) {
    const given = crypto.createHash('sha256').update(auth.slice('Bearer '.length)).digest()
    const expected = crypto.createHash('sha256').update(METRICS_TOKEN).digest()
    if (crypto.timingSafeEqual(given, expected)) return true
  }
  const ip = (req.ip ?? '').replace(/^::ffff:/, '')
  return ip !== '' && METRICS_ALLOW.includes(ip)
}

/**
 * The site's one not-found answer (app/lib/not-found.ts), for what Express answers before the
 * routes: a missing stored file, /metrics to someone not allowed.
 */
function sendNotFound(res: Response, message = 'Page not found') {
  const body: NotFoundBody = { ok: false, code: 'NOT_FOUND', message }
  res.status(404).json(body)
}

/** The files (not folders) directly in `dir`; none when it does not exist. */
function listFiles(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
  } catch {
    return []
  }
}

/**
 * A stored PDF comes from outside (an editor's upload) and may carry JavaScript or an XFA
 * form: it is downloaded, never shown by a browser's viewer on our origin (attachment), and
 * a document made of it could run nothing (sandbox). The print reader fetches it with pdf.js,
 * which draws pages and runs no script; neither header touches a fetch.
 */
const PDF_HEADERS = {
  'Content-Disposition': 'attachment',
  'Content-Security-Policy': 'sandbox',
}

/**
 * A members edition's PDF is not served at its stored address, to anyone: it goes out through
 * /newspapers/{slug}/pdf (app/routes/newspapers.$slug.pdf.tsx), to members and staff, never
 * kept by a shared cache. Its answer here is the one of a missing file, with no cache life, so
 * it follows the edition back to everyone at once. One indexed read, for PDFs only (covers
 * stay public).
 */
function refuseMembersEditionPdf(req: Request, res: Response, next: NextFunction) {
  const name = ([] as string[]).concat(req.params.name ?? []).join('/')
  if (!/\.pdf$/i.test(name)) return next()
  isMembersEditionPdf(name).then((membersOnly) => {
    if (!membersOnly) return next()
    res.setHeader('Cache-Control', 'no-store')
    sendNotFound(res, 'File not found')
  }, next)
}

/** Stored files under /media/{bucket}/{name}; names are random, so they never change. */
function serveMedia(app: express.Express) {
  const storage = getStorage()
  for (const bucket of PUBLIC_BUCKETS) {
    if (storage.kind === 'disk') {
      app.use(
        `/media/${bucket}`,
        express.static(path.join(storageRoot(), bucket), {
          immutable: true,
          maxAge: '1y',
          dotfiles: 'ignore',
          index: false,
          fallthrough: false,
          setHeaders: (res, file) => {
            res.setHeader('X-Content-Type-Options', 'nosniff')
            if (/\.pdf$/i.test(file)) res.set(PDF_HEADERS)
          },
        }),
      )
    } else {
      app.get(`/media/${bucket}/{*name}`, (req, res, next) =>
        streamObject(bucket, req, res).catch(next),
      )
    }
  }
}

async function streamObject(bucket: Bucket, req: Request, res: Response) {
  const name = ([] as string[]).concat(req.params.name ?? []).join('/')
  const storage = getStorage()
  let body
  try {
    body = await storage.get(bucket, name)
  } catch (error) {
    // The storage away: a 503 the browser and any CDN try again, not a 404 they keep.
    if (isStorageUnavailable(error)) {
      res.status(503).set({ 'Retry-After': '30', 'Cache-Control': 'no-store' })
      res.type('text/plain').send('This file cannot be fetched just now. Please try again soon.')
      return
    }
    body = null
  }
  if (!body) {
    sendNotFound(res, 'File not found')
    return
  }
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
  res.type(path.extname(name) || 'application/octet-stream')
  if (/\.pdf$/i.test(name)) res.set(PDF_HEADERS)
  body.pipe(res)
}
