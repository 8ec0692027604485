import { formatDateTime } from './dates'
import { toWallTime } from './time-zone'

// An entry's time on a live page, in the site's time zone (the page is drawn once on the server
// for every reader, so the zone is the site's, not the reader's): "14:32" today, "Nov 25, 14:32"
// on another day, "Nov 25 2025, 14:32" in another year.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

export function formatEntryTime(instant: Date, now: Date, timeZone: string): string {
  const wall = toWallTime(instant, timeZone)
  if (!wall) return ''
  const today = toWallTime(now, timeZone).slice(0, 10)
  const time = wall.slice(11, 16)
  if (wall.slice(0, 10) === today) return time
  const [year, month, day] = wall.slice(0, 10).split('-').map(Number)
  const date = `${MONTHS[month - 1]} ${day}`
  return year === Number(today.slice(0, 4)) ? `${date}, ${time}` : `${date} ${year}, ${time}`
}

/**
 * "26 November 2026, 18:05", the end of coverage in the site's time zone: a moment worded as
 * the article page words its publication (docs/product.md "Dates and times").
 */
export function formatCoverageMoment(instant: Date, timeZone: string): string {
  return formatDateTime(instant, timeZone)
}
