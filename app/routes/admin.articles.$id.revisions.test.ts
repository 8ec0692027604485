import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articleRevisions, articles } from '@db/schema/index'
import { createArticle, updateArticle } from '~/domain/articles/articles.server'
import { articleFormSchema, type ArticleInput } from '~/domain/articles/articles-schema'
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
import { action, loader } from './admin.articles.$id.revisions'

type Role = 'viewer' | 'contributor' | 'author' | 'editor' | 'admin'
const callers = {} as Record<Role, { id: string; cookie: string }>

beforeAll(async () => {
  for (const role of ['viewer', 'contributor', 'author', 'editor', 'admin'] as const) {
    const user = await createTestUser({ role })
    callers[role] = { id: user.id, cookie: await sessionCookie(user) }
  }
})

function input(overrides: Partial<ArticleInput> = {}): ArticleInput {
  return {
    ...articleFormSchema.parse({
      title: 'Harbour wall repaired',
      content: '<p>Work ends in May.</p>',
    }),
    ...overrides,
  }
}

/** An article by `author` saved twice: a first version and a changed one. */
async function articleWithHistory(author: Role, first: Partial<ArticleInput> = {}) {
  const actor = { id: callers[author].id, role: author }
  const saved = await createArticle(input({ authorId: actor.id, ...first }), actor)
  await updateArticle(
    saved.id,
    input({ authorId: actor.id, ...first, content: '<p>Work ends in June.</p>' }),
    actor,
  )
  const revisions = await getDb()
    .select()
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, saved.id))
    .orderBy(asc(articleRevisions.id))
  return { id: saved.id, revisions }
}

const url = (id: number, query = '') => `/admin/articles/${id}/revisions${query}`
const params = (id: number) => ({ id: String(id) })

describe('/admin/articles/{id}/revisions: who may', () => {
  it('refuses anonymous and viewer callers', async () => {
    const { id, revisions } = await articleWithHistory('editor')
    const fields = { intent: 'restore', revisionId: String(revisions[0].id) }
    expectSignInRedirect(await callRoute(loader, get(null, url(id)), params(id)))
    expectHomeRedirect(await callRoute(loader, get(callers.viewer.cookie, url(id)), params(id)))
    expectSignInRedirect(await callRoute(action, post(null, url(id), fields), params(id)))
    expectHomeRedirect(
      await callRoute(action, post(callers.viewer.cookie, url(id), fields), params(id)),
    )
  })

  it('lets whoever may edit the article read its history; others get 403', async () => {
    const own = await articleWithHistory('contributor')
    const editors = await articleWithHistory('editor')
    const expectations: [Role, number, number][] = [
      ['contributor', own.id, 200],
      ['contributor', editors.id, 403],
      ['author', editors.id, 403],
      ['editor', own.id, 200],
      ['admin', own.id, 200],
    ]
    for (const [role, id, status] of expectations) {
      const response = await callRoute(loader, get(callers[role].cookie, url(id)), params(id))
      expect(response.status, `${role} on article ${id}`).toBe(status)
    }
    const missing = await callRoute(loader, get(callers.editor.cookie, url(999_999)), {
      id: '999999',
    })
    expect(missing.status).toBe(404)
  })

  it('lets an author restore a published revision of their own article; not a contributor', async () => {
    const authors = await articleWithHistory('author', { status: 'published' })
    const restore = (id: number, revisionId: number, role: Role) =>
      callRoute(
        action,
        post(callers[role].cookie, url(id), { intent: 'restore', revisionId: String(revisionId) }),
        params(id),
      )
    expect((await restore(authors.id, authors.revisions[0].id, 'author')).status).toBe(302)
    expect((await restore(authors.id, authors.revisions[0].id, 'contributor')).status).toBe(403)

    // The contributor's own article, published by an editor, then returned as a draft.
    const own = await articleWithHistory('contributor')
    const contributor = callers.contributor.id
    await updateArticle(own.id, input({ authorId: contributor, status: 'published' }), {
      id: callers.editor.id,
      role: 'editor',
    })
    await updateArticle(own.id, input({ authorId: contributor, title: 'Returned' }), {
      id: callers.editor.id,
      role: 'editor',
    })
    const [published] = await getDb()
      .select()
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, own.id))
      .orderBy(asc(articleRevisions.id))
      .offset(2)
    const list = await (
      await callRoute(loader, get(callers.contributor.cookie, url(own.id)), params(own.id))
    ).json()
    const listed = list.revisions.find((r: { id: number }) => r.id === published.id)
    expect(listed).toMatchObject({ status: 'published', canRestore: false })
    const refused = await restore(own.id, published.id, 'contributor')
    expect(refused.status).toBe(403)
    expect((await refused.json()).toast).toMatchObject({ title: 'Failed to restore revision' })
    const [after] = await getDb().select().from(articles).where(eq(articles.id, own.id))
    expect(after).toMatchObject({ status: 'draft', title: 'Returned' })
  })
})

