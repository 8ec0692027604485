import { betterAuth } from 'better-auth'
import { isAPIError } from 'better-auth/api'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { admin } from 'better-auth/plugins/admin'
import { emailOTP } from 'better-auth/plugins/email-otp'
import { magicLink } from 'better-auth/plugins/magic-link'
import { twoFactor } from 'better-auth/plugins/two-factor'
import { eq } from 'drizzle-orm'
import {
  accounts,
  profiles,
  rateLimits,
  sessions,
  twoFactors,
  verifications,
} from '@db/schema/index'
import { notFoundResponse } from '~/lib/not-found'
import { uniqueSlug } from '~/lib/slugify'
import { isReservedUsername, usernameKey } from '~/lib/username'
import {
  authAfterHook,
  authBeforeHook,
  CLIENT_IP_HEADER,
  LONGEST_GUARD_WINDOW,
} from './auth-hooks.server'
import {
  sendMagicLinkMail,
  sendOneTimeCodeMail,
  sendPasswordResetMail,
  sendVerificationMail,
} from './auth-mail.server'
import { getDatabaseHandle, getDb, type DatabaseHandle } from './db.server'
import { getEnv } from './env.server'
import { logger } from './logger.server'
import { createToastHeaders } from './toast.server'
import {
  hashPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  verifyPassword,
} from './password.server'

/** What a deactivated account is told when it tries to sign in. */
export const DEACTIVATED_ACCOUNT_MESSAGE =
  'This account has been deactivated. Ask an admin of the paper to reactivate it.'

export { CLIENT_IP_HEADER }

const DAY = 24 * 60 * 60

/**
 * Session lifetimes (docs/security.md). better-auth's expiry is the absolute lifetime: the
 * row and the cookie expire 30 days after sign-in and are never extended. Idle expiry is
 * ours: getSessionUser refuses a session unused for 7 days, and records activity at most
 * once per SESSION_ACTIVITY_UPDATE_SECONDS.
 */
export const SESSION_ABSOLUTE_SECONDS = 30 * DAY
export const SESSION_IDLE_SECONDS = 7 * DAY
export const SESSION_ACTIVITY_UPDATE_SECONDS = 60 * 60

export const SESSION_COOKIE_NAME = 'session_token'

export const WELCOME_TOAST = {
  type: 'success',
  title: 'Welcome back!',
  description: 'You have successfully signed in.',
} as const
export const COOKIE_PREFIX = 'broadsheet'

