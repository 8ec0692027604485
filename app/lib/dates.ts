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
