import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { articleViews, siteSettings } from '@db/schema/index'
import { announceChanged, EVERYTHING } from '~/infra/cache-keys.server'
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
import {
  BEACON_PACE,
  isCountableBeacon,
  Pace,
  recordArticleView,
  resetBeaconPaces,
} from './trending.server'
import { viewCounter } from './view-counter.server'

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

const visit = (headers: Record<string, string>, method = 'GET') =>
  new Request('http://localhost:3000/article/x', { method, headers })

/** The paper's time zone (Settings → Editorial), written as the settings' own write announces it. */
async function setSiteZone(timeZone: string) {
  await getDb()
    .insert(siteSettings)
    .values({ id: 1, timeZone })
    .onConflictDoUpdate({ target: siteSettings.id, set: { timeZone } })
  announceChanged([EVERYTHING])
}

beforeEach(async () => {
  await viewCounter.flush()
  await clearContent()
  await setSiteZone('UTC')
  resetBeaconPaces()
})

async function daysOf(articleId: number) {
  const rows = await getDb()
    .select({ day: articleViews.day, views: articleViews.views })
    .from(articleViews)
    .where(eq(articleViews.articleId, articleId))
  return rows.sort((a, b) => a.day.localeCompare(b.day))
}

/** A view beacon as the page sends it, from a browser at `clientIp`. */
function beacon(articleId: number, clientIp: string, userAgent = CHROME) {
  return new Request('http://localhost:3000/api/views', {
    method: 'POST',
    headers: { 'user-agent': userAgent },
    body: new URLSearchParams({ article: String(articleId) }),
  })
}

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
  const at = new Date('2026-11-28T10:00:00Z')
  const record = (articleId: number, clientIp: string, userAgent = CHROME, now = at) =>
    recordArticleView(beacon(articleId, clientIp, userAgent), articleId, clientIp, now)

  it('counts in memory and keeps one row per article and day, adding to its count', async () => {
    const article = await insertArticle()
    await record(article.id, '198.51.100.1')
    await record(article.id, '198.51.100.2')
    expect(await viewsOf(article.id)).toBe(0)
    await viewCounter.flush()
    await record(article.id, '198.51.100.3')
    await viewCounter.flush()
    const rows = await getDb()
      .select()
      .from(articleViews)
      .where(eq(articleViews.articleId, article.id))
    expect(rows).toHaveLength(1)
    expect(rows[0].views).toBe(3)
    expect(rows[0].day).toBe('2026-11-28')
  })

  it('counts 3,000 beacons from one client as one view, refusing those beyond its pace', async () => {
    const article = await insertArticle()
    const outcomes = []
    for (let i = 0; i < 3000; i++) {
      outcomes.push(await record(article.id, '203.0.113.9', CHROME, new Date(at.getTime() + i)))
      if (i % 500 === 0) await viewCounter.flush()
    }
    expect(outcomes.filter((o) => o.counted)).toHaveLength(BEACON_PACE.perReader)
    expect(outcomes.filter((o) => o.refused === 'too-fast')).toHaveLength(
      3000 - BEACON_PACE.perReader,
    )
    await viewCounter.flush()
    expect(await viewsOf(article.id)).toBe(1)
  })

  it('counts two readers twice: another address, or another browser at one address', async () => {
    const article = await insertArticle()
    await record(article.id, '203.0.113.9')
    await record(article.id, '203.0.113.10')
    await record(article.id, '203.0.113.9', CHROME.replace('131', '132'))
    await record(article.id, '203.0.113.9')
    // One IPv6 subscriber is one /64.
    await record(article.id, '2001:db8:1:2::1')
    await record(article.id, '2001:db8:1:2::ffff')
    await viewCounter.flush()
    expect(await viewsOf(article.id)).toBe(4)
  })

  it('counts a reader again the next UTC day', async () => {
    const article = await insertArticle()
    await record(article.id, '203.0.113.9')
    await record(article.id, '203.0.113.9', CHROME, new Date('2026-11-29T00:00:01Z'))
    await viewCounter.flush()
    expect(await daysOf(article.id)).toEqual([
      { day: '2026-11-28', views: 1 },
      { day: '2026-11-29', views: 1 },
    ])
  })

  it('stores a view on the paper’s day, and dedupes its reader per UTC day', async () => {
    await setSiteZone('Pacific/Auckland')
    const article = await insertArticle()
    // 10:30 UTC is 23:30 on the 28th in Auckland (UTC+13 in November); 11:30 UTC is 00:30 on
    // its 29th, still the UTC 28th: the same reader, not counted again.
    await record(article.id, '203.0.113.9', CHROME, new Date('2026-11-28T10:30:00Z'))
    await record(article.id, '203.0.113.9', CHROME, new Date('2026-11-28T11:30:00Z'))
    await record(article.id, '203.0.113.10', CHROME, new Date('2026-11-28T23:30:00Z'))
    // The UTC 29th: a new key, so a new reader, on the paper's 29th still.
    await record(article.id, '203.0.113.9', CHROME, new Date('2026-11-29T00:10:00Z'))
    await viewCounter.flush()
    expect(await daysOf(article.id)).toEqual([
      { day: '2026-11-28', views: 1 },
      { day: '2026-11-29', views: 2 },
    ])
    const readerDays = await getDb().execute<{ day: string; readers: number }>(
      sql`select day::text as day, count(*)::int as readers from article_view_readers
          where article_id = ${article.id} group by day order by day`,
    )
    expect(readerDays.rows).toEqual([
      { day: '2026-11-28', readers: 2 },
      { day: '2026-11-29', readers: 1 },
    ])
  })

  it('counts nothing without a usable client address, or from a bot', async () => {
    const article = await insertArticle()
    expect(await record(article.id, '')).toEqual({ counted: false })
    expect(await record(article.id, 'not-an-address')).toEqual({ counted: false })
    expect(await record(article.id, '203.0.113.9', 'Googlebot/2.1')).toEqual({ counted: false })
    await viewCounter.flush()
    expect(await viewsOf(article.id)).toBe(0)
  })

  it('refuses one address changing its user agent beyond the address’s pace', async () => {
    const article = await insertArticle()
    const outcomes = []
    for (let i = 0; i < BEACON_PACE.perAddress + 10; i++) {
      outcomes.push(await record(article.id, '203.0.113.50', `${CHROME} rotated/${i}`))
    }
    expect(outcomes.filter((o) => o.counted)).toHaveLength(BEACON_PACE.perAddress)
    await viewCounter.flush()
    expect(await viewsOf(article.id)).toBe(BEACON_PACE.perAddress)
  })
})

