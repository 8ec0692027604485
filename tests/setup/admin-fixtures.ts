import { expect } from 'vitest'
import { createTestUser, requestAs, sessionCookie, testContext } from './auth-fixtures'

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
): Promise<Response> {
  try {
    const result = await fn({ request, params, context: testContext() } as never)
    return toResponse(result)
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

function toResponse(result: unknown): Response {
  if (result instanceof Response) return result
  // `data(value, init)` of react-router: a DataWithResponseInit.
  const maybe = result as { type?: string; data?: unknown; init?: ResponseInit | null }
  if (maybe && maybe.type === 'DataWithResponseInit') {
    return Response.json(maybe.data, maybe.init ?? undefined)
  }
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
