import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articleRevisions, articles } from '@db/schema/index'
import type { Actor } from '~/domain/access/access-rules'
import { listBreakingNews } from '~/domain/articles/articles-queries.server'
import { articleTagIds, createArticle, updateArticle } from '~/domain/articles/articles.server'
import { articleFormSchema, type ArticleInput } from '~/domain/articles/articles-schema'
import { getDb } from '~/infra/db.server'
import { clearMemoCaches } from '~/infra/memo-cache.server'
import { slugify } from '~/lib/slugify'
import * as autosave from '~/routes/admin.api.articles.autosave'
import * as editArticle from '~/routes/admin.edit-article.$id'
import * as newArticle from '~/routes/admin.new-article'
import * as review from '~/routes/admin.articles.$id.review'
import * as revisions from '~/routes/admin.articles.$id.revisions'
import { isNotFoundBody } from '~/lib/not-found'
import type { RevisionListAnswer } from '~/routes/admin.articles.$id.revisions'
import {
  createTestUser,
  requestAs,
  runRoute,
  sessionCookie,
  testContext,
} from '../setup/auth-fixtures'
import { insertArticle, insertTag } from '../setup/content-fixtures'
import { isDataAnswer } from '../setup/route-answers'

/*
 * The field rules (issue 20, "High 1"): which fields of an article each role may change, over
 * every path an article is written by — the form (new and edit), autosave, revision restore,
 * the review's return, and scheduled publication (a form save with a future date) — each
 * called as the route it is, with a real session. The expectations are the newsroom's table
 * written out here on their own, not read from the rules they check.
 */

const ROLES = ['admin', 'editor', 'author', 'contributor'] as const
type Staff = (typeof ROLES)[number]

/**
 * `changes`: accepted, and the field now holds what was asked for. `keeps`: accepted, and the
 * field is as it was (the path never writes it). 403 / 409: refused with that status, nothing
 * written.
 */
type Outcome = 'changes' | 'keeps' | 403 | 409
type Change = 'status' | 'byline' | 'breaking news' | 'featured' | 'slug'
type Row = [admin: Outcome, editor: Outcome, author: Outcome, contributor: Outcome]

const C = 'changes'
const K = 'keeps'

/** The newsroom's table: path × protected change × role (admin, editor, author, contributor). */
const EXPECTED: Record<string, Record<Change, Row>> = {
  // A new article: published at once, under another's name, on the bar, featured; a slug of
  // one's choosing is never taken (it comes from the title).
  'form (new article)': {
    status: [C, C, C, 403],
    byline: [C, C, 403, 403],
    'breaking news': [C, C, 403, 403],
    featured: [C, C, 403, 403],
    slug: [K, K, K, K],
  },
  // One's own draft (the slug: one's own published article, retitled).
  'form (edit)': {
    status: [C, C, C, 403],
    byline: [C, C, 403, 403],
    'breaking news': [C, C, 403, 403],
    featured: [C, C, 403, 403],
    slug: [K, K, K, 403],
  },
  // Autosave stores drafts and never their status; a published article is not autosaved.
  autosave: {
    status: [K, K, K, K],
    byline: [C, C, 403, 403],
    'breaking news': [C, C, 403, 403],
    featured: [C, C, 403, 403],
    slug: [409, 409, 409, 403],
  },
  // Restoring a revision of one's own article: the revision's status and its breaking-news
  // tag come back under the rules; byline and featured flag are not in revisions; a published
  // article's slug stays.
  'revision restore': {
    status: [C, C, C, 403],
    byline: [K, K, K, K],
    'breaking news': [C, C, 403, 403],
    featured: [K, K, K, K],
    slug: [K, K, K, 403],
  },
  // Returning one's own article in review to draft with a note: reviewers only; other fields
  // posted with it are never written.
  'review (return to writer)': {
    status: [C, C, 403, 403],
    byline: [K, K, 403, 403],
    'breaking news': [K, K, 403, 403],
    featured: [K, K, 403, 403],
    slug: [K, K, 403, 403],
  },
  // Scheduling one's own draft (published, a day ahead); the slug: one's own scheduled
  // article, retitled.
  'scheduled publication': {
    status: [C, C, C, 403],
    byline: [C, C, 403, 403],
    'breaking news': [C, C, 403, 403],
    featured: [C, C, 403, 403],
    slug: [K, K, K, 403],
  },
}

