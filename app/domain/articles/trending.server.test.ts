import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { articleViews } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import {
  clearContent,
  insertArticle,
  insertArticles,
  insertTag,
  insertViews,
} from '../../../tests/setup/content-fixtures'
import {
  listTrendingArticles,
  listTrendingTags,
  TRENDING_TAGS_RECENT_ARTICLES,
} from './trending-queries.server'
import { isCountableBeacon, recordArticleView } from './trending.server'
import { viewCounter } from './view-counter.server'

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

const visit = (headers: Record<string, string>, method = 'GET') =>
  new Request('http://localhost:3000/article/x', { method, headers })

beforeEach(async () => {
  await viewCounter.flush()
  await clearContent()
})

async function viewsOf(articleId: number) {
  const rows = await getDb()
    .select()
    .from(articleViews)
    .where(eq(articleViews.articleId, articleId))
  return rows[0]?.views ?? 0
}

describe('isCountableBeacon', () => {
  it('counts a browser page’s beacon', () => {
    expect(isCountableBeacon(visit({ 'user-agent': CHROME }, 'POST'))).toBe(true)
  })

  it('does not count bots, beacons without a user agent, or anything but a POST', () => {
    expect(
      isCountableBeacon(
        visit({ 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }, 'POST'),
      ),
    ).toBe(false)
    expect(isCountableBeacon(visit({ 'user-agent': 'curl/8.5.0' }, 'POST'))).toBe(false)
    expect(isCountableBeacon(visit({}, 'POST'))).toBe(false)
    expect(isCountableBeacon(visit({ 'user-agent': CHROME }))).toBe(false)
  })
})

describe('recordArticleView', () => {
  it('counts in memory and keeps one row per article and day, adding to its count', async () => {
    const article = await insertArticle()
    recordArticleView(article.id)
    recordArticleView(article.id)
    expect(await viewsOf(article.id)).toBe(0)
    await viewCounter.flush()
    recordArticleView(article.id)
    await viewCounter.flush()
    const rows = await getDb()
      .select()
      .from(articleViews)
      .where(eq(articleViews.articleId, article.id))
    expect(rows).toHaveLength(1)
    expect(rows[0].views).toBe(3)
    expect(rows[0].day).toBe(new Date().toISOString().slice(0, 10))
  })
})

describe('listTrendingArticles', () => {
  it('ranks public articles by views over the last 7 days', async () => {
    const quiet = await insertArticle({ title: 'Quiet', hoursAgo: 1 })
    const popular = await insertArticle({ title: 'Popular', hoursAgo: 30 })
    const steady = await insertArticle({ title: 'Steady', hoursAgo: 50 })
    await insertViews(popular.id, 40)
    await insertViews(steady.id, 10, 0)
    await insertViews(steady.id, 10, 6)
    await insertViews(quiet.id, 5)
    const trending = await listTrendingArticles(3)
    expect(trending.map((a) => a.title)).toEqual(['Popular', 'Steady', 'Quiet'])
  })

  it('ignores views older than 7 days and articles readers cannot see', async () => {
    const old = await insertArticle({ title: 'Old news', hoursAgo: 300 })
    const hidden = await insertArticle({ title: 'Hidden', status: 'hidden' })
    const fresh = await insertArticle({ title: 'Fresh', hoursAgo: 2 })
    await insertViews(old.id, 1000, 7)
    await insertViews(hidden.id, 1000)
    await insertViews(fresh.id, 1)
    const trending = await listTrendingArticles(1)
    expect(trending.map((a) => a.title)).toEqual(['Fresh'])
  })

  it('falls back to the newest articles when there are no views, skipping excluded ones', async () => {
    const older = await insertArticle({ title: 'Older', hoursAgo: 5 })
    const newest = await insertArticle({ title: 'Newest', hoursAgo: 1 })
    const viewed = await insertArticle({ title: 'Viewed', hoursAgo: 9 })
    expect((await listTrendingArticles(2)).map((a) => a.id)).toEqual([newest.id, older.id])
    await insertViews(viewed.id, 3)
    expect((await listTrendingArticles(3, { excludeIds: [newest.id] })).map((a) => a.id)).toEqual([
      viewed.id,
      older.id,
    ])
  })
})

describe('listTrendingTags', () => {
  it('ranks the tags of the most-viewed articles first', async () => {
    const transit = await insertTag({ name: 'Transit' })
    const food = await insertTag({ name: 'Food' })
    const busy = await insertArticle({ tagIds: [transit.id] })
    const calm = await insertArticle({ tagIds: [food.id] })
    await insertViews(busy.id, 50)
    await insertViews(calm.id, 2)
    expect((await listTrendingTags(2)).map((t) => t.name)).toEqual(['Transit', 'Food'])
  })

  it('falls back to the tags with the most public articles, never a tag with none', async () => {
    const many = await insertTag({ name: 'Many' })
    const one = await insertTag({ name: 'One' })
    const draftOnly = await insertTag({ name: 'Draft only' })
    await insertTag({ name: 'Unused' })
    await insertArticle({ tagIds: [many.id] })
    await insertArticle({ tagIds: [many.id, one.id] })
    await insertArticle({ tagIds: [draftOnly.id], status: 'draft' })
    expect((await listTrendingTags(10)).map((t) => t.name)).toEqual(['Many', 'One'])
  })

  it('tops up from the newest public articles only', async () => {
    const old = await insertTag({ name: 'Old news' })
    const fresh = await insertTag({ name: 'Fresh' })
    await insertArticle({ tagIds: [old.id], hoursAgo: 24 * 400 })
    await insertArticle({ tagIds: [old.id], hoursAgo: 24 * 401 })
    await insertArticle({ tagIds: [fresh.id], hoursAgo: 1 })
    expect((await listTrendingTags(10)).map((t) => t.name)).toEqual(['Old news', 'Fresh'])
    // Past the newest TRENDING_TAGS_RECENT_ARTICLES, the old tag's articles no longer count.
    await insertArticles(
      Array.from({ length: TRENDING_TAGS_RECENT_ARTICLES }, (_, i) => ({ hoursAgo: 2 + i / 100 })),
    )
    expect((await listTrendingTags(10)).map((t) => t.name)).toEqual(['Fresh'])
  })
})
