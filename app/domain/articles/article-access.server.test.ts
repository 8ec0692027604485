import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles, categories, plans, profiles } from '@db/schema/index'
import type { Actor, Role } from '~/domain/access/access-rules'
import { getDb } from '~/infra/db.server'
import { ArticleAccessError } from './article-access.server'
import { ArticleFieldError } from './article-field-rules.server'
import { autosaveArticle, createArticle, updateArticle } from './articles.server'
import { articleDraftSchema, articleFormSchema, type ArticleInput } from './articles-schema'

// The access level through the saves: what is stored, the category's default for a new
// article, and who may change it (the field rules' ACCESS_REFUSED, checked on the saved row).

let editor: Actor
let contributor: Actor
let opinion: number
let news: number
let plan: number

async function staff(role: Role): Promise<Actor> {
  const id = crypto.randomUUID()
  await getDb()
    .insert(profiles)
    .values({ id, email: `${role}-${id}@example.com`, username: `${role}-${id.slice(0, 6)}`, role })
  return { id, role }
}

beforeAll(async () => {
  editor = await staff('editor')
  contributor = await staff('contributor')
  const db = getDb()
  const rows = await db
    .insert(categories)
    .values([
      { name: 'Opinion', slug: 'opinion-access', defaultAccess: 'members' },
      { name: 'News', slug: 'news-access' },
    ])
    .returning({ id: categories.id })
  ;[opinion, news] = rows.map((row) => row.id)
  const [row] = await db
    .insert(plans)
    .values({ slug: 'digital', name: 'Digital', monthlyPriceCents: 900 })
    .returning({ id: plans.id })
  plan = row.id
})

function input(fields: Record<string, unknown> = {}): ArticleInput {
  return articleFormSchema.parse({
    title: 'Why the bridge matters',
    content: '<p>Body</p>',
    ...fields,
  })
}

async function accessOf(id: number) {
  const [row] = await getDb()
    .select({
      access: articles.access,
      accessPlanIds: articles.accessPlanIds,
      freeForNow: articles.freeForNow,
      previewParagraphs: articles.previewParagraphs,
    })
    .from(articles)
    .where(eq(articles.id, id))
  return row
}

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => null,
    (error: unknown) => error,
  )
}

describe('saving an article’s access level', () => {
  it('stores the level, its plans, free for now and the preview length', async () => {
    const saved = await createArticle(
      input({
        categoryId: news,
        access: 'members',
        accessPlanIds: [String(plan)],
        freeForNow: 'true',
        previewParagraphs: '2',
      }),
      editor,
    )
    expect(await accessOf(saved.id)).toEqual({
      access: 'members',
      accessPlanIds: [plan],
      freeForNow: true,
      previewParagraphs: 2,
    })
  })

  it('starts a new article at its category’s default and keeps the level when a save names none', async () => {
    const saved = await createArticle(input({ categoryId: opinion }), editor)
    expect((await accessOf(saved.id)).access).toBe('members')
    await updateArticle(saved.id, input({ categoryId: news, title: 'Renamed' }), editor)
    expect((await accessOf(saved.id)).access).toBe('members')
    await updateArticle(saved.id, input({ categoryId: news, access: 'everyone' }), editor)
    expect(await accessOf(saved.id)).toMatchObject({ access: 'everyone', accessPlanIds: [] })
  })

  it('refuses a plan that does not exist, under the plans field, and writes nothing', async () => {
    const saved = await createArticle(input({ categoryId: news }), editor)
    const error = await refusal(
      updateArticle(saved.id, input({ access: 'members', accessPlanIds: ['999999'] }), editor),
    )
    expect(error).toBeInstanceOf(ArticleAccessError)
    expect(error).toMatchObject({ code: 'UNKNOWN_PLAN', field: 'accessPlanIds', status: 400 })
    expect((await accessOf(saved.id)).access).toBe('everyone')
  })

  it('carries the access through autosave, new draft and existing', async () => {
    const draft = (fields: Record<string, unknown>) =>
      articleDraftSchema.parse({ title: 'Half written', content: '', ...fields })
    const created = await autosaveArticle(null, draft({ categoryId: opinion }), editor)
    expect((await accessOf(created.id)).access).toBe('members')
    await autosaveArticle(
      created.id,
      draft({ access: 'registered', previewParagraphs: '5' }),
      editor,
    )
    expect(await accessOf(created.id)).toMatchObject({ access: 'registered', previewParagraphs: 5 })
  })
})

describe('who may change it', () => {
  it('refuses a contributor who sets members access on her draft, and writes nothing', async () => {
    const error = await refusal(
      createArticle(input({ categoryId: news, access: 'members' }), contributor),
    )
    expect(error).toBeInstanceOf(ArticleFieldError)
    expect(error).toMatchObject({ code: 'ACCESS_REFUSED', status: 403 })

    const saved = await createArticle(input({ categoryId: news, access: 'everyone' }), contributor)
    const again = await refusal(
      updateArticle(saved.id, input({ categoryId: news, access: 'registered' }), contributor),
    )
    expect(again).toMatchObject({ code: 'ACCESS_REFUSED' })
    const autosaved = await refusal(
      autosaveArticle(
        saved.id,
        articleDraftSchema.parse({ title: 'x', access: 'members', categoryId: String(news) }),
        contributor,
      ),
    )
    expect(autosaved).toMatchObject({ code: 'ACCESS_REFUSED' })
    expect((await accessOf(saved.id)).access).toBe('everyone')
  })

  it('lets her write in a members category, follow its default, and keep what an editor chose', async () => {
    const saved = await createArticle(
      input({ categoryId: opinion, access: 'members' }),
      contributor,
    )
    expect((await accessOf(saved.id)).access).toBe('members')
    // Moved to News, the form takes News's default along: following the category, not choosing.
    await updateArticle(saved.id, input({ categoryId: news, access: 'everyone' }), contributor)
    expect((await accessOf(saved.id)).access).toBe('everyone')
    // An editor makes it a members story for one plan; her next save keeps it as it is.
    await updateArticle(
      saved.id,
      input({
        categoryId: news,
        access: 'members',
        accessPlanIds: [String(plan)],
        authorId: contributor.id,
      }),
      editor,
    )
    await updateArticle(
      saved.id,
      input({
        categoryId: news,
        title: 'Her rewrite',
        access: 'members',
        accessPlanIds: [String(plan)],
      }),
      contributor,
    )
    expect(await accessOf(saved.id)).toMatchObject({ access: 'members', accessPlanIds: [plan] })
  })
})