interface Caller {
  id: string
  cookie: string
}
const callers = {} as Record<Staff, Caller>
/** The byline someone else holds. */
let otherWriter = ''
/** Sets up articles and their history, as an editor would. */
let desk: Actor
let breakingTagId = 0
let serial = 0

beforeAll(async () => {
  for (const role of ROLES) {
    const user = await createTestUser({ role })
    callers[role] = { id: user.id, cookie: await sessionCookie(user) }
  }
  otherWriter = (await createTestUser({ role: 'author' })).id
  desk = { id: (await createTestUser({ role: 'editor' })).id, role: 'editor' }
  breakingTagId = (await insertTag({ name: 'Breaking News', slug: 'breaking-news' })).id
})

type Handler = (args: never) => unknown

/** Calls a route as React Router does; the status it answers, thrown or returned. */
async function statusOf(handler: Handler, request: Request, params: Record<string, string> = {}) {
  let result: unknown
  try {
    result = await (handler as (args: unknown) => unknown)({
      request,
      params,
      context: testContext(),
    })
  } catch (thrown) {
    result = thrown
  }
  if (result instanceof Response) return result.status
  if (isDataAnswer(result)) return result.init?.status ?? 200
  if (result instanceof Error) throw result
  return 200
}

type Fields = [string, string][]

function postAs(who: Staff, url: string, fields: Fields) {
  return requestAs(callers[who].cookie, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
}

async function stored(id: number) {
  const [row] = await getDb().select().from(articles).where(eq(articles.id, id))
  return row
}

async function isBreaking(id: number) {
  return (await articleTagIds(id)).includes(breakingTagId)
}

/** What each protected change reads back from an article, and the value asked for. */
const READ: Record<Change, (id: number) => Promise<unknown>> = {
  status: async (id) => (await stored(id))?.status,
  byline: async (id) => (await stored(id))?.authorId,
  'breaking news': isBreaking,
  featured: async (id) => (await stored(id))?.isFeatured,
  slug: async (id) => (await stored(id))?.slug,
}

const uniqueTitle = (what: string) => `Field rules ${what} ${++serial}`

/** The edit form's post of `row` as it is stored, then `extra` in place of what it names. */
async function formFields(id: number, extra: Record<string, string | string[]>): Promise<Fields> {
  const row = await stored(id)
  const base: Record<string, string | string[]> = {
    title: row.title,
    excerpt: row.excerpt ?? '',
    content: row.content,
    status: row.status,
    categoryId: 'none',
    authorId: row.authorId ?? '',
    isFeatured: row.isFeatured ? 'on' : '',
    tags: (await articleTagIds(id)).map(String),
    publishedAt: row.publishedAt?.toISOString() ?? '',
  }
  return Object.entries({ ...base, ...extra }).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((v): [string, string] => [name, v]) : [[name, value]],
  )
}

/** What changing each field means in a post (the slug: a new title, or a slug of one's own). */
function changeOf(change: Change): {
  fields: Record<string, string | string[]>
  wanted: (title: string) => unknown
} {
  switch (change) {
    case 'status':
      return { fields: { status: 'published' }, wanted: () => 'published' }
    case 'byline':
      return { fields: { authorId: otherWriter }, wanted: () => otherWriter }
    case 'breaking news':
      return { fields: { tags: [String(breakingTagId)] }, wanted: () => true }
    case 'featured':
      return { fields: { isFeatured: 'on' }, wanted: () => true }
    case 'slug': {
      const title = uniqueTitle('retitled')
      return { fields: { title, slug: 'chosen-address' }, wanted: () => slugify(title) }
    }
  }
}

