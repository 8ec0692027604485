import crypto from 'node:crypto'
import { getSessionCookie } from 'better-auth/cookies'
import { eq } from 'drizzle-orm'
import { redirect } from 'react-router'
import { profiles, sessions, siteSettings, userRole } from '@db/schema/index'
import {
  COOKIE_PREFIX,
  getAuth,
  hasSessionCookie,
  SESSION_ABSOLUTE_SECONDS,
  SESSION_ACTIVITY_UPDATE_SECONDS,
  SESSION_IDLE_SECONDS,
} from './auth.server'
import { getDb } from './db.server'
import { getEnv } from './env.server'
import { logger } from './logger.server'

/**
 * better-auth authenticates; these decide who may do what, on the server, for every loader,
 * action and resource route (docs/style.md). The client never decides.
 */
export interface SessionUser {
  id: string
  email: string
  username: string | null
  role: (typeof userRole.enumValues)[number]
  twoFactorEnabled: boolean
}

export interface SessionInfo {
  user: SessionUser
  session: { id: string; createdAt: Date; updatedAt: Date; expiresAt: Date }
}

const ROLES = new Set<string>(userRole.enumValues)

// One lookup per request, however many loaders ask (root data, layout, page).
const perRequest = new WeakMap<Request, Promise<SessionInfo | null>>()

/** The signed-in user's session, or null; refuses (and deletes) idle and too-old sessions. */
export function getSession(request: Request): Promise<SessionInfo | null> {
  if (!hasSessionCookie(request)) return Promise.resolve(null)
  let pending = perRequest.get(request)
  if (!pending) {
    pending = lookUpSession(request)
    perRequest.set(request, pending)
  }
  return pending
}

/**
 * A read-only answer's session, read without better-auth's `getSession` (its pipeline costs
 * about 3 CPU ms a call; decision 0046), in three parts a caller joins to its own statement:
 * `sessionTokenOf` checks the cookie's signature as better-auth signs it (an HMAC-SHA256 of the
 * token with the site's secret, base64); `SESSION_COLUMNS` are what to read of the session
 * with its user (`sessions` joined to `profiles`); `primeSession` takes the row and answers only
 * what needs no writing: a session in good standing (the request's `getSession` then returns
 * it) or none. A session to refuse (expired, too old, idle, banned) or to note activity on is
 * left to `getSession` (undefined), as is a cookie that cannot be read.
 */
export function sessionTokenOf(request: Request): string | null | undefined {
  if (!hasSessionCookie(request)) return null
  const value = getSessionCookie(request, { cookiePrefix: COOKIE_PREFIX })
  const secret = getEnv().BETTER_AUTH_SECRET
  if (!value || !secret) return undefined
  let decoded: string
  try {
    decoded = decodeURIComponent(value)
  } catch {
    return undefined
  }
  // `<token>.<base64 signature>`, as better-call writes a signed cookie.
  const dot = decoded.lastIndexOf('.')
  if (dot < 1) return undefined
  const token = decoded.slice(0, dot)
  const given = Buffer.from(decoded.slice(dot + 1), 'base64')
  const expected = crypto.createHmac('sha256', secret).update(token).digest()
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
    ? token
    : undefined
}

export const SESSION_COLUMNS = {
  sessionId: sessions.id,
  createdAt: sessions.createdAt,
  updatedAt: sessions.updatedAt,
  expiresAt: sessions.expiresAt,
  userId: profiles.id,
  email: profiles.email,
  username: profiles.username,
  role: profiles.role,
  twoFactorEnabled: profiles.twoFactorEnabled,
  banned: profiles.banned,
}

/** A row of `SESSION_COLUMNS`. */
export interface SessionRow {
  sessionId: string
  createdAt: Date
  updatedAt: Date
  expiresAt: Date
  userId: string
  email: string
  username: string | null
  role: SessionUser['role']
  twoFactorEnabled: boolean | null
  banned: boolean | null
}

export function primeSession(
  request: Request,
  row: SessionRow | undefined,
): SessionInfo | null | undefined {
  let info: SessionInfo | null = null
  if (row) {
    const now = Date.now()
    const inGoodStanding =
      row.expiresAt.getTime() > now &&
      now - row.createdAt.getTime() <= SESSION_ABSOLUTE_SECONDS * 1000 &&
      now - row.updatedAt.getTime() <= SESSION_ACTIVITY_UPDATE_SECONDS * 1000 &&
      !row.banned
    if (!inGoodStanding) return undefined
    info = {
      user: {
        id: row.userId,
        email: row.email,
        username: row.username,
        role: ROLES.has(row.role) ? row.role : 'viewer',
        twoFactorEnabled: !!row.twoFactorEnabled,
      },
      session: {
        id: row.sessionId,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        expiresAt: row.expiresAt,
      },
    }
  }
  perRequest.set(request, Promise.resolve(info))
  return info
}

async function lookUpSession(request: Request): Promise<SessionInfo | null> {
  let result
  try {
    result = await getAuth().api.getSession({
      headers: request.headers,
      query: { disableCookieCache: true },
    })
  } catch (error) {
    logger.warn({ err: error }, 'session lookup failed')
    return null
  }
  if (!result) return null
  const { session, user } = result
  const now = Date.now()
  const createdAt = new Date(session.createdAt)
  const lastActive = new Date(session.updatedAt)
  const tooOld = now - createdAt.getTime() > SESSION_ABSOLUTE_SECONDS * 1000
  const idle = now - lastActive.getTime() > SESSION_IDLE_SECONDS * 1000
  if (tooOld || idle || user.banned) {
    await getDb().delete(sessions).where(eq(sessions.id, session.id))
    return null
  }
  let updatedAt = lastActive
  if (now - lastActive.getTime() > SESSION_ACTIVITY_UPDATE_SECONDS * 1000) {
    updatedAt = new Date(now)
    await getDb().update(sessions).set({ updatedAt }).where(eq(sessions.id, session.id))
  }
  return {
    user: {
      id: user.id,
      email: user.email,
      username: (user as { username?: string | null }).username ?? null,
      role: ROLES.has(user.role as SessionUser['role'])
        ? (user.role as SessionUser['role'])
        : 'viewer',
      twoFactorEnabled: !!user.twoFactorEnabled,
    },
    session: {
      id: session.id,
      createdAt,
      updatedAt,
      expiresAt: new Date(session.expiresAt),
    },
  }
}

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await getSession(request))?.user ?? null
}

/** /signin with the way back to where the reader was. */
export function signInUrl(request: Request) {
  const url = new URL(request.url)
  // A single-fetch data request (/page.data?_routes=…, the root as /_.data) comes back to the
  // page itself after sign-in, not to its data.
  const pathname = url.pathname.replace(/\/_\.data$/, '/').replace(/\.data$/, '')
  if (url.searchParams.has('_routes')) url.searchParams.delete('_routes')
  return `/signin?redirectTo=${encodeURIComponent(pathname + url.search)}`
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request)
  if (!user) throw redirect(signInUrl(request))
  return user
}

/** Settings: every admin must have two-factor on before the back office opens. */
export async function adminTwoFactorRequired(): Promise<boolean> {
  const [row] = await getDb()
    .select({ required: siteSettings.requireAdminTwoFactor })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1)
  return row?.required ?? false
}
