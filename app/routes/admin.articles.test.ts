import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles, tags } from '@db/schema/index'
import {
  createTestUser,
  requestAs,
  sessionCookie,
  testContext,
  toastFrom,
} from '../../tests/setup/auth-fixtures'
import { createArticle } from '~/domain/articles/articles.server'
import { articleFormSchema } from '~/domain/articles/articles-schema'
import { getDb } from '~/infra/db.server'
import { expectUnexpectedFailure } from '../../tests/setup/admin-fixtures'
import { isDataAnswer } from '../../tests/setup/route-answers'
import * as dashboard from './admin._index'
import * as autosave from './admin.api.articles.autosave'
import * as list from './admin.articles'
import * as edit from './admin.edit-article.$id'
import * as create from './admin.new-article'
import * as preview from './_site.admin.preview.$id'

// The article routes, called as the server would call them: every loader and action refuses
// anonymous readers and viewers, and an admin gets the answers and messages of docs/product.md.

type Handler = (args: never) => Promise<unknown>

let admin: { id: string; cookie: string }
let viewerCookie: string

beforeAll(async () => {
  const adminUser = await createTestUser({ role: 'admin' })
  admin = { id: adminUser.id, cookie: await sessionCookie(adminUser) }
  viewerCookie = await sessionCookie(await createTestUser({ role: 'viewer' }))
})

function post(cookie: string | null, url: string, fields: Array<[string, string]>) {
  const body = new URLSearchParams(fields)
  return requestAs(cookie, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  })
}

/** Runs a loader or action; a thrown Response is returned like a returned one. */
async function run(handler: Handler, request: Request, params: Record<string, string> = {}) {
  try {
    return await handler({ request, params, context: testContext() } as never)
  } catch (error) {
    // Redirects are thrown Responses, not-found states thrown data().
    if (error instanceof Response || isDataAnswer(error)) return error
    throw error
  }
}

/** The payload and status of what `data()` / `Response.json()` produced. */
async function unwrap(
  result: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- route payloads differ per case; the assertions check their shape
): Promise<{ status: number; body: any; headers: Headers }> {
  if (result instanceof Response) {
    const text = await result.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {}
    return { status: result.status, body, headers: result.headers }
  }
  if (isDataAnswer(result)) {
    const { data, init } = result
    return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) }
  }
  return { status: 200, body: result, headers: new Headers() }
}

async function makeArticle(title: string, status: 'draft' | 'published' | 'hidden' = 'draft') {
  const input = articleFormSchema.parse({ title, content: '<p>Body</p>', status })
  return createArticle(input, { id: admin.id, role: 'admin' })
}

async function stored(id: number) {
  const [row] = await getDb().select().from(articles).where(eq(articles.id, id))
  return row
}

const FORM: Array<[string, string]> = [
  ['title', 'Night ferry returns'],
  ['content', '<p>The <strong>night</strong> ferry is back.</p>'],
  ['status', 'published'],
  ['categoryId', 'none'],
]

