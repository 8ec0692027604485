import { data } from 'react-router'
import { AccessError, ACCESS_DENIED, ROLE_REFUSED } from '~/domain/access/require-access.server'
import { PRIVATE_NO_STORE } from '~/infra/http-cache.server'
import { signInUrl } from '~/infra/permissions.server'
import { redirectWithToast } from '~/infra/toast.server'
import type { ActionResult } from '~/lib/action-result'
import { notFoundResponse, type NotFoundBody, type NotFoundCode } from '~/lib/not-found'

// Where the domain's refusals that are not a form's failure become HTTP: "not found" in one
// shape for every route, and access refusals as the answer their kind of request gets. Form
// posts' failures go through action-results.server.ts; this is for loaders, guards and
// resource routes. docs/architecture.md, "From a domain rule to an HTTP answer".

// The 404 answer of a resource route lives in lib (infra's auth endpoints answer it too).
export { notFoundResponse }

// The answers `notFound` threw, known by identity. React Router exports the class of `data()`
// only as UNSAFE_DataWithResponseInit and tags it with an internal `type`, so telling one apart
// by either would break on an upgrade; we recognise our own instead (docs/architecture.md,
// "The stack": public APIs only).
const thrownAnswers = new WeakSet<object>()

/**
 * Throws the 404 answer from a page's loader or action: the same body, as React Router's
 * `data()`, which its ErrorBoundary reads as `error.data` (`notFoundOf`).
 */
export function notFound(
  message = 'Page not found',
  options: { code?: NotFoundCode; headers?: HeadersInit } = {},
): never {
  const body: NotFoundBody = { ok: false, code: options.code ?? 'NOT_FOUND', message }
  const answer = data(body, { status: 404, headers: options.headers })
  thrownAnswers.add(answer)
  throw answer
}

/** True for an answer a route threw on purpose (`notFound`): an answer already, not a failure. */
export function isThrownAnswer(value: unknown): boolean {
  return typeof value === 'object' && value !== null && thrownAnswers.has(value)
}

/** How a request takes a refusal: a page or form post (redirects), or a JSON endpoint. */
export type RequestKind = 'page' | 'api'

/** The answer for an access refusal, by the kind of request that was refused. */
export async function accessRefusal(
  error: AccessError,
  request: Request,
  kind: RequestKind,
): Promise<Response> {
  if (error.code === 'NOT_FOUND') return notFoundResponse(error.message, { headers: noStore() })
  if (kind === 'api') {
    if (error.code === 'SIGN_IN_REQUIRED')
      return refusal(401, 'UNAUTHORIZED', 'Please sign in again.')
    if (error.code === 'TWO_FACTOR_REQUIRED') return refusal(403, error.code, error.message)
    return refusal(403, 'FORBIDDEN', ROLE_REFUSED)
  }
  const toast = { type: 'error', title: ACCESS_DENIED, description: error.message } as const
  switch (error.code) {
    case 'SIGN_IN_REQUIRED':
      return redirectWithToast(signInUrl(request), toast)
    case 'NOT_STAFF':
      return redirectWithToast('/', toast)
    case 'TWO_FACTOR_REQUIRED':
      return redirectWithToast('/profile?enrol=2fa', {
        type: 'info',
        title: 'Two-factor authentication required',
        description: 'Set up two-factor authentication to open the admin panel.',
      })
    default:
      return refusal(403, 'FORBIDDEN', ROLE_REFUSED)
  }
}

/** A 403/401 with the ActionResult every screen reads ("Access Denied" and why). */
export function refusal(status: number, code: string, description: string): Response {
  const body: ActionResult = {
    ok: false,
    code,
    toast: { type: 'error', title: ACCESS_DENIED, description },
  }
  return Response.json(body, { status, headers: noStore() })
}

/**
 * Runs a guard and throws its refusal as the answer: the one place an AccessError becomes
 * HTTP. Anything else thrown goes on unchanged.
 */
export async function guarded<T>(
  request: Request,
  kind: RequestKind,
  guard: () => Promise<T>,
): Promise<T> {
  try {
    return await guard()
  } catch (error) {
    if (error instanceof AccessError) throw await accessRefusal(error, request, kind)
    throw error
  }
}

function noStore() {
  return { 'Cache-Control': PRIVATE_NO_STORE }
}
