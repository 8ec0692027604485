import { and, eq, gte, lte, sql } from 'drizzle-orm'
import { meterReads } from '@db/schema/index'
import type { SiteSettings } from '~/domain/settings/settings-queries.server'
import { getDb, type Transaction } from '~/infra/db.server'
import type { Reader } from './access-level'
import { dayIso, isMeterPeriod, meterWindow, type MeterCount, type MeterWindow } from './meter'
import { meterCookieReads, meterSetCookie } from './meter-cookie.server'

/*
 * The meter's count (issue 38, docs/membership.md "The meter"): a signed-in reader's reads in
 * `meter_reads` (one row per reader, period and story), an anonymous reader's in their signed
 * cookie (meter-cookie.server.ts). A story already counted in the period is free to read
 * again; a new one is counted while the reader has stories left.
 */

export interface MeterAnswer {
  /** The meter lets this read through. */
  allowed: boolean
  /** Where the reader stands after this read. */
  count: MeterCount
  /** The anonymous reader's cookie with this read added; null when it did not change. */
  setCookie: string | null
}

type MeterSettings = Pick<
  SiteSettings,
  'meterPeriod' | 'meterAnonymousLimit' | 'meterRegisteredLimit' | 'timeZone'
>

/** A read's period as `meter_reads` names it: the week's or month's first day, or the read's day. */
function rowPeriod(window: MeterWindow) {
  return window.period === 'rolling30' ? dayIso(window.today) : window.key
}

async function accountReads(
  userId: string,
  window: MeterWindow,
  db: Transaction | ReturnType<typeof getDb> = getDb(),
): Promise<number[]> {
  const rows = await db
    .select({ articleId: meterReads.articleId })
    .from(meterReads)
    .where(
      and(
        eq(meterReads.userId, userId),
        window.period === 'rolling30'
          ? and(
              gte(meterReads.period, dayIso(window.firstDay)),
              lte(meterReads.period, dayIso(window.today)),
            )
          : eq(meterReads.period, window.key),
      ),
    )
  return [...new Set(rows.map((row) => row.articleId))]
}

/**
 * Whether the meter lets `reader` read story `articleId` at `now`, counting it when it is new
 * and `count` is set (the article page; the other channels only recognise a story already
 * counted). Staff and members never reach the meter (decideRead lets them through first).
 */
export async function consultMeter(
  articleId: number,
  reader: Reader,
  request: Request,
  settings: MeterSettings,
  { count, now = new Date() }: { count: boolean; now?: Date },
): Promise<MeterAnswer> {
  const period = isMeterPeriod(settings.meterPeriod) ? settings.meterPeriod : 'month'
  const window = meterWindow(now, period, settings.timeZone)
  const limit =
    reader.kind === 'account' ? settings.meterRegisteredLimit : settings.meterAnonymousLimit
  const cookieReads = reader.kind === 'account' ? [] : meterCookieReads(request, window)
  const read =
    reader.kind === 'account'
      ? await accountReads(reader.id, window)
      : [...new Set(cookieReads.map((r) => r.articleId))]
  if (read.includes(articleId)) {
    return { allowed: true, count: { used: read.length, limit, period }, setCookie: null }
  }
  if (!count || read.length >= limit) {
    return { allowed: false, count: { used: read.length, limit, period }, setCookie: null }
  }
  if (reader.kind === 'account') return countAccountRead(reader.id, articleId, window, limit, now)
  const setCookie = meterSetCookie({
    key: window.key,
    reads: [...cookieReads, { articleId, day: window.today }],
  })
  return { allowed: true, count: { used: read.length + 1, limit, period }, setCookie }
}

/**
 * A new story counted on an account's meter, once: the reader's reads are read again and the
 * row added under a lock of that reader's meter, so two requests racing for the last free
 * story let one through (an anonymous reader's cookie cannot be locked: docs/membership.md).
 */
function countAccountRead(
  userId: string,
  articleId: number,
  window: MeterWindow,
  limit: number,
  now: Date,
): Promise<MeterAnswer> {
  const period = window.period
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`meter:${userId}`}, 0))`)
    const read = await accountReads(userId, window, tx)
    if (read.includes(articleId)) {
      return { allowed: true, count: { used: read.length, limit, period }, setCookie: null }
    }
    if (read.length >= limit) {
      return { allowed: false, count: { used: read.length, limit, period }, setCookie: null }
    }
    await tx
      .insert(meterReads)
      .values({ userId, articleId, period: rowPeriod(window), readAt: now })
      .onConflictDoNothing()
    return { allowed: true, count: { used: read.length + 1, limit, period }, setCookie: null }
  })
}
