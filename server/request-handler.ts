import crypto from 'node:crypto'
import { createReadableStreamFromReadable } from '@react-router/node'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import {
  createRequestHandler as createRouterHandler,
  type AppLoadContext,
  type ServerBuild,
} from 'react-router'
import { pingDatabase } from '~/infra/db.server'
import { logger } from '~/infra/logger.server'
import { requestContext } from '~/infra/request-context.server'

type RequestWithBody = ExpressRequest & { rawBody?: Buffer; id?: string }

/**
 * React Router's Express adapter, with two changes: a body already read by the input checks is
 * passed on as it is, and every loader learns the client's address and the request id.
 */
const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRouterHandler>>()

export function createRequestHandler(
  getBuild: () => Promise<ServerBuild> | ServerBuild,
  mode: string,
) {
  return async (req: RequestWithBody, res: ExpressResponse, next: NextFunction) => {
    try {
      const build = await getBuild()
      let handle = handlers.get(build)
      if (!handle) handlers.set(build, (handle = createRouterHandler(build, mode)))
      const request = toFetchRequest(req, res)
      const loadContext: AppLoadContext = {
        clientIp: req.ip ?? null,
        requestId: req.id ?? crypto.randomUUID(),
        ...(isDocumentRequest(req) ? { documentHtml: new Map<string, string>() } : {}),
      }
      const response = await handle(request, loadContext)
      // A route that failed because the database is gone answers 503 with a short page that
      // says so (the error page would cost a render, and tell the reader nothing useful).
      if (response.status >= 500 && (await databaseUnavailable())) {
        await response.body?.cancel()
        logger.warn({ url: req.originalUrl, status: response.status }, 'database unavailable')
        sendUnavailable(res, req.id)
        return
      }
      await sendResponse(res, response)
    } catch (error) {
      next(error)
    }
  }
}

/** True when the database does not answer a `select 1` within a second. */
export async function databaseUnavailable(): Promise<boolean> {
  try {
    await pingDatabase(1000)
    return false
  } catch {
    return true
  }
}

/** Seconds a client is asked to wait before trying again while the database is away. */
const RETRY_AFTER_SECONDS = 5

/** The answer while the database is unavailable: 503, a plain page, and when to try again. */
export function sendUnavailable(res: ExpressResponse, requestId?: string) {
  if (res.headersSent) {
    res.end()
    return
  }
  res
    .status(503)
    .set({ 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' })
    .type('html')
    .send(
      '<!doctype html><html lang="en"><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width,initial-scale=1">' +
        '<title>Temporarily unavailable</title>' +
        '<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">' +
        '<h1>We will be back in a moment</h1>' +
        '<p>The site cannot reach its database just now. Please try again in a few seconds.</p>' +
        (requestId ? `<p><small>Reference: ${requestId}</small></p>` : '') +
        '</body></html>',
    )
}

/** A page the browser will draw from HTML, not a React Router data request (`.data`). */
function isDocumentRequest(req: ExpressRequest) {
  return !req.path.endsWith('.data')
}

function toFetchRequest(req: RequestWithBody, res: ExpressResponse): Request {
  const host = req.get('host') ?? 'localhost'
  // `req.url`, not `originalUrl`: the page cache takes tracking parameters out of it (the
  // address it keeps the page under), and the route must draw that same address, or a page
  // stored for every reader would show what one reader's address carried.
  const url = new URL(`${req.protocol}://${host}${req.url}`)
  const headers = new Headers()
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value)
  }
  const controller = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  const init: RequestInit & { duplex?: 'half' } = {
    method: req.method,
    headers,
    signal: controller.signal,
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    if (req.rawBody) init.body = new Uint8Array(req.rawBody)
    else {
      init.body = createReadableStreamFromReadable(req)
      init.duplex = 'half'
    }
  }
  return new Request(url.href, init)
}

/**
 * A public page names what it shows (the keys its loaders noted, cache-keys.server.ts) for the
 * page cache and a CDN: `Surrogate-Key` (Fastly and others, space-separated) and `Cache-Tag`
 * (Cloudflare, comma-separated). A private answer names nothing.
 */
function nameShownKeys(res: ExpressResponse) {
  const keys = requestContext.getStore()?.shownKeys
  if (!keys?.size || !/(?:^|,)\s*public\b/.test(String(res.getHeader('cache-control') ?? '')))
    return
  const sorted = [...keys].sort()
  res.setHeader('Surrogate-Key', sorted.join(' '))
  res.setHeader('Cache-Tag', sorted.join(','))
}

async function sendResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel()
    return
  }
  res.statusMessage = response.statusText
  res.status(response.status)
  // A route's header replaces the server default of the same name (notably the page CSP with
  // its script hashes); only Set-Cookie may repeat.
  for (const [key, value] of response.headers.entries()) {
    if (key === 'set-cookie') res.append(key, value)
    else res.setHeader(key, value)
  }
  nameShownKeys(res)
  if (!response.body) {
    res.end()
    return
  }
  const reader = response.body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (!res.write(value)) await new Promise<void>((resolve) => res.once('drain', resolve))
    }
  } finally {
    res.end()
  }
}
