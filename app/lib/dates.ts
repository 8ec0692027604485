import { format, formatDistance } from 'date-fns'

// Formats from docs/product.md §9: "MMMM d, yyyy" on the article page, "MMM d, yyyy" in the admin list.
// Dates are shown in UTC: the server renders the page (often cached for every reader) and the
// client hydrates it, so both must print the same day whatever their time zones.

export type DateInput = Date | string | number | null | undefined

function toDate(input: DateInput): Date | null {
  if (input === null || input === undefined || input === '') return null
  const date = input instanceof Date ? input : new Date(input)
  // An unparseable value renders as nothing rather than throwing from date-fns mid-render.
  return Number.isNaN(date.getTime()) ? null : date
}

// date-fns formats local time; a Date whose local fields hold the UTC fields prints UTC.
// (@date-fns/tz is not installed; this is enough for day-level formats.)
function utcWallClock(date: Date): Date {
  return new Date(
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  )
}

function formatUtc(input: DateInput, pattern: string): string {
  const date = toDate(input)
  return date ? format(utcWallClock(date), pattern) : ''
}

/** "January 5, 2025" (article page). */
export function formatLongDate(input: DateInput): string {
  return formatUtc(input, 'MMMM d, yyyy')
}

/** "Jan 5, 2025" (admin lists). */
export function formatShortDate(input: DateInput): string {
  return formatUtc(input, 'MMM d, yyyy')
}

/**
 * "about 2 hours ago" / "in 3 days". Pass `now` when the text must match between server and
 * client (e.g. the server's render time), since each side's clock moves on.
 */
export function formatRelative(input: DateInput, now: Date = new Date()): string {
  const date = toDate(input)
  return date ? formatDistance(date, now, { addSuffix: true }) : ''
}

// Times of day in the paper's time zone (site settings `timeZone`): "Published 26 November
// 2026, 14:32", "Updated 15:10". The zone is named explicitly, so the server's render and the
// browser's hydration print the same words whatever zone either runs in. A zone this runtime
// does not know falls back to UTC rather than failing the page.

const zonedFormatters = new Map<string, Intl.DateTimeFormat>()

function zonedParts(date: Date, timeZone: string) {
  let formatter = zonedFormatters.get(timeZone)
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
    } catch {
      return zonedParts(date, 'UTC')
    }
    zonedFormatters.set(timeZone, formatter)
  }
  const parts: Record<string, string> = {}
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value
  return {
    day: `${Number(parts.day)} ${parts.month} ${parts.year}`,
    time: `${parts.hour}:${parts.minute}`,
  }
}

/** "26 November 2026" in `timeZone`. */
export function formatDayInZone(input: DateInput, timeZone: string): string {
  const date = toDate(input)
  return date ? zonedParts(date, timeZone).day : ''
}

/** "14:32" in `timeZone` (24-hour clock). */
export function formatTimeOfDay(input: DateInput, timeZone: string): string {
  const date = toDate(input)
  return date ? zonedParts(date, timeZone).time : ''
}

/** "26 November 2026, 14:32" in `timeZone`: the article page's publication time. */
export function formatDateTime(input: DateInput, timeZone: string): string {
  const date = toDate(input)
  if (!date) return ''
  const { day, time } = zonedParts(date, timeZone)
  return `${day}, ${time}`
}

/**
 * When a story was last touched, after `since` (its publication): "15:10" on the same day in
 * `timeZone`, "27 November 2026, 09:10" on a later one.
 */
export function formatUpdatedTime(input: DateInput, since: DateInput, timeZone: string): string {
  const date = toDate(input)
  if (!date) return ''
  const sinceDate = toDate(since)
  const parts = zonedParts(date, timeZone)
  return sinceDate && zonedParts(sinceDate, timeZone).day === parts.day
    ? parts.time
    : `${parts.day}, ${parts.time}`
}
