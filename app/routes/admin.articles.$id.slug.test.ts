import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles } from '@db/schema/index'
import { findRedirect } from '~/domain/redirects/redirects.server'
import { getDb } from '~/infra/db.server'
import { createTestUser, sessionCookie, toastFrom } from '../../tests/setup/auth-fixtures'
import { callRoute, expectUnexpectedFailure, post } from '../../tests/setup/admin-fixtures'
import { insertArticle } from '../../tests/setup/content-fixtures'
import { action } from './admin.articles.$id.slug'

let editor = ''
let author = ''
beforeAll(async () => {
  editor = await sessionCookie(await createTestUser({ role: 'editor' }))
  author = await sessionCookie(await createTestUser({ role: 'author' }))
})

describe('/admin/articles/:id/slug', () => {
  it('an editor moves a published article; its old address then redirects', async () => {
    const article = await insertArticle({ title: 'Moving story' })
    const url = `/admin/articles/${article.id}/slug`
    const moved = await callRoute(action, post(editor, url, { slug: 'Moved Story' }), {
      id: String(article.id),
    })
    expect(moved.status).toBe(302)
    expect(await toastFrom(moved)).toMatchObject({ title: 'Address changed' })
    expect(await findRedirect(`/article/${article.slug}`)).toMatchObject({
      toPath: '/article/moved-story',
      statusCode: 301,
    })
    const empty = await callRoute(action, post(editor, url, { slug: '' }), {
      id: String(article.id),
    })
    expect(empty.status).toBe(400)
    // An author is staff without this capability: 403, and nothing moves.
    const refused = await callRoute(action, post(author, url, { slug: 'x' }), {
      id: String(article.id),
    })
    expect(refused.status).toBe(403)
    expect(await findRedirect('/article/moved-story')).toBeNull()
  })
})

describe('/admin/articles/:id/slug when the unexpected happens', () => {
  it('answers 500 with the generic sentence, logs the request id, and moves nothing', async () => {
    const article = await insertArticle({ title: 'Stuck story' })
    const body = await expectUnexpectedFailure(
      action,
      post(editor, `/admin/articles/${article.id}/slug`, { slug: 'unstuck-story' }),
      // The move's redirect is written in the slug change's transaction.
      { table: 'redirects', params: { id: String(article.id) } },
    )
    expect(body.toast).toBeUndefined()
    const [row] = await getDb().select().from(articles).where(eq(articles.id, article.id))
    expect(row.slug).toBe(article.slug)
  })
})
