import { tz } from '@date-fns/tz'
import { format, formatDistance } from 'date-fns'
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from './time-zone'

// One date format per context, on the reader's site and in the back office alike, always in
// the paper's time zone (site settings `timeZone`), never the server's or the browser's: the
// server renders the page (often cached for every reader) and the browser hydrates it, so both
// must print the same words. docs/product.md, "Dates and times", lists the contexts.
//
// The product's named formats (spec: "MMMM d, yyyy" on the article page, "MMM d, yyyy" in an
// admin list; times in the same idiom, never to the second where a person reads them) are
// DATE_FORMATS, and every date a person reads is printed with one of them:
//
// - a moment: a story's publication and a later change, a scheduled time, live coverage's end,
//   a backup, a redirect's last use, a newsletter's schedule, an invitation's expiry, a saved
//   revision: formatDateWithTime, "November 26, 2026 at 2:32 PM";
// - a time on a day already named, a draft's save ("Draft saved at 2:32 PM"): formatTime;
// - a moment's day on a reader's page (corrections, search results, the newsletter archive, a
//   review note): formatArticleDate, "November 26, 2026";
// - a calendar date with no time of day (print editions): formatCalendarDate, the same words;
// - cards, the breaking bar, the profile's sessions: formatRelative, "about 2 hours ago";
// - a day in a back-office list (articles, pages, subscribers, suppressions, media, users):
//   formatShortDate, "Nov 26, 2026".
//
// On a reader's page each sits in `<time datetime>` with the instant (or the date) in ISO form.

/** The product's date formats, as date-fns patterns. */
export const DATE_FORMATS = {
  /** "November 26, 2026": the article page's date (spec, Article page). */
  articleDate: 'MMMM d, yyyy',
  /** "Nov 26, 2026": a day in an admin list (spec, Article list). */
  adminListDate: 'MMM d, yyyy',
  /** "2:32 PM" */
  time: 'h:mm a',
  /** "November 26, 2026 at 2:32 PM": the article date with the time readers asked for. */
  dateWithTime: "MMMM d, yyyy 'at' h:mm a",
  /** "Nov 26": a live entry's day within the year. */
  monthDay: 'MMM d',
  /** "Thu 26": a day under a bar of the views strip. */
  weekdayDay: 'EEE d',
  /** "Thu, Nov 26": a day in the views strip's table. */
  weekdayMonthDay: 'EEE, MMM d',
  /** "2026" */
  year: 'yyyy',
} as const

export type DateFormatName = keyof typeof DATE_FORMATS

export type DateInput = Date | string | number | null | undefined

function toDate(input: DateInput): Date | null {
  if (input === null || input === undefined || input === '') return null
  const date = input instanceof Date ? input : new Date(input)
  // An unparseable value renders as nothing rather than throwing mid-render.
  return Number.isNaN(date.getTime()) ? null : date
}

// A zone this runtime does not know falls back to UTC rather than failing the page
// (date-fns throws "Invalid time value" for one).
const zoneContexts = new Map<string, ReturnType<typeof tz>>()

function zoneContext(timeZone: string) {
  let context = zoneContexts.get(timeZone)
  if (!context) {
    context = tz(canonicalTimeZone(timeZone) ?? DEFAULT_TIME_ZONE)
    zoneContexts.set(timeZone, context)
  }
  return context
}

/** `input` in one of the product's named formats, in `timeZone`; '' for no date. */
export function formatDate(input: DateInput, name: DateFormatName, timeZone: string): string {
  const date = toDate(input)
  return date ? format(date, DATE_FORMATS[name], { in: zoneContext(timeZone) }) : ''
}

/** "November 26, 2026" in `timeZone`: a day on the article page. */
export function formatArticleDate(input: DateInput, timeZone: string): string {
  return formatDate(input, 'articleDate', timeZone)
}

/** "2:32 PM" in `timeZone`. */
export function formatTime(input: DateInput, timeZone: string): string {
  return formatDate(input, 'time', timeZone)
}

/** "November 26, 2026 at 2:32 PM" in `timeZone`: a story's publication on its page. */
export function formatDateWithTime(input: DateInput, timeZone: string): string {
  return formatDate(input, 'dateWithTime', timeZone)
}

/**
 * "November 26, 2026": a calendar date that has no time of day (a print edition's date, a day
 * picked in a form), given as `yyyy-MM-dd` or its UTC midnight: the day it names, in no zone.
 */
export function formatCalendarDate(input: DateInput): string {
  return formatDate(input, 'articleDate', 'UTC')
}

/**
 * "Nov 26, 2026" in `timeZone`: a day in a back-office list (spec, "MMM d, yyyy"). Without a
 * zone, the UTC day.
 */
export function formatShortDate(input: DateInput, timeZone = 'UTC'): string {
  return formatDate(input, 'adminListDate', timeZone)
}

/**
 * "about 2 hours ago" / "in 3 days". Pass `now` when the text must match between server and
 * client (e.g. the server's render time), since each side's clock moves on.
 */
export function formatRelative(input: DateInput, now: Date = new Date()): string {
  const date = toDate(input)
  return date ? formatDistance(date, now, { addSuffix: true }) : ''
}

/**
 * When a story was last touched, after `since` (its publication): "3:10 PM" on the same day in
 * `timeZone`, "November 27, 2026 at 9:10 AM" on a later one.
 */
export function formatUpdatedTime(input: DateInput, since: DateInput, timeZone: string): string {
  const date = toDate(input)
  if (!date) return ''
  const sinceDate = toDate(since)
  const sameDay =
    sinceDate !== null &&
    formatArticleDate(sinceDate, timeZone) === formatArticleDate(date, timeZone)
  return sameDay ? formatTime(date, timeZone) : formatDateWithTime(date, timeZone)
}