describe('/admin/articles/{id}/revisions', () => {
  it('lists the revisions newest first, with who and what changed', async () => {
    const { id } = await articleWithHistory('editor')
    const response = await callRoute(loader, get(callers.editor.cookie, url(id)), params(id))
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const body = await response.json()
    expect(body.ok).toBe(true)
    expect(body.revisions).toHaveLength(2)
    expect(body.revisions[0]).toMatchObject({
      status: 'draft',
      summary: 'Changed content',
      canRestore: true,
    })
    expect(body.revisions[1].summary).toBe('Earliest saved version')
  })

  it('compares a revision with the current text; an unknown one is 404', async () => {
    const { id, revisions } = await articleWithHistory('editor')
    const response = await callRoute(
      loader,
      get(callers.editor.cookie, url(id, `?compare=${revisions[0].id}`)),
      params(id),
    )
    const { comparison } = await response.json()
    expect(comparison.content).toEqual([
      [
        { type: 'same', text: 'Work ends in' },
        { type: 'removed', text: 'May.' },
        { type: 'added', text: 'June.' },
      ],
    ])
    for (const compare of ['999999', 'x']) {
      const missing = await callRoute(
        loader,
        get(callers.editor.cookie, url(id, `?compare=${compare}`)),
        params(id),
      )
      expect(missing.status).toBe(404)
      // The one not-found body (lib/not-found.ts).
      expect(await missing.json()).toEqual({
        ok: false,
        code: 'NOT_FOUND',
        message: 'This revision no longer exists.',
      })
    }
  })

  it('restores a revision as a new save and reloads the form', async () => {
    const { id, revisions } = await articleWithHistory('editor')
    const response = await callRoute(
      action,
      post(callers.editor.cookie, url(id), {
        intent: 'restore',
        revisionId: String(revisions[0].id),
      }),
      params(id),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/admin/edit-article/${id}`)
    expect(response.headers.get('x-remix-reload-document')).toBe('true')
    expect(await toastFrom(response)).toMatchObject({ title: 'Revision restored' })
    const [article] = await getDb().select().from(articles).where(eq(articles.id, id))
    expect(article.content).toBe('<p>Work ends in May.</p>')
    const all = await getDb()
      .select()
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, id))
    expect(all).toHaveLength(3)
  })

  it('answers a conflict when the article changed since the list was read', async () => {
    const { id, revisions } = await articleWithHistory('editor')
    const response = await callRoute(
      action,
      post(callers.editor.cookie, url(id), {
        intent: 'restore',
        revisionId: String(revisions[0].id),
        expectedUpdatedAt: '2020-01-01T00:00:00.000Z',
      }),
      params(id),
    )
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({ code: 'CONFLICT' })
  })

  it('answers 400 to a bad post', async () => {
    const { id } = await articleWithHistory('editor')
    const cases: [Record<string, string>, string][] = [
      [{ intent: 'restore' }, 'This revision does not exist'],
      [{ intent: 'restore', revisionId: 'abc' }, 'This revision does not exist'],
      [
        { intent: 'restore', revisionId: '1', expectedUpdatedAt: 'soon' },
        'Reload the revisions and try again',
      ],
      [{ intent: 'delete', revisionId: '1' }, 'Unknown action'],
    ]
    for (const [fields, message] of cases) {
      const response = await callRoute(
        action,
        post(callers.editor.cookie, url(id), fields),
        params(id),
      )
      expect(response.status, JSON.stringify(fields)).toBe(400)
      expect((await response.json()).toast.description).toBe(message)
    }
    const missing = await callRoute(
      action,
      post(callers.editor.cookie, url(id), { intent: 'restore', revisionId: '999999' }),
      params(id),
    )
    expect(missing.status).toBe(404)
  })
})

describe('/admin/articles/{id}/revisions when the unexpected happens', () => {
  it('answers 500 with the generic message and logs the request id', async () => {
    const { id, revisions } = await articleWithHistory('editor')
    const body = await expectUnexpectedFailure(
      action,
      post(callers.editor.cookie, url(id), {
        intent: 'restore',
        revisionId: String(revisions[0].id),
      }),
      { table: 'article_revisions', params: params(id) },
    )
    expect(body.toast).toMatchObject({ type: 'error', title: 'Failed to restore revision' })
    await expectUnexpectedFailure(loader, get(callers.editor.cookie, url(id)), {
      table: 'article_revisions',
      params: params(id),
    })
  })
})
