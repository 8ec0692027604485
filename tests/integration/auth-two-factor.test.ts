import { eq } from 'drizzle-orm'
import { generateSync } from 'otplib'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { profiles, twoFactors } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { getSessionUser } from '~/infra/permissions.server'
import { loader as authLoader } from '~/routes/api.auth.$'
import { action as magicAction } from '~/routes/_site.magic-link'
import { action as profileAction, loader as profileLoader } from '~/routes/_site.profile'
import { action as signInAction } from '~/routes/_site.signin'
import { action as twoFactorAction, loader as twoFactorLoader } from '~/routes/_site.two-factor'
import {
  cookiesFrom,
  createTestUser,
  formRequest,
  linkFromMail,
  requestAs,
  runRoute,
  sessionCookie,
  toastFrom,
  type TestUser,
} from '../setup/auth-fixtures'

let ipCounter = 0
function nextIp() {
  ipCounter += 1
  return `127.0.2.${ipCounter}`
}

afterEach(() => {
  vi.useRealTimers()
})

/** Moves the clock by whole TOTP periods (only Date: the database driver keeps its timers). */
function advanceClock(seconds: number) {
  const now = Date.now()
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(now + seconds * 1000)
}

function codeFor(key: string) {
  return generateSync({ secret: key.replace(/\s+/g, '') })
}

async function enrol(user: TestUser) {
  let cookie = await sessionCookie(user)
  const start = await runRoute(
    profileAction,
    formRequest(cookie, '/profile', { intent: 'enable-2fa', password: user.password }),
    { clientIp: nextIp() },
  )
  expect(start.status).toBe(302)
  cookie = cookiesFrom(start.headers, cookie)
  const page = await runRoute(profileLoader, requestAs(cookie, '/profile'))
  expect(page.data.twoFactor.state).toBe('pending')
  expect(page.data.twoFactor.enrolment.qrCode).toMatch(/^data:image\/png;base64,/)
  const key: string = page.data.twoFactor.enrolment.manualKey
  const code = codeFor(key)
  const confirmed = await runRoute(
    profileAction,
    formRequest(cookie, '/profile', { intent: 'confirm-2fa', code }),
    { clientIp: nextIp() },
  )
  expect(confirmed.status).toBe(200)
  const backupCodes: string[] = confirmed.data.backupCodes
  return { key, cookie: cookiesFrom(confirmed.headers, cookie), backupCodes, usedCode: code }
}

async function passwordStep(user: TestUser) {
  const res = await runRoute(
    signInAction,
    formRequest(null, '/signin', {
      email: user.email,
      password: user.password,
      redirectTo: '/profile',
    }),
    { clientIp: nextIp() },
  )
  expect(res.status).toBe(302)
  expect(res.location).toBe('/two-factor?redirectTo=%2Fprofile')
  const cookie = cookiesFrom(res.headers)
  expect(cookie).toContain('broadsheet.two_factor=')
  expect(cookie).not.toContain('session_token')
  return cookie
}

function submitCode(challenge: string, code: string, ip = nextIp()) {
  return runRoute(
    twoFactorAction,
    formRequest(challenge, '/two-factor', { code, redirectTo: '/profile' }),
    { clientIp: ip },
  )
}

