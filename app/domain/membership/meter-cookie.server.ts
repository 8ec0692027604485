import { getEnv } from '~/infra/env.server'
import { isSignedFor, signFor } from '~/infra/signature.server'
import type { MeterWindow } from './meter'

/*
 * An anonymous reader's meter (issue 38): the stories they read in the period, kept in their own
 * browser in a cookie signed with the site's secret (HMAC-SHA-256, cut to 128 bits) — no
 * fingerprinting, no third-party storage, nothing kept on the server. A cookie that is
 * missing, malformed, forged or tampered with reads as an empty meter; clearing cookies resets
 * it (docs/membership.md). Its name does not start with `broadsheet.`: it is not a session, so
 * the page cache keeps answering the pages that do not depend on it (decision 0045).
 */

export const METER_COOKIE = 'meter'

/** What the cookie holds: the period's key and each story counted, with the day it was read. */
export interface MeterCookie {
  key: string
  reads: { articleId: number; day: number }[]
}

/** Most stories one cookie keeps (the settings allow at most this many a period). */
const MAX_READS = 200

const PURPOSE = 'meter'

/** The cookie's value: `v1.{key}.{id~day-id~day…}.{signature}`, ids and days in base 36. */
export function meterCookieValue(meter: MeterCookie): string {
  const reads = meter.reads
    .slice(-MAX_READS)
    .map((read) => `${read.articleId.toString(36)}~${read.day.toString(36)}`)
    .join('-')
  const payload = `v1.${meter.key}.${reads}`
  return `${payload}.${signFor(PURPOSE, payload)}`
}

const VALUE =
  /^v1\.(rolling30|\d{4}-\d{2}-\d{2})\.((?:[0-9a-z]{1,9}~[0-9a-z]{1,6}-?){0,200})\.([A-Za-z0-9_-]{22})$/

/** The meter a well-formed, correctly signed value holds; null otherwise. */
export function readMeterCookieValue(value: string): MeterCookie | null {
  const match = VALUE.exec(value)
  if (!match) return null
  if (!isSignedFor(PURPOSE, `v1.${match[1]}.${match[2]}`, match[3])) return null
  const reads: MeterCookie['reads'] = []
  for (const entry of match[2] ? match[2].split('-') : []) {
    const [id, day] = entry.split('~')
    const articleId = parseInt(id ?? '', 36)
    const dayNumber = parseInt(day ?? '', 36)
    if (!Number.isSafeInteger(articleId) || !Number.isSafeInteger(dayNumber)) return null
    reads.push({ articleId, day: dayNumber })
  }
  return { key: match[1], reads }
}

/** The value of the first meter cookie in a `Cookie` header, if any. */
function cookieValue(header: string | null): string | null {
  if (!header) return null
  let found: string | null = null
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at).trim() === METER_COOKIE && found === null) {
      found = part.slice(at + 1).trim()
    }
  }
  return found
}

/**
 * The reads the request's meter cookie holds in `window`, each with its day: none for a missing,
 * forged or tampered cookie, or one of another period (a new week or month, a changed setting).
 */
export function meterCookieReads(request: Request, window: MeterWindow): MeterCookie['reads'] {
  const value = cookieValue(request.headers.get('cookie'))
  const meter = value ? readMeterCookieValue(value) : null
  if (!meter || meter.key !== window.key) return []
  return meter.reads.filter((read) => read.day >= window.firstDay && read.day <= window.today)
}

/** The Set-Cookie header of `meter`: HttpOnly, SameSite=Lax, for the whole site, 31 days. */
export function meterSetCookie(meter: MeterCookie): string {
  const secure = getEnv().siteUrl.startsWith('https:') ? '; Secure' : ''
  return `${METER_COOKIE}=${meterCookieValue(meter)}; Path=/; Max-Age=${31 * 86_400}; HttpOnly; SameSite=Lax${secure}`
}
