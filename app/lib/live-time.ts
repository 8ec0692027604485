import { formatDate, formatDateWithTime, formatTime } from './dates'

// An entry's time on a live page, in the site's time zone (the page is drawn once on the server
// for every reader, so the zone is the site's, not the reader's), in the product's named
// formats (app/lib/dates.ts): "2:32 PM" today, "Nov 25, 2:32 PM" on another day, "Nov 25, 2025,
// 2:32 PM" in another year.

export function formatEntryTime(instant: Date, now: Date, timeZone: string): string {
  const time = formatTime(instant, timeZone)
  if (!time) return ''
  if (formatDate(instant, 'articleDate', timeZone) === formatDate(now, 'articleDate', timeZone)) {
    return time
  }
  const sameYear = formatDate(instant, 'year', timeZone) === formatDate(now, 'year', timeZone)
  const day = formatDate(instant, sameYear ? 'monthDay' : 'adminListDate', timeZone)
  return `${day}, ${time}`
}

/**
 * "November 26, 2026 at 6:05 PM", the end of coverage in the site's time zone: a moment worded
 * as the article page words its publication (docs/product.md "Dates and times").
 */
export function formatCoverageMoment(instant: Date, timeZone: string): string {
  return formatDateWithTime(instant, timeZone)
}
