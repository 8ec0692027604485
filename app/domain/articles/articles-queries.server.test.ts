import { beforeEach, describe, expect, it } from 'vitest'
import {
  clearContent,
  insertArticle,
  insertCategory,
  insertTag,
} from '../../../tests/setup/content-fixtures'
import {
  getFeaturedArticle,
  getPublishedArticleBySlug,
  listBreakingNews,
  listLatestPerCategory,
  listPublishedArticles,
  listPublishedSince,
} from './articles-queries.server'

// Every way an article can be invisible to readers; no public read may return any of them.
async function insertInvisible(extra: { categoryId?: number; tagIds?: number[] } = {}) {
  return Promise.all([
    insertArticle({ ...extra, title: 'Draft story', status: 'draft' }),
    insertArticle({ ...extra, title: 'Review story', status: 'review' }),
    insertArticle({ ...extra, title: 'Archived story', status: 'archived' }),
    insertArticle({ ...extra, title: 'Hidden story', status: 'hidden' }),
    insertArticle({ ...extra, title: 'Scheduled story', status: 'published', hoursAgo: -5 }),
  ])
}

beforeEach(clearContent)

describe('listPublishedArticles', () => {
  it('lists only published articles whose time has come, newest first', async () => {
    const older = await insertArticle({ title: 'Older', hoursAgo: 10 })
    const newer = await insertArticle({ title: 'Newer', hoursAgo: 1 })
    await insertInvisible()
    const page = await listPublishedArticles()
    expect(page.items.map((a) => a.id)).toEqual([newer.id, older.id])
    expect(page.total).toBe(2)
  })

  it('pages through the list', async () => {
    for (let i = 0; i < 5; i++) await insertArticle({ title: `Story ${i}`, hoursAgo: i + 1 })
    const first = await listPublishedArticles({ pageSize: 2 })
    const third = await listPublishedArticles({ pageSize: 2, page: 3 })
    expect(first.items.map((a) => a.title)).toEqual(['Story 0', 'Story 1'])
    expect(third.items.map((a) => a.title)).toEqual(['Story 4'])
    expect(third).toMatchObject({ total: 5, page: 3, pageSize: 2, pageCount: 3 })
  })

  it('filters by category and by tag, still published only', async () => {
    const category = await insertCategory({ name: 'Politics' })
    const tag = await insertTag({ name: 'Transit' })
    const inCategory = await insertArticle({ categoryId: category.id })
    const tagged = await insertArticle({ tagIds: [tag.id] })
    await insertArticle()
    await insertInvisible({ categoryId: category.id, tagIds: [tag.id] })
    const byCategory = await listPublishedArticles({ categoryId: category.id })
    const byTag = await listPublishedArticles({ tagId: tag.id })
    expect(byCategory.items.map((a) => a.id)).toEqual([inCategory.id])
    expect(byCategory.items[0].categoryName).toBe('Politics')
    expect(byTag.items.map((a) => a.id)).toEqual([tagged.id])
  })
})

describe('getFeaturedArticle', () => {
  it('is the newest featured article', async () => {
    await insertArticle({ title: 'Old featured', isFeatured: true, hoursAgo: 20 })
    const featured = await insertArticle({ title: 'New featured', isFeatured: true, hoursAgo: 10 })
    await insertArticle({ title: 'Newest, not featured', hoursAgo: 1 })
    await insertArticle({ title: 'Featured draft', isFeatured: true, status: 'draft' })
    expect((await getFeaturedArticle())?.id).toBe(featured.id)
  })

  it('falls back to the newest article, and is null on an empty site', async () => {
    expect(await getFeaturedArticle()).toBeNull()
    await insertArticle({ hoursAgo: 5 })
    const newest = await insertArticle({ hoursAgo: 1 })
    expect((await getFeaturedArticle())?.id).toBe(newest.id)
  })
})

describe('getPublishedArticleBySlug', () => {
  it('returns a published article with its category, tags and word count', async () => {
    const category = await insertCategory({ name: 'Science' })
    const tag = await insertTag({ name: 'Space' })
    await insertArticle({
      slug: 'moon-landing',
      categoryId: category.id,
      tagIds: [tag.id],
      content: '<p>one two three</p>',
    })
    const article = await getPublishedArticleBySlug('moon-landing')
    expect(article).toMatchObject({ slug: 'moon-landing', categoryName: 'Science', wordCount: 3 })
    expect(article?.tags.map((t) => t.name)).toEqual(['Space'])
  })

  it('is null for an unknown slug and for every unpublished state', async () => {
    const hidden = await insertInvisible()
    expect(await getPublishedArticleBySlug('no-such-article')).toBeNull()
    for (const article of hidden) expect(await getPublishedArticleBySlug(article.slug)).toBeNull()
  })
})

describe('listBreakingNews', () => {
  it('lists published articles tagged breaking-news, newest first', async () => {
    const breaking = await insertTag({ name: 'Breaking News', slug: 'breaking-news' })
    const other = await insertTag()
    const older = await insertArticle({ tagIds: [breaking.id], hoursAgo: 5 })
    const newer = await insertArticle({ tagIds: [breaking.id], hoursAgo: 1 })
    await insertArticle({ tagIds: [other.id] })
    await insertInvisible({ tagIds: [breaking.id] })
    expect((await listBreakingNews()).map((a) => a.id)).toEqual([newer.id, older.id])
  })

  it('is empty when nothing is breaking', async () => {
    await insertArticle()
    expect(await listBreakingNews()).toEqual([])
  })
})

describe('listLatestPerCategory', () => {
  it('gives the newest public articles of each category, at most n each', async () => {
    const a = await insertCategory()
    const b = await insertCategory()
    const a1 = await insertArticle({ categoryId: a.id, hoursAgo: 1 })
    const a2 = await insertArticle({ categoryId: a.id, hoursAgo: 2 })
    await insertArticle({ categoryId: a.id, hoursAgo: 3 })
    const b1 = await insertArticle({ categoryId: b.id, hoursAgo: 4 })
    await insertInvisible({ categoryId: b.id })
    const latest = await listLatestPerCategory(2)
    expect(latest.get(a.id)?.map((x) => x.id)).toEqual([a1.id, a2.id])
    expect(latest.get(b.id)?.map((x) => x.id)).toEqual([b1.id])
  })
})

describe('sitemap reads', () => {
  it('lists public articles published since a time (news sitemap)', async () => {
    const recent = await insertArticle({ hoursAgo: 3 })
    await insertArticle({ hoursAgo: 72 })
    await insertInvisible()
    const rows = await listPublishedSince(new Date(Date.now() - 48 * 3_600_000))
    expect(rows.map((r) => r.slug)).toEqual([recent.slug])
  })
})
