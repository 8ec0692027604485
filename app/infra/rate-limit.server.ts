import crypto from 'node:crypto'
import { isIPv4, isIPv6 } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import { loginFailures, rateLimits } from '@db/schema/index'
import { getDb } from './db.server'

/**
 * A fixed-window limiter kept in the database (table rate_limits, keys prefixed `app:`), so
 * limits survive restarts and are shared by every instance. better-auth's own limiter only
 * guards HTTP calls to /api/auth; this one also guards the server-side `auth.api.*` calls our
 * route actions make (see auth-hooks.server.ts). For our keys `last_request` holds the start
 * of the window.
 *
 * better-auth prunes rate_limits rows older than its longest configured window; our windows
 * must stay within that (auth.server.ts configures a one-hour rule for that reason).
 */
export interface RateLimitRule {
  /** Seconds. */
  window: number
  max: number
}

export interface RateLimitState {
  limited: boolean
  /** Seconds until the window ends (at least 1 while limited). */
  retryAfter: number
  count: number
}

const KEY_PREFIX = 'app:'

function toState(
  row: { count: number; windowStart: number } | undefined,
  rule: RateLimitRule,
  now: number,
  limitedAt: number,
): RateLimitState {
  const windowMs = rule.window * 1000
  if (!row || Number(row.windowStart) + windowMs <= now) {
    return { limited: false, retryAfter: 0, count: 0 }
  }
  const retryAfter = Math.max(1, Math.ceil((Number(row.windowStart) + windowMs - now) / 1000))
  return { limited: row.count >= limitedAt, retryAfter, count: row.count }
}

/** Counts one hit, atomically (one upsert), and returns the window's state after it. */
async function hit(key: string, rule: RateLimitRule, now: number) {
  const expired = now - rule.window * 1000
  const [row] = await getDb()
    .insert(rateLimits)
    .values({ id: crypto.randomUUID(), key: KEY_PREFIX + key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} <= ${expired} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} <= ${expired} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.lastRequest })
  return row
}

/** A request that spends budget: refused once more than `max` happened in the window. */
export async function consumeRateLimit(
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<RateLimitState> {
  return toState(await hit(key, rule, now), rule, now, rule.max + 1)
}

/** Counts a failure (a wrong password, a wrong code) without deciding anything. */
export async function recordRateLimitHit(key: string, rule: RateLimitRule, now = Date.now()) {
  return toState(await hit(key, rule, now), rule, now, rule.max)
}

/** Whether `max` failures already happened in the current window. */
export async function checkRateLimit(
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<RateLimitState> {
  const [row] = await getDb()
    .select({ count: rateLimits.count, windowStart: rateLimits.lastRequest })
    .from(rateLimits)
    .where(eq(rateLimits.key, KEY_PREFIX + key))
    .limit(1)
  return toState(row, rule, now, rule.max)
}

/** Emails are keyed by a hash: the table holds no addresses. */
export function emailKey(email: string) {
  return crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')
}

/**
 * The bucket for a client address: IPv4 (also when IPv4-mapped) as it is, IPv6 by its /64
 * prefix (one subscriber usually holds a whole /64). null when there is no usable address:
 * callers refuse such a request rather than put it in a bucket shared by everyone.
 */
export function normalizeClientIp(ip: string | null | undefined): string | null {
  if (!ip) return null
  const value = ip.trim().toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value)
  if (mapped && isIPv4(mapped[1])) return mapped[1]
  if (isIPv4(value)) return value
  if (!isIPv6(value)) return null
  const [head, tail = ''] = value.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = value.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left
  return `${groups
    .slice(0, 4)
    .map((g) => g.padStart(4, '0'))
    .join(':')}::/64`
}

// ---- Per-account lock: consecutive sign-in failures from any address ----------------------

export const ACCOUNT_LOCK = { maxFailures: 10, lockSeconds: 15 * 60 }

/**
 * The lock is keyed by the address typed, whether or not an account has it, so a locked
 * unknown address answers exactly like a locked real one (no account enumeration).
 */
export async function checkAccountLock(
  email: string,
  now = new Date(),
): Promise<{ locked: boolean; retryAfter: number }> {
  const [row] = await getDb()
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(eq(loginFailures.email, emailKey(email)))
    .limit(1)
  if (!row?.lockedUntil || row.lockedUntil <= now) return { locked: false, retryAfter: 0 }
  return {
    locked: true,
    retryAfter: Math.max(1, Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000)),
  }
}

export async function recordAccountFailure(email: string) {
  const { maxFailures, lockSeconds } = ACCOUNT_LOCK
  // After an expired lock the count starts again at one.
  const next = sql`case when ${loginFailures.lockedUntil} <= now() then 1 else ${loginFailures.failures} + 1 end`
  const [row] = await getDb()
    .insert(loginFailures)
    .values({ email: emailKey(email), failures: 1 })
    .onConflictDoUpdate({
      target: loginFailures.email,
      set: {
        failures: next,
        lockedUntil: sql`case
          when ${loginFailures.lockedUntil} > now() then ${loginFailures.lockedUntil}
          when ${next} >= ${maxFailures} then now() + make_interval(secs => ${lockSeconds})
          else null end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ failures: loginFailures.failures, lockedUntil: loginFailures.lockedUntil })
  return row
}

export async function clearAccountFailures(email: string) {
  await getDb()
    .delete(loginFailures)
    .where(eq(loginFailures.email, emailKey(email)))
}
