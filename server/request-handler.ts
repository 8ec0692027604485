import crypto from 'node:crypto'
import { createReadableStreamFromReadable } from '@react-router/node'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { createRequestHandler as createRouterHandler, type ServerBuild } from 'react-router'

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
      const response = await handle(request, {
        clientIp: req.ip ?? null,
        requestId: req.id ?? crypto.randomUUID(),
        ...(isDocumentRequest(req) ? { documentHtml: new Map<string, string>() } : {}),
      })
      await sendResponse(res, response)
    } catch (error) {
      next(error)
    }
  }
}

/** A page the browser will draw from HTML, not a React Router data request (`.data`). */
function isDocumentRequest(req: ExpressRequest) {
  return !req.path.endsWith('.data')
}

function toFetchRequest(req: RequestWithBody, res: ExpressResponse): Request {
  const host = req.get('host') ?? 'localhost'
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`)
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
