import crypto from 'node:crypto'
import { accounts, profiles, type userRole } from '../../db/schema/index'
import { authHeaders, getAuth } from '../../app/infra/auth.server'
import { getDb } from '../../app/infra/db.server'
import { readOutbox } from '../../app/infra/mail.server'
import { hashPassword } from '../../app/infra/password.server'
import { getToast } from '../../app/infra/toast.server'
import { usernameKey } from '../../app/lib/username'
import { isDataAnswer, thrownDataAnswer } from './route-answers'

/** The site address the test environment runs under (tests/setup/vitest-setup.ts). */
export const TEST_SITE_URL = process.env.SITE_URL ?? 'http://localhost:3000'

/** The address test requests come from unless a test picks another (127.0.0.2, 127.0.0.3…). */
export const TEST_CLIENT_IP = '127.0.0.1'

export interface TestUser {
  id: string
  email: string
  password: string
}

/**
 * An account with a password sign-in, written straight to the database (fast, and free of
 * the sign-up rate limit). Its address is verified.
 */
export async function createTestUser(
  opts: { role?: (typeof userRole.enumValues)[number]; email?: string; password?: string } = {},
): Promise<TestUser> {
  const id = crypto.randomUUID()
  const email = (opts.email ?? `user-${id.slice(0, 8)}@example.com`).toLowerCase()
  const password = opts.password ?? `pw-${crypto.randomBytes(9).toString('base64url')}`
  const username = email.split('@')[0]
  await getDb()
    .insert(profiles)
    .values({
      id,
      email,
      name: username,
      username,
      usernameKey: usernameKey(username),
      role: opts.role ?? 'viewer',
      emailVerified: true,
    })
  await getDb()
    .insert(accounts)
    .values({
      id: crypto.randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: await hashPassword(password),
    })
  return { id, email, password }
}

/** The `Cookie` header value of a fresh session, made by a real sign-in through better-auth. */
export async function sessionCookie(user: { email: string; password: string }): Promise<string> {
  const response = await getAuth().api.signInEmail({
    body: { email: user.email, password: user.password },
    headers: authHeaders(
      new Request(TEST_SITE_URL, { headers: { origin: TEST_SITE_URL } }),
      TEST_CLIENT_IP,
    ),
    asResponse: true,
  })
  if (!response.ok) {
    throw new Error(
      `sessionCookie: sign-in failed with ${response.status} ${await response.text()}`,
    )
  }
  return cookiesFrom(response.headers)
}

/** `name=value; name2=value2` from a response's Set-Cookie headers (expired ones left out). */
export function cookiesFrom(headers: Headers, previous = ''): string {
  const jar = new Map<string, string>()
  for (const pair of previous.split(';')) {
    const [name, ...rest] = pair.trim().split('=')
    if (name) jar.set(name, rest.join('='))
  }
  for (const line of headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(';')
    const [name, ...rest] = pair.trim().split('=')
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || rest.join('=') === ''
    if (expired) jar.delete(name)
    else jar.set(name, rest.join('='))
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
}

/**
 * A same-origin request as the browser would send it: URL relative to the site, Origin set,
 * and the session cookie (null for an anonymous reader).
 */
export function requestAs(cookie: string | null, url: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers)
  if (!headers.has('origin')) headers.set('origin', TEST_SITE_URL)
  if (cookie) headers.set('cookie', cookie)
  return new Request(new URL(url, TEST_SITE_URL), { ...init, headers })
}

/** A form post as a browser sends it. */
export function formRequest(
  cookie: string | null,
  url: string,
  fields: Record<string, string>,
): Request {
  return requestAs(cookie, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
}

/** The load context the Express server hands to loaders and actions. */
export function testContext(clientIp: string | null = TEST_CLIENT_IP) {
  return { clientIp, requestId: crypto.randomUUID() }
}

/** The toast a response leaves for the next page (the flash cookie), or null. */
export async function toastFrom(response: Response) {
  const cookie = cookiesFrom(response.headers)
  if (!cookie.includes('broadsheet.toast=')) return null
  const { toast } = await getToast(new Request(TEST_SITE_URL, { headers: { cookie } }))
  return toast
}

export interface RouteOutcome {
  status: number
  headers: Headers
  location: string | null
  // Route data is whatever the route returns; tests look inside it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any
}

type RouteHandler = (args: never) => unknown

/**
 * Calls a route's loader or action as React Router would, and reads the answer the same way
 * whether it was returned or thrown, a Response or `data()`.
 */
export async function runRoute(
  handler: RouteHandler,
  request: Request,
  opts: { clientIp?: string | null; params?: Record<string, string> } = {},
): Promise<RouteOutcome> {
  let result: unknown
  try {
    result = await (handler as (args: unknown) => unknown)({
      request,
      params: opts.params ?? {},
      context: testContext(opts.clientIp === undefined ? TEST_CLIENT_IP : opts.clientIp),
    })
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    result = thrown
  }
  if (result instanceof Response) {
    const type = result.headers.get('content-type') ?? ''
    const text = type.includes('json') ? await result.text() : ''
    const body = text ? JSON.parse(text) : null
    return {
      status: result.status,
      headers: result.headers,
      location: result.headers.get('location'),
      data: body,
    }
  }
  if (isDataAnswer(result)) {
    const init = result.init ?? {}
    return {
      status: init.status ?? 200,
      headers: new Headers(init.headers),
      location: null,
      data: result.data,
    }
  }
  return { status: 200, headers: new Headers(), location: null, data: result }
}

/**
 * `runRoute`, with a thrown `data()` (a 404, a 400, a guard's 403) read as the answer it is,
 * the way React Router renders it in the route's ErrorBoundary.
 */
export async function settleRoute(
  handler: RouteHandler,
  request: Request,
  opts: { clientIp?: string | null; params?: Record<string, string> } = {},
): Promise<RouteOutcome> {
  try {
    return await runRoute(handler, request, opts)
  } catch (thrown) {
    return thrownDataAnswer(thrown)
  }
}

/** The first link in the newest mail to `to` that matches `pattern`. */
export async function linkFromMail(
  to: string,
  pattern: RegExp = /https?:\/\/\S+/,
): Promise<string> {
  const mail = (await readOutbox()).find((m) => m.to.includes(to))
  if (!mail) throw new Error(`no mail to ${to}`)
  const link = pattern.exec(mail.text)?.[0]
  if (!link) throw new Error(`no link in the mail to ${to}: ${mail.text}`)
  return link
}