const inADay = () => new Date(Date.now() + 24 * 3_600_000)

function articleInput(fields: Partial<ArticleInput>): ArticleInput {
  return {
    ...articleFormSchema.parse({
      title: uniqueTitle('story'),
      content: '<p>Words for the field rules.</p>',
    }),
    ...fields,
  }
}

/** One cell: the article it starts from, the request it makes, and what it reads back. */
interface Attempt {
  articleId: number | null
  handler: Handler
  request: Request
  params?: Record<string, string>
  read: () => Promise<unknown>
  wanted: unknown
}

type Arrange = (who: Staff, change: Change) => Promise<Attempt>

/** A save of the edit form over `id` with one protected change. */
async function editAttempt(
  who: Staff,
  id: number,
  change: Change,
  extra: Record<string, string> = {},
): Promise<Attempt> {
  const { fields, wanted } = changeOf(change)
  return {
    articleId: id,
    handler: editArticle.action,
    request: postAs(
      who,
      `/admin/edit-article/${id}`,
      await formFields(id, { ...extra, ...fields }),
    ),
    params: { id: String(id) },
    read: () => READ[change](id),
    wanted: wanted(''),
  }
}

/** Two saves by the desk: the first (to restore) and the current version, as revisions. */
async function withHistory(who: Staff, first: Partial<ArticleInput>, now: Partial<ArticleInput>) {
  const authorId = callers[who].id
  const saved = await createArticle(articleInput({ authorId, ...first }), desk)
  const title = (await stored(saved.id)).title
  await updateArticle(saved.id, articleInput({ authorId, title, ...now }), desk)
  const [revision] = await getDb()
    .select({ id: articleRevisions.id })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, saved.id))
    .orderBy(asc(articleRevisions.id))
    .limit(1)
  return { id: saved.id, revisionId: revision.id }
}