function createAuth(handle: DatabaseHandle) {
  const env = getEnv()
  const secret = env.BETTER_AUTH_SECRET
  if (!secret) throw new Error('BETTER_AUTH_SECRET is not set (ensureAuthSecret runs at start)')
  const https = env.siteUrl.startsWith('https://')
  return betterAuth({
    appName: 'Broadsheet',
    baseURL: `${env.siteUrl}/api/auth`,
    trustedOrigins: [env.siteUrl],
    secret,
    telemetry: { enabled: false },
    database: drizzleAdapter(handle.db, {
      provider: 'pg',
      // better-auth's model names mapped onto our tables (db/schema/auth.ts).
      schema: {
        user: profiles,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        rateLimit: rateLimits,
      },
    }),
    user: {
      additionalFields: {
        username: { type: 'string', required: false, input: false },
        usernameKey: { type: 'string', required: false, input: false, returned: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
      autoSignIn: true,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // The mail links to our own page, which posts the token back (no GET with side effects).
      sendResetPassword: async ({ user, token }) => {
        await sendPasswordResetMail(
          user.email,
          `${env.siteUrl}/reset-password?token=${encodeURIComponent(token)}`,
        )
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY,
      sendVerificationEmail: async ({ user, url }) => {
        await sendVerificationMail(user.email, url)
      },
    },
    session: {
      expiresIn: SESSION_ABSOLUTE_SECONDS,
      disableSessionRefresh: true,
    },
    rateLimit: {
      // better-auth's own limiter, for direct HTTP calls to /api/auth. It counts every request
      // (ours in auth-hooks.server.ts counts failures) and is kept looser than ours.
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 20 },
        '/sign-up/email': { window: LONGEST_GUARD_WINDOW, max: 40 },
        '/get-session': false,
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https, path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth skips its origin checks under NODE_ENV=test; tests must see production.
      disableOriginCheck: false,
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const base = usernameBase(user.email)
            const username = await freeUsername(base)
            return {
              data: {
                ...user,
                username,
                usernameKey: usernameKey(username),
                name: user.name || base,
              },
            }
          },
        },
      },
    },
    hooks: { before: authBeforeHook, after: authAfterHook },
    onAPIError: {
      // Refusals (wrong password, rate limit) are answers, not faults: only 5xx are errors.
      onError: (error) => {
        const status = isAPIError(error) ? error.statusCode : 500
        if (status >= 500) logger.error({ err: error }, 'auth endpoint failed')
        else logger.debug({ status }, 'auth endpoint refused a request')
      },
      // A broken link (a GET that fails) lands on a page of ours, not better-auth's error page.
      errorURL: `${env.siteUrl}/signin`,
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        logger[level]({ source: 'better-auth', details: args.map(String) }, message)
      },
    },
    plugins: [
      // A deactivated account is a banned one (domain/users/deactivation.server.ts): every way
      // in (password, magic link, e-mail code) makes a session, and the plugin refuses it.
      admin({
        defaultRole: 'viewer',
        adminRoles: ['admin'],
        bannedUserMessage: DEACTIVATED_ACCOUNT_MESSAGE,
      }),
      twoFactor({
        issuer: 'Broadsheet',
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
      magicLink({
        expiresIn: 5 * 60,
        storeToken: 'hashed',
        sendMagicLink: async ({ email, url, metadata }) => {
          const code = typeof metadata?.code === 'string' ? metadata.code : undefined
          await sendMagicLinkMail(email, url, code)
        },
      }),
      emailOTP({
        expiresIn: 5 * 60,
        allowedAttempts: 3,
        storeOTP: 'hashed',
        sendVerificationOTP: async ({ email, otp, type }) => {
          await sendOneTimeCodeMail(email, otp, type)
        },
      }),
    ],
  })
}

/**
 * A new account's username: its address's local part, made unique (-2, -3…). A local part
 * that is a reserved name (lib/username: "admin", "signin", "x.data"…) gets "reader-" before it.
 */
function usernameBase(email: string) {
  const local = email
    .split('@')[0]
    .replace(/[^\p{L}\p{N}._-]+/gu, '')
    .slice(0, 36)
  if (local.length < 3 || isReservedUsername(local)) {
    const prefixed = `reader-${local.replace(/\.data$/i, '')}`.slice(0, 36)
    return isReservedUsername(prefixed) ? 'reader' : prefixed
  }
  return local
}

async function freeUsername(base: string) {
  return uniqueSlug(base, async (candidate) => {
    const [row] = await getDb()
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.usernameKey, usernameKey(candidate)))
      .limit(1)
    return !!row
  })
}

export type Auth = ReturnType<typeof createAuth>

const instances = new WeakMap<DatabaseHandle, { key: string; auth: Auth }>()

/**
 * The better-auth instance for the installed database. Built on first use, per database (tests
 * install one per file) and again when the settings it was built from change.
 */
export function getAuth(): Auth {
  const handle = getDatabaseHandle()
  const env = getEnv()
  const key = JSON.stringify([env.siteUrl, env.BETTER_AUTH_SECRET, env.REQUIRE_EMAIL_VERIFICATION])
  const cached = instances.get(handle)
  if (cached && cached.key === key) return cached.auth
  const auth = createAuth(handle)
  instances.set(handle, { key, auth })
  return auth
}

/** Forgets the instance of the installed database (tests simulate a restart with it). */
export function resetAuth() {
  instances.delete(getDatabaseHandle())
}

