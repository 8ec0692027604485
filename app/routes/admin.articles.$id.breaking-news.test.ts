import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { createTestUser, sessionCookie, toastFrom } from '../../tests/setup/auth-fixtures'
import {
  callRoute,
  expectHomeRedirect,
  expectSignInRedirect,
  expectUnexpectedFailure,
  get,
  post,
} from '../../tests/setup/admin-fixtures'
import { insertArticle, insertTag } from '../../tests/setup/content-fixtures'
import { action, loader } from './admin.articles.$id.breaking-news'

type Role = 'viewer' | 'contributor' | 'author' | 'editor' | 'admin'
const callers = {} as Record<Role, { id: string; cookie: string }>
let breakingTagId = 0
const HOUR = 3_600_000

beforeAll(async () => {
  for (const role of ['viewer', 'contributor', 'author', 'editor', 'admin'] as const) {
    const user = await createTestUser({ role })
    callers[role] = { id: user.id, cookie: await sessionCookie(user) }
  }
  breakingTagId = (await insertTag({ name: 'Breaking News', slug: 'breaking-news' })).id
})

const url = (id: number) => `/admin/articles/${id}/breaking-news`
const params = (id: number) => ({ id: String(id) })
const breaking = (fields: { authorId?: string; hoursAgo?: number } = {}) =>
  insertArticle({ ...fields, tagIds: [breakingTagId] })

async function breakingUntil(id: number) {
  const [row] = await getDb()
    .select({ breakingUntil: articles.breakingUntil })
    .from(articles)
    .where(eq(articles.id, id))
  return row.breakingUntil
}

describe('/admin/articles/{id}/breaking-news: who may', () => {
  it('lets editors and admins keep an item on the bar, even an author’s own; others get 403', async () => {
    for (const role of ['contributor', 'author', 'editor', 'admin'] as const) {
      const article = await breaking({ authorId: callers[role].id })
      const allowed = role === 'editor' || role === 'admin'
      const read = await callRoute(
        loader,
        get(callers[role].cookie, url(article.id)),
        params(article.id),
      )
      expect(read.status, `${role} reads`).toBe(allowed ? 200 : 403)
      const write = await callRoute(
        action,
        post(callers[role].cookie, url(article.id), { intent: 'keep' }),
        params(article.id),
      )
      expect(write.status, `${role} keeps`).toBe(allowed ? 200 : 403)
      expect((await breakingUntil(article.id)) !== null, `${role} kept`).toBe(allowed)
    }
  })

  it('refuses anonymous and viewer callers', async () => {
    const article = await breaking()
    expectSignInRedirect(await callRoute(loader, get(null, url(article.id)), params(article.id)))
    expectHomeRedirect(
      await callRoute(loader, get(callers.viewer.cookie, url(article.id)), params(article.id)),
    )
    expectSignInRedirect(
      await callRoute(action, post(null, url(article.id), { intent: 'keep' }), params(article.id)),
    )
    expectHomeRedirect(
      await callRoute(
        action,
        post(callers.viewer.cookie, url(article.id), { intent: 'keep' }),
        params(article.id),
      ),
    )
    expect(await breakingUntil(article.id)).toBeNull()
  })
})

describe('/admin/articles/{id}/breaking-news', () => {
  it('tells when the item leaves the bar, and keeps it 12 hours more with a toast', async () => {
    const article = await breaking({ hoursAgo: 2 })
    const read = await callRoute(
      loader,
      get(callers.editor.cookie, url(article.id)),
      params(article.id),
    )
    const state = await read.json()
    expect(state).toMatchObject({ ok: true, isBreaking: true, isOnBar: true, hours: 12 })
    const expires = Date.parse(state.expiresIso)
    expect(expires).toBe(article.publishedAt!.getTime() + 12 * HOUR)
    // The product's date with time, to the minute: "November 28, 2026 at 9:12 PM".
    expect(state.expiresLabel).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/)

    const kept = await callRoute(
      action,
      post(callers.editor.cookie, url(article.id), { intent: 'keep' }),
      params(article.id),
    )
    expect(kept.status).toBe(200)
    expect(await toastFrom(kept)).toMatchObject({ title: 'Kept on the breaking-news bar' })
    expect((await breakingUntil(article.id))!.getTime()).toBe(expires + 12 * HOUR)
  })

  it('keeps it until a chosen time', async () => {
    const article = await breaking()
    const until = new Date(Date.now() + 48 * HOUR)
    const response = await callRoute(
      action,
      post(callers.admin.cookie, url(article.id), { intent: 'until', until: until.toISOString() }),
      params(article.id),
    )
    expect(response.status).toBe(200)
    expect(await breakingUntil(article.id)).toEqual(until)
  })

  it('takes it off the bar now, and the panel then reads "Off the bar since …"', async () => {
    const article = await breaking({ hoursAgo: 1 })
    const before = Date.now()
    const response = await callRoute(
      action,
      post(callers.editor.cookie, url(article.id), { intent: 'end' }),
      params(article.id),
    )
    expect(response.status).toBe(200)
    expect(await toastFrom(response)).toMatchObject({ title: 'Taken off the breaking-news bar' })
    expect((await breakingUntil(article.id))!.getTime()).toBeGreaterThanOrEqual(before)
    const read = await callRoute(
      loader,
      get(callers.editor.cookie, url(article.id)),
      params(article.id),
    )
    expect(await read.json()).toMatchObject({ ok: true, isBreaking: true, isOnBar: false })
    // An author may not take a story off the bar.
    const author = await breaking({ authorId: callers.author.id })
    const refused = await callRoute(
      action,
      post(callers.author.cookie, url(author.id), { intent: 'end' }),
      params(author.id),
    )
    expect(refused.status).toBe(403)
    expect(await breakingUntil(author.id)).toBeNull()
  })

  it('answers forged and bad posts with 4xx and a message, never 500', async () => {
    const article = await breaking()
    const plain = await insertArticle()
    const cases: Array<[number, Record<string, string>, number, RegExp]> = [
      [article.id, { intent: 'erase' }, 400, /Unknown action/],
      [article.id, { intent: 'until', until: 'tomorrow' }, 400, /valid date and time/],
      [article.id, { intent: 'until' }, 400, /Choose a date and time/],
      [
        article.id,
        { intent: 'until', until: new Date(Date.now() - HOUR).toISOString() },
        400,
        /in the future/,
      ],
      [
        article.id,
        { intent: 'until', until: new Date(Date.now() + 30 * 24 * HOUR).toISOString() },
        400,
        /at most 7 days/,
      ],
      [plain.id, { intent: 'keep' }, 400, /tagged Breaking News/],
      [999_999, { intent: 'keep' }, 404, /.*/],
    ]
    for (const [id, fields, status, message] of cases) {
      const response = await callRoute(
        action,
        post(callers.editor.cookie, url(id), fields),
        params(id),
      )
      expect(response.status, JSON.stringify(fields)).toBe(status)
      expect(JSON.stringify(await response.json())).toMatch(message)
    }
    expect(await breakingUntil(article.id)).toBeNull()
    const bad = await callRoute(loader, get(callers.editor.cookie, url(0)), { id: 'abc' })
    expect(bad.status).toBe(404)
  })

  it('answers 500 with the generic message and logs the request id', async () => {
    const article = await breaking()
    await expectUnexpectedFailure(
      action,
      post(callers.editor.cookie, url(article.id), { intent: 'keep' }),
      { table: 'site_settings', params: params(article.id) },
    )
    await expectUnexpectedFailure(loader, get(callers.editor.cookie, url(article.id)), {
      table: 'site_settings',
      params: params(article.id),
    })
  })
})