describe('two-factor authentication (TOTP)', () => {
  it('enrols with a QR code and a code, shows backup codes once, and turns it on', async () => {
    const user = await createTestUser()
    const { cookie, backupCodes } = await enrol(user)
    expect(backupCodes).toHaveLength(10)
    expect((await getSessionUser(requestAs(cookie, '/')))?.twoFactorEnabled).toBe(true)
    const page = await runRoute(profileLoader, requestAs(cookie, '/profile'))
    expect(page.data.twoFactor).toEqual({ state: 'on' })
    expect(JSON.stringify(page.data)).not.toContain(backupCodes[0])
  })

  it('asks for the code after the password, and signs in with it', async () => {
    const user = await createTestUser()
    const { key } = await enrol(user)
    advanceClock(30)
    const challenge = await passwordStep(user)
    const page = await runRoute(
      twoFactorLoader,
      requestAs(challenge, '/two-factor?redirectTo=%2Fprofile'),
    )
    expect(page.data.redirectTo).toBe('/profile')
    const res = await submitCode(challenge, codeFor(key))
    expect(res.status).toBe(302)
    expect(res.location).toBe('/profile')
    expect(await toastFrom(new Response(null, { headers: res.headers }))).toMatchObject({
      title: 'Welcome back!',
    })
    expect((await getSessionUser(requestAs(cookiesFrom(res.headers), '/')))?.id).toBe(user.id)
  })

  it('accepts a code only once (no replay within its window)', async () => {
    const user = await createTestUser()
    const { key } = await enrol(user)
    advanceClock(30)
    const code = codeFor(key)
    const first = await submitCode(await passwordStep(user), code)
    expect(first.status).toBe(302)
    const replay = await submitCode(await passwordStep(user), code)
    expect(replay.status).toBe(401)
    expect(replay.data.formError).toMatch(/already used/)
    // The very code used to confirm the enrolment cannot sign in either.
    const other = await createTestUser()
    const enrolled = await enrol(other)
    const again = await submitCode(await passwordStep(other), enrolled.usedCode)
    expect(again.status).toBe(401)
  })

  it('accepts a backup code once', async () => {
    const user = await createTestUser()
    const { backupCodes } = await enrol(user)
    const ok = await submitCode(await passwordStep(user), backupCodes[0])
    expect(ok.status).toBe(302)
    const reused = await submitCode(await passwordStep(user), backupCodes[0])
    expect(reused.status).toBe(401)
  })

  it('locks two-factor for 15 minutes after 10 wrong codes, from any addresses', async () => {
    const user = await createTestUser()
    const { key } = await enrol(user)
    let challenge = await passwordStep(user)
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      // A challenge allows 5 tries; then the password step starts a new one.
      if (attempt === 6) challenge = await passwordStep(user)
      const wrong = await submitCode(challenge, '000000' === codeFor(key) ? '111111' : '000000')
      expect(wrong.status).toBeGreaterThanOrEqual(400)
    }
    advanceClock(30)
    const locked = await submitCode(await passwordStep(user), codeFor(key))
    expect(locked.status).toBe(429)
    expect(locked.data.formError).toMatch(/temporarily locked/)
    const [row] = await getDb().select().from(twoFactors).where(eq(twoFactors.userId, user.id))
    expect(row.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(14 * 60 * 1000)
    advanceClock(15 * 60 + 60)
    const unlocked = await submitCode(await passwordStep(user), codeFor(key))
    expect(unlocked.status).toBe(302)
  })

  it('asks for the code after a magic link too', async () => {
    const user = await createTestUser()
    const { key } = await enrol(user)
    await runRoute(magicAction, formRequest(null, '/magic-link', { email: user.email }), {
      clientIp: nextIp(),
    })
    const link = await linkFromMail(
      user.email,
      /http:\/\/localhost:3000\/api\/auth\/magic-link\/verify\S+/,
    )
    const landed = await runRoute(authLoader, requestAs(null, link))
    expect(landed.status).toBe(302)
    expect(landed.location).toBe('http://localhost:3000/two-factor?redirectTo=%2F')
    const challenge = cookiesFrom(landed.headers)
    expect(challenge).toContain('broadsheet.two_factor=')
    expect(challenge).not.toContain('session_token')
    advanceClock(30)
    const res = await submitCode(challenge, codeFor(key))
    expect(res.status).toBe(302)
    expect((await getSessionUser(requestAs(cookiesFrom(res.headers), '/')))?.id).toBe(user.id)
  })

  it('turns off with the password', async () => {
    const user = await createTestUser()
    const { cookie } = await enrol(user)
    const wrong = await runRoute(
      profileAction,
      formRequest(cookie, '/profile', { intent: 'disable-2fa', password: 'wrong-password' }),
      { clientIp: nextIp() },
    )
    expect(wrong.status).toBe(400)
    const off = await runRoute(
      profileAction,
      formRequest(cookie, '/profile', { intent: 'disable-2fa', password: user.password }),
      { clientIp: nextIp() },
    )
    expect(off.status).toBe(302)
    const [row] = await getDb().select().from(profiles).where(eq(profiles.id, user.id))
    expect(row.twoFactorEnabled).toBe(false)
    const signIn = await runRoute(
      signInAction,
      formRequest(null, '/signin', { email: user.email, password: user.password }),
      { clientIp: nextIp() },
    )
    expect(signIn.location).toBe('/')
  })

  it('sends to /signin when there is no pending challenge', async () => {
    const res = await runRoute(twoFactorLoader, requestAs(null, '/two-factor'))
    expect(res.location).toBe('/signin')
  })
})
