import { beforeAll, describe, expect, it } from 'vitest'
import { createTestUser, sessionCookie } from '../../tests/setup/auth-fixtures'
import { callRoute, get, post } from '../../tests/setup/admin-fixtures'
import { insertArticle } from '../../tests/setup/content-fixtures'
import { action, loader } from './admin.articles_.$id.live'

let editor = ''
beforeAll(async () => {
  editor = await sessionCookie(await createTestUser({ role: 'editor' }))
})

describe('/admin/articles/:id/live', () => {
  it('answers a malformed or unknown article with the one not-found answer', async () => {
    for (const id of ['not-a-number', '987654']) {
      const url = `/admin/articles/${id}/live`
      for (const answer of [
        await callRoute(loader, get(editor, url), { id }),
        await callRoute(action, post(editor, url, { intent: 'start' }), { id }),
      ]) {
        expect(answer.status).toBe(404)
        expect(await answer.json()).toEqual({
          ok: false,
          code: 'NOT_FOUND',
          message: 'Article not found',
        })
      }
    }
  })

  it('opens the desk of an article the editor may run', async () => {
    const article = await insertArticle({ title: 'Count night' })
    const id = String(article.id)
    const answer = await callRoute(loader, get(editor, `/admin/articles/${id}/live`), { id })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({
      article: { id: article.id, title: 'Count night' },
      canRun: true,
      coverage: null,
    })
  })
})