const ARRANGE: Record<keyof typeof EXPECTED, Arrange> = {
  'form (new article)': async (who, change) => {
    const { fields, wanted } = changeOf(change)
    const title = typeof fields.title === 'string' ? fields.title : uniqueTitle('new')
    const post: Record<string, string | string[]> = {
      title,
      content: '<p>A new story.</p>',
      status: 'draft',
      categoryId: 'none',
      ...fields,
    }
    const created = async () => {
      const [row] = await getDb().select().from(articles).where(eq(articles.title, title))
      return row
    }
    return {
      articleId: null,
      handler: newArticle.action,
      request: postAs(
        who,
        '/admin/new-article',
        Object.entries(post).flatMap(([n, v]) =>
          Array.isArray(v) ? v.map((one): [string, string] => [n, one]) : [[n, v]],
        ),
      ),
      read: async () => {
        const row = await created()
        return row ? READ[change](row.id) : undefined
      },
      // The slug: the address one posted, which is never taken.
      wanted: change === 'slug' ? 'chosen-address' : wanted(''),
    }
  },
  'form (edit)': async (who, change) => {
    const status = change === 'slug' ? 'published' : 'draft'
    const article = await insertArticle({ status, authorId: callers[who].id })
    return editAttempt(who, article.id, change)
  },
  autosave: async (who, change) => {
    const status = change === 'slug' ? 'published' : 'draft'
    const article = await insertArticle({ status, authorId: callers[who].id })
    const { fields, wanted } = changeOf(change)
    return {
      articleId: article.id,
      handler: autosave.action,
      request: postAs(
        who,
        '/admin/api/articles/autosave',
        await formFields(article.id, { ...fields, id: String(article.id) }),
      ),
      read: () => READ[change](article.id),
      wanted: wanted(''),
    }
  },
  'revision restore': async (who, change) => {
    const history = {
      status: () => withHistory(who, { status: 'published' }, { status: 'draft' }),
      byline: () => withHistory(who, { authorId: otherWriter }, {}),
      'breaking news': () => withHistory(who, { newTags: ['Breaking News'] }, { newTags: [] }),
      featured: () => withHistory(who, { isFeatured: false }, { isFeatured: true }),
      // Written as a draft, then published under a new title (its slug followed, then locked).
      slug: () =>
        withHistory(who, { status: 'draft' }, { status: 'published', title: uniqueTitle('out') }),
    }[change]
    const { id, revisionId } = await history()
    const first = await getDb()
      .select()
      .from(articleRevisions)
      .where(eq(articleRevisions.id, revisionId))
    const wanted = {
      status: 'published',
      byline: otherWriter,
      'breaking news': true,
      featured: false,
      slug: slugify(first[0].title),
    }[change]
    return {
      articleId: id,
      handler: revisions.action,
      request: postAs(who, `/admin/articles/${id}/revisions`, [
        ['intent', 'restore'],
        ['revisionId', String(revisionId)],
      ]),
      params: { id: String(id) },
      read: () => READ[change](id),
      wanted,
    }
  },
  'review (return to writer)': async (who, change) => {
    const article = await insertArticle({ status: 'review', authorId: callers[who].id })
    const { fields, wanted } = changeOf(change)
    const extra = Object.entries(fields).flatMap(([n, v]) =>
      Array.isArray(v) ? v.map((one): [string, string] => [n, one]) : [[n, v] as [string, string]],
    )
    return {
      articleId: article.id,
      handler: review.action,
      request: postAs(who, `/admin/articles/${article.id}/review`, [
        ['intent', 'return'],
        ['note', 'Tighten the first paragraph.'],
        ...(change === 'status' ? [] : extra),
      ]),
      params: { id: String(article.id) },
      read: () => READ[change](article.id),
      wanted: change === 'status' ? 'draft' : wanted(''),
    }
  },
  'scheduled publication': async (who, change) => {
    const at = inADay().toISOString()
    if (change === 'slug') {
      const scheduled = await insertArticle({
        status: 'published',
        publishedAt: inADay(),
        authorId: callers[who].id,
      })
      return editAttempt(who, scheduled.id, change, { publishedAt: at })
    }
    const draft = await insertArticle({ status: 'draft', authorId: callers[who].id })
    return editAttempt(who, draft.id, change, { status: 'published', publishedAt: at })
  },
}

async function runCell(path: keyof typeof EXPECTED, change: Change, who: Staff) {
  const expected = EXPECTED[path][change][ROLES.indexOf(who)]
  const attempt = await ARRANGE[path](who, change)
  const before = await attempt.read()
  const status = await statusOf(attempt.handler, attempt.request, attempt.params)
  const after = await attempt.read()
  const cell = `${path} × ${change} × ${who}`
  const seen: Outcome =
    status === 403 || status === 409
      ? status
      : status >= 400
        ? (`answered ${status}` as never)
        : JSON.stringify(after) === JSON.stringify(attempt.wanted)
          ? 'changes'
          : 'keeps'
  // A refusal writes nothing; `keeps` means the field is as it was.
  const unchanged = JSON.stringify(after) === JSON.stringify(before)
  return {
    cell,
    deviation:
      seen !== expected
        ? `${cell}: ${seen}, expected ${expected}`
        : seen !== 'changes' && !unchanged && attempt.articleId !== null
          ? `${cell}: ${seen}, but the field went from ${JSON.stringify(before)} to ${JSON.stringify(after)}`
          : null,
  }
}

describe('field rules: write path × role × protected change', () => {
  for (const path of Object.keys(EXPECTED)) {
    it(`${path}: every role × change as the table says`, async () => {
      const deviations: string[] = []
      let tried = 0
      for (const change of Object.keys(EXPECTED[path]) as Change[]) {
        for (const who of ROLES) {
          const { deviation } = await runCell(path, change, who)
          tried += 1
          if (deviation) deviations.push(deviation)
        }
      }
      expect(tried).toBe(20)
      expect(deviations).toEqual([])
    })
  }
})

