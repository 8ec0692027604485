import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import { articles, articleTags, newsletterLists, siteSettings } from '@db/schema/index'
import { isPublicArticle } from '~/domain/published.server'
import { getDb, type Database } from '~/infra/db.server'
import { logger } from '~/infra/logger.server'
import { serverTimeZone } from '~/infra/server-time-zone.server'
import { DEFAULT_TIME_ZONE, fromWallTime, toWallTime } from '~/lib/time-zone'
import { startIssueSend } from './issue-send.server'

type List = typeof newsletterLists.$inferSelect

/** The most stories one digest carries. */
const MAX_STORIES = 20

export interface DigestWindow {
  /** '2026-11-26' (daily) or '2026-W48' (weekly): unique per list, so a window is built once. */
  key: string
  /** Stories published after `from` and up to `to` (the scheduled moment). */
  from: Date
  to: Date
}

function shiftDate(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

function isoWeek(date: string) {
  const d = new Date(`${date}T00:00:00Z`)
  // The week's Thursday decides its year (ISO 8601).
  d.setUTCDate(d.getUTCDate() + 4 - (d.getUTCDay() || 7))
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1)
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7)
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`
}

/**
 * The zone a list's schedule is read in: its own, else the site's (issue 36: the seeded
 * "Daily at 07:00" is seven in the paper's zone, and follows it when an admin changes it).
 */
export function scheduleZone(list: Pick<List, 'timeZone'>, siteTimeZone: string): string {
  return list.timeZone || siteTimeZone
}

/**
 * The latest window of a digest list whose scheduled moment (its local send time, on its
 * weekday for weekly lists) has come by `now`; null for lists that are not digests or have no
 * schedule. Local time in the list's zone (else the site's), so "07:00 Europe/Paris" stays
 * 07:00 across DST.
 */
export function latestWindow(
  list: List,
  now: Date,
  siteTimeZone: string = DEFAULT_TIME_ZONE,
): DigestWindow | null {
  if (list.kind !== 'digest' || !list.cadence || !list.sendTime) return null
  if (!/^\d{2}:\d{2}$/.test(list.sendTime)) return null
  const zone = scheduleZone(list, siteTimeZone)
  const today = toWallTime(now, zone).slice(0, 10)
  const at = (date: string) => fromWallTime(`${date}T${list.sendTime}`, zone)
  const step = list.cadence === 'weekly' ? 7 : 1
  for (let back = 0; back <= 7; back++) {
    const date = shiftDate(today, -back)
    if (
      list.cadence === 'weekly' &&
      new Date(`${date}T00:00:00Z`).getUTCDay() !== (list.weekday ?? 1)
    ) {
      continue
    }
    const to = at(date)
    if (!to || to.getTime() > now.getTime()) continue
    const from = at(shiftDate(date, -step))
    if (!from) return null
    return { key: list.cadence === 'weekly' ? isoWeek(date) : date, from, to }
  }
  return null
}

/**
 * The window's stories, newest first: public, in the list's section or tag if it has one.
 * `db`: the digest build's (`buildDueDigests`).
 */
export async function windowStories(list: List, window: DigestWindow, db: Database = getDb()) {
  const conditions = [
    isPublicArticle,
    gt(articles.publishedAt, window.from),
    lte(articles.publishedAt, window.to),
  ]
  if (list.categoryId) conditions.push(eq(articles.categoryId, list.categoryId))
  if (list.tagId) {
    conditions.push(
      inArray(
        articles.id,
        db
          .select({ id: articleTags.articleId })
          .from(articleTags)
          .where(eq(articleTags.tagId, list.tagId)),
      ),
    )
  }
  return db
    .select({ id: articles.id, title: articles.title })
    .from(articles)
    .where(and(...conditions))
    .orderBy(desc(articles.publishedAt))
    .limit(MAX_STORIES)
}

/**
 * Builds every digest whose window has come and starts its send. A window is written once:
 * the issue is unique per list and window key, and the insert does nothing on a conflict, so
 * three instances waking together build it once (the one whose insert returns the row sends
 * it). A window with fewer stories than the list's minimum is recorded as skipped (cancelled,
 * with the reason), so it is decided once too. A list created after a window's moment starts
 * with the next window. `db`: an instance's sender passes its own handle (sender.server.ts,
 * `SenderOptions.db`; sender.pg.test.ts builds on three).
 */
export async function buildDueDigests(now: Date, db: Database = getDb()): Promise<number[]> {
  const lists = await db.select().from(newsletterLists).where(eq(newsletterLists.kind, 'digest'))
  // From the `db` given, as the lists are; before the settings row is written, the zone the
  // site shows by default (settings-queries.server.ts): the server's.
  const [settings] = await db
    .select({ timeZone: siteSettings.timeZone })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
  const started: number[] = []
  for (const list of lists) {
    const window = latestWindow(list, now, settings?.timeZone ?? serverTimeZone())
    if (!window || window.to.getTime() < list.createdAt.getTime()) continue
    const stories = await windowStories(list, window, db)
    const enough = stories.length >= Math.max(1, list.minStories)
    const subject = `${list.name}: ${stories[0]?.title ?? ''}`.replace(/: $/, '')
    const inserted = (
      (await db.execute(sql`
        insert into newsletter_issues
          (list_id, status, subject, preheader, article_ids, window_key, failure, finished_at)
        values (${list.id}, ${enough ? 'draft' : 'cancelled'}, ${subject},
                ${stories
                  .slice(1, 4)
                  .map((s) => s.title)
                  .join(' · ')},
                ${`{${stories.map((s) => s.id).join(',')}}`}::integer[], ${window.key},
                ${enough ? null : `Skipped: ${stories.length} ${stories.length === 1 ? 'story' : 'stories'}, fewer than the minimum of ${list.minStories}`},
                ${enough ? null : now})
        on conflict (list_id, window_key) where window_key is not null do nothing
        returning id`)) as unknown as { rows: { id: number }[] }
    ).rows
    if (inserted.length > 0 && enough) started.push(Number(inserted[0].id))
  }
  // Also a digest built just before an instance died, still a draft: its send starts now.
  const stranded = (
    (await db.execute(sql`
      select id from newsletter_issues
      where window_key is not null and status = 'draft'`)) as unknown as { rows: { id: number }[] }
  ).rows
  for (const { id } of stranded) {
    try {
      await startIssueSend(Number(id), null, { db })
    } catch (error) {
      logger.warn({ err: error, issueId: id }, 'newsletter digest: the send did not start')
    }
  }
  return started
}
