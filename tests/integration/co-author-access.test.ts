import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articleBylines, articles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import * as articleList from '~/routes/admin.articles'
import * as editArticle from '~/routes/admin.edit-article.$id'
import {
  createTestUser,
  requestAs,
  runRoute,
  sessionCookie,
  settleRoute,
} from '../setup/auth-fixtures'
import { insertArticle } from '../setup/content-fixtures'

// Issue 40: every co-author is an author of the article. A contributor named as a co-author
// edits the shared draft, lists it as hers, and loses the pen when it goes to review like any
// writer; someone who is no byline is refused. Only an editor changes the bylines.

type Person = { id: string; cookie: string }
let lead: Person
let coAuthor: Person
let outsider: Person
let author: Person
let editor: Person
let reader: Person

async function person(role: 'viewer' | 'contributor' | 'author' | 'editor'): Promise<Person> {
  const user = await createTestUser({ role })
  return { id: user.id, cookie: await sessionCookie(user) }
}

beforeAll(async () => {
  ;[lead, coAuthor, outsider, author, editor, reader] = await Promise.all([
    person('contributor'),
    person('contributor'),
    person('contributor'),
    person('author'),
    person('editor'),
    person('viewer'),
  ])
})

function open(who: Person, id: number) {
  return settleRoute(editArticle.loader, requestAs(who.cookie, `/admin/edit-article/${id}`), {
    params: { id: String(id) },
  })
}

function save(who: Person, id: number, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams()
  const all = {
    title: 'Shared draft',
    content: '<p>Filed together.</p>',
    status: 'draft',
    ...fields,
  }
  for (const [name, value] of Object.entries(all)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one)
  }
  return settleRoute(
    editArticle.action,
    requestAs(who.cookie, `/admin/edit-article/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    }),
    { params: { id: String(id) } },
  )
}

async function titleOf(id: number) {
  const [row] = await getDb()
    .select({ title: articles.title })
    .from(articles)
    .where(eq(articles.id, id))
  return row.title
}

async function bylinesOf(id: number) {
  const rows = await getDb()
    .select({ userId: articleBylines.userId })
    .from(articleBylines)
    .where(eq(articleBylines.articleId, id))
    .orderBy(asc(articleBylines.position))
  return rows.map((row) => row.userId)
}

describe('a co-author', () => {
  it('opens and saves the shared draft; someone who is no byline is refused', async () => {
    const draft = await insertArticle({
      authorId: lead.id,
      coAuthorIds: [coAuthor.id],
      status: 'draft',
    })
    expect((await open(coAuthor, draft.id)).status).toBe(200)
    expect((await open(coAuthor, draft.id)).data.editable).toBe(true)
    // The form posts the byline it shows (the first byline), as for any writer.
    const saved = await save(coAuthor, draft.id, {
      title: 'Edited by the co-author',
      authorId: lead.id,
    })
    expect(saved.status).toBe(302)
    expect(await titleOf(draft.id)).toBe('Edited by the co-author')
    // Her save kept both bylines (she posts no byline picker).
    expect(await bylinesOf(draft.id)).toEqual([lead.id, coAuthor.id])

    expect((await open(outsider, draft.id)).status).toBe(403)
    const refused = await save(outsider, draft.id, {
      title: 'Not mine to change',
      authorId: lead.id,
    })
    expect(refused.status).toBe(403)
    expect(await titleOf(draft.id)).toBe('Edited by the co-author')
  })

  it('reads but no longer edits it once it waits for review, like its first byline', async () => {
    const submitted = await insertArticle({
      authorId: lead.id,
      coAuthorIds: [coAuthor.id],
      status: 'review',
    })
    const opened = await open(coAuthor, submitted.id)
    expect(opened.status).toBe(200)
    expect(opened.data.editable).toBe(false)
    expect(
      (await save(coAuthor, submitted.id, { status: 'review', authorId: lead.id })).status,
    ).toBe(403)
  })

  it('finds co-written articles in her list', async () => {
    const shared = await insertArticle({
      authorId: lead.id,
      coAuthorIds: [coAuthor.id],
      status: 'draft',
    })
    const listed = await runRoute(articleList.loader, requestAs(coAuthor.cookie, '/admin/articles'))
    const ids = listed.data.page.items.map((a: { id: number }) => a.id)
    expect(ids).toContain(shared.id)
    const others = await runRoute(articleList.loader, requestAs(outsider.cookie, '/admin/articles'))
    expect(others.data.page.items.map((a: { id: number }) => a.id)).not.toContain(shared.id)
  })
})

describe('changing the bylines', () => {
  it('is the editor’s: co-authors saved in order, the first byline never repeated', async () => {
    const draft = await insertArticle({ authorId: lead.id, status: 'draft' })
    const saved = await save(editor, draft.id, {
      authorId: lead.id,
      coAuthorIds: ['', author.id, coAuthor.id, lead.id],
    })
    expect(saved.status).toBe(302)
    expect(await bylinesOf(draft.id)).toEqual([lead.id, author.id, coAuthor.id])
    // Reordered, then one removed.
    await save(editor, draft.id, { authorId: lead.id, coAuthorIds: ['', coAuthor.id, author.id] })
    expect(await bylinesOf(draft.id)).toEqual([lead.id, coAuthor.id, author.id])
    await save(editor, draft.id, { authorId: lead.id, coAuthorIds: ['', author.id] })
    expect(await bylinesOf(draft.id)).toEqual([lead.id, author.id])
    // A co-author who becomes the first byline leaves the later places.
    await save(editor, draft.id, { authorId: author.id, coAuthorIds: ['', author.id, lead.id] })
    expect(await bylinesOf(draft.id)).toEqual([author.id, lead.id])
  })

  it('refuses an author adding a co-author to her own article (403), and a reader as a byline (4xx)', async () => {
    const own = await insertArticle({ authorId: author.id, status: 'draft' })
    const refused = await save(author, own.id, {
      authorId: author.id,
      coAuthorIds: ['', coAuthor.id],
    })
    expect(refused.status).toBe(403)
    expect(await bylinesOf(own.id)).toEqual([author.id])

    const notStaff = await save(editor, own.id, {
      authorId: author.id,
      coAuthorIds: ['', reader.id],
    })
    expect(notStaff.status).toBeGreaterThanOrEqual(400)
    expect(notStaff.status).toBeLessThan(500)
    expect(await bylinesOf(own.id)).toEqual([author.id])
  })
})
