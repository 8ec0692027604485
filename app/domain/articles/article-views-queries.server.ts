import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import { articleViews } from '@db/schema/index'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { readDb } from '~/infra/db.server'
import { TRENDING_DAYS } from './trending-queries.server'
import { siteDay } from './view-counter.server'

// The views counted for Trending (`article_views`, one row per article and day of the paper's
// time zone), as the desk reads them per article: today, the last 7 days and in all, and the
// last 30 days one by one. "Today" is the paper's today (site settings `timeZone`).

export interface ViewTotals {
  today: number
  week: number
  total: number
}

export interface ViewDay {
  /** A calendar day of the paper, `yyyy-MM-dd`. */
  day: string
  views: number
}

export interface ArticleViewStats extends ViewTotals {
  /** The last 30 days of the paper, oldest first, today last; a day without views counts 0. */
  days: ViewDay[]
  /** The zone the days are the paper's days in. */
  timeZone: string
}

/** How many days the edit page's strip goes back, today included. */
export const VIEW_STRIP_DAYS = 30

export interface ViewQueryOptions {
  /** The paper's zone; by default the site settings'. */
  timeZone?: string
  now?: Date
}

/** The `count` calendar days ending on `last` (`yyyy-MM-dd`), oldest first. */
export function daysEndingOn(last: string, count: number): string[] {
  const [year, month, day] = last.split('-').map(Number)
  // Calendar arithmetic on UTC midnights: no zone, no summer time, every day 24 hours.
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(year, month - 1, day - (count - 1 - i))).toISOString().slice(0, 10),
  )
}

async function resolve(options: ViewQueryOptions) {
  const timeZone = options.timeZone ?? (await getSiteSettings()).timeZone
  const today = siteDay(options.now ?? new Date(), timeZone)
  return { timeZone, today }
}

function totalsColumns(today: string) {
  const [weekStart] = daysEndingOn(today, TRENDING_DAYS)
  return {
    articleId: articleViews.articleId,
    today: sql<number>`coalesce(sum(${articleViews.views}) filter (where ${articleViews.day} = ${today}), 0)::int`,
    week: sql<number>`coalesce(sum(${articleViews.views}) filter (where ${articleViews.day} >= ${weekStart} and ${articleViews.day} <= ${today}), 0)::int`,
    total: sql<number>`coalesce(sum(${articleViews.views}), 0)::int`,
  }
}

async function totalsOn(articleIds: number[], today: string): Promise<Map<number, ViewTotals>> {
  if (articleIds.length === 0) return new Map()
  const rows = await readDb()
    .select(totalsColumns(today))
    .from(articleViews)
    .where(inArray(articleViews.articleId, articleIds))
    .groupBy(articleViews.articleId)
  return new Map(rows.map(({ articleId, ...totals }) => [articleId, totals]))
}

/** Today, 7 days and all-time views of each article asked for (absent: none counted yet). */
export async function listViewTotals(
  articleIds: number[],
  options: ViewQueryOptions = {},
): Promise<Map<number, ViewTotals>> {
  if (articleIds.length === 0) return new Map()
  const { today } = await resolve(options)
  return totalsOn(articleIds, today)
}

/** One article's figures and its last 30 days, for the edit page. */
export async function getArticleViewStats(
  articleId: number,
  options: ViewQueryOptions = {},
): Promise<ArticleViewStats> {
  const { timeZone, today } = await resolve(options)
  const days = daysEndingOn(today, VIEW_STRIP_DAYS)
  const [totals, perDay] = await Promise.all([
    totalsOn([articleId], today),
    readDb()
      .select({ day: articleViews.day, views: articleViews.views })
      .from(articleViews)
      .where(and(eq(articleViews.articleId, articleId), gte(articleViews.day, days[0]))),
  ])
  const byDay = new Map(perDay.map((row) => [row.day, row.views]))
  return {
    ...(totals.get(articleId) ?? { today: 0, week: 0, total: 0 }),
    days: days.map((day) => ({ day, views: byDay.get(day) ?? 0 })),
    timeZone,
  }
}
