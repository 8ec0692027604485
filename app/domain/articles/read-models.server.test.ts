import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles } from '@db/schema/index'
import { seedDemoContent } from '~/domain/seed/seed.server'
import { getDb } from '~/infra/db.server'
import { listCategories } from '../categories/categories-queries.server'
import { getSiteSettings, listActiveSocialLinks } from '../settings/settings-queries.server'
import { listTags } from '../tags/tags-queries.server'
import {
  getFeaturedArticle,
  getPublishedArticleBySlug,
  listBreakingNews,
  listPublishedArticles,
} from './articles-queries.server'
import { DEMO_STORY_MIN_WORDS } from '~/domain/seed/demo-bodies'

beforeAll(async () => {
  await seedDemoContent()
})

describe('public read models', () => {
  it('list published articles only, newest first, paginated', async () => {
    const first = await listPublishedArticles({ pageSize: 10 })
    const all = await getDb().select({ status: articles.status }).from(articles)
    const published = all.filter((a) => a.status === 'published').length
    expect(first.total).toBe(published)
    expect(first.items).toHaveLength(10)
    expect(first.pageCount).toBe(Math.ceil(published / 10))
    const dates = first.items.map((a) => a.publishedAt!.getTime())
    expect([...dates].sort((a, b) => b - a)).toEqual(dates)
    const second = await listPublishedArticles({ pageSize: 10, page: 2 })
    expect(second.items[0].id).not.toBe(first.items[0].id)
    expect(second.items[0].publishedAt!.getTime()).toBeLessThanOrEqual(dates[9])
  })

  it('hide articles that are not published, or scheduled for later', async () => {
    const [draft] = await getDb()
      .select()
      .from(articles)
      .where(eq(articles.status, 'draft'))
      .limit(1)
    expect(await getPublishedArticleBySlug(draft.slug)).toBeNull()
    const [future] = await getDb()
      .update(articles)
      .set({ status: 'published', publishedAt: sql`now() + interval '1 day'` })
      .where(eq(articles.id, draft.id))
      .returning()
    expect(await getPublishedArticleBySlug(future.slug)).toBeNull()
    const { items } = await listPublishedArticles({ pageSize: 100 })
    expect(items.map((a) => a.id)).not.toContain(draft.id)
    await getDb()
      .update(articles)
      .set({ publishedAt: sql`now() - interval '1 minute'` })
      .where(eq(articles.id, draft.id))
    expect((await getPublishedArticleBySlug(future.slug))?.id).toBe(draft.id)
  })

  it('filter by category and read one article with its category, author and tags', async () => {
    const [category] = await listCategories()
    const page = await listPublishedArticles({ categoryId: category.id, pageSize: 100 })
    expect(page.items.length).toBeGreaterThan(0)
    expect(page.items.every((a) => a.categorySlug === category.slug)).toBe(true)
    const detail = await getPublishedArticleBySlug(page.items[0].slug)
    expect(detail?.categoryName).toBe(category.name)
    expect(detail?.content).toContain('<p>')
    expect(detail?.wordCount).toBeGreaterThanOrEqual(DEMO_STORY_MIN_WORDS)
  })

  it('find breaking news through the breaking-news tag', async () => {
    const news = await listBreakingNews()
    // The demo's three published breaking stories, less the one published 26 hours ago: its
    // 12 hours on the bar are over.
    expect(news).toHaveLength(2)
    for (const item of news) {
      const detail = await getPublishedArticleBySlug(item.slug)
      expect(detail?.tags.map((t) => t.slug)).toContain('breaking-news')
    }
  })

  it('pick the newest featured article', async () => {
    const featured = await getFeaturedArticle()
    expect(featured?.isFeatured).toBe(true)
  })

  it('read categories by name, tags, active social links and settings', async () => {
    const categories = await listCategories()
    expect(categories.map((c) => c.name)).toEqual([...categories.map((c) => c.name)].sort())
    expect((await listTags()).some((t) => t.slug === 'breaking-news')).toBe(true)
    const links = await listActiveSocialLinks()
    expect(links.length).toBeGreaterThan(0)
    expect(links.every((l) => l.isActive)).toBe(true)
    const settings = await getSiteSettings()
    expect(settings.logoType).toBe('text')
    expect(settings.logoTextColor).toBe('#000000')
  })
})
