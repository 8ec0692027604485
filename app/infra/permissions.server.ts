import { eq } from 'drizzle-orm'
import { redirect } from 'react-router'
import { sessions, siteSettings, userRole } from '@db/schema/index'
import {
  getAuth,
  hasSessionCookie,
  SESSION_ABSOLUTE_SECONDS,
  SESSION_ACTIVITY_UPDATE_SECONDS,
  SESSION_IDLE_SECONDS,
} from './auth.server'
import { getDb } from './db.server'
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
