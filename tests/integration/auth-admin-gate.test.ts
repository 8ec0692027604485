import { beforeAll, describe, expect, it } from 'vitest'
import { createTestUser, requestAs, sessionCookie, testContext } from '../setup/auth-fixtures'
import { fakeParams, loadRouteManifest, type ManifestRoute } from '../setup/route-manifest'

/**
 * Every route under /admin, taken from the route manifest (so routes added later are covered):
 * each loader and action refuses anonymous and viewer callers on the server.
 */
type Handler = (args: {
  request: Request
  params: Record<string, string>
  context: unknown
}) => unknown

let adminRoutes: ManifestRoute[] = []
let viewerCookie = ''

beforeAll(async () => {
  adminRoutes = (await loadRouteManifest()).filter(
    (route) => route.pattern === 'admin' || route.pattern.startsWith('admin/'),
  )
  viewerCookie = await sessionCookie(await createTestUser({ role: 'viewer' }))
})

async function outcome(handler: Handler, request: Request, route: ManifestRoute) {
  try {
    const result = await handler({
      request,
      params: fakeParams(route.pattern),
      context: testContext(),
    })
    return result
  } catch (thrown) {
    return thrown
  }
}

function describeOutcome(result: unknown) {
  if (result instanceof Response) return `${result.status} ${result.headers.get('location') ?? ''}`
  if (result instanceof Error) return `error ${result.message}`
  return `data ${JSON.stringify(result)?.slice(0, 80)}`
}

function requestFor(cookie: string | null, route: ManifestRoute, kind: 'loader' | 'action') {
  if (kind === 'loader') return requestAs(cookie, route.url)
  return requestAs(cookie, route.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'intent=delete&id=1',
  })
}

describe('the admin gate, for every admin route', () => {
  it('finds the admin routes', () => {
    expect(adminRoutes.length).toBeGreaterThan(0)
  })

  it('refuses anonymous callers: to /signin, or 401', async () => {
    for (const route of adminRoutes) {
      const mod = (await import(/* @vite-ignore */ `../../app/${route.file}`)) as Record<
        string,
        unknown
      >
      for (const kind of ['loader', 'action'] as const) {
        const handler = mod[kind] as Handler | undefined
        if (!handler) continue
        const result = await outcome(handler, requestFor(null, route, kind), route)
        const label = `${kind} of ${route.file}: ${describeOutcome(result)}`
        expect(result instanceof Response, label).toBe(true)
        const response = result as Response
        const toSignIn =
          response.status >= 300 &&
          response.status < 400 &&
          (response.headers.get('location') ?? '').startsWith('/signin')
        expect(toSignIn || response.status === 401, label).toBe(true)
      }
    }
  })

  it('refuses viewers: to /, or 403', async () => {
    for (const route of adminRoutes) {
      const mod = (await import(/* @vite-ignore */ `../../app/${route.file}`)) as Record<
        string,
        unknown
      >
      for (const kind of ['loader', 'action'] as const) {
        const handler = mod[kind] as Handler | undefined
        if (!handler) continue
        const result = await outcome(handler, requestFor(viewerCookie, route, kind), route)
        const label = `${kind} of ${route.file}: ${describeOutcome(result)}`
        expect(result instanceof Response, label).toBe(true)
        const response = result as Response
        const toHome =
          response.status >= 300 &&
          response.status < 400 &&
          response.headers.get('location') === '/'
        expect(toHome || response.status === 403, label).toBe(true)
      }
    }
  })
})
