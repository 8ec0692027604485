import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { createTestUser, sessionCookie } from '../../tests/setup/auth-fixtures'
import { callRoute, get, post } from '../../tests/setup/admin-fixtures'
import { insertArticle } from '../../tests/setup/content-fixtures'
import { action, loader } from './admin.api.articles.$id.lock'
import { action as autosave } from './admin.api.articles.autosave'
import { action as editArticle } from './admin.edit-article.$id'

// Two people, one article, over the routes: two signed-in sessions, the lock endpoint, the
// form's save and autosave.

let ann = ''
let bob = ''
let annId = ''
let bobId = ''
let contributor = ''
let viewer = ''

beforeAll(async () => {
  const a = await createTestUser({ role: 'editor', email: 'ann-lock@example.com' })
  const b = await createTestUser({ role: 'author', email: 'bob-lock@example.com' })
  annId = a.id
  bobId = b.id
  ann = await sessionCookie(a)
  bob = await sessionCookie(b)
  contributor = await sessionCookie(await createTestUser({ role: 'contributor' }))
  viewer = await sessionCookie(await createTestUser({ role: 'viewer' }))
})

const lockUrl = (id: number) => `/admin/api/articles/${id}/lock`

async function lock(cookie: string | null, id: number, intent: string) {
  const response = await callRoute(action, post(cookie, lockUrl(id), { intent }), {
    id: String(id),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

function form(id: number, title: string, extra: Record<string, string> = {}) {
  return {
    id: String(id),
    title,
    content: '<p>Words.</p>',
    excerpt: '',
    status: 'draft',
    categoryId: 'none',
    ...extra,
  }
}

async function titleOf(id: number) {
  const [row] = await getDb()
    .select({ title: articles.title })
    .from(articles)
    .where(eq(articles.id, id))
  return row.title
}

describe('/admin/api/articles/:id/lock with two sessions', () => {
  it('refuses the save of whoever does not hold the lock, until they take over', async () => {
    // Bob's own draft, which Ann (an editor) opens first.
    const article = await insertArticle({ status: 'draft', authorId: bobId, title: 'Before' })
    const params = { id: String(article.id) }
    expect((await lock(ann, article.id, 'claim')).body).toMatchObject({
      ok: true,
      mine: true,
      holder: { id: annId },
    })
    // Bob opens it: Ann is named, and his save, autosave and submission are refused.
    const seen = await lock(bob, article.id, 'claim')
    expect(seen.body).toMatchObject({ ok: true, mine: false, holder: { id: annId } })
    expect(typeof (seen.body.holder as { since: string }).since).toBe('string')
    const save = await callRoute(
      editArticle,
      post(bob, `/admin/edit-article/${article.id}`, form(article.id, 'Bob’s')),
      params,
    )
    expect(save.status).toBe(423)
    expect(await save.json()).toMatchObject({
      ok: false,
      code: 'LOCKED',
      toast: {
        title: 'Failed to update article',
        description: expect.stringMatching(/ann-lock is editing/),
      },
    })
    const auto = await callRoute(
      autosave,
      post(bob, '/admin/api/articles/autosave', form(article.id, 'Bob’s auto')),
    )
    expect(auto.status).toBe(423)
    expect(await auto.json()).toMatchObject({
      ok: false,
      code: 'LOCKED',
      formError: expect.stringMatching(/is editing this article now/),
    })
    const submit = await callRoute(
      editArticle,
      post(
        bob,
        `/admin/edit-article/${article.id}`,
        form(article.id, 'Bob’s', { status: 'review' }),
      ),
      params,
    )
    expect(submit.status).toBe(423)
    expect(await titleOf(article.id)).toBe('Before')

    // Ann's own save passes while she holds it.
    const annSave = await callRoute(
      autosave,
      post(ann, '/admin/api/articles/autosave', form(article.id, 'Ann’s')),
    )
    expect(annSave.status).toBe(200)
    expect(await titleOf(article.id)).toBe('Ann’s')

    // Bob takes over: Ann's next check-in says so, and her saves are refused; Bob's go through.
    expect((await lock(bob, article.id, 'take-over')).body).toMatchObject({
      ok: true,
      mine: true,
      takenFrom: annId,
    })
    expect((await lock(ann, article.id, 'claim')).body).toMatchObject({
      mine: false,
      holder: { id: bobId },
    })
    const refused = await callRoute(
      autosave,
      post(ann, '/admin/api/articles/autosave', form(article.id, 'Ann’s late')),
    )
    expect(refused.status).toBe(423)
    const bobSave = await callRoute(
      editArticle,
      post(bob, `/admin/edit-article/${article.id}`, form(article.id, 'Bob’s')),
      params,
    )
    expect(bobSave.status).toBe(302)
    expect(await titleOf(article.id)).toBe('Bob’s')

    // Ann's release does nothing to Bob's lock; Bob's own frees it.
    expect((await lock(ann, article.id, 'release')).body).toMatchObject({ released: false })
    expect((await lock(bob, article.id, 'release')).body).toMatchObject({ released: true })
    expect((await lock(ann, article.id, 'claim')).body).toMatchObject({ mine: true })
  })

  it('checks the session and the role on the server', async () => {
    const othersDraft = await insertArticle({ status: 'draft', authorId: annId })
    expect((await lock(null, othersDraft.id, 'claim')).status).toBe(401)
    expect((await lock(viewer, othersDraft.id, 'claim')).status).toBe(403)
    // A contributor may edit only her own drafts: no lock on someone else's.
    expect((await lock(contributor, othersDraft.id, 'take-over')).status).toBe(403)
    expect((await lock(ann, othersDraft.id, 'unlock-everything')).status).toBe(400)
    expect((await lock(ann, 999_999_999, 'claim')).status).toBe(404)
    const notAnId = await callRoute(action, post(ann, lockUrl(0), { intent: 'claim' }), {
      id: 'abc',
    })
    expect(notAnId.status).toBe(404)
    const fetched = await callRoute(loader, get(ann, lockUrl(othersDraft.id)), {
      id: String(othersDraft.id),
    })
    expect(fetched.status).toBe(405)
  })
})
