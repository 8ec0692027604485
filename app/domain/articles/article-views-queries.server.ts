import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import { articleViews } from '@db/schema/index'
import { readDb } from '~/infra/db.server'
import { TRENDING_DAYS } from './trending-queries.server'
import { utcDay } from './view-counter.server'

// The views counted for Trending (`article_views`, one row per article and UTC day), as the
// desk reads them per article: today, the last 7 days and in all, and the 7 days one by one.

export interface ViewTotals {
  today: number
  week: number
  total: number
}

export interface ArticleViewStats extends ViewTotals {
  /** The last 7 UTC days, oldest first, today last; a day without views counts 0. */
  days: { day: string; views: number }[]
}

const DAY_MS = 86_400_000

function lastDays(now: Date): string[] {
  return Array.from({ length: TRENDING_DAYS }, (_, i) =>
    utcDay(new Date(now.getTime() - (TRENDING_DAYS - 1 - i) * DAY_MS)),
  )
}

function totalsColumns(now: Date) {
  const days = lastDays(now)
  return {
    articleId: articleViews.articleId,
    today: sql<number>`coalesce(sum(${articleViews.views}) filter (where ${articleViews.day} = ${days.at(-1)}), 0)::int`,
    week: sql<number>`coalesce(sum(${articleViews.views}) filter (where ${articleViews.day} >= ${days[0]}), 0)::int`,
    total: sql<number>`coalesce(sum(${articleViews.views}), 0)::int`,
  }
}

/** Today, 7 days and all-time views of each article asked for (absent: none counted yet). */
export async function listViewTotals(
  articleIds: number[],
  now: Date = new Date(),
): Promise<Map<number, ViewTotals>> {
  if (articleIds.length === 0) return new Map()
  const rows = await readDb()
    .select(totalsColumns(now))
    .from(articleViews)
    .where(inArray(articleViews.articleId, articleIds))
    .groupBy(articleViews.articleId)
  return new Map(rows.map(({ articleId, ...totals }) => [articleId, totals]))
}

/** One article's figures and its last 7 days, for the edit page. */
export async function getArticleViewStats(
  articleId: number,
  now: Date = new Date(),
): Promise<ArticleViewStats> {
  const days = lastDays(now)
  const [totals, perDay] = await Promise.all([
    listViewTotals([articleId], now),
    readDb()
      .select({ day: articleViews.day, views: articleViews.views })
      .from(articleViews)
      .where(and(eq(articleViews.articleId, articleId), gte(articleViews.day, days[0]))),
  ])
  const byDay = new Map(perDay.map((row) => [row.day, row.views]))
  return {
    ...(totals.get(articleId) ?? { today: 0, week: 0, total: 0 }),
    days: days.map((day) => ({ day, views: byDay.get(day) ?? 0 })),
  }
}