describe('refusals', () => {
  it('sends anonymous readers to sign in and viewers home, from every loader and action', async () => {
    const article = await makeArticle('Untouchable')
    const id = String(article.id)
    type Case = [string, Handler, (cookie: string | null) => Request, Record<string, string>?]
    const cases: Case[] = [
      ['dashboard loader', dashboard.loader, (c) => requestAs(c, '/admin')],
      ['list loader', list.loader, (c) => requestAs(c, '/admin/articles')],
      ['new loader', create.loader, (c) => requestAs(c, '/admin/new-article')],
      ['edit loader', edit.loader, (c) => requestAs(c, `/admin/edit-article/${id}`), { id }],
      ['preview loader', preview.loader, (c) => requestAs(c, `/admin/preview/${id}`), { id }],
      ['create', create.action, (c) => post(c, '/admin/new-article', FORM)],
      ['update', edit.action, (c) => post(c, `/admin/edit-article/${id}`, FORM), { id }],
      ['preview post', preview.action, (c) => post(c, '/admin/preview/new', FORM), { id: 'new' }],
      [
        'list delete',
        list.action,
        (c) =>
          post(c, '/admin/articles', [
            ['intent', 'delete'],
            ['id', id],
          ]),
      ],
    ]
    for (const intent of ['archive', 'hide', 'show', 'delete']) {
      cases.push([
        `dashboard ${intent}`,
        dashboard.action,
        (c) =>
          post(c, '/admin?index', [
            ['intent', intent],
            ['id', id],
          ]),
      ])
    }

    for (const cookie of [null, viewerCookie]) {
      for (const [name, handler, request, params] of cases) {
        const response = await run(handler, request(cookie), params)
        expect(response, name).toBeInstanceOf(Response)
        const { status, headers } = response as Response
        expect(status, name).toBe(302)
        expect(headers.get('location'), name).toMatch(cookie ? /^\/$/ : /^\/signin/)
        expect((await toastFrom(response as Response))?.title, name).toBe('Access Denied')
      }
    }
    expect(await stored(article.id)).toMatchObject({ title: 'Untouchable', status: 'draft' })
    const created = await getDb()
      .select()
      .from(articles)
      .where(eq(articles.title, 'Night ferry returns'))
    expect(created).toEqual([])
  })

  it('answers the autosave endpoint with 401 and 403 JSON', async () => {
    const anonymous = await unwrap(
      await run(autosave.action, post(null, '/admin/api/articles/autosave', FORM)),
    )
    expect(anonymous).toMatchObject({ status: 401, body: { ok: false, code: 'UNAUTHORIZED' } })
    const viewer = await unwrap(
      await run(autosave.action, post(viewerCookie, '/admin/api/articles/autosave', FORM)),
    )
    expect(viewer).toMatchObject({ status: 403, body: { ok: false, code: 'FORBIDDEN' } })
  })
})

describe('dashboard', () => {
  it('shows the counts and the five newest articles', async () => {
    await makeArticle('Dashboard newest')
    const { body } = await unwrap(await run(dashboard.loader, requestAs(admin.cookie, '/admin')))
    expect(body.recent[0]).toMatchObject({ title: 'Dashboard newest', categoryName: null })
    expect(body.totalArticles).toBeGreaterThan(0)
    expect(body.users).toBeGreaterThanOrEqual(2)
  })

  it('archives, hides, shows and deletes with the spec messages', async () => {
    const article = await makeArticle('Row actions', 'published')
    const act = async (intent: string) => {
      const result = await run(
        dashboard.action,
        post(admin.cookie, '/admin?index', [
          ['intent', intent],
          ['id', String(article.id)],
        ]),
      )
      const { status, headers } = await unwrap(result)
      const toast = await toastFrom(new Response(null, { headers }))
      return { status, toast }
    }
    expect(await act('archive')).toMatchObject({
      status: 200,
      toast: { title: 'Article archived', description: 'The article has been moved to archives.' },
    })
    expect((await stored(article.id)).status).toBe('archived')
    expect(await act('hide')).toMatchObject({
      toast: { title: 'Article hidden', description: 'The article has been hidden from view.' },
    })
    expect((await stored(article.id)).status).toBe('hidden')
    expect(await act('show')).toMatchObject({ toast: { title: 'Article published' } })
    expect((await stored(article.id)).status).toBe('published')
    expect(await act('delete')).toMatchObject({
      toast: {
        title: 'Article deleted',
        description: 'The article has been successfully deleted.',
      },
    })
    expect(await stored(article.id)).toBeUndefined()

    const again = await unwrap(
      await run(
        dashboard.action,
        post(admin.cookie, '/admin?index', [
          ['intent', 'delete'],
          ['id', String(article.id)],
        ]),
      ),
    )
    expect(again).toMatchObject({
      status: 404,
      body: {
        ok: false,
        toast: { title: 'Error deleting article', description: 'This article no longer exists.' },
      },
    })
  })

  it('refuses an unknown intent or id with 400', async () => {
    for (const fields of [
      [
        ['intent', 'publish'],
        ['id', '1'],
      ],
      [
        ['intent', 'hide'],
        ['id', 'abc'],
      ],
    ] as Array<Array<[string, string]>>) {
      const { status } = await unwrap(
        await run(dashboard.action, post(admin.cookie, '/admin?index', fields)),
      )
      expect(status).toBe(400)
    }
  })

  it('answers ids beyond the id column with 400 "Invalid article", not a failed query', async () => {
    const article = await makeArticle('Out of range')
    for (const [handler, url] of [
      [dashboard.action, '/admin?index'],
      [list.action, '/admin/articles'],
    ] as const) {
      for (const intent of ['archive', 'delete']) {
        for (const id of ['99999999999', '2147483648', '0x10']) {
          const { status, body } = await unwrap(
            await run(
              handler,
              post(admin.cookie, url, [
                ['intent', intent],
                ['id', id],
              ]),
            ),
          )
          expect(status, `${url} ${intent} ${id}`).toBe(400)
          expect(body.toast.description).toBe('Invalid article')
        }
      }
    }
    expect((await stored(article.id)).status).toBe('draft')
  })
})

