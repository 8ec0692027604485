import crypto from 'node:crypto'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { GenericEndpointContext } from 'better-auth'
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api'
import { deleteSessionCookie } from 'better-auth/cookies'
import { generateRandomString, symmetricDecrypt } from 'better-auth/crypto'
import { twoFactors } from '@db/schema/index'
import { getDb } from './db.server'
import {
  checkAccountLock,
  checkRateLimit,
  clearAccountFailures,
  consumeRateLimit,
  emailKey,
  normalizeClientIp,
  recordAccountFailure,
  recordRateLimitHit,
  type RateLimitRule,
} from './rate-limit.server'

/**
 * The client address as decided by the server (socket peer, or X-Forwarded-For through
 * TRUST_PROXY hops only). Whatever a client sends under this name is replaced before a
 * request reaches better-auth (api.auth.$.tsx, authHeaders()).
 */
export const CLIENT_IP_HEADER = 'x-broadsheet-client-ip'

type HookContext = GenericEndpointContext

/**
 * What each better-auth endpoint may spend. These run as better-auth hooks, so they apply to
 * HTTP calls under /api/auth and to the `auth.api.*` calls of our route actions alike.
 * `failures`: counted only when the attempt fails; the next attempt is refused once `max`
 * failures happened in the window. `perIp`/`perEmail`: every request counts.
 */
interface Guard {
  bucket: string
  failures?: RateLimitRule
  perIp?: RateLimitRule
  perEmail?: RateLimitRule
  accountLock?: boolean
}

const FIVE_FAILURES_A_MINUTE: RateLimitRule = { window: 60, max: 5 }
const MAIL_PER_IP: RateLimitRule = { window: 15 * 60, max: 5 }
const MAIL_PER_EMAIL: RateLimitRule = { window: 15 * 60, max: 3 }

export const AUTH_GUARDS: Record<string, Guard> = {
  '/sign-in/email': { bucket: 'sign-in', failures: FIVE_FAILURES_A_MINUTE, accountLock: true },
  '/sign-up/email': { bucket: 'sign-up', perIp: { window: 60 * 60, max: 30 } },
  '/request-password-reset': {
    bucket: 'password-reset',
    perIp: MAIL_PER_IP,
    perEmail: MAIL_PER_EMAIL,
  },
  '/reset-password': { bucket: 'reset-password', perIp: { window: 15 * 60, max: 10 } },
  '/sign-in/magic-link': { bucket: 'magic-link', perIp: MAIL_PER_IP, perEmail: MAIL_PER_EMAIL },
  '/email-otp/send-verification-otp': {
    bucket: 'otp-send',
    perIp: MAIL_PER_IP,
    perEmail: MAIL_PER_EMAIL,
  },
  '/send-verification-email': {
    bucket: 'verify-send',
    perIp: MAIL_PER_IP,
    perEmail: MAIL_PER_EMAIL,
  },
  '/email-otp/request-password-reset': {
    bucket: 'password-reset',
    perIp: MAIL_PER_IP,
    perEmail: MAIL_PER_EMAIL,
  },
  '/forget-password/email-otp': {
    bucket: 'password-reset',
    perIp: MAIL_PER_IP,
    perEmail: MAIL_PER_EMAIL,
  },
  '/sign-in/email-otp': { bucket: 'otp-verify', failures: FIVE_FAILURES_A_MINUTE },
  '/email-otp/reset-password': { bucket: 'otp-verify', failures: FIVE_FAILURES_A_MINUTE },
  '/email-otp/verify-email': { bucket: 'otp-verify', failures: FIVE_FAILURES_A_MINUTE },
  '/email-otp/check-verification-otp': {
    bucket: 'otp-verify',
    failures: FIVE_FAILURES_A_MINUTE,
  },
  '/two-factor/verify-totp': { bucket: 'two-factor', failures: FIVE_FAILURES_A_MINUTE },
  '/two-factor/verify-backup-code': { bucket: 'two-factor', failures: FIVE_FAILURES_A_MINUTE },
  '/change-password': { bucket: 'password-check', failures: FIVE_FAILURES_A_MINUTE },
  '/two-factor/enable': { bucket: 'password-check', failures: FIVE_FAILURES_A_MINUTE },
  '/two-factor/disable': { bucket: 'password-check', failures: FIVE_FAILURES_A_MINUTE },
  '/two-factor/generate-backup-codes': {
    bucket: 'password-check',
    failures: FIVE_FAILURES_A_MINUTE,
  },
}

/** The longest window above: better-auth's pruning must keep rows at least this long. */
export const LONGEST_GUARD_WINDOW = Math.max(
  ...Object.values(AUTH_GUARDS).flatMap((g) =>
    [g.failures, g.perIp, g.perEmail].filter(Boolean).map((r) => r!.window),
  ),
)

