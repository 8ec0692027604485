import { like } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { rateLimits } from '@db/schema/index'
import { resetAuth } from '~/infra/auth.server'
import { getDb } from '~/infra/db.server'
import { action as authAction } from '~/routes/api.auth.$'
import { action as forgotAction } from '~/routes/_site.forgot-password'
import { action as magicAction } from '~/routes/_site.magic-link'
import { action as signInAction } from '~/routes/_site.signin'
import { action as signUpAction } from '~/routes/_site.signup'
import { action as verifyOtpAction } from '~/routes/_site.verify-otp'
import { createTestUser, formRequest, requestAs, runRoute } from '../setup/auth-fixtures'

afterEach(() => {
  vi.useRealTimers()
})

function advanceClock(seconds: number) {
  const now = Date.now()
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(now + seconds * 1000)
}

let block = 10
/** Each test gets its own loopback block: 127.<block>.0.1, .2, … are distinct clients. */
function clients() {
  block += 1
  let n = 0
  return () => `127.${block}.0.${++n}`
}

function signIn(
  email: string,
  password: string,
  clientIp: string | null,
  headers: Record<string, string> = {},
) {
  const request = formRequest(null, '/signin', { email, password })
  for (const [key, value] of Object.entries(headers)) request.headers.set(key, value)
  return runRoute(signInAction, request, { clientIp })
}

function apiSignIn(
  email: string,
  password: string,
  clientIp: string | null,
  headers: Record<string, string> = {},
) {
  return runRoute(
    authAction,
    requestAs(null, '/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email, password }),
    }),
    { clientIp },
  )
}

describe('sign-in per client address: 5 failures a minute', () => {
  it('answers 429 with Retry-After from the 6th attempt, and only for that client', async () => {
    const next = clients()
    const user = await createTestUser()
    const attacker = next()
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn(user.email, 'wrong-password', attacker)).status).toBe(401)
    }
    const blocked = await signIn(user.email, user.password, attacker)
    expect(blocked.status).toBe(429)
    const retryAfter = Number(blocked.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(blocked.data.formError).toMatch(/Too many attempts/)
    expect((await signIn(user.email, user.password, next())).status).toBe(302)
  })

  it('counts failures only: successful sign-ins do not use up the budget', async () => {
    const next = clients()
    const user = await createTestUser()
    const reader = next()
    for (let i = 0; i < 8; i += 1)
      expect((await signIn(user.email, user.password, reader)).status).toBe(302)
  })

  it('cannot be escaped by rotating X-Forwarded-For', async () => {
    const next = clients()
    const user = await createTestUser()
    const attacker = next()
    for (let i = 0; i < 5; i += 1) {
      await signIn(user.email, 'wrong-password', attacker, { 'x-forwarded-for': `203.0.113.${i}` })
    }
    const rotated = await signIn(user.email, user.password, attacker, {
      'x-forwarded-for': '198.51.100.7',
    })
    expect(rotated.status).toBe(429)
    const spoofed = await apiSignIn(user.email, user.password, attacker, {
      'x-forwarded-for': '198.51.100.8',
      'x-broadsheet-client-ip': '198.51.100.9',
    })
    expect(spoofed.status).toBe(429)
  })

  it('applies to direct calls of /api/auth too, with Retry-After', async () => {
    const next = clients()
    const user = await createTestUser()
    const attacker = next()
    for (let i = 0; i < 5; i += 1) {
      const res = await apiSignIn(user.email, 'wrong-password', attacker)
      expect(res.status).toBe(401)
    }
    const blocked = await apiSignIn(user.email, user.password, attacker)
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('survives a restart (a new auth instance on the same database) and resets after the window', async () => {
    const next = clients()
    const user = await createTestUser()
    const attacker = next()
    for (let i = 0; i < 5; i += 1) await signIn(user.email, 'wrong-password', attacker)
    resetAuth()
    expect((await signIn(user.email, user.password, attacker)).status).toBe(429)
    advanceClock(61)
    expect((await signIn(user.email, user.password, attacker)).status).toBe(302)
  })
})