describe('article list', () => {
  it('reads filters from the URL and is never cached', async () => {
    await makeArticle('Listed harbour story', 'published')
    const result = await run(
      list.loader,
      requestAs(admin.cookie, '/admin/articles?q=harbour%20story&status=published'),
    )
    const { body, headers } = await unwrap(result)
    expect(headers.get('cache-control')).toBe('private, no-store')
    expect(body.page.items.map((a: { title: string }) => a.title)).toEqual(['Listed harbour story'])
    expect(body.page.total).toBe(1)
  })

  it('deletes with the list messages', async () => {
    const article = await makeArticle('Listed for deletion')
    const result = await run(
      list.action,
      post(admin.cookie, '/admin/articles', [
        ['intent', 'delete'],
        ['id', String(article.id)],
      ]),
    )
    const { headers } = await unwrap(result)
    expect((await toastFrom(new Response(null, { headers })))?.title).toBe(
      'Article deleted successfully',
    )
    const missing = await unwrap(
      await run(
        list.action,
        post(admin.cookie, '/admin/articles', [
          ['intent', 'delete'],
          ['id', String(article.id)],
        ]),
      ),
    )
    expect(missing.body.toast.title).toBe('Failed to delete article')
  })
})

describe('article form', () => {
  it('creates the article and goes to the list with the spec toast', async () => {
    const response = (await run(
      create.action,
      post(admin.cookie, '/admin/new-article', [
        ...FORM,
        ['newTags', 'Ferries'],
        ['isFeatured', 'true'],
      ]),
    )) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/admin/articles')
    // The spec's title, and what the save did with a link to it.
    expect(await toastFrom(response)).toMatchObject({
      title: 'Article created successfully',
      description: 'Published',
      link: { href: '/article/night-ferry-returns', label: 'view the story' },
    })
    const [row] = await getDb()
      .select()
      .from(articles)
      .where(eq(articles.title, 'Night ferry returns'))
    expect(row).toMatchObject({
      status: 'published',
      isFeatured: true,
      authorId: admin.id,
      slug: 'night-ferry-returns',
    })
    expect(row.publishedAt).not.toBeNull()
  })

  it('answers 400 with the field messages, saving nothing', async () => {
    const { status, body } = await unwrap(
      await run(
        create.action,
        post(admin.cookie, '/admin/new-article', [
          ['title', ' '],
          ['content', '<p></p>'],
        ]),
      ),
    )
    expect(status).toBe(400)
    expect(body).toEqual({
      ok: false,
      code: 'INVALID_FIELD',
      fieldErrors: { title: ['Title is required'], content: ['Content is required'] },
    })
  })

  it('answers "Failed to save article" and saves nothing when a tag link fails', async () => {
    const { status, body } = await unwrap(
      await run(
        create.action,
        post(admin.cookie, '/admin/new-article', [
          ['title', 'Never saved'],
          ['content', '<p>x</p>'],
          ['tags', '987654'],
          ['newTags', 'Orphan tag'],
        ]),
      ),
    )
    expect(status).toBe(422)
    expect(body.toast.title).toBe('Failed to save article')
    expect(await getDb().select().from(articles).where(eq(articles.title, 'Never saved'))).toEqual(
      [],
    )
    expect(await getDb().select().from(tags).where(eq(tags.name, 'Orphan tag'))).toEqual([])
  })

  it('names the missing category when it was deleted meanwhile, saving nothing', async () => {
    const { status, body } = await unwrap(
      await run(
        create.action,
        post(admin.cookie, '/admin/new-article', [
          ['title', 'Orphaned category'],
          ['content', '<p>x</p>'],
          ['categoryId', '987654'],
        ]),
      ),
    )
    expect(status).toBe(422)
    expect(body.toast).toEqual({
      type: 'error',
      title: 'Failed to save article',
      description: 'The chosen category no longer exists. Choose another one. Nothing was saved.',
    })
    expect(
      await getDb().select().from(articles).where(eq(articles.title, 'Orphaned category')),
    ).toEqual([])
  })

  it('answers hostile ids, dates and image paths with 400 field messages', async () => {
    const { status, body } = await unwrap(
      await run(
        create.action,
        post(admin.cookie, '/admin/new-article', [
          ['title', 'Hostile values'],
          ['content', '<p>x</p>'],
          ['categoryId', '99999999999'],
          ['tags', '99999999999'],
          ['publishedAt', '-271821-04-20T00:00:00Z'],
          ['featuredImage', '/\\evil.example/x.png'],
        ]),
      ),
    )
    expect(status).toBe(400)
    expect(body.fieldErrors).toEqual({
      categoryId: ['Choose a category'],
      tags: ['Invalid tag'],
      publishedAt: ['Enter a valid date and time'],
      featuredImage: ['Choose an image from the media library'],
    })
  })

  it('refuses a new tag with no letters or numbers under the Tags field, as the Tags screen does', async () => {
    const { status, body } = await unwrap(
      await run(
        create.action,
        post(admin.cookie, '/admin/new-article', [
          ['title', 'Nameless tag'],
          ['content', '<p>x</p>'],
          ['newTags', '!!!'],
        ]),
      ),
    )
    expect(status).toBe(400)
    expect(body.fieldErrors).toEqual({ newTags: ['Name must contain letters or numbers'] })
    expect(await getDb().select().from(articles).where(eq(articles.title, 'Nameless tag'))).toEqual(
      [],
    )
  })

  it('answers a damaged draft id or version with a toast, saving nothing', async () => {
    for (const extra of [
      ['id', '99999999999'],
      ['expectedUpdatedAt', 'notadate'],
    ] as Array<[string, string]>) {
      const { status, body } = await unwrap(
        await run(
          create.action,
          post(admin.cookie, '/admin/new-article', [
            ['title', 'Damaged hidden field'],
            ['content', '<p>x</p>'],
            extra,
          ]),
        ),
      )
      expect(status, extra[0]).toBe(400)
      expect(body.ok, extra[0]).toBe(false)
      expect(body.toast.title, extra[0]).toBe('Failed to create article')
    }
    expect(
      await getDb().select().from(articles).where(eq(articles.title, 'Damaged hidden field')),
    ).toEqual([])
  })

  it('still opens the form when the categories cannot be read, and says why', async () => {
    await getDb().execute(sql`alter table categories rename to categories_unreadable`)
    try {
      const { status, body } = await unwrap(
        await run(create.loader, requestAs(admin.cookie, '/admin/new-article')),
      )
      expect(status).toBe(200)
      expect(body.categories).toEqual([])
      expect(body.categoriesError).toMatch(/could not be loaded/)
    } finally {
      await getDb().execute(sql`alter table categories_unreadable rename to categories`)
    }
    const { body } = await unwrap(
      await run(create.loader, requestAs(admin.cookie, '/admin/new-article')),
    )
    expect(body.categoriesError).toBeNull()
  })

  it('loads an article for editing, and "Failed to fetch article" for unknown or non-numeric ids', async () => {
    const article = await makeArticle('Editable')
    const ok = await unwrap(
      await run(edit.loader, requestAs(admin.cookie, `/admin/edit-article/${article.id}`), {
        id: String(article.id),
      }),
    )
    expect(ok.body.article).toMatchObject({ id: article.id, title: 'Editable', tags: [] })
    expect(ok.body.categories).toBeInstanceOf(Array)
    for (const id of ['987654', 'abc', '1e3', '-1']) {
      const result = await run(edit.loader, requestAs(admin.cookie, `/admin/edit-article/${id}`), {
        id,
      })
      const { status, body } = await unwrap(result)
      expect(status, id).toBe(404)
      expect(body, id).toEqual({ ok: false, code: 'NOT_FOUND', message: 'Failed to fetch article' })
    }
  })

  it('updates with the spec toast, and warns instead of overwriting a newer version', async () => {
    const article = await makeArticle('Contested')
    const opened = article.updatedAt.toISOString()
    const save = (title: string, extra: Array<[string, string]> = []) =>
      run(
        edit.action,
        post(admin.cookie, `/admin/edit-article/${article.id}`, [
          ['title', title],
          ['content', '<p>x</p>'],
          ['expectedUpdatedAt', opened],
          ...extra,
        ]),
        { id: String(article.id) },
      )
    const first = (await save('First editor')) as Response
    expect((await toastFrom(first))?.title).toBe('Article updated successfully')

    const second = await unwrap(await save('Second editor'))
    expect(second.status).toBe(409)
    expect(second.body.code).toBe('CONFLICT')
    expect(second.body.formError).toMatch(
      /^This article was changed by someone else since you opened it/,
    )
    expect((await stored(article.id)).title).toBe('First editor')

    const forced = (await save('Second editor', [['overwrite', 'true']])) as Response
    expect(forced.status).toBe(302)
    expect((await stored(article.id)).title).toBe('Second editor')
  })
})

