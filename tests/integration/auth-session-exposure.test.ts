import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sessions } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { getSessionUser } from '~/infra/permissions.server'
import { action as authAction, loader as authLoader } from '~/routes/api.auth.$'
import {
  cookiesFrom,
  createTestUser,
  requestAs,
  sessionCookie,
  testContext,
} from '../setup/auth-fixtures'

function callAuth(cookie: string, path: string, body?: unknown) {
  const request = requestAs(cookie, `/api/auth/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  })
  const handler = body === undefined ? authLoader : authAction
  return handler({ request, context: testContext(), params: {} } as never) as Promise<Response>
}

async function tokensOf(userId: string) {
  const rows = await getDb()
    .select({ token: sessions.token })
    .from(sessions)
    .where(eq(sessions.userId, userId))
  return rows.map((r) => r.token)
}

describe('POST /api/auth/change-password', () => {
  it('ends every other session even when asked to keep them (revokeOtherSessions: false)', async () => {
    const user = await createTestUser()
    const here = await sessionCookie(user)
    const elsewhere = await sessionCookie(user)
    expect(await tokensOf(user.id)).toHaveLength(2)
    const response = await callAuth(here, 'change-password', {
      currentPassword: user.password,
      newPassword: 'a-new-password-1234',
      revokeOtherSessions: false,
    })
    expect(response.status).toBe(200)
    expect(await getSessionUser(requestAs(elsewhere, '/'))).toBeNull()
    // This browser carries on with a new session; the old one is gone too.
    const renewed = cookiesFrom(response.headers, here)
    expect((await getSessionUser(requestAs(renewed, '/')))?.id).toBe(user.id)
    expect(await tokensOf(user.id)).toHaveLength(1)
  })
})

describe('session tokens are not handed to page scripts', () => {
  it('get-session answers the session without its token', async () => {
    const user = await createTestUser()
    const cookie = await sessionCookie(user)
    const [token] = await tokensOf(user.id)
    const response = await callAuth(cookie, 'get-session')
    expect(response.status).toBe(200)
    const text = await response.text()
    const body = JSON.parse(text) as { session: Record<string, unknown>; user: { id: string } }
    expect(body.user.id).toBe(user.id)
    expect(body.session.userId).toBe(user.id)
    expect(body.session).not.toHaveProperty('token')
    expect(text).not.toContain(token)
  })

  it('list-sessions answers each session without its token', async () => {
    const user = await createTestUser()
    const cookie = await sessionCookie(user)
    await sessionCookie(user)
    const response = await callAuth(cookie, 'list-sessions')
    expect(response.status).toBe(200)
    const text = await response.text()
    const listed = JSON.parse(text) as Record<string, unknown>[]
    expect(listed).toHaveLength(2)
    for (const session of listed) expect(session).not.toHaveProperty('token')
    for (const token of await tokensOf(user.id)) expect(text).not.toContain(token)
  })
})
