// When a breaking item leaves the bar (client-safe and pure: the server's query, the editor's
// panel and the tests share it).

const HOUR_MS = 3_600_000

/** The furthest ahead an editor may keep an item on the bar: a week from now. */
export const BREAKING_KEEP_MAX_HOURS = 168

export interface BreakingTimes {
  publishedAt: Date | null
  /** An editor's extension; when set it decides alone. */
  breakingUntil: Date | null
}

/**
 * The moment a breaking item leaves the bar: the time an editor chose, else its publication
 * plus the site's hours (`site_settings.breakingNewsHours`). Null for an unpublished article
 * without a chosen time.
 */
export function breakingExpiry(item: BreakingTimes, hours: number): Date | null {
  if (item.breakingUntil) return item.breakingUntil
  if (!item.publishedAt) return null
  return new Date(item.publishedAt.getTime() + hours * HOUR_MS)
}

/** On the bar at `now`: its expiry is still ahead. */
export function isStillBreaking(item: BreakingTimes, hours: number, now: Date): boolean {
  const expiry = breakingExpiry(item, hours)
  return expiry !== null && expiry.getTime() > now.getTime()
}

/**
 * "Keep N more hours": N hours past the current expiry, or past now when it has gone by
 * already (an item taken off by time comes back for N hours).
 */
export function keepLonger(expiry: Date | null, hours: number, now: Date): Date {
  const from = Math.max(now.getTime(), expiry?.getTime() ?? 0)
  return new Date(from + hours * HOUR_MS)
}

/** Why a chosen time cannot be the item's expiry, or null when it can. */
export function refuseKeepUntil(until: Date, now: Date): string | null {
  if (until.getTime() <= now.getTime()) return 'Choose a time in the future'
  if (until.getTime() > now.getTime() + BREAKING_KEEP_MAX_HOURS * HOUR_MS) {
    return 'Breaking news can be kept on the bar for at most 7 days from now'
  }
  return null
}

/** The tag that puts an article on the bar (as `BREAKING_NEWS_TAG` on the server). */
export const BREAKING_NEWS_TAG_SLUG = 'breaking-news'