describe('the audit’s cases (issue 20, High 1)', () => {
  it('an author cannot put their story on the breaking-news bar by autosaving the tag first and then publishing', async () => {
    const draft = await insertArticle({ status: 'draft', authorId: callers.author.id })
    const autosaved = await statusOf(
      autosave.action,
      postAs(
        'author',
        '/admin/api/articles/autosave',
        await formFields(draft.id, { id: String(draft.id), newTags: ['Breaking News'] }),
      ),
    )
    expect(autosaved).toBe(403)
    expect(await isBreaking(draft.id)).toBe(false)
    // The form's save then sees the tag as a change, as it is.
    const published = await statusOf(
      editArticle.action,
      postAs(
        'author',
        `/admin/edit-article/${draft.id}`,
        await formFields(draft.id, { status: 'published', tags: [String(breakingTagId)] }),
      ),
      { id: String(draft.id) },
    )
    expect(published).toBe(403)
    clearMemoCaches()
    expect((await listBreakingNews()).map((item) => item.id)).not.toContain(draft.id)
    expect(await stored(draft.id)).toMatchObject({ status: 'draft' })
  })

  it('a contributor cannot create a draft under an editor’s byline by autosave', async () => {
    const title = uniqueTitle('bylined')
    const status = await statusOf(
      autosave.action,
      postAs('contributor', '/admin/api/articles/autosave', [
        ['title', title],
        ['content', '<p>Not mine to sign.</p>'],
        ['authorId', callers.editor.id],
      ]),
    )
    expect(status).toBe(403)
    expect(await getDb().select().from(articles).where(eq(articles.title, title))).toEqual([])
  })

  it('a contributor cannot hand their draft to another author by autosave', async () => {
    const draft = await insertArticle({ status: 'draft', authorId: callers.contributor.id })
    const status = await statusOf(
      autosave.action,
      postAs(
        'contributor',
        '/admin/api/articles/autosave',
        await formFields(draft.id, { id: String(draft.id), authorId: otherWriter }),
      ),
    )
    expect(status).toBe(403)
    expect(await stored(draft.id)).toMatchObject({ authorId: callers.contributor.id })
  })

  it('an author cannot put an editor-removed breaking-news tag back by restoring a revision', async () => {
    // The author's own story, which an editor put on the bar and then took off it.
    const { id, revisionId } = await withHistory(
      'author',
      { status: 'published', newTags: ['Breaking News', 'Harbour'] },
      { status: 'published', newTags: ['Harbour'] },
    )
    expect(await isBreaking(id)).toBe(false)
    // The history offers no Restore for it (the same rules), yet a hand-made post is tried.
    const listed = async (who: Staff) => {
      const list = await runRoute(
        revisions.loader,
        requestAs(callers[who].cookie, `/admin/articles/${id}/revisions`),
        { params: { id: String(id) } },
      )
      const answer: RevisionListAnswer = list.data
      if (isNotFoundBody(answer) || !answer.ok || !answer.revisions) {
        throw new Error(`revision list refused: ${answer.code}`)
      }
      return answer.revisions.find((item) => item.id === revisionId)?.canRestore
    }
    expect(await listed('author')).toBe(false)
    expect(await listed('editor')).toBe(true)
    const status = await statusOf(
      revisions.action,
      postAs('author', `/admin/articles/${id}/revisions`, [
        ['intent', 'restore'],
        ['revisionId', String(revisionId)],
      ]),
      { id: String(id) },
    )
    expect(status).toBe(403)
    expect(await isBreaking(id)).toBe(false)
    clearMemoCaches()
    expect((await listBreakingNews()).map((item) => item.id)).not.toContain(id)
  })
})
