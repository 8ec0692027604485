import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articleRevisions, articles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import * as articleList from '~/routes/admin.articles'
import * as editArticle from '~/routes/admin.edit-article.$id'
import * as review from '~/routes/admin.articles.$id.review'
import {
  createTestUser,
  formRequest,
  requestAs,
  runRoute,
  settleRoute,
  sessionCookie,
} from '../setup/auth-fixtures'
import { insertArticle } from '../setup/content-fixtures'

// A contributor's side of the back office: she lists only her own articles, opens her
// submission while it waits for review, and takes it back to draft until an editor acts.

type Person = { id: string; cookie: string }
let contributor: Person
let author: Person
let editor: Person

async function person(role: 'contributor' | 'author' | 'editor'): Promise<Person> {
  const user = await createTestUser({ role })
  return { id: user.id, cookie: await sessionCookie(user) }
}

beforeAll(async () => {
  ;[contributor, author, editor] = await Promise.all([
    person('contributor'),
    person('author'),
    person('editor'),
  ])
})

// settleRoute reads a thrown `data(…, { status })` (a guard's 403) as the answer it is.
function openArticle(who: Person, id: number) {
  return settleRoute(editArticle.loader, requestAs(who.cookie, `/admin/edit-article/${id}`), {
    params: { id: String(id) },
  })
}

function withdraw(who: Person, id: number) {
  return settleRoute(
    review.action,
    formRequest(who.cookie, `/admin/articles/${id}/review`, { intent: 'withdraw' }),
    { params: { id: String(id) } },
  )
}

async function statusOf(id: number) {
  const [row] = await getDb()
    .select({ status: articles.status })
    .from(articles)
    .where(eq(articles.id, id))
  return row.status
}

describe('the article list', () => {
  it('shows a contributor her own articles only, never the titles of others’ drafts', async () => {
    const own = await insertArticle({ authorId: contributor.id, status: 'draft' })
    const othersDraft = await insertArticle({ authorId: author.id, status: 'draft' })
    const listed = await runRoute(
      articleList.loader,
      requestAs(contributor.cookie, '/admin/articles'),
    )
    expect(listed.status).toBe(200)
    const titles = listed.data.page.items.map((a: { title: string }) => a.title)
    expect(titles).toContain(own.title)
    expect(titles).not.toContain(othersDraft.title)
    expect(JSON.stringify(listed.data)).not.toContain(othersDraft.title)
    expect(listed.data.page.total).toBe(
      listed.data.page.items.filter((a: { authorId: string }) => a.authorId === contributor.id)
        .length,
    )
    const forAuthor = await runRoute(
      articleList.loader,
      requestAs(author.cookie, '/admin/articles'),
    )
    expect(forAuthor.data.page.items.map((a: { title: string }) => a.title)).toContain(own.title)
  })
})

describe('a contributor’s submission', () => {
  it('opens for its writer while it waits for review (not for another contributor)', async () => {
    const submitted = await insertArticle({ authorId: contributor.id, status: 'review' })
    const opened = await openArticle(contributor, submitted.id)
    expect(opened.status).toBe(200)
    expect(opened.data.article.title).toBe(submitted.title)
    // She reads it; the form is not offered (only an editor may change it now).
    expect(opened.data.editable).toBe(false)
    const stranger = await person('contributor')
    expect((await openArticle(stranger, submitted.id)).status).toBe(403)
  })

  it('goes back to draft when its writer withdraws it', async () => {
    const submitted = await insertArticle({ authorId: contributor.id, status: 'review' })
    const done = await withdraw(contributor, submitted.id)
    expect(done.status).toBe(302)
    expect(done.location).toBe(`/admin/edit-article/${submitted.id}`)
    expect(await statusOf(submitted.id)).toBe('draft')
    const [revision] = await getDb()
      .select({ status: articleRevisions.status, by: articleRevisions.createdBy })
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, submitted.id))
    expect(revision).toEqual({ status: 'draft', by: contributor.id })
    // A draft again: hers to edit.
    const reopened = await openArticle(contributor, submitted.id)
    expect(reopened.status).toBe(200)
    expect(reopened.data.editable).toBe(true)
  })

  it('stays with the editors once one has acted on it', async () => {
    const published = await insertArticle({ authorId: contributor.id, status: 'published' })
    const refused = await withdraw(contributor, published.id)
    expect(refused.status).toBe(409)
    expect(await statusOf(published.id)).toBe('published')

    const edited = await insertArticle({ authorId: contributor.id, status: 'review' })
    await getDb().insert(articleRevisions).values({
      articleId: edited.id,
      title: edited.title,
      status: 'review',
      createdBy: editor.id,
    })
    expect((await withdraw(contributor, edited.id)).status).toBe(409)
    expect(await statusOf(edited.id)).toBe('review')
  })

  it('is withdrawn by its writer only', async () => {
    const submitted = await insertArticle({ authorId: contributor.id, status: 'review' })
    expect((await withdraw(editor, submitted.id)).status).toBe(403)
    expect((await withdraw(author, submitted.id)).status).toBe(403)
    expect(await statusOf(submitted.id)).toBe('review')
  })
})
