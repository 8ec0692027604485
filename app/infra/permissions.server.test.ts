import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sessions } from '@db/schema/index'
import { createTestUser, requestAs, sessionCookie } from '../../tests/setup/auth-fixtures'
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from './auth.server'
import { getDb } from './db.server'
import { getSessionUser, requireUser, type SessionUser } from './permissions.server'

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
  throw new Error('expected a thrown Response')
}

describe('getSessionUser', () => {
  it('returns null without a session cookie, and the user with one', async () => {
    expect(await getSessionUser(requestAs(null, '/'))).toBeNull()
    const user = await createTestUser({ role: 'admin' })
    const cookie = await sessionCookie(user)
    expect(cookie).toMatch(/^broadsheet\.session_token=/)
    const sessionUser = await getSessionUser(requestAs(cookie, '/'))
    expect(sessionUser).toEqual<SessionUser>({
      id: user.id,
      email: user.email,
      username: user.email.split('@')[0],
      role: 'admin',
      twoFactorEnabled: false,
    })
  })

  it('refuses a forged or revoked session', async () => {
    const user = await createTestUser()
    const cookie = await sessionCookie(user)
    expect(await getSessionUser(requestAs(`${cookie}x`, '/'))).toBeNull()
    await getDb().delete(sessions).where(eq(sessions.userId, user.id))
    expect(await getSessionUser(requestAs(cookie, '/'))).toBeNull()
  })

  it('refuses and deletes a session idle for more than 7 days', async () => {
    const user = await createTestUser()
    const cookie = await sessionCookie(user)
    const idleSince = new Date(Date.now() - (SESSION_IDLE_SECONDS + 60) * 1000)
    await getDb().update(sessions).set({ updatedAt: idleSince }).where(eq(sessions.userId, user.id))
    expect(await getSessionUser(requestAs(cookie, '/'))).toBeNull()
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(
      0,
    )
  })

  it('records activity, so a session in use stays alive past 7 days', async () => {
    const user = await createTestUser()
    const cookie = await sessionCookie(user)
    const sixDaysAgo = new Date(Date.now() - 6 * 24 * 3600 * 1000)
    await getDb()
      .update(sessions)
      .set({ updatedAt: sixDaysAgo, createdAt: new Date(Date.now() - 20 * 24 * 3600 * 1000) })
      .where(eq(sessions.userId, user.id))
    expect(await getSessionUser(requestAs(cookie, '/'))).not.toBeNull()
    const [row] = await getDb().select().from(sessions).where(eq(sessions.userId, user.id))
    expect(Date.now() - row.updatedAt.getTime()).toBeLessThan(60_000)
  })

  it('refuses and deletes a session older than 30 days, however active', async () => {
    const user = await createTestUser()
    const cookie = await sessionCookie(user)
    const created = new Date(Date.now() - (SESSION_ABSOLUTE_SECONDS + 60) * 1000)
    await getDb()
      .update(sessions)
      .set({ createdAt: created, updatedAt: new Date() })
      .where(eq(sessions.userId, user.id))
    expect(await getSessionUser(requestAs(cookie, '/'))).toBeNull()
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(
      0,
    )
  })

  it('refuses a session whose row has expired', async () => {
    const user = await createTestUser()
    const cookie = await sessionCookie(user)
    await getDb()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id))
    expect(await getSessionUser(requestAs(cookie, '/'))).toBeNull()
  })
})

describe('requireUser', () => {
  it('sends an anonymous reader to /signin with the way back', async () => {
    const response = await thrown(requireUser(requestAs(null, '/profile?tab=2fa')))
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/signin?redirectTo=%2Fprofile%3Ftab%3D2fa')
  })
})