describe('autosave', () => {
  it('creates a draft, then keeps editing it without changing its status', async () => {
    const first = await unwrap(
      await run(
        autosave.action,
        post(admin.cookie, '/admin/api/articles/autosave', [
          ['title', 'Autosaved piece'],
          ['content', ''],
          ['status', 'published'],
        ]),
      ),
    )
    expect(first.status).toBe(200)
    expect(first.body.ok).toBe(true)
    expect(first.headers.get('cache-control')).toBe('private, no-store')
    const id = first.body.id as number
    expect(await stored(id)).toMatchObject({ status: 'draft', publishedAt: null })

    const second = await unwrap(
      await run(
        autosave.action,
        post(admin.cookie, '/admin/api/articles/autosave', [
          ['id', String(id)],
          ['expectedUpdatedAt', first.body.updatedAt],
          ['title', 'Autosaved piece, longer'],
          ['content', '<p>More</p>'],
        ]),
      ),
    )
    expect(second.body).toMatchObject({ ok: true, id })
    expect(await stored(id)).toMatchObject({ title: 'Autosaved piece, longer', status: 'draft' })

    const stale = await unwrap(
      await run(
        autosave.action,
        post(admin.cookie, '/admin/api/articles/autosave', [
          ['id', String(id)],
          ['expectedUpdatedAt', first.body.updatedAt],
          ['title', 'Stale'],
        ]),
      ),
    )
    expect(stale).toMatchObject({ status: 409, body: { ok: false, code: 'CONFLICT' } })
  })

  it('refuses to autosave a published article', async () => {
    const live = await makeArticle('Live already', 'published')
    const refused = await unwrap(
      await run(
        autosave.action,
        post(admin.cookie, '/admin/api/articles/autosave', [
          ['id', String(live.id)],
          ['title', 'Half-written'],
        ]),
      ),
    )
    expect(refused).toMatchObject({ status: 409, body: { code: 'NOT_DRAFT' } })
  })

  it('stores nothing for an empty new form, and a draft once it has body text', async () => {
    const stored = async () => (await getDb().select({ id: articles.id }).from(articles)).length
    const before = await stored()
    const empty = await unwrap(
      await run(
        autosave.action,
        post(admin.cookie, '/admin/api/articles/autosave', [
          ['title', ''],
          ['content', '<p></p>'],
        ]),
      ),
    )
    expect(empty).toMatchObject({ status: 400, body: { ok: false, code: 'EMPTY_CONTENT' } })
    expect(await stored()).toBe(before)
    const bodyOnly = await unwrap(
      await run(
        autosave.action,
        post(admin.cookie, '/admin/api/articles/autosave', [
          ['title', ''],
          ['content', '<p>Notes from the council meeting</p>'],
        ]),
      ),
    )
    expect(bodyOnly).toMatchObject({ status: 200, body: { ok: true } })
    expect(await stored()).toBe(before + 1)
  })
})

