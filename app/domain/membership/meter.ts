import { toWallTime } from '~/lib/time-zone'

/*
 * The meter's periods and words (issue 38): N members stories free a period, the period cut
 * at midnight in the site's time zone — a week from Monday, a calendar month, or the rolling
 * 30 days ending today. Client-safe and pure: the server counts (meter.server.ts), this says
 * which days count.
 */

export const METER_PERIODS = ['week', 'month', 'rolling30'] as const
export type MeterPeriod = (typeof METER_PERIODS)[number]

export function isMeterPeriod(value: unknown): value is MeterPeriod {
  return typeof value === 'string' && (METER_PERIODS as readonly string[]).includes(value)
}

const DAY_MS = 86_400_000

/** The days of the period holding `now`, as whole days since 1970-01-01 in the site's zone. */
export interface MeterWindow {
  period: MeterPeriod
  /** Its first day (a Monday, the 1st, or 29 days before today). */
  firstDay: number
  /** Today, in the site's zone. */
  today: number
  /**
   * The period's name where reads are kept: its first day (`YYYY-MM-DD`) for a week or a
   * month; for the rolling 30 days, which have no fixed first day, `rolling30` (each read then
   * keeps its own day).
   */
  key: string
}

/** `YYYY-MM-DD` of a day number. */
export function dayIso(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

/** The day number of `YYYY-MM-DD`, or null. */
export function dayOfIso(iso: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null
  const ms = Date.parse(`${iso}T00:00:00Z`)
  return Number.isNaN(ms) ? null : Math.round(ms / DAY_MS)
}

/** Today's day number in `timeZone` at `now`. */
export function dayIn(now: Date, timeZone: string): number {
  return dayOfIso(toWallTime(now, timeZone).slice(0, 10)) ?? Math.floor(now.getTime() / DAY_MS)
}

/** The period holding `now` in `timeZone`. */
export function meterWindow(now: Date, period: MeterPeriod, timeZone: string): MeterWindow {
  const today = dayIn(now, timeZone)
  if (period === 'rolling30') return { period, today, firstDay: today - 29, key: 'rolling30' }
  let firstDay: number
  if (period === 'week') {
    // Day 0 (1970-01-01) was a Thursday: Monday is 3 days before it.
    firstDay = today - ((((today + 3) % 7) + 7) % 7)
  } else {
    firstDay = dayOfIso(`${dayIso(today).slice(0, 8)}01`) ?? today
  }
  return { period, today, firstDay, key: dayIso(firstDay) }
}

/** "this week", "this month", "in the last 30 days". */
export function meterPeriodWords(period: MeterPeriod): string {
  if (period === 'week') return 'this week'
  if (period === 'month') return 'this month'
  return 'in the last 30 days'
}

/** Where a reader stands with the meter: `used` of `limit` free stories in the period. */
export interface MeterCount {
  used: number
  limit: number
  period: MeterPeriod
}

/** "2 of 5 free stories this month" (issue 38). */
export function meterCounterText({ used, limit, period }: MeterCount): string {
  return `${used} of ${limit} free ${limit === 1 ? 'story' : 'stories'} ${meterPeriodWords(period)}`
}
