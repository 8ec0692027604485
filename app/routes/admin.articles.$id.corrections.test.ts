import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articleCorrections, articles } from '@db/schema/index'
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
import { insertArticle } from '../../tests/setup/content-fixtures'
import { action, loader } from './admin.articles.$id.corrections'

type Role = 'viewer' | 'contributor' | 'author' | 'editor' | 'admin'
const callers = {} as Record<Role, { id: string; cookie: string }>

beforeAll(async () => {
  for (const role of ['viewer', 'contributor', 'author', 'editor', 'admin'] as const) {
    const user = await createTestUser({ role })
    callers[role] = { id: user.id, cookie: await sessionCookie(user) }
  }
})

const url = (id: number) => `/admin/articles/${id}/corrections`
const params = (id: number) => ({ id: String(id) })

async function correctionsOf(articleId: number) {
  return getDb()
    .select()
    .from(articleCorrections)
    .where(eq(articleCorrections.articleId, articleId))
}

describe('/admin/articles/{id}/corrections: who may', () => {
  it('lets editors and admins only, even on an author’s own article', async () => {
    for (const role of ['contributor', 'author', 'editor', 'admin'] as const) {
      const article = await insertArticle({ authorId: callers[role].id })
      const allowed = role === 'editor' || role === 'admin'
      const read = await callRoute(
        loader,
        get(callers[role].cookie, url(article.id)),
        params(article.id),
      )
      expect(read.status, `${role} reads`).toBe(allowed ? 200 : 403)
      const write = await callRoute(
        action,
        post(callers[role].cookie, url(article.id), { intent: 'add', text: `By ${role}` }),
        params(article.id),
      )
      expect(write.status, `${role} adds`).toBe(allowed ? 200 : 403)
      expect(await correctionsOf(article.id)).toHaveLength(allowed ? 1 : 0)
    }
  })

  it('refuses anonymous and viewer callers, for reading and writing', async () => {
    const article = await insertArticle()
    const fields = { intent: 'add', text: 'Sneaky' }
    expectSignInRedirect(await callRoute(loader, get(null, url(article.id)), params(article.id)))
    expectHomeRedirect(
      await callRoute(loader, get(callers.viewer.cookie, url(article.id)), params(article.id)),
    )
    expectSignInRedirect(
      await callRoute(action, post(null, url(article.id), fields), params(article.id)),
    )
    expectHomeRedirect(
      await callRoute(
        action,
        post(callers.viewer.cookie, url(article.id), fields),
        params(article.id),
      ),
    )
    expect(await correctionsOf(article.id)).toHaveLength(0)
  })
})

