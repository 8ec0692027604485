import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { profiles, sessions } from '@db/schema/index'
import { revokeUserSessions } from '~/domain/users/sessions.server'
import { getDb } from '~/infra/db.server'
import { getSessionUser } from '~/infra/permissions.server'
import { UNEXPECTED_ERROR } from '~/lib/action-result'
import { getRootData } from '~/routes/+shared/root-data.server'
import { action as authApiAction } from '~/routes/api.auth.$'
import { action as profileAction, loader as profileLoader } from '~/routes/_site.profile'
import { action as signInAction } from '~/routes/_site.signin'
import { expectUnexpectedFailure, post as postAs } from '../setup/admin-fixtures'
import {
  cookiesFrom,
  createTestUser,
  formRequest,
  requestAs,
  runRoute,
  sessionCookie,
  toastFrom,
} from '../setup/auth-fixtures'

let ipCounter = 0
function nextIp() {
  ipCounter += 1
  return `127.0.3.${ipCounter}`
}

function post(cookie: string, fields: Record<string, string>) {
  return runRoute(profileAction, formRequest(cookie, '/profile', fields), { clientIp: nextIp() })
}

describe('/profile', () => {
  it('is for signed-in readers only', async () => {
    const res = await runRoute(profileLoader, requestAs(null, '/profile'))
    expect(res.location).toBe('/signin?redirectTo=%2Fprofile')
    const action = await post('', { intent: 'revoke-all' })
    expect(action.location).toMatch(/^\/signin/)
  })

  it('shows the email, username and the sessions, this one marked', async () => {
    const user = await createTestUser({ email: 'profile-reader@example.com' })
    const other = await sessionCookie(user)
    const cookie = await sessionCookie(user)
    const res = await runRoute(profileLoader, requestAs(cookie, '/profile'))
    expect(res.data.user).toEqual({ email: user.email, username: 'profile-reader' })
    expect(res.data.sessions).toHaveLength(2)
    expect(res.data.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1)
    expect(other).not.toBe(cookie)
  })

  it('changes the username, refusing one already taken (ignoring case)', async () => {
    const user = await createTestUser()
    await createTestUser({ email: 'taken-name@example.com' })
    const cookie = await sessionCookie(user)
    const taken = await post(cookie, { intent: 'username', username: 'Taken-Name' })
    expect(taken.status).toBe(400)
    expect(taken.data.fieldErrors.username).toEqual(['This username is already taken'])
    const tooShort = await post(cookie, { intent: 'username', username: 'ab' })
    expect(tooShort.data.fieldErrors.username).toEqual(['Username must be at least 3 characters'])
    const saved = await post(cookie, { intent: 'username', username: 'Night_Editor' })
    expect(saved.location).toBe('/profile')
    expect((await toastFrom(new Response(null, { headers: saved.headers })))?.title).toBe(
      'Profile updated',
    )
    expect((await getSessionUser(requestAs(cookie, '/')))?.username).toBe('Night_Editor')
  })

  it('changes the password and signs the other sessions out', async () => {
    const user = await createTestUser()
    const elsewhere = await sessionCookie(user)
    const here = await sessionCookie(user)
    const wrong = await post(here, {
      intent: 'password',
      currentPassword: 'not-my-password',
      newPassword: 'a-new-password-1',
    })
    expect(wrong.status).toBe(400)
    const short = await post(here, {
      intent: 'password',
      currentPassword: user.password,
      newPassword: 'short',
    })
    expect(short.data.fieldErrors.newPassword).toEqual(['Password must be at least 8 characters'])
    const changed = await post(here, {
      intent: 'password',
      currentPassword: user.password,
      newPassword: 'a-new-password-1',
    })
    expect(changed.location).toBe('/profile')
    expect(await getSessionUser(requestAs(elsewhere, '/'))).toBeNull()
    const next = cookiesFrom(changed.headers, here)
    expect((await getSessionUser(requestAs(next, '/')))?.id).toBe(user.id)
    const signIn = await runRoute(
      signInAction,
      formRequest(null, '/signin', { email: user.email, password: 'a-new-password-1' }),
      { clientIp: nextIp() },
    )
    expect(signIn.status).toBe(302)
  })

  it('signs out one session, all others, or all', async () => {
    const user = await createTestUser()
    const a = await sessionCookie(user)
    const b = await sessionCookie(user)
    const c = await sessionCookie(user)
    const here = await sessionCookie(user)
    const page = await runRoute(profileLoader, requestAs(here, '/profile'))
    const rows = await getDb().select().from(sessions).where(eq(sessions.userId, user.id))
    expect(page.data.sessions).toHaveLength(rows.length)
    const aId = page.data.sessions.find((s: { current: boolean }) => !s.current).id
    await post(here, { intent: 'revoke-session', sessionId: aId })
    const remaining = await getDb().select().from(sessions).where(eq(sessions.userId, user.id))
    expect(remaining.map((r) => r.id)).not.toContain(aId)
    await post(here, { intent: 'revoke-others' })
    for (const cookie of [a, b, c]) expect(await getSessionUser(requestAs(cookie, '/'))).toBeNull()
    expect(await getSessionUser(requestAs(here, '/'))).not.toBeNull()
    const all = await post(here, { intent: 'revoke-all' })
    expect(all.location).toBe('/')
    expect(await getSessionUser(requestAs(here, '/'))).toBeNull()
    expect(cookiesFrom(all.headers, here)).not.toContain('session_token')
  })

  it("cannot sign out another user's session", async () => {
    const victim = await createTestUser()
    const victimCookie = await sessionCookie(victim)
    const [victimSession] = await getDb()
      .select()
      .from(sessions)
      .where(eq(sessions.userId, victim.id))
    const attacker = await createTestUser()
    await post(await sessionCookie(attacker), {
      intent: 'revoke-session',
      sessionId: victimSession.id,
    })
    expect(await getSessionUser(requestAs(victimCookie, '/'))).not.toBeNull()
  })
})

