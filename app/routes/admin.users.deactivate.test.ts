import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles, sessions, verifications } from '@db/schema/index'
import { DEACTIVATED_ACCOUNT_MESSAGE } from '~/infra/auth.server'
import { getDb } from '~/infra/db.server'
import { getSessionUser } from '~/infra/permissions.server'
import {
  createTestUser,
  formRequest,
  linkFromMail,
  runRoute,
  sessionCookie,
  toastFrom,
} from '../../tests/setup/auth-fixtures'
import { callRoute, get, post } from '../../tests/setup/admin-fixtures'
import { insertArticle } from '../../tests/setup/content-fixtures'
import { action, loader } from './admin.users'
import { action as forgotAction } from './_site.forgot-password'
import { action as magicAction } from './_site.magic-link'
import { action as resetAction } from './_site.reset-password'

// Users screen: an admin deactivates an account (its sessions end at once, sign-in is refused
// with a clear message, its bylines stay) and reactivates it; and searches the list.

const URL = '/admin/users'
let admin: { id: string; email: string; password: string; cookie: string }

beforeAll(async () => {
  const user = await createTestUser({ role: 'admin', email: 'desk-chief@example.com' })
  admin = { ...user, cookie: await sessionCookie(user) }
})

const sessionCount = async (userId: string) =>
  (await getDb().select().from(sessions).where(eq(sessions.userId, userId))).length

describe('/admin/users: deactivate and reactivate', () => {
  it('ends the sessions at once, refuses sign-in with a clear message, keeps the bylines', async () => {
    const writer = await createTestUser({ role: 'author', email: 'cora.writer@example.com' })
    const cookie = await sessionCookie(writer)
    const article = await insertArticle({ authorId: writer.id })
    expect(
      await getSessionUser(new Request('http://localhost/', { headers: { cookie } })),
    ).not.toBeNull()

    const response = await callRoute(
      action,
      post(admin.cookie, URL, { intent: 'deactivate', userId: writer.id }),
    )
    expect(response.status).toBe(200)
    expect(await toastFrom(response)).toMatchObject({ title: 'Account deactivated' })
    expect(await sessionCount(writer.id)).toBe(0)
    expect(
      await getSessionUser(new Request('http://localhost/', { headers: { cookie } })),
    ).toBeNull()
    await expect(sessionCookie(writer)).rejects.toThrow(DEACTIVATED_ACCOUNT_MESSAGE)
    const [kept] = await getDb()
      .select({ authorId: articles.authorId })
      .from(articles)
      .where(eq(articles.id, article.id))
    expect(kept.authorId).toBe(writer.id)

    const listed = await (await callRoute(loader, get(admin.cookie, `${URL}?q=cora`))).json()
    expect(listed.users).toHaveLength(1)
    expect(listed.users[0].deactivatedAt).not.toBeNull()

    const back = await callRoute(
      action,
      post(admin.cookie, URL, { intent: 'reactivate', userId: writer.id }),
    )
    expect(await toastFrom(back)).toMatchObject({ title: 'Account reactivated' })
    expect(await sessionCookie(writer)).toContain('=')
  })

  it('ends the reset links, magic links and codes mailed before, and no one else’s', async () => {
    const writer = await createTestUser({ role: 'author', email: 'reset.then.leave@example.com' })
    const other = await createTestUser({ role: 'author', email: 'stays.on@example.com' })
    const ask = async (email: string, ip: string) => {
      await runRoute(forgotAction, formRequest(null, '/forgot-password', { email }), {
        clientIp: ip,
      })
      const link = await linkFromMail(email, /https?:\/\/\S+\/reset-password\?token=\S+/)
      // One mail with a magic link and a one-time code.
      await runRoute(magicAction, formRequest(null, '/magic-link', { email }), { clientIp: ip })
      return new globalThis.URL(link).searchParams.get('token')!
    }
    const token = await ask(writer.email, '127.0.2.1')
    await ask(other.email, '127.0.2.2')
    const tokens = async () => (await getDb().select().from(verifications)).length
    const before = await tokens()
    expect(before).toBeGreaterThanOrEqual(6)

    await callRoute(action, post(admin.cookie, URL, { intent: 'deactivate', userId: writer.id }))
    expect(await tokens()).toBe(before - 3)
    // Reactivated, the old link still does nothing: a new one must be asked for.
    await callRoute(action, post(admin.cookie, URL, { intent: 'reactivate', userId: writer.id }))
    const reset = await runRoute(
      resetAction,
      formRequest(null, '/reset-password', { token, password: 'taken-over-password' }),
      { clientIp: '127.0.2.3' },
    )
    expect(reset.status).toBe(400)
    expect(reset.data).toMatchObject({
      formError: 'This reset link is invalid or has expired. Ask for a new one.',
    })
    expect(await sessionCookie(writer)).toContain('=')
  })

  it('refuses deactivating yourself and unknown accounts, with 4xx and a message', async () => {
    const self = await callRoute(
      action,
      post(admin.cookie, URL, { intent: 'deactivate', userId: admin.id }),
    )
    expect(self.status).toBe(409)
    expect((await self.json()).toast).toMatchObject({
      title: 'Could not deactivate the account',
      description: 'You cannot deactivate your own account',
    })
    const missing = await callRoute(
      action,
      post(admin.cookie, URL, { intent: 'reactivate', userId: 'nobody' }),
    )
    expect(missing.status).toBe(404)
    expect(await sessionCount(admin.id)).toBeGreaterThan(0)
  })

  it('searches by address, username or name; % is matched as itself', async () => {
    await createTestUser({ role: 'viewer', email: 'harbour.master@example.com' })
    const search = async (q: string) =>
      (
        await (
          await callRoute(loader, get(admin.cookie, `${URL}?q=${encodeURIComponent(q)}`))
        ).json()
      ).users as { email: string }[]
    expect((await search('HARBOUR')).map((u) => u.email)).toEqual(['harbour.master@example.com'])
    expect(await search('%')).toEqual([])
    expect((await search('')).length).toBeGreaterThan(1)
  })
})
