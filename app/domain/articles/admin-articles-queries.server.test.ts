import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles, articleTags, categories, profiles, tags } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import {
  ADMIN_PAGE_SIZE,
  getArticleForEdit,
  getArticlePreview,
  getDashboardData,
  listAdminArticles,
  listRecentTags,
  parseAdminArticleFilters,
  type AdminArticleFilters,
} from './admin-articles-queries.server'

const DAY = 86_400_000
const BASE = new Date('2025-01-01T00:00:00Z').getTime()
let politics: number
let sport: number
let tagA: number

const all: AdminArticleFilters = {
  page: 1,
  status: null,
  category: null,
  q: '',
  sort: 'created-desc',
}

beforeAll(async () => {
  const db = getDb()
  const authorId = crypto.randomUUID()
  await db.insert(profiles).values({ id: authorId, email: 'desk@example.com', username: 'desk' })
  ;[{ id: politics }, { id: sport }] = await db
    .insert(categories)
    .values([
      { name: 'Politics', slug: 'politics' },
      { name: 'Sport', slug: 'sport' },
    ])
    .returning({ id: categories.id })
  // 60 articles, one a day: every third published, the rest drafts; alternating categories,
  // every fifth without one.
  const rows = Array.from({ length: 60 }, (_, i) => ({
    title: i === 7 ? 'Rates 100% up_today' : `Story number ${i}`,
    slug: `story-${i}`,
    content: '<p>x</p>',
    status: (i % 3 === 0 ? 'published' : 'draft') as 'published' | 'draft',
    publishedAt: i % 3 === 0 ? new Date(BASE + (60 - i) * DAY) : null,
    createdAt: new Date(BASE + i * DAY),
    categoryId: i % 5 === 0 ? null : i % 2 === 0 ? politics : sport,
    authorId: i === 1 ? null : authorId,
  }))
  const inserted = await db.insert(articles).values(rows).returning({ id: articles.id })
  const made = await db
    .insert(tags)
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        name: `Tag ${i}`,
        slug: `tag-${i}`,
        createdAt: new Date(BASE + i * DAY),
      })),
    )
    .returning({ id: tags.id })
  tagA = made[0].id
  await db.insert(articleTags).values([
    { articleId: inserted[59].id, tagId: made[0].id },
    { articleId: inserted[59].id, tagId: made[1].id },
  ])
})

describe('listAdminArticles', () => {
  it('pages through everything, newest first, with the total', async () => {
    const first = await listAdminArticles(all)
    expect(first.total).toBe(60)
    expect(first.pageCount).toBe(2)
    expect(first.items).toHaveLength(ADMIN_PAGE_SIZE)
    expect(first.items[0].title).toBe('Story number 59')
    const second = await listAdminArticles({ ...all, page: 2 })
    expect(second.items).toHaveLength(10)
    expect(second.items.at(-1)?.title).toBe('Story number 0')
  })

  it('joins category name, author username and tags', async () => {
    const { items } = await listAdminArticles(all)
    expect(items[0]).toMatchObject({
      categoryName: 'Sport',
      authorUsername: 'desk',
      tags: [
        { id: tagA, name: 'Tag 0', slug: 'tag-0' },
        expect.objectContaining({ name: 'Tag 1' }),
      ],
    })
    const oldest = await listAdminArticles({ ...all, sort: 'created-asc' })
    expect(oldest.items[1]).toMatchObject({ title: 'Story number 1', authorUsername: null })
  })

  it('filters by status and by category, including uncategorised', async () => {
    const published = await listAdminArticles({ ...all, status: 'published' })
    expect(published.total).toBe(20)
    expect(published.items.every((item) => item.status === 'published')).toBe(true)
    const inPolitics = await listAdminArticles({ ...all, category: politics })
    expect(inPolitics.items.every((item) => item.categoryName === 'Politics')).toBe(true)
    const none = await listAdminArticles({ ...all, category: 'none' })
    expect(none.total).toBe(12)
    expect(none.items.every((item) => item.categoryName === null)).toBe(true)
    const both = await listAdminArticles({ ...all, category: sport, status: 'published' })
    expect(both.items.every((i) => i.categoryName === 'Sport' && i.status === 'published')).toBe(
      true,
    )
  })

  it('searches titles ignoring case, with % and _ taken literally', async () => {
    expect((await listAdminArticles({ ...all, q: 'STORY NUMBER 5' })).total).toBe(11)
    expect((await listAdminArticles({ ...all, q: '100%' })).items.map((i) => i.title)).toEqual([
      'Rates 100% up_today',
    ])
    expect((await listAdminArticles({ ...all, q: 'r_tes' })).total).toBe(0)
  })

  it('has a trigram index for the title filter, on either database', async () => {
    // At 100,000 articles the filter's exact count otherwise reads every title (pg_trgm:
    // PostgreSQL's contrib, loaded into PGlite by openPglite).
    const { rows } = await getDb().execute<{ plan: string }>(
      sql`select indexdef as plan from pg_indexes where indexname = 'articles_title_trgm_idx'`,
    )
    expect(rows[0]?.plan).toMatch(/gin \(title gin_trgm_ops\)/)
  })

  it('sorts by creation or publication date, unpublished last', async () => {
    const oldest = await listAdminArticles({ ...all, sort: 'created-asc' })
    expect(oldest.items[0].title).toBe('Story number 0')
    const newestPublished = await listAdminArticles({ ...all, sort: 'published-desc' })
    expect(newestPublished.items[0].title).toBe('Story number 0')
    const oldestPublished = await listAdminArticles({ ...all, sort: 'published-asc' })
    expect(oldestPublished.items[0].title).toBe('Story number 57')
    expect(oldestPublished.items[19].publishedAt).not.toBeNull()
    expect(oldestPublished.items[20].publishedAt).toBeNull()
  })
})