describe('preview', () => {
  it('shows a stored article of any status, sanitised', async () => {
    const article = await makeArticle('Hidden preview', 'hidden')
    const { body } = await unwrap(
      await run(preview.loader, requestAs(admin.cookie, `/admin/preview/${article.id}`), {
        id: String(article.id),
      }),
    )
    expect(body.article).toMatchObject({
      title: 'Hidden preview',
      status: 'hidden',
      unsaved: false,
    })
  })

  it('renders posted unsaved values without saving them, hostile markup removed', async () => {
    const { body } = await unwrap(
      await run(
        preview.action,
        post(admin.cookie, '/admin/preview/new', [
          ['title', 'Only a preview'],
          ['content', '<p onclick="x()">Hi<script>alert(1)</script></p>'],
          ['newTags', 'Preview tag'],
        ]),
        { id: 'new' },
      ),
    )
    expect(body.article).toMatchObject({
      title: 'Only a preview',
      contentHtml: '<p>Hi</p>',
      unsaved: true,
      tags: [expect.objectContaining({ name: 'Preview tag' })],
    })
    expect(
      await getDb().select().from(articles).where(eq(articles.title, 'Only a preview')),
    ).toEqual([])
  })

  it('says what is wrong with a posted form it cannot show, instead of failing', async () => {
    for (const [field, value, message] of [
      ['categoryId', '99999999999', 'Choose a category'],
      ['tags', '99999999999', 'Invalid tag'],
    ]) {
      const { status, body } = await unwrap(
        await run(
          preview.action,
          post(admin.cookie, '/admin/preview/new', [
            ['title', 'Broken preview'],
            ['content', '<p>x</p>'],
            [field, value],
          ]),
          { id: 'new' },
        ),
      )
      expect(status, field).toBe(400)
      // Answered like every form post: an ActionResult with the message under its field.
      expect(body, field).toEqual({
        ok: false,
        code: 'INVALID_FIELD',
        fieldErrors: { [field]: [message] },
      })
    }
  })
})

