import { APIError } from 'better-auth/api'
import { and, eq, ne } from 'drizzle-orm'
import { profiles, sessions } from '@db/schema/index'
import { authHeaders, getAuth } from '~/infra/auth.server'
import { getDb } from '~/infra/db.server'
import { logger } from '~/infra/logger.server'
import { getSession } from '~/infra/permissions.server'

/**
 * The account flows of the auth pages, each one call into better-auth made on the server for a
 * form post. Rate limits, TOTP replay and the passwordless second factor apply through
 * better-auth's hooks (infra/auth-hooks.server.ts). Results carry the Set-Cookie headers to
 * forward, so the forms work without JavaScript.
 */
export interface AuthCaller {
  request: Request
  clientIp: string | null | undefined
}

export type AuthOk<T> = { ok: true; data: T; headers: Headers }
export type AuthFailure = {
  ok: false
  status: number
  code: string
  message: string
  headers: Headers
}
export type AuthResult<T> = AuthOk<T> | AuthFailure

export const GENERIC_AUTH_ERROR = 'Authentication failed. Please try again.'

function forwardable(from: Headers | undefined | null) {
  const headers = new Headers()
  if (!from) return headers
  for (const cookie of from.getSetCookie()) headers.append('Set-Cookie', cookie)
  const retryAfter = from.get('retry-after') ?? from.get('x-retry-after')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}

function failure(
  status: number,
  body: { code?: unknown; message?: unknown } | null,
  headers?: Headers,
): AuthFailure {
  const serverError = status >= 500
  return {
    ok: false,
    status: serverError ? 500 : status,
    code: typeof body?.code === 'string' ? body.code : 'AUTH_ERROR',
    message:
      !serverError && typeof body?.message === 'string' && body.message
        ? body.message
        : GENERIC_AUTH_ERROR,
    headers: forwardable(headers),
  }
}

/** Runs one better-auth call that answers with a Response, and reads it. */
async function run<T>(call: () => Promise<Response>): Promise<AuthResult<T>> {
  let response: Response
  try {
    response = await call()
  } catch (error) {
    // Errors thrown by our before-hooks (rate limits, replay) arrive here as APIError.
    if (error instanceof APIError) {
      return failure(error.statusCode, error.body ?? null, new Headers(error.headers))
    }
    logger.error({ err: error }, 'auth call failed')
    return failure(500, null)
  }
  const body = (await response.json().catch(() => null)) as T | null
  if (!response.ok) {
    if (response.status >= 500) logger.error({ status: response.status, body }, 'auth call failed')
    return failure(response.status, body as { code?: unknown; message?: unknown }, response.headers)
  }
  return { ok: true, data: body as T, headers: forwardable(response.headers) }
}

function headersFor({ request, clientIp }: AuthCaller) {
  return authHeaders(request, clientIp)
}

/** A sign-in replaces whatever session the browser had (session fixation). */
async function retirePreviousSession(caller: AuthCaller, userId: string | undefined) {
  const previous = await getSession(caller.request)
  if (previous && userId) {
    await getDb().delete(sessions).where(eq(sessions.id, previous.session.id))
  }
}

export async function signInWithPassword(
  caller: AuthCaller,
  input: { email: string; password: string },
) {
  const result = await run<{ twoFactorRedirect?: boolean; user?: { id: string } }>(() =>
    getAuth().api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: headersFor(caller),
      asResponse: true,
    }),
  )
  if (result.ok && !result.data.twoFactorRedirect) {
    await retirePreviousSession(caller, result.data.user?.id)
  }
  return result
}

/** Where the confirmation link lands: the profile, saying "Address confirmed". */
export const CONFIRMED_PATH = '/profile?confirmed=1'

/** Sends the confirmation link again (the profile's "Resend the link"). */
export async function resendConfirmation(caller: AuthCaller, email: string) {
  return run<{ status: boolean }>(() =>
    getAuth().api.sendVerificationEmail({
      body: { email, callbackURL: CONFIRMED_PATH },
      headers: headersFor(caller),
      asResponse: true,
    }),
  )
}

/** Whether the account's address has been confirmed by its link. */
export async function isAddressConfirmed(userId: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ confirmed: profiles.emailVerified })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1)
  return row?.confirmed ?? false
}

export async function signUp(caller: AuthCaller, input: { email: string; password: string }) {
  return run<{ token: string | null; user: { id: string } }>(() =>
    getAuth().api.signUpEmail({
      body: {
        email: input.email,
        password: input.password,
        name: '',
        callbackURL: CONFIRMED_PATH,
      },
      headers: headersFor(caller),
      asResponse: true,
    }),
  )
}