describe('/admin/articles/{id}/corrections', () => {
  it('adds a correction with a toast and marks the article updated', async () => {
    const article = await insertArticle({ hoursAgo: 24 })
    const response = await callRoute(
      action,
      post(callers.editor.cookie, url(article.id), {
        intent: 'add',
        text: 'The harbour reopens on May 2.',
        correctedAt: '',
      }),
      params(article.id),
    )
    expect(response.status).toBe(200)
    expect(await toastFrom(response)).toMatchObject({ title: 'Correction added' })
    const [stored] = await correctionsOf(article.id)
    expect(stored).toMatchObject({
      text: 'The harbour reopens on May 2.',
      createdBy: callers.editor.id,
    })
    const [after] = await getDb().select().from(articles).where(eq(articles.id, article.id))
    expect(after.revisedAt).toEqual(stored.correctedAt)

    const list = await callRoute(
      loader,
      get(callers.editor.cookie, url(article.id)),
      params(article.id),
    )
    const body = await list.json()
    expect(body).toMatchObject({ ok: true, canAdd: true })
    expect(body.corrections[0]).toMatchObject({ text: 'The harbour reopens on May 2.' })
  })

  it('deletes a correction; one that is gone says so', async () => {
    const article = await insertArticle()
    await callRoute(
      action,
      post(callers.admin.cookie, url(article.id), { intent: 'add', text: 'Mistaken' }),
      params(article.id),
    )
    const [stored] = await correctionsOf(article.id)
    const deleted = await callRoute(
      action,
      post(callers.admin.cookie, url(article.id), { intent: 'delete', id: String(stored.id) }),
      params(article.id),
    )
    expect(await toastFrom(deleted)).toMatchObject({ title: 'Correction deleted' })
    expect(await correctionsOf(article.id)).toHaveLength(0)
    const again = await callRoute(
      action,
      post(callers.admin.cookie, url(article.id), { intent: 'delete', id: String(stored.id) }),
      params(article.id),
    )
    expect(again.status).toBe(404)
    expect((await again.json()).toast).toMatchObject({
      title: 'Failed to delete correction',
      description: 'This correction no longer exists.',
    })
  })

  it('answers 400 to bad input, with the message under its field', async () => {
    const article = await insertArticle()
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString()
    const cases: [Record<string, string>, string, string][] = [
      [{ intent: 'add', text: ' ' }, 'text', 'Enter the correction'],
      [
        { intent: 'add', text: 'x'.repeat(2001) },
        'text',
        'A correction can have at most 2000 characters',
      ],
      [
        { intent: 'add', text: 'Fix', correctedAt: tomorrow },
        'correctedAt',
        'The date cannot be in the future',
      ],
      [
        { intent: 'add', text: 'Fix', correctedAt: 'last week' },
        'correctedAt',
        'Enter a valid date',
      ],
    ]
    for (const [fields, field, message] of cases) {
      const response = await callRoute(
        action,
        post(callers.editor.cookie, url(article.id), fields),
        params(article.id),
      )
      expect(response.status, JSON.stringify(fields)).toBe(400)
      expect((await response.json()).fieldErrors[field]).toEqual([message])
    }
    const forged = await callRoute(
      action,
      post(callers.editor.cookie, url(article.id), { intent: 'edit', id: '1' }),
      params(article.id),
    )
    expect(forged.status).toBe(400)
    expect((await forged.json()).toast.description).toBe('Unknown action')
    const badId = await callRoute(
      action,
      post(callers.editor.cookie, url(article.id), { intent: 'delete', id: 'one' }),
      params(article.id),
    )
    expect((await badId.json()).toast).toMatchObject({
      title: 'Failed to delete correction',
      description: 'This correction does not exist',
    })
    expect(await correctionsOf(article.id)).toHaveLength(0)
  })

  it('refuses a correction to an article readers cannot see', async () => {
    const draft = await insertArticle({ status: 'draft' })
    const list = await callRoute(
      loader,
      get(callers.editor.cookie, url(draft.id)),
      params(draft.id),
    )
    expect(await list.json()).toMatchObject({ ok: true, canAdd: false, corrections: [] })
    const response = await callRoute(
      action,
      post(callers.editor.cookie, url(draft.id), { intent: 'add', text: 'Too early' }),
      params(draft.id),
    )
    expect(response.status).toBe(409)
    expect((await response.json()).toast).toMatchObject({
      title: 'Failed to add correction',
      description: 'Corrections are added to published articles only.',
    })
    const missing = await callRoute(
      loader,
      get(callers.editor.cookie, url(999_999)),
      params(999_999),
    )
    expect(missing.status).toBe(404)
  })
})

describe('/admin/articles/{id}/corrections when the unexpected happens', () => {
  it('answers 500 with the generic message and logs the request id', async () => {
    const article = await insertArticle()
    const body = await expectUnexpectedFailure(
      action,
      post(callers.editor.cookie, url(article.id), { intent: 'add', text: 'Fix' }),
      { table: 'article_corrections', params: params(article.id) },
    )
    expect(body.toast).toMatchObject({ type: 'error', title: 'Failed to add correction' })
    await expectUnexpectedFailure(loader, get(callers.editor.cookie, url(article.id)), {
      table: 'article_corrections',
      params: params(article.id),
    })
  })
})