export const TOO_MANY_REQUESTS = 'Too many attempts. Please wait a moment and try again.'

function tooMany(retryAfter: number) {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { code: 'TOO_MANY_REQUESTS', message: TOO_MANY_REQUESTS },
    { 'Retry-After': String(retryAfter) },
  )
}

function header(ctx: HookContext, name: string) {
  return ctx.request?.headers.get(name) ?? ctx.headers?.get(name) ?? null
}

function bodyEmail(ctx: HookContext): string | null {
  const email = (ctx.body as { email?: unknown } | undefined)?.email
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null
}

async function guardBefore(ctx: HookContext) {
  const guard = AUTH_GUARDS[ctx.path ?? '']
  if (!guard) return
  const ip = normalizeClientIp(header(ctx, CLIENT_IP_HEADER))
  // No address, no shared bucket: the request is refused (docs/security.md).
  if (!ip) {
    throw new APIError('BAD_REQUEST', {
      code: 'CLIENT_ADDRESS_UNKNOWN',
      message: 'Your network address could not be determined. Please try again.',
    })
  }
  const email = bodyEmail(ctx)
  if (guard.failures) {
    const state = await checkRateLimit(`${guard.bucket}:fail:${ip}`, guard.failures)
    if (state.limited) throw tooMany(state.retryAfter)
  }
  if (guard.accountLock && email) {
    const lock = await checkAccountLock(email)
    if (lock.locked) throw tooMany(lock.retryAfter)
  }
  if (guard.perIp) {
    const state = await consumeRateLimit(`${guard.bucket}:ip:${ip}`, guard.perIp)
    if (state.limited) throw tooMany(state.retryAfter)
  }
  if (guard.perEmail && email) {
    const state = await consumeRateLimit(`${guard.bucket}:email:${emailKey(email)}`, guard.perEmail)
    if (state.limited) throw tooMany(state.retryAfter)
  }
}

function returnedValue(ctx: HookContext): unknown {
  return (ctx.context as { returned?: unknown }).returned
}

function failureCode(ctx: HookContext): string | null {
  const returned = returnedValue(ctx)
  if (!isAPIError(returned)) return null
  if (returned.statusCode < 400 || returned.statusCode >= 500 || returned.statusCode === 429) {
    return null
  }
  return String((returned.body as { code?: unknown } | undefined)?.code ?? returned.status)
}

async function guardAfter(ctx: HookContext) {
  const guard = AUTH_GUARDS[ctx.path ?? '']
  if (!guard) return
  const ip = normalizeClientIp(header(ctx, CLIENT_IP_HEADER))
  const email = bodyEmail(ctx)
  const code = failureCode(ctx)
  if (guard.failures && ip && code) {
    await recordRateLimitHit(`${guard.bucket}:fail:${ip}`, guard.failures)
  }
  if (guard.accountLock && email) {
    if (code === 'INVALID_EMAIL_OR_PASSWORD') await recordAccountFailure(email)
    else if (!isAPIError(returnedValue(ctx))) await clearAccountFailures(email)
  }
}

// ---- TOTP: a code is accepted once --------------------------------------------------------

const TOTP_PERIOD_MS = 30_000

function hotp(secret: string, counter: number) {
  const buffer = Buffer.alloc(8)
  buffer.writeBigUInt64BE(BigInt(counter))
  const mac = crypto.createHmac('sha1', Buffer.from(secret, 'utf8')).update(buffer).digest()
  const offset = mac[mac.length - 1] & 15
  const value = mac.readUInt32BE(offset) & 0x7fffffff
  return String(value % 1_000_000).padStart(6, '0')
}

/** The time step a code belongs to, within the ±1 step window better-auth accepts. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const current = Math.floor(now / TOTP_PERIOD_MS)
  for (const step of [current - 1, current, current + 1]) {
    const expected = hotp(secret, step)
    if (crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(code))) return step
  }
  return null
}

async function twoFactorUserId(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null)
  if (session?.user.id) return session.user.id
  const cookie = ctx.context.createAuthCookie('two_factor')
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret)
  if (!identifier) return null
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier)
  return pending?.value ?? null
}

/**
 * Claims the code's time step before better-auth checks the code: the claim is one
 * conditional UPDATE, so the same code can never pass twice, even in two parallel requests.
 */
async function preventTotpReplay(ctx: HookContext) {
  const code = String((ctx.body as { code?: unknown } | undefined)?.code ?? '')
  if (!/^\d{6}$/.test(code)) return
  const userId = await twoFactorUserId(ctx)
  if (!userId) return
  const [row] = await getDb()
    .select({ secret: twoFactors.secret })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .limit(1)
  if (!row) return
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret })
  const step = totpStep(secret, code)
  if (step === null) return
  const claimed = await getDb()
    .update(twoFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactors.userId, userId),
        or(isNull(twoFactors.lastUsedStep), lt(twoFactors.lastUsedStep, step)),
      ),
    )
    .returning({ id: twoFactors.id })
  if (claimed.length === 0) {
    throw new APIError('UNAUTHORIZED', {
      code: 'CODE_ALREADY_USED',
      message: 'This code was already used. Enter the next code from your app.',
    })
  }
}