/** Answers the same whether or not the address has an account. */
export async function requestPasswordReset(caller: AuthCaller, email: string) {
  return run<{ status: boolean }>(() =>
    getAuth().api.requestPasswordReset({
      body: { email, redirectTo: '/reset-password' },
      headers: headersFor(caller),
      asResponse: true,
    }),
  )
}

export async function resetPassword(
  caller: AuthCaller,
  input: { token: string; password: string },
) {
  return run<{ status: boolean }>(() =>
    getAuth().api.resetPassword({
      body: { token: input.token, newPassword: input.password },
      headers: headersFor(caller),
      asResponse: true,
    }),
  )
}

/**
 * One mail with both ways in: the link, and a one-time code for the "Verify token" page (as
 * docs/product.md §7 says the account mails carry both).
 */
export async function sendMagicLink(
  caller: AuthCaller,
  input: { email: string; redirectTo: string },
) {
  return run<{ status: boolean }>(async () => {
    const sent = await getAuth().api.signInMagicLink({
      body: {
        email: input.email,
        callbackURL: input.redirectTo,
        errorCallbackURL: '/magic-link',
        metadata: { code: await oneTimeCode(input.email) },
      },
      headers: headersFor(caller),
      asResponse: true,
    })
    return sent
  })
}

async function oneTimeCode(email: string) {
  return getAuth().api.createVerificationOTP({ body: { email, type: 'sign-in' } })
}

export async function signInWithCode(caller: AuthCaller, input: { email: string; token: string }) {
  const result = await run<{ twoFactorRedirect?: boolean; user?: { id: string } }>(() =>
    getAuth().api.signInEmailOTP({
      body: { email: input.email, otp: input.token },
      headers: headersFor(caller),
      asResponse: true,
    }),
  )
  if (result.ok && !result.data.twoFactorRedirect) {
    await retirePreviousSession(caller, result.data.user?.id)
  }
  return result
}

/** The second step of a sign-in: a TOTP code, or one of the backup codes. */
export async function verifySecondFactor(caller: AuthCaller, code: string) {
  const headers = headersFor(caller)
  if (/^\d{6}$/.test(code)) {
    return run<{ token: string }>(() =>
      getAuth().api.verifyTOTP({ body: { code }, headers, asResponse: true }),
    )
  }
  return run<{ token: string }>(() =>
    getAuth().api.verifyBackupCode({ body: { code }, headers, asResponse: true }),
  )
}

/** Signs this browser out. An unknown or already-ended session still clears the cookies. */
export async function signOut(caller: AuthCaller) {
  return run<{ success: boolean }>(() =>
    getAuth().api.signOut({ headers: headersFor(caller), asResponse: true }),
  )
}

/** Changes the password and signs every other session out; this one gets a new session. */
export async function changePassword(
  caller: AuthCaller,
  input: { currentPassword: string; newPassword: string },
) {
  return run<{ token: string | null }>(() =>
    getAuth().api.changePassword({
      body: { ...input, revokeOtherSessions: true },
      headers: headersFor(caller),
      asResponse: true,
    }),
  )
}

export async function enableTwoFactor(
  caller: AuthCaller,
  input: { password: string; issuer: string },
) {
  return run<{ totpURI: string; backupCodes: string[] }>(() =>
    getAuth().api.enableTwoFactor({
      body: { password: input.password, issuer: input.issuer },
      headers: headersFor(caller),
      asResponse: true,
    }),
  )
}

/** The enrolment's first code: turns two-factor on (and rotates the session). */
export async function confirmTwoFactor(caller: AuthCaller, code: string) {
  return run<{ token: string }>(() =>
    getAuth().api.verifyTOTP({ body: { code }, headers: headersFor(caller), asResponse: true }),
  )
}

export async function disableTwoFactor(caller: AuthCaller, password: string) {
  return run<{ status: boolean }>(() =>
    getAuth().api.disableTwoFactor({
      body: { password },
      headers: headersFor(caller),
      asResponse: true,
    }),
  )
}

export async function regenerateBackupCodes(caller: AuthCaller, password: string) {
  return run<{ status: boolean; backupCodes: string[] }>(() =>
    getAuth().api.generateBackupCodes({
      body: { password },
      headers: headersFor(caller),
      asResponse: true,
    }),
  )
}

/** Other sessions of the user end; the current one stays. */
export async function revokeOtherSessions(userId: string, currentSessionId: string) {
  await getDb()
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
}
