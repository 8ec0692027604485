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