describe('parseAdminArticleFilters', () => {
  it('reads the URL and ignores what it does not understand', () => {
    expect(
      parseAdminArticleFilters(
        new URLSearchParams('page=2&status=review&category=4&q=%20ferry%20&sort=published-asc'),
      ),
    ).toEqual({ page: 2, status: 'review', category: 4, q: 'ferry', sort: 'published-asc' })
    expect(
      parseAdminArticleFilters(new URLSearchParams('page=-1&status=live&category=abc&sort=random')),
    ).toEqual(all)
    expect(parseAdminArticleFilters(new URLSearchParams('category=none')).category).toBe('none')
  })
})

describe('getDashboardData', () => {
  it('counts articles, published articles, categories and users, with the five newest', async () => {
    const data = await getDashboardData()
    expect(data).toMatchObject({ totalArticles: 60, publishedArticles: 20, categories: 2 })
    expect(data.users).toBeGreaterThanOrEqual(1)
    expect(data.recent.map((r) => r.title)).toEqual([
      'Story number 59',
      'Story number 58',
      'Story number 57',
      'Story number 56',
      'Story number 55',
    ])
    // The Author column shows the address (spec, Dashboard); the byline's name (here the
    // username; no display name is set) goes with it.
    expect(data.recent[0]).toMatchObject({
      categoryName: 'Sport',
      authorName: 'desk',
      authorEmail: 'desk@example.com',
    })
    expect(data.recent[0]).not.toHaveProperty('content')
  })
})

describe('listRecentTags', () => {
  it('gives the ten most recently created tags', async () => {
    const recent = await listRecentTags()
    expect(recent.map((t) => t.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Tag ${11 - i}`))
  })
})

describe('getArticleForEdit and getArticlePreview', () => {
  it('load any status with tags, and nothing for an unknown id', async () => {
    const [{ id }] = await getDb()
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.slug, 'story-59'))
    const article = await getArticleForEdit(id)
    expect(article).toMatchObject({ title: 'Story number 59', status: 'draft', categoryId: sport })
    expect(article?.tags.map((t) => t.name)).toEqual(['Tag 0', 'Tag 1'])
    const preview = await getArticlePreview(id)
    // The preview is the page readers will see: an account with no name signs "Staff", never
    // its username "desk" (issue 42).
    expect(preview).toMatchObject({ title: 'Story number 59', authorName: 'Staff' })
    expect(await getArticleForEdit(987654)).toBeNull()
    expect(await getArticlePreview(987654)).toBeNull()
  })
})
