import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { profiles, sessions } from '@db/schema/index'
import { updateEditorialSettings } from '~/domain/settings/settings.server'
import { getDb } from '~/infra/db.server'
import { getSessionUser } from '~/infra/permissions.server'
import { createTestUser, sessionCookie, toastFrom } from '../../tests/setup/auth-fixtures'
import {
  callRoute,
  expectHomeRedirect,
  expectSignInRedirect,
  expectUnexpectedFailure,
  get,
  post,
  signedInCallers,
} from '../../tests/setup/admin-fixtures'
import { action, loader } from './admin.users'

const URL = '/admin/users'
let callers: Awaited<ReturnType<typeof signedInCallers>>

beforeAll(async () => {
  callers = await signedInCallers()
})

const roleOf = async (id: string) =>
  (await getDb().select({ role: profiles.role }).from(profiles).where(eq(profiles.id, id)))[0].role

describe('/admin/users', () => {
  it('refuses anonymous and viewer callers', async () => {
    expectSignInRedirect(await callRoute(loader, get(null, URL)))
    expectHomeRedirect(await callRoute(loader, get(callers.viewer.cookie, URL)))
    const fields = { userId: callers.viewer.id, role: 'admin' }
    expectSignInRedirect(await callRoute(action, post(null, URL, fields)))
    expectHomeRedirect(await callRoute(action, post(callers.viewer.cookie, URL, fields)))
    expect(await roleOf(callers.viewer.id)).toBe('viewer')
  })

  it('lists users newest first with email, role and creation date', async () => {
    const response = await callRoute(loader, get(callers.admin.cookie, URL))
    const { users, loadFailed } = await response.json()
    expect(loadFailed).toBe(false)
    expect(users.map((u: { email: string }) => u.email)).toEqual([
      callers.viewer.email,
      callers.admin.email,
    ])
    expect(users[0]).toMatchObject({ role: 'viewer' })
  })

  it("dates each account's creation in the paper's time zone, not the server's", async () => {
    await getDb()
      .update(profiles)
      .set({ createdAt: new Date('2026-03-01T23:30:00Z') })
      .where(eq(profiles.id, callers.viewer.id))
    await updateEditorialSettings({
      timeZone: 'Pacific/Auckland',
      revisionsKept: 50,
      breakingNewsHours: 12,
    })
    const { users } = await (await callRoute(loader, get(callers.admin.cookie, URL))).json()
    const viewer = users.find((u: { id: string }) => u.id === callers.viewer.id)
    expect(viewer.createdLabel).toBe('Mar 2, 2026')
  })

  it('makes a viewer an admin and ends their sessions', async () => {
    const response = await callRoute(
      action,
      post(callers.admin.cookie, URL, {
        intent: 'set-role',
        userId: callers.viewer.id,
        role: 'admin',
      }),
    )
    expect(await toastFrom(response)).toMatchObject({
      title: 'Success',
      description: 'User role updated successfully',
    })
    expect(await roleOf(callers.viewer.id)).toBe('admin')
    expect(
      await getDb().select().from(sessions).where(eq(sessions.userId, callers.viewer.id)),
    ).toHaveLength(0)
  })

  it('never demotes the last admin', async () => {
    const lone = await createTestUser({ role: 'admin' })
    const cookie = await sessionCookie(lone)
    await getDb().update(profiles).set({ role: 'viewer' }).where(eq(profiles.id, callers.admin.id))
    await getDb().update(profiles).set({ role: 'viewer' }).where(eq(profiles.id, callers.viewer.id))
    const response = await callRoute(
      action,
      post(cookie, URL, { intent: 'set-role', userId: lone.id, role: 'viewer' }),
    )
    expect(response.status).toBe(409)
    expect((await response.json()).toast).toMatchObject({
      title: 'Error',
      description: 'The last admin cannot be removed. Make another user an admin first.',
    })
    expect(await roleOf(lone.id)).toBe('admin')
    // With a second admin, the first may step down.
    await getDb().update(profiles).set({ role: 'admin' }).where(eq(profiles.id, callers.admin.id))
    const ok = await callRoute(
      action,
      post(cookie, URL, { intent: 'set-role', userId: lone.id, role: 'viewer' }),
    )
    expect(ok.status).toBe(200)
    expect(await roleOf(lone.id)).toBe('viewer')
  })

  it('refuses an unknown role or user', async () => {
    const admin = await createTestUser({ role: 'admin' })
    const cookie = await sessionCookie(admin)
    const badRole = await callRoute(
      action,
      post(cookie, URL, { intent: 'set-role', userId: admin.id, role: 'owner' }),
    )
    expect(badRole.status).toBe(400)
    const missing = await callRoute(
      action,
      post(cookie, URL, { intent: 'set-role', userId: 'nobody', role: 'admin' }),
    )
    expect(missing.status).toBe(404)
    expect((await missing.json()).toast.description).toBe('This user no longer exists')
  })
})

describe('/admin/users when the unexpected happens', () => {
  it('answers 500 with the generic message and logs the request id', async () => {
    const admin = await createTestUser({ role: 'admin' })
    const request = post(await sessionCookie(admin), URL, {
      intent: 'set-role',
      userId: admin.id,
      role: 'viewer',
    })
    // The session is looked up once per request: done before the table goes, so the sign-in
    // check passes and the role change itself meets the missing table.
    expect(await getSessionUser(request)).toMatchObject({ id: admin.id })
    const body = await expectUnexpectedFailure(action, request, { table: 'profiles' })
    expect(body.toast).toMatchObject({ type: 'error', title: 'Error' })
    expect(await roleOf(admin.id)).toBe('admin')
  })
})
