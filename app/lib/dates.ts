import { formatDistance } from 'date-fns'

// One date format per context, on the reader's site and in the back office alike, always in
// the paper's time zone (site settings `timeZone`), never the server's or the browser's: the
// server renders the page (often cached for every reader) and the browser hydrates it, so both
// must print the same words. docs/product.md, "Dates and times", lists the contexts:
//
// - a story's publication (article page; a scheduled time): formatDateTime, "26 November 2026,
//   14:32";
// - its last change (article page): formatUpdatedTime, "15:10", or "27 November 2026, 09:10" on
//   a later day;
// - cards, the breaking bar, the profile's sessions: formatRelative, "about 2 hours ago";
// - a moment's day on a reader's page (corrections, search results, the newsletter archive):
//   formatDayInZone, "26 November 2026";
// - a calendar date with no time of day (print editions): formatLongDate, "26 November 2026";
// - a day in a back-office list (articles, pages, subscribers, suppressions, media, users):
//   formatShortDate, "Nov 26, 2026" (docs/product.md §9's "MMM d, yyyy");
// - the time of day of a save in the editor ("Draft saved at 14:32"): formatTimeOfDay;
// - a save in an article's revision history: formatSaveMoment, "26 November 2026, 14:32:09";
// - a moment in the back office (backups, a redirect's last use, a newsletter's schedule):
//   formatDateTime, "26 November 2026, 14:32".
//
// On a reader's page each sits in `<time datetime>` with the instant (or the date) in ISO form.

export type DateInput = Date | string | number | null | undefined

function toDate(input: DateInput): Date | null {
  if (input === null || input === undefined || input === '') return null
  const date = input instanceof Date ? input : new Date(input)
  // An unparseable value renders as nothing rather than throwing mid-render.
  return Number.isNaN(date.getTime()) ? null : date
}

/**
 * "26 November 2026": a calendar date that has no time of day (a print edition's date, a day
 * picked in a form), given as `yyyy-MM-dd` or its UTC midnight: the day it names, in no zone.
 */
export function formatLongDate(input: DateInput): string {
  return formatDayInZone(input, 'UTC')
}

/**
 * "Nov 26, 2026" in `timeZone`: a day in a back-office list (docs/product.md §9, "MMM d,
 * yyyy"). Without a zone, the UTC day.
 */
export function formatShortDate(input: DateInput, timeZone = 'UTC'): string {
  const date = toDate(input)
  if (!date) return ''
  const { day, month, year } = zonedParts(date, timeZone)
  // English months' three-letter abbreviations are their first three letters.
  return `${month.slice(0, 3)} ${day}, ${year}`
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
        second: '2-digit',
      })
    } catch {
      return zonedParts(date, 'UTC')
    }
    zonedFormatters.set(timeZone, formatter)
  }
  const parts: Record<string, string> = {}
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value
  const day = Number(parts.day)
  return {
    day,
    month: parts.month,
    year: parts.year,
    /** "26 November 2026" */
    date: `${day} ${parts.month} ${parts.year}`,
    time: `${parts.hour}:${parts.minute}`,
    second: parts.second,
  }
}

/** "26 November 2026" in `timeZone`. */
export function formatDayInZone(input: DateInput, timeZone: string): string {
  const date = toDate(input)
  return date ? zonedParts(date, timeZone).date : ''
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
  const { date: day, time } = zonedParts(date, timeZone)
  return `${day}, ${time}`
}

/**
 * "26 November 2026, 14:32:09" in `timeZone`: a save in an article's revision history, to the
 * second (saves come quickly).
 */
export function formatSaveMoment(input: DateInput, timeZone: string): string {
  const date = toDate(input)
  if (!date) return ''
  const { date: day, time, second } = zonedParts(date, timeZone)
  return `${day}, ${time}:${second}`
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
  return sinceDate && zonedParts(sinceDate, timeZone).date === parts.date
    ? parts.time
    : `${parts.date}, ${parts.time}`
}
