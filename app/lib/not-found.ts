import { isRouteErrorResponse } from 'react-router'

/**
 * The one "not found" every route answers: status 404 and this body, as JSON for an endpoint
 * and as the thrown answer a page's ErrorBoundary reads (`notFoundOf`). `PAGE_OUT_OF_RANGE` is
 * a list asked for a page past its last; `NOT_FOUND` is anything else that is not there.
 */
export interface NotFoundBody {
  ok: false
  code: NotFoundCode
  message: string
}

export type NotFoundCode = 'NOT_FOUND' | 'PAGE_OUT_OF_RANGE'

/**
 * The 404 answer of a resource route (an endpoint, a feed, a download) or of a server module
 * below the routes (the auth endpoints): this body as JSON. Thrown from a page's loader it
 * reaches the ErrorBoundary the same way. Pages' loaders throw `notFound()` (routes/+shared/
 * http-answers.server.ts), the same body as React Router's `data()`.
 */
export function notFoundResponse(
  message = 'Page not found',
  options: { code?: NotFoundCode; headers?: HeadersInit } = {},
): Response {
  const body: NotFoundBody = { ok: false, code: options.code ?? 'NOT_FOUND', message }
  return Response.json(body, { status: 404, headers: options.headers })
}

/** What a route's ErrorBoundary caught, when it is the not-found answer; else null. */
export function notFoundOf(error: unknown): NotFoundBody | null {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null
  const body = error.data as Partial<NotFoundBody> | null
  return {
    ok: false,
    code: body?.code === 'PAGE_OUT_OF_RANGE' ? 'PAGE_OUT_OF_RANGE' : 'NOT_FOUND',
    message: typeof body?.message === 'string' ? body.message : 'Page not found',
  }
}

/** True for the not-found body, where an endpoint answers either it or a shape of its own. */
export function isNotFoundBody(body: unknown): body is NotFoundBody {
  const candidate = body as Partial<NotFoundBody> | null
  return (
    candidate?.ok === false &&
    (candidate.code === 'NOT_FOUND' || candidate.code === 'PAGE_OUT_OF_RANGE') &&
    typeof candidate.message === 'string'
  )
}