// ---- Second factor for passwordless sign-ins ---------------------------------------------

const PASSWORDLESS_SIGN_INS = new Set([
  '/magic-link/verify',
  '/sign-in/email-otp',
  '/verify-email',
  '/email-otp/verify-email',
])
const TWO_FACTOR_CHALLENGE_SECONDS = 600

/**
 * better-auth asks for the second factor only after a password sign-in; a magic link, an
 * emailed code or a verification link would otherwise open a session without it. This does
 * what its two-factor plugin does for passwords: drop the new session and open a challenge.
 */
async function requireSecondFactor(ctx: HookContext) {
  const created = ctx.context.newSession
  if (!created?.user || !(created.user as { twoFactorEnabled?: boolean }).twoFactorEnabled) return
  const [enrolled] = await getDb()
    .select({ verified: twoFactors.verified })
    .from(twoFactors)
    .where(eq(twoFactors.userId, created.user.id))
    .limit(1)
  if (!enrolled || enrolled.verified === false) return
  deleteSessionCookie(ctx, true)
  await ctx.context.internalAdapter.deleteSession(created.session.token)
  ctx.context.setNewSession(null)
  const identifier = `2fa-${generateRandomString(20)}`
  const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_SECONDS * 1000)
  await ctx.context.internalAdapter.createVerificationValue({
    value: created.user.id,
    identifier,
    expiresAt,
  })
  await ctx.context.internalAdapter.createVerificationValue({
    value: '0',
    identifier: `2fa-attempts-${identifier}`,
    expiresAt,
  })
  const cookie = ctx.context.createAuthCookie('two_factor', {
    maxAge: TWO_FACTOR_CHALLENGE_SECONDS,
  })
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes)
  if (ctx.path !== '/magic-link/verify' && ctx.path !== '/verify-email') {
    return ctx.json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })
  }
  const origin = new URL(ctx.context.baseURL).origin
  const callback = (ctx.query as { callbackURL?: unknown } | undefined)?.callbackURL
  const target = typeof callback === 'string' && callback.startsWith('/') ? callback : '/'
  throw ctx.redirect(`${origin}/two-factor?redirectTo=${encodeURIComponent(target)}`)
}

// ---- Field shapes better-auth does not check ---------------------------------------------

export const USER_FIELD_LIMITS = { name: 100, image: 2000 } as const

/**
 * /update-user takes any JSON for name and image and stores it ("[object Object]", 2 MB
 * names); sign-up checks the type but not the length. Text within limits only.
 */
function checkUserFields(ctx: HookContext) {
  const body = (ctx.body ?? {}) as Record<string, unknown>
  // A picture is shown on author pages: it is set on the profile page, which takes only
  // images uploaded to this site, never any URL sent here.
  if (body.image !== undefined && body.image !== null) {
    throw new APIError('BAD_REQUEST', {
      code: 'INVALID_FIELD',
      message: 'The picture is set on the profile page.',
    })
  }
  for (const [field, max] of Object.entries(USER_FIELD_LIMITS)) {
    const value = body[field]
    if (value === undefined || (field === 'image' && value === null)) continue
    if (typeof value !== 'string' || value.length > max) {
      throw new APIError('BAD_REQUEST', {
        code: 'INVALID_FIELD',
        message: `${field} must be text of at most ${max} characters.`,
      })
    }
  }
}

/**
 * A password change ends every other session (docs/security.md: whoever knew the old password
 * may hold one). better-auth leaves that to the caller's `revokeOtherSessions`; it is set here
 * for every call, over HTTP or from our actions, whatever was sent.
 */
function revokingOtherSessions(ctx: HookContext) {
  const body = (ctx.body ?? {}) as Record<string, unknown>
  return { context: { body: { ...body, revokeOtherSessions: true } } }
}

export const authBeforeHook = createAuthMiddleware(async (ctx) => {
  if (ctx.path === '/update-user' || ctx.path === '/sign-up/email') checkUserFields(ctx)
  await guardBefore(ctx)
  if (ctx.path === '/two-factor/verify-totp') await preventTotpReplay(ctx)
  if (ctx.path === '/change-password') return revokingOtherSessions(ctx)
})

export const authAfterHook = createAuthMiddleware(async (ctx) => {
  await guardAfter(ctx)
  if (PASSWORDLESS_SIGN_INS.has(ctx.path ?? '')) return requireSecondFactor(ctx)
})
