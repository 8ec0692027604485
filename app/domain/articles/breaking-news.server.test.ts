import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { articles, siteSettings } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { clearContent, insertArticle, insertTag } from '../../../tests/setup/content-fixtures'
import { listBreakingNews } from './articles-queries.server'
import { getBreakingNewsState, keepOnBreakingBar } from './breaking-news.server'

const HOUR = 3_600_000

beforeEach(async () => {
  await clearContent()
  await getDb().delete(siteSettings)
})

const breakingTag = () => insertTag({ name: 'Breaking News', slug: 'breaking-news' })

let currentTag = 0

/** A published article tagged breaking-news (the tag of the test's `beforeEach`). */
async function breakingAt(publishedAt: Date, extra: { breakingUntil?: Date } = {}) {
  const article = await insertArticle({ publishedAt, tagIds: [currentTag] })
  if (extra.breakingUntil) {
    await getDb()
      .update(articles)
      .set({ breakingUntil: extra.breakingUntil })
      .where(eq(articles.id, article.id))
  }
  return article
}

async function storedUntil(id: number) {
  const [row] = await getDb()
    .select({ breakingUntil: articles.breakingUntil, updatedAt: articles.updatedAt })
    .from(articles)
    .where(eq(articles.id, id))
  return row
}

describe('listBreakingNews: expiry', () => {
  const now = new Date('2025-06-01T12:00:00Z')
  const hoursBefore = (hours: number) => new Date(now.getTime() - hours * HOUR)

  beforeEach(async () => {
    currentTag = (await breakingTag()).id
  })

  it('keeps an item for 12 hours after publication by default, with its expiry', async () => {
    const fresh = await breakingAt(hoursBefore(11))
    await breakingAt(hoursBefore(12))
    await breakingAt(hoursBefore(30))
    const items = await listBreakingNews(10, now)
    expect(items.map((item) => item.id)).toEqual([fresh.id])
    expect(items[0].expiresAt).toEqual(new Date(hoursBefore(11).getTime() + 12 * HOUR))
  })

  it('follows the site’s hours', async () => {
    await getDb().insert(siteSettings).values({ id: 1, breakingNewsHours: 2 })
    const fresh = await breakingAt(hoursBefore(1))
    await breakingAt(hoursBefore(3))
    expect((await listBreakingNews(10, now)).map((item) => item.id)).toEqual([fresh.id])

    await getDb().update(siteSettings).set({ breakingNewsHours: 48 })
    expect(await listBreakingNews(10, now)).toHaveLength(2)
  })

  it('keeps an extended item to the editor’s time, and drops one ended early', async () => {
    const kept = await breakingAt(hoursBefore(30), {
      breakingUntil: new Date(now.getTime() + HOUR),
    })
    await breakingAt(hoursBefore(1), { breakingUntil: hoursBefore(0.5) })
    const items = await listBreakingNews(10, now)
    expect(items.map((item) => item.id)).toEqual([kept.id])
    expect(items[0].expiresAt).toEqual(new Date(now.getTime() + HOUR))
  })
})

describe('keepOnBreakingBar', () => {
  const now = new Date('2025-06-01T12:00:00Z')

  beforeEach(async () => {
    currentTag = (await breakingTag()).id
  })

  it('keeps an item the site’s hours past its expiry, without touching its version', async () => {
    const article = await breakingAt(new Date(now.getTime() - 2 * HOUR))
    const before = await storedUntil(article.id)
    const until = await keepOnBreakingBar(article.id, { intent: 'keep' }, now)
    // Published 2 h ago: 10 h left, plus 12.
    expect(until).toEqual(new Date(now.getTime() + 22 * HOUR))
    const after = await storedUntil(article.id)
    expect(after.breakingUntil).toEqual(until)
    expect(after.updatedAt).toEqual(before.updatedAt)

    const state = await getBreakingNewsState(article.id, now)
    expect(state).toMatchObject({ isBreaking: true, isOnBar: true, expiresAt: until, hours: 12 })
  })

  it('brings an expired item back for the site’s hours from now', async () => {
    const article = await breakingAt(new Date(now.getTime() - 40 * HOUR))
    expect((await getBreakingNewsState(article.id, now)).isOnBar).toBe(false)
    const until = await keepOnBreakingBar(article.id, { intent: 'keep' }, now)
    expect(until).toEqual(new Date(now.getTime() + 12 * HOUR))
  })

  it('takes a chosen time within a week, and refuses the past, beyond a week, or no tag', async () => {
    const article = await breakingAt(new Date(now.getTime() - HOUR))
    const chosen = new Date(now.getTime() + 3 * 24 * HOUR)
    expect(await keepOnBreakingBar(article.id, { intent: 'until', until: chosen }, now)).toEqual(
      chosen,
    )
    await expect(
      keepOnBreakingBar(article.id, { intent: 'until', until: new Date(now.getTime() - 1) }, now),
    ).rejects.toMatchObject({ code: 'INVALID_TIME', status: 400, field: 'until' })
    await expect(
      keepOnBreakingBar(
        article.id,
        { intent: 'until', until: new Date(now.getTime() + 8 * 24 * HOUR) },
        now,
      ),
    ).rejects.toMatchObject({ code: 'INVALID_TIME' })
    expect((await storedUntil(article.id)).breakingUntil).toEqual(chosen)

    const plain = await insertArticle()
    await expect(keepOnBreakingBar(plain.id, { intent: 'keep' }, now)).rejects.toMatchObject({
      code: 'NOT_BREAKING',
      status: 400,
    })
    await expect(keepOnBreakingBar(999_999, { intent: 'keep' }, now)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    })
  })
})
