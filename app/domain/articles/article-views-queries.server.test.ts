import { describe, expect, it } from 'vitest'
import { articleViews } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { insertArticle } from '../../../tests/setup/content-fixtures'
import {
  daysEndingOn,
  getArticleViewStats,
  listViewTotals,
  VIEW_STRIP_DAYS,
} from './article-views-queries.server'

const now = new Date('2026-11-26T15:00:00Z')
const utc = { now, timeZone: 'UTC' }

describe('article views for the desk', () => {
  it('adds up today, the last 7 days and all time, and lists 30 days with the empty ones as 0', async () => {
    const article = await insertArticle()
    const other = await insertArticle()
    await getDb()
      .insert(articleViews)
      .values([
        { articleId: article.id, day: '2026-11-26', views: 5 },
        { articleId: article.id, day: '2026-11-24', views: 3 },
        { articleId: article.id, day: '2026-11-20', views: 2 },
        // Eight days ago: in the 30 days and the total, not in the week.
        { articleId: article.id, day: '2026-11-18', views: 100 },
        // Thirty days ago: in the total only.
        { articleId: article.id, day: '2026-10-27', views: 1000 },
        { articleId: other.id, day: '2026-11-26', views: 7 },
      ])
    const stats = await getArticleViewStats(article.id, utc)
    expect(stats).toMatchObject({ today: 5, week: 10, total: 1110, timeZone: 'UTC' })
    expect(stats.days).toHaveLength(VIEW_STRIP_DAYS)
    expect(stats.days[0]).toEqual({ day: '2026-10-28', views: 0 })
    expect(stats.days.slice(-9)).toEqual([
      { day: '2026-11-18', views: 100 },
      { day: '2026-11-19', views: 0 },
      { day: '2026-11-20', views: 2 },
      { day: '2026-11-21', views: 0 },
      { day: '2026-11-22', views: 0 },
      { day: '2026-11-23', views: 0 },
      { day: '2026-11-24', views: 3 },
      { day: '2026-11-25', views: 0 },
      { day: '2026-11-26', views: 5 },
    ])
    expect(stats.days.filter((d) => d.views > 0)).toHaveLength(4)
    const totals = await listViewTotals([article.id, other.id], utc)
    expect(totals.get(other.id)).toEqual({ today: 7, week: 7, total: 7 })
    expect(await listViewTotals([], utc)).toEqual(new Map())
  })

  it('counts the days of the paper’s zone: Tokyo is on the 27th when UTC is on the 26th', async () => {
    const article = await insertArticle()
    await getDb()
      .insert(articleViews)
      .values([
        { articleId: article.id, day: '2026-11-27', views: 4 },
        { articleId: article.id, day: '2026-11-26', views: 6 },
      ])
    // 15:00 UTC is midnight in Tokyo (UTC+9): its 27th has begun.
    const tokyo = await getArticleViewStats(article.id, { now, timeZone: 'Asia/Tokyo' })
    expect(tokyo).toMatchObject({ today: 4, week: 10, timeZone: 'Asia/Tokyo' })
    expect(tokyo.days.at(-1)).toEqual({ day: '2026-11-27', views: 4 })
    expect(tokyo.days[0].day).toBe('2026-10-29')
    // Los Angeles (UTC-8) is still on the morning of the 26th; the 27th is not yet its today.
    const la = await getArticleViewStats(article.id, { now, timeZone: 'America/Los_Angeles' })
    expect(la).toMatchObject({ today: 6, week: 6 })
    expect(la.days.at(-1)).toEqual({ day: '2026-11-26', views: 6 })
    expect(
      (await listViewTotals([article.id], { now, timeZone: 'Asia/Tokyo' })).get(article.id),
    ).toEqual({ today: 4, week: 10, total: 10 })
  })

  it('counts nothing for an article nobody has read', async () => {
    const article = await insertArticle()
    const stats = await getArticleViewStats(article.id, utc)
    expect(stats).toMatchObject({ today: 0, week: 0, total: 0 })
    expect(stats.days).toHaveLength(VIEW_STRIP_DAYS)
    expect(stats.days.every((d) => d.views === 0)).toBe(true)
  })

  it('steps back over month ends, leap days and summer time by the calendar', () => {
    expect(daysEndingOn('2028-03-01', 3)).toEqual(['2028-02-28', '2028-02-29', '2028-03-01'])
    expect(daysEndingOn('2027-01-01', 2)).toEqual(['2026-12-31', '2027-01-01'])
    expect(daysEndingOn('2026-10-26', 2)).toEqual(['2026-10-25', '2026-10-26'])
  })
})