describe('/profile when the unexpected happens', () => {
  it('answers 500 with the generic message above the form and logs the request id', async () => {
    const cookie = await sessionCookie(await createTestUser())
    const body = await expectUnexpectedFailure(
      profileAction,
      postAs(cookie, '/profile', { intent: 'cancel-2fa' }),
      { table: 'two_factors' },
    )
    expect(body).toMatchObject({ intent: 'cancel-2fa', formError: UNEXPECTED_ERROR })
    expect(body.toast).toBeUndefined()
  })
})

describe('role changes', () => {
  it('revokeUserSessions ends every session, so a new role never rides on an old one', async () => {
    const user = await createTestUser({ role: 'admin' })
    const cookie = await sessionCookie(user)
    await getDb().update(profiles).set({ role: 'viewer' }).where(eq(profiles.id, user.id))
    expect(await revokeUserSessions(user.id)).toBe(1)
    expect(await getSessionUser(requestAs(cookie, '/'))).toBeNull()
  })
})

describe('root data', () => {
  it('says whether someone is signed in, and whether they open the back office: nothing of who', async () => {
    expect((await getRootData(requestAs(null, '/'))).user).toBeNull()
    const admin = await createTestUser({ role: 'admin' })
    const data = await getRootData(requestAs(await sessionCookie(admin), '/'))
    // Every signed-in reader's page is the same page (decision 0046): no address, name or id.
    expect(data.user).toEqual({ opensBackOffice: true })
    const reader = await createTestUser({ role: 'viewer' })
    const readerData = await getRootData(requestAs(await sessionCookie(reader), '/'))
    expect(readerData.user).toEqual({ opensBackOffice: false })
  })

  it('refuses a name or image over HTTP that is not short text, keeping the stored ones', async () => {
    const user = await createTestUser({ email: 'odd-fields@example.com' })
    const cookie = await sessionCookie(user)
    for (const body of [
      { name: { a: 1 } },
      { name: ['x'] },
      { name: 'n'.repeat(101) },
      { image: { a: 1 } },
      { image: `https://example.com/${'i'.repeat(2000)}` },
    ]) {
      const res = await runRoute(
        authApiAction,
        requestAs(cookie, '/api/auth/update-user', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400)
      expect(res.data.code).toBe('INVALID_FIELD')
    }
    const [row] = await getDb().select().from(profiles).where(eq(profiles.id, user.id))
    expect(row.name).toBe('odd-fields')
    expect(row.image).toBeNull()
    const ok = await runRoute(
      authApiAction,
      requestAs(cookie, '/api/auth/update-user', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Odd Fields' }),
      }),
    )
    expect(ok.status).toBe(200)
  })
})