describe('per account: 10 failures in a row from any addresses lock it for 15 minutes', () => {
  it('locks the account, the right password included, then unlocks', async () => {
    const next = clients()
    const user = await createTestUser()
    for (let i = 0; i < 10; i += 1) {
      expect((await signIn(user.email, 'wrong-password', next())).status).toBe(401)
    }
    const locked = await signIn(user.email, user.password, next())
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60)
    advanceClock(15 * 60 + 1)
    expect((await signIn(user.email, user.password, next())).status).toBe(302)
  })

  it('treats an unknown address exactly like a real one', async () => {
    const next = clients()
    const real = await createTestUser()
    const answers = []
    for (const email of [real.email, 'ghost-reader@example.com']) {
      for (let i = 0; i < 10; i += 1) await signIn(email, 'wrong-password', next())
      const res = await signIn(email, 'wrong-password', next())
      answers.push({ status: res.status, data: res.data.formError })
    }
    expect(answers[0]).toEqual(answers[1])
    expect(answers[0].status).toBe(429)
  })

  it('counts consecutive failures only: a success starts the count again', async () => {
    const next = clients()
    const user = await createTestUser()
    for (let i = 0; i < 9; i += 1) await signIn(user.email, 'wrong-password', next())
    expect((await signIn(user.email, user.password, next())).status).toBe(302)
    for (let i = 0; i < 9; i += 1) await signIn(user.email, 'wrong-password', next())
    expect((await signIn(user.email, user.password, next())).status).toBe(302)
  })
})

describe('the other limited flows', () => {
  it('sign-up: 30 an hour per client address', async () => {
    const next = clients()
    const client = next()
    for (let i = 0; i < 30; i += 1) {
      const res = await runRoute(
        signUpAction,
        formRequest(null, '/signup', {
          email: `bulk-${block}-${i}@example.com`,
          password: 'long-enough-1',
        }),
        { clientIp: client },
      )
      expect(res.status).toBe(302)
    }
    const blocked = await runRoute(
      signUpAction,
      formRequest(null, '/signup', {
        email: `bulk-${block}-x@example.com`,
        password: 'long-enough-1',
      }),
      { clientIp: client },
    )
    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('retry-after')).not.toBeNull()
  })

  it('password reset: 5 per client address, 3 per email address', async () => {
    const next = clients()
    const user = await createTestUser()
    const client = next()
    const ask = (email: string, ip: string) =>
      runRoute(forgotAction, formRequest(null, '/forgot-password', { email }), { clientIp: ip })
    for (let i = 0; i < 3; i += 1) expect((await ask(user.email, next())).status).toBe(200)
    expect((await ask(user.email, next())).status).toBe(429)
    for (let i = 0; i < 5; i += 1)
      expect((await ask(`someone-${i}@example.com`, client)).status).toBe(200)
    expect((await ask('someone-else@example.com', client)).status).toBe(429)
  })

  it('magic link: 3 per email address whatever the client', async () => {
    const next = clients()
    const user = await createTestUser()
    const send = () =>
      runRoute(magicAction, formRequest(null, '/magic-link', { email: user.email }), {
        clientIp: next(),
      })
    for (let i = 0; i < 3; i += 1) expect((await send()).status).toBe(200)
    expect((await send()).status).toBe(429)
  })

  it('one-time codes: 5 wrong codes a minute per client address', async () => {
    const next = clients()
    const user = await createTestUser()
    const client = next()
    const verify = () =>
      runRoute(
        verifyOtpAction,
        formRequest(null, '/verify-otp', { email: user.email, token: '000000' }),
        {
          clientIp: client,
        },
      )
    for (let i = 0; i < 5; i += 1) expect((await verify()).status).toBe(400)
    expect((await verify()).status).toBe(429)
  })
})

describe('no known client address', () => {
  it('is refused rather than put in a bucket shared by everyone', async () => {
    const user = await createTestUser()
    const action = await signIn(user.email, user.password, null)
    expect(action.status).toBe(400)
    expect(action.data.formError).toMatch(/network address/)
    const api = await apiSignIn(user.email, user.password, null)
    expect(api.status).toBe(400)
  })
})

describe("better-auth's own limiter", () => {
  it('is on under test too, stored in the database', async () => {
    const next = clients()
    const user = await createTestUser()
    const client = next()
    let last = 0
    for (let i = 0; i < 21; i += 1)
      last = (await apiSignIn(user.email, user.password, client)).status
    expect(last).toBe(429)
    const rows = await getDb()
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `${client}|%`))
    expect(rows.length).toBeGreaterThan(0)
  })

  it('does not expose the admin plugin over HTTP', async () => {
    const res = await runRoute(
      authAction,
      requestAs(null, '/api/auth/admin/set-role', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId: 'x', role: 'admin' }),
      }),
    )
    expect(res.status).toBe(404)
    expect(res.data).toMatchObject({ ok: false, code: 'NOT_FOUND' })
  })

  it.each(['change-email', 'delete-user', 'link-social', 'list-accounts'])(
    'does not expose /api/auth/%s over HTTP',
    async (endpoint) => {
      const res = await runRoute(
        authAction,
        requestAs(null, `/api/auth/${endpoint}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ newEmail: 'attacker@example.com' }),
        }),
      )
      expect(res.status).toBe(404)
      expect(res.data).toMatchObject({ ok: false, code: 'NOT_FOUND' })
    },
  )
})
