import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { articleViews, siteSettings } from '@db/schema/index'
import { listTrendingArticles } from '~/domain/articles/trending-queries.server'
import { BEACON_PACE, resetBeaconPaces } from '~/domain/articles/trending.server'
import { viewCounter } from '~/domain/articles/view-counter.server'
import { announceChanged, EVERYTHING } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { clearContent, insertArticle } from '../../tests/setup/content-fixtures'
import { action as beaconAction } from './api.views'

// The view beacon as the page sends it: its pace and what one client's burst leaves of Trending
// (the counting rules themselves: app/domain/articles/trending.server.test.ts).

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

beforeEach(async () => {
  await viewCounter.flush()
  await clearContent()
  await getDb()
    .insert(siteSettings)
    .values({ id: 1, timeZone: 'UTC' })
    .onConflictDoUpdate({ target: siteSettings.id, set: { timeZone: 'UTC' } })
  announceChanged([EVERYTHING])
  resetBeaconPaces()
})

async function sendBeacon(articleId: number, clientIp: string, userAgent = CHROME) {
  return (await beaconAction({
    request: new Request('http://localhost:3000/api/views', {
      method: 'POST',
      headers: { 'user-agent': userAgent },
      body: new URLSearchParams({ article: String(articleId) }),
    }),
    context: { clientIp, requestId: 'test' },
    params: {},
  } as never)) as Response
}

async function viewsOf(articleId: number) {
  const rows = await getDb()
    .select()
    .from(articleViews)
    .where(eq(articleViews.articleId, articleId))
  return rows[0]?.views ?? 0
}

describe('POST /api/views', () => {
  it('answers 429 with Retry-After to a burst beyond a reader’s pace, 204 again a minute on', async () => {
    const article = await insertArticle()
    const statuses = []
    for (let i = 0; i < BEACON_PACE.perReader + 5; i++) {
      statuses.push((await sendBeacon(article.id, '203.0.113.77')).status)
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(BEACON_PACE.perReader)
    const refused = await sendBeacon(article.id, '203.0.113.77')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(await refused.text()).toBe(
      'Too many page views from this reader. Try again in a minute.',
    )
    // Another reader is not held up by it.
    expect((await sendBeacon(article.id, '203.0.113.78')).status).toBe(204)
    await viewCounter.flush()
    expect(await viewsOf(article.id)).toBe(2)
  })

  it('leaves Trending as real readers made it when one client bursts at an old story', async () => {
    const old = await insertArticle({ title: 'Old story', hoursAgo: 24 * 5 })
    const busy = await insertArticle({ title: 'Busy', hoursAgo: 2 })
    const steady = await insertArticle({ title: 'Steady', hoursAgo: 3 })
    for (let reader = 1; reader <= 5; reader++) await sendBeacon(busy.id, `198.51.100.${reader}`)
    for (let reader = 1; reader <= 3; reader++) await sendBeacon(steady.id, `198.51.100.${reader}`)
    await viewCounter.flush()
    const before = (await listTrendingArticles(3)).map((a) => a.title)
    expect(before).toEqual(['Busy', 'Steady', 'Old story'])
    for (let i = 0; i < 3000; i++) await sendBeacon(old.id, '203.0.113.66')
    await viewCounter.flush()
    expect((await listTrendingArticles(3)).map((a) => a.title)).toEqual(before)
    expect(await viewsOf(old.id)).toBe(1)
  })
})
