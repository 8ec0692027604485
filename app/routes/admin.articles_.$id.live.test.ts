import { beforeAll, describe, expect, it } from 'vitest'
import { createTestUser, sessionCookie } from '../../tests/setup/auth-fixtures'
import { callRoute, expectUnexpectedFailure, get, post } from '../../tests/setup/admin-fixtures'
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

  it('shows an edited entry with what it was before each edit, and by whom', async () => {
    const article = await insertArticle({ title: 'Flood watch' })
    const id = String(article.id)
    const url = `/admin/articles/${id}/live`
    await callRoute(action, post(editor, url, { intent: 'start' }), { id })
    await callRoute(
      action,
      post(editor, url, { intent: 'publish', content: '<p>Water at 2 m.</p>' }),
      {
        id,
      },
    )
    const desk = async () =>
      (await (await callRoute(loader, get(editor, url), { id })).json()) as {
        entries: {
          id: number
          content: string
          earlierVersions: { content: string; editorName: string | null; editedLabel: string }[]
        }[]
      }
    const [entry] = (await desk()).entries
    expect(entry.earlierVersions).toEqual([])
    for (const content of ['<p>Water at 2.5 m.</p>', '<p>Water at 3 m.</p>'])
      await callRoute(
        action,
        post(editor, url, { intent: 'edit', id: String(entry.id), content }),
        { id },
      )
    const [edited] = (await desk()).entries
    expect(edited.content).toBe('<p>Water at 3 m.</p>')
    expect(edited.earlierVersions.map((v) => v.content)).toEqual([
      '<p>Water at 2.5 m.</p>',
      '<p>Water at 2 m.</p>',
    ])
    for (const version of edited.earlierVersions) {
      expect(version.editorName).toBeTruthy()
      expect(version.editedLabel).toMatch(/\d{1,2}:\d{2}/)
    }
  })
})

describe('/admin/articles/:id/live when the unexpected happens', () => {
  it('answers 500 with the generic sentence in a toast and logs the request id', async () => {
    const article = await insertArticle({ title: 'Storm night' })
    const id = String(article.id)
    const url = `/admin/articles/${id}/live`
    const started = await expectUnexpectedFailure(action, post(editor, url, { intent: 'start' }), {
      table: 'live_coverage',
      params: { id },
    })
    expect(started.toast).toMatchObject({ type: 'error', title: 'Failed to start coverage' })
    expect((await callRoute(action, post(editor, url, { intent: 'start' }), { id })).status).toBe(
      200,
    )
    const posted = await expectUnexpectedFailure(
      action,
      post(editor, url, { intent: 'publish', content: '<p>Wind at 120 km/h.</p>' }),
      { table: 'live_entries', params: { id } },
    )
    expect(posted.toast).toMatchObject({ type: 'error', title: 'Failed to post the entry' })
    const summary = await expectUnexpectedFailure(
      action,
      post(editor, url, { intent: 'summary', summary: 'The storm, hour by hour.' }),
      { table: 'live_coverage', params: { id } },
    )
    expect(summary.toast).toMatchObject({ type: 'error', title: 'Failed to save the summary' })
  })
})
