import { sql } from 'drizzle-orm'
import { expect, vi } from 'vitest'
import { getDb } from '~/infra/db.server'
import { logger } from '~/infra/logger.server'
import { UNEXPECTED_ERROR } from '~/lib/action-result'
import { createTestUser, requestAs, sessionCookie, testContext } from './auth-fixtures'
import { dataAnswerResponse, isDataAnswer } from './route-answers'

/** Cookies of an admin and a viewer, signed in through better-auth. */
export async function signedInCallers() {
  const admin = await createTestUser({ role: 'admin' })
  const viewer = await createTestUser({ role: 'viewer' })
  return {
    admin: { ...admin, cookie: await sessionCookie(admin) },
    viewer: { ...viewer, cookie: await sessionCookie(viewer) },
  }
}

type RouteFn = (args: never) => unknown

/** Calls a loader or action the way React Router does, with the request and params given. */
export async function callRoute(
  fn: RouteFn,
  request: Request,
  params: Record<string, string> = {},
  context: ReturnType<typeof testContext> = testContext(),
): Promise<Response> {
  try {
    const result = await fn({ request, params, context } as never)
    return toResponse(result)
  } catch (thrown) {
    // A thrown Response or data() (a guard's refusal, the one not-found answer) is the answer.
    if (thrown instanceof Response || isDataAnswer(thrown)) return toResponse(thrown)
    throw thrown
  }
}

function toResponse(result: unknown): Response {
  if (result instanceof Response) return result
  if (isDataAnswer(result)) return dataAnswerResponse(result)
  return Response.json(result)
}

/** A form post (urlencoded) from a caller, or anonymous with null. */
export function post(cookie: string | null, url: string, fields: Record<string, string>) {
  return requestAs(cookie, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
}

export function get(cookie: string | null, url: string) {
  return requestAs(cookie, url)
}

/** The loader/action refused an anonymous caller: off to sign in. */
export function expectSignInRedirect(response: Response) {
  expect(response.status).toBe(302)
  expect(response.headers.get('location')).toMatch(/^\/signin\?redirectTo=/)
}

/** The loader/action refused a signed-in viewer: off to the front page. */
export function expectHomeRedirect(response: Response) {
  expect(response.status).toBe(302)
  expect(response.headers.get('location')).toBe('/')
}

/**
 * Calls a route while one of its tables is really gone (renamed away for the call, then back),
 * so the database fails under it as it would in production, and checks the answer to the
 * unexpected: 500, the generic sentence and nothing more, and a log entry with the request's id.
 */
export async function expectUnexpectedFailure(
  fn: RouteFn,
  request: Request,
  options: { table: string; params?: Record<string, string> },
) {
  const context = testContext()
  const logged = vi.spyOn(logger, 'error')
  const db = getDb()
  await db.execute(sql.raw(`ALTER TABLE "${options.table}" RENAME TO "${options.table}__gone"`))
  let response: Response
  let entries: { requestId?: string }[]
  try {
    response = await callRoute(fn, request, options.params, context)
    entries = logged.mock.calls.map(([entry]) => entry as { requestId?: string })
  } finally {
    await db.execute(sql.raw(`ALTER TABLE "${options.table}__gone" RENAME TO "${options.table}"`))
    logged.mockRestore()
  }
  expect(response.status).toBe(500)
  const body = (await response.json()) as Record<string, unknown> & {
    toast?: { description?: string }
  }
  expect(body).toMatchObject({ ok: false, code: 'UNEXPECTED' })
  expect(body.toast?.description ?? body.formError).toBe(UNEXPECTED_ERROR)
  expect(JSON.stringify(body)).not.toMatch(new RegExp(`${options.table}__gone|relation|stack`, 'i'))
  expect(entries.some((entry) => entry?.requestId === context.requestId)).toBe(true)
  return body
}