/**
 * Headers for a server-side `auth.api.*` call on behalf of a request: its cookies and origin,
 * and the client address the server decided on, never one the client sent.
 */
export function authHeaders(request: Request, clientIp: string | null | undefined): Headers {
  const headers = new Headers(request.headers)
  headers.delete(CLIENT_IP_HEADER)
  if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp)
  return headers
}

/** Cheap test before any database work: public pages stay cacheable for anonymous readers. */
export function hasSessionCookie(request: Request) {
  const cookie = request.headers.get('cookie')
  return !!cookie && cookie.includes(`${COOKIE_PREFIX}.${SESSION_COOKIE_NAME}=`)
}

/**
 * Endpoints the site never calls over HTTP and that bypass its own rules: role changes
 * (the back office keeps the last-admin rule), changing the email address (no re-verification
 * flow here), deleting an account, and linking other accounts.
 */
const NOT_OVER_HTTP =
  /^\/api\/auth\/(?:admin|change-email|delete-user|link-social|unlink-account|list-accounts|account-info)(?:\/|$)/

/**
 * /api/auth/* over HTTP. The client address comes from the server (never from the request's
 * own headers); a request without one is refused rather than put in a shared bucket. The admin
 * plugin's endpoints are not exposed: role changes go through the back office's own rules
 * (last admin, session revocation).
 */
export async function handleAuthHttp(request: Request, clientIp: string | null | undefined) {
  const url = new URL(request.url)
  if (NOT_OVER_HTTP.test(url.pathname)) {
    return notFoundResponse('Not found')
  }
  if (!clientIp) {
    return Response.json(
      { code: 'CLIENT_ADDRESS_UNKNOWN', message: 'Your network address could not be determined.' },
      { status: 400 },
    )
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  const forwarded = new Request(request.url, {
    method: request.method,
    headers: authHeaders(request, clientIp),
    body: hasBody ? await request.arrayBuffer() : undefined,
  })
  const response = await getAuth().handler(forwarded)
  const welcome = await welcomeToast(url.pathname, response)
  if (welcome) return welcome
  const retryAfter = response.headers.get('x-retry-after')
  if (response.status === 429 && retryAfter && !response.headers.has('retry-after')) {
    const headers = new Headers(response.headers)
    headers.set('Retry-After', retryAfter)
    return new Response(response.body, { status: 429, statusText: response.statusText, headers })
  }
  return withoutSessionTokens(response)
}

/**
 * better-auth's JSON answers carry the session token (get-session's `session.token`, each of
 * list-sessions', sign-in's and change-password's `token`). The cookie holding it is HttpOnly
 * so that page scripts never see it; over HTTP those answers go to page scripts, so every
 * `token` field is left out. Our own server code calls `auth.api.*` and still gets them.
 */
async function withoutSessionTokens(response: Response): Promise<Response> {
  if (!/^application\/json\b/i.test(response.headers.get('content-type') ?? '')) return response
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  const init = { status: response.status, statusText: response.statusText, headers }
  return new Response(body === undefined ? text : JSON.stringify(dropTokens(body)), init)
}

function dropTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropTokens)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, inner]) => [key, dropTokens(inner)]),
  )
}

/** A link from a mail that signed the reader in gets the same welcome as the sign-in form. */
async function welcomeToast(pathname: string, response: Response) {
  if (!/\/(magic-link\/verify|verify-email)$/.test(pathname)) return null
  const location = response.headers.get('location') ?? ''
  if (response.status !== 302 || !location || /[?&]error=|\/two-factor\b/.test(location)) {
    return null
  }
  if (!response.headers.getSetCookie().some((c) => c.includes(`${SESSION_COOKIE_NAME}=`))) {
    return null
  }
  const headers = new Headers(response.headers)
  const toast = await createToastHeaders(WELCOME_TOAST)
  for (const cookie of toast.getSetCookie()) headers.append('Set-Cookie', cookie)
  return new Response(null, { status: 302, headers })
}