describe('when the unexpected happens', () => {
  // The articles table is really gone for the call (tests/setup/admin-fixtures.ts): each answers
  // 500 with the generic sentence and logs the failure with the request's id.
  it('the article editor, new and edit', async () => {
    const created = await expectUnexpectedFailure(
      create.action,
      post(admin.cookie, '/admin/new-article', FORM),
      { table: 'articles' },
    )
    expect(created.toast).toMatchObject({ type: 'error', title: 'Failed to create article' })
    const article = await makeArticle('Edited in a storm')
    const updated = await expectUnexpectedFailure(
      edit.action,
      post(admin.cookie, `/admin/edit-article/${article.id}`, FORM),
      { table: 'articles', params: { id: String(article.id) } },
    )
    expect(updated.toast).toMatchObject({ type: 'error', title: 'Failed to update article' })
  })

  it('autosave, with the sentence in formError and no toast', async () => {
    const body = await expectUnexpectedFailure(
      autosave.action,
      post(admin.cookie, '/admin/api/articles/autosave', [['title', 'Lost draft']]),
      { table: 'articles' },
    )
    expect(body.toast).toBeUndefined()
  })

  it('the dashboard row actions and the article list', async () => {
    const article = await makeArticle('Acted on in a storm', 'published')
    const fields: Array<[string, string]> = [
      ['intent', 'hide'],
      ['id', String(article.id)],
    ]
    const dashboardBody = await expectUnexpectedFailure(
      dashboard.action,
      post(admin.cookie, '/admin?index', fields),
      { table: 'articles' },
    )
    expect(dashboardBody.toast).toMatchObject({ type: 'error', title: 'Error hiding article' })
    const listBody = await expectUnexpectedFailure(
      list.action,
      post(admin.cookie, '/admin/articles', [
        ['intent', 'delete'],
        ['id', String(article.id)],
      ]),
      { table: 'articles' },
    )
    expect(listBody.toast).toMatchObject({ type: 'error', title: 'Failed to delete article' })
    expect((await stored(article.id)).status).toBe('published')
  })
})