describe('Pace', () => {
  it('counts per key in a fixed window and forgets the oldest key beyond its bound', () => {
    const pace = new Pace(60_000, 2)
    expect(pace.hit('a', 0)).toBe(1)
    expect(pace.hit('a', 59_999)).toBe(2)
    expect(pace.retryAfter('a', 59_000)).toBe(1)
    expect(pace.hit('a', 60_000)).toBe(1)
    pace.hit('b', 60_000)
    pace.hit('c', 60_000)
    expect(pace.size).toBe(2)
    expect(pace.hit('a', 60_001)).toBe(1)
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

  it('ends its 7 days on the paper’s today: Auckland’s 29th at 23:30 UTC on the 28th', async () => {
    await setSiteZone('Pacific/Auckland')
    const now = new Date('2026-11-28T23:30:00Z')
    const [insideTag, outsideTag] = [
      await insertTag({ name: 'Inside' }),
      await insertTag({ name: 'Outside' }),
    ]
    const inside = await insertArticle({
      title: 'Six days ago',
      hoursAgo: 1,
      tagIds: [insideTag.id],
    })
    const outside = await insertArticle({
      title: 'Seven days ago',
      hoursAgo: 2,
      tagIds: [outsideTag.id],
    })
    const today = await insertArticle({ title: 'Today', hoursAgo: 3 })
    await getDb()
      .insert(articleViews)
      .values([
        { articleId: inside.id, day: '2026-11-23', views: 50 },
        // In the UTC week (22nd–28th), not in Auckland's (23rd–29th).
        { articleId: outside.id, day: '2026-11-22', views: 100 },
        { articleId: today.id, day: '2026-11-29', views: 10 },
      ])
    const trending = await listTrendingArticles(2, { now })
    expect(trending.map((a) => a.title)).toEqual(['Six days ago', 'Today'])
    expect((await listTrendingTags(1, { now })).map((t) => t.name)).toEqual(['Inside'])
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
