import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { reviewMailsJob } from '~/domain/articles/review.server'
import { drainQueue } from '~/infra/jobs/queue-worker.server'
import { readOutbox } from '~/infra/mail.server'
import { createTestUser, sessionCookie, toastFrom } from '../../tests/setup/auth-fixtures'
import {
  callRoute,
  expectHomeRedirect,
  expectSignInRedirect,
  expectUnexpectedFailure,
  post,
} from '../../tests/setup/admin-fixtures'
import { insertArticle } from '../../tests/setup/content-fixtures'
import { action } from './admin.articles.$id.review'

type Role = 'viewer' | 'contributor' | 'author' | 'editor' | 'admin'
const callers = {} as Record<Role, { id: string; email: string; cookie: string }>

beforeAll(async () => {
  for (const role of ['viewer', 'contributor', 'author', 'editor', 'admin'] as const) {
    const user = await createTestUser({ role })
    callers[role] = { id: user.id, email: user.email, cookie: await sessionCookie(user) }
  }
})

const url = (id: number) => `/admin/articles/${id}/review`
const params = (id: number) => ({ id: String(id) })
const returning = (note: string) => ({ intent: 'return', note })

/** An article the contributor wrote and submitted. */
function submitted(title = 'Council budget vote') {
  return insertArticle({ authorId: callers.contributor.id, status: 'review', title })
}

async function stored(id: number) {
  const [row] = await getDb().select().from(articles).where(eq(articles.id, id))
  return row
}

describe('/admin/articles/{id}/review: returning to the writer', () => {
  it('makes the article a draft with the note, mails the writer, and goes back to the queue', async () => {
    const article = await submitted()
    const response = await callRoute(
      action,
      post(callers.editor.cookie, url(article.id), returning('  Add the vote count.  ')),
      params(article.id),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/admin')
    expect(await toastFrom(response)).toMatchObject({
      type: 'success',
      title: 'Returned to the writer',
    })
    const row = await stored(article.id)
    expect(row).toMatchObject({
      status: 'draft',
      reviewNote: 'Add the vote count.',
      reviewNoteBy: callers.editor.id,
    })
    expect(row.reviewNoteAt).toBeInstanceOf(Date)
    // The review-mails job sends what the return queued (the server runs it by itself).
    await drainQueue(reviewMailsJob)
    const mails = (await readOutbox()).filter((mail) => mail.to.includes(callers.contributor.email))
    expect(mails).toHaveLength(1)
    expect(mails[0].text).toContain('Add the vote count.')
    expect(mails[0].text).toContain(`/admin/edit-article/${article.id}`)
  })

  it('refuses the writer, an author and a viewer (forged posts), and anonymous callers', async () => {
    const article = await submitted('Forged return')
    for (const role of ['contributor', 'author'] as const) {
      const response = await callRoute(
        action,
        post(callers[role].cookie, url(article.id), returning('Mine now')),
        params(article.id),
      )
      expect(response.status, role).toBe(403)
      expect(await response.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' })
    }
    // An author's own article in review: still the editors' call.
    const own = await insertArticle({ authorId: callers.author.id, status: 'review' })
    const ownResponse = await callRoute(
      action,
      post(callers.author.cookie, url(own.id), returning('Skip review')),
      params(own.id),
    )
    expect(ownResponse.status).toBe(403)
    expectHomeRedirect(
      await callRoute(
        action,
        post(callers.viewer.cookie, url(article.id), returning('x')),
        params(article.id),
      ),
    )
    expectSignInRedirect(
      await callRoute(action, post(null, url(article.id), returning('x')), params(article.id)),
    )
    expect(await stored(article.id)).toMatchObject({ status: 'review', reviewNote: null })
    expect(await stored(own.id)).toMatchObject({ status: 'review', reviewNote: null })
  })

  it('asks for a note of 1 to 2000 characters, under the field', async () => {
    const article = await submitted('Noteless')
    for (const [note, message] of [
      ['   ', 'Write a note for the writer'],
      ['x'.repeat(2001), 'A note can have at most 2000 characters'],
    ]) {
      const response = await callRoute(
        action,
        post(callers.admin.cookie, url(article.id), returning(note)),
        params(article.id),
      )
      expect(response.status).toBe(400)
      expect((await response.json()).fieldErrors).toEqual({ note: [message] })
    }
    const missing = await callRoute(
      action,
      post(callers.admin.cookie, url(article.id), { intent: 'return' }),
      params(article.id),
    )
    expect(missing.status).toBe(400)
    expect((await missing.json()).fieldErrors).toEqual({ note: ['Write a note for the writer'] })
    expect(await stored(article.id)).toMatchObject({ status: 'review', reviewNote: null })
  })

  it('says why an article that is not waiting for review cannot be returned', async () => {
    const draft = await insertArticle({ authorId: callers.contributor.id, status: 'draft' })
    const response = await callRoute(
      action,
      post(callers.editor.cookie, url(draft.id), returning('Again')),
      params(draft.id),
    )
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({
      ok: false,
      code: 'NOT_IN_REVIEW',
      toast: {
        type: 'error',
        title: 'Failed to return the article',
        description: 'Only an article waiting for review can be returned; this one is a draft.',
      },
    })
    expect((await stored(draft.id)).reviewNote).toBeNull()
  })

  it('answers 404 for no such article and 400 for an intent it does not know', async () => {
    const gone = await callRoute(
      action,
      post(callers.editor.cookie, url(999_999), returning('Hello')),
      params(999_999),
    )
    expect(gone.status).toBe(404)
    const bad = await callRoute(action, post(callers.editor.cookie, url(1), returning('x')), {
      id: 'one',
    })
    expect(bad.status).toBe(404)
    const article = await submitted('Unknown intent')
    const forged = await callRoute(
      action,
      post(callers.editor.cookie, url(article.id), { intent: 'publish-everything' }),
      params(article.id),
    )
    expect(forged.status).toBe(400)
    expect((await forged.json()).toast).toMatchObject({ description: 'Unknown action' })
  })
})

describe('/admin/articles/{id}/review when the unexpected happens', () => {
  it('answers 500 with the generic message and logs the request id', async () => {
    const article = await submitted('Unlucky')
    const body = await expectUnexpectedFailure(
      action,
      post(callers.editor.cookie, url(article.id), returning('Shorter, please.')),
      { table: 'articles', params: params(article.id) },
    )
    expect(body.toast).toMatchObject({ type: 'error', title: 'Failed to return the article' })
  })
})
