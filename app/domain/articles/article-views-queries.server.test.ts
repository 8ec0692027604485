import { describe, expect, it } from 'vitest'
import { articleViews } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { insertArticle } from '../../../tests/setup/content-fixtures'
import { getArticleViewStats, listViewTotals } from './article-views-queries.server'

const now = new Date('2026-11-26T15:00:00Z')

describe('article views for the desk', () => {
  it('adds up today, the last 7 days and all time, and lists the week day by day', async () => {
    const article = await insertArticle()
    const other = await insertArticle()
    await getDb()
      .insert(articleViews)
      .values([
        { articleId: article.id, day: '2026-11-26', views: 5 },
        { articleId: article.id, day: '2026-11-24', views: 3 },
        { articleId: article.id, day: '2026-11-20', views: 2 },
        // Eight days ago: in the total, not in the week.
        { articleId: article.id, day: '2026-11-18', views: 100 },
        { articleId: other.id, day: '2026-11-26', views: 7 },
      ])
    const stats = await getArticleViewStats(article.id, now)
    expect(stats).toMatchObject({ today: 5, week: 10, total: 110 })
    expect(stats.days).toEqual([
      { day: '2026-11-20', views: 2 },
      { day: '2026-11-21', views: 0 },
      { day: '2026-11-22', views: 0 },
      { day: '2026-11-23', views: 0 },
      { day: '2026-11-24', views: 3 },
      { day: '2026-11-25', views: 0 },
      { day: '2026-11-26', views: 5 },
    ])
    const totals = await listViewTotals([article.id, other.id], now)
    expect(totals.get(other.id)).toEqual({ today: 7, week: 7, total: 7 })
    expect(await listViewTotals([], now)).toEqual(new Map())
  })

  it('counts nothing for an article nobody has read', async () => {
    const article = await insertArticle()
    const stats = await getArticleViewStats(article.id, now)
    expect(stats).toMatchObject({ today: 0, week: 0, total: 0 })
    expect(stats.days.every((d) => d.views === 0)).toBe(true)
  })
})
