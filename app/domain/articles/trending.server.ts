import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { isbot } from 'isbot'
import { viewReaderKeys } from '@db/schema/index'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { getDb } from '~/infra/db.server'
import { logger } from '~/infra/logger.server'
import { normalizeClientIp } from '~/infra/rate-limit.server'
import { singleton } from '~/infra/singleton.server'
import { siteDay, utcDay, viewCounter } from './view-counter.server'

/**
 * Whether a view beacon (routes/api.views.tsx) comes from a reader: a POST from a browser that
 * is not a crawler or other bot (by user agent).
 */
export function isCountableBeacon(request: Request): boolean {
  if (request.method !== 'POST') return false
  const userAgent = request.headers.get('user-agent')
  return !!userAgent && !isbot(userAgent)
}

/**
 * Beacons a minute beyond which they are refused (429) and not counted: one reader (address and
 * user agent) reads a few stories a minute, and one address — an office, a carrier's NAT, or
 * one client changing its user agent — some more readers' worth. Kept per instance, in memory:
 * with N instances a client gets at most N times as many, and still counts once per story
 * and day (the dedupe is in the database).
 */
export const BEACON_PACE = { perReader: 30, perAddress: 120, windowMs: 60_000 }
/** Readers and addresses whose pace is kept; beyond, the oldest window is forgotten. */
const MAX_PACED = 50_000

/** A fixed-window count per key, in memory, bounded (the oldest window goes first). */
export class Pace {
  private windows = new Map<string, { start: number; count: number }>()

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = MAX_PACED,
  ) {}

  /** Counts one beacon for `key`; the count in its window, this one included. */
  hit(key: string, now: number): number {
    const window = this.windows.get(key)
    if (window && now - window.start < this.windowMs) return ++window.count
    if (window) this.windows.delete(key)
    else if (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next().value
      if (oldest !== undefined) this.windows.delete(oldest)
    }
    this.windows.set(key, { start: now, count: 1 })
    return 1
  }

  /** Seconds until `key`'s window ends. */
  retryAfter(key: string, now: number): number {
    const window = this.windows.get(key)
    return window ? Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)) : 1
  }

  get size() {
    return this.windows.size
  }
}

const paces = singleton('view-beacon-paces', () => ({
  readers: new Pace(BEACON_PACE.windowMs),
  addresses: new Pace(BEACON_PACE.windowMs),
}))

/**
 * The UTC day's key for readers' hashes: made once (a random value, the first instance to ask
 * stores it) and read by every instance, so they hash a reader alike. Deleted the next day
 * (server/housekeeping.ts): afterwards a hash can no longer be tied to an address.
 */
const dayKeys = singleton('view-reader-day-keys', () => new Map<string, Promise<Buffer>>())

async function dayKey(day: string): Promise<Buffer> {
  let key = dayKeys.get(day)
  if (!key) {
    key = (async () => {
      const db = getDb()
      await db
        .insert(viewReaderKeys)
        .values({ day, key: crypto.randomBytes(32).toString('base64url') })
        .onConflictDoNothing()
      const [row] = await db
        .select({ key: viewReaderKeys.key })
        .from(viewReaderKeys)
        .where(eq(viewReaderKeys.day, day))
      return Buffer.from(row.key, 'base64url')
    })()
    // Only today's key is kept; a failure is asked again by the next beacon.
    dayKeys.clear()
    dayKeys.set(day, key)
    key.catch(() => dayKeys.delete(day))
  }
  return key
}

/** A reader for the day: a keyed hash of the client's address (IPv6 by /64) and user agent. */
async function readerOf(address: string, userAgent: string, day: string): Promise<string> {
  const key = await dayKey(day)
  return crypto
    .createHmac('sha256', key)
    .update(`${address}\n${userAgent}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url')
}

export type BeaconOutcome =
  | { counted: boolean; refused?: undefined }
  | { counted: false; refused: 'too-fast'; retryAfter: number }

/**
 * A reader's view of an article, from its beacon: refused beyond the reader's or the address's
 * pace, otherwise counted in memory once per reader, article and UTC day (the day of the hash's
 * key), on the paper's day (the site settings' zone, kept in memory): the view counter writes
 * it with the others within a few seconds, view-counter.server.ts. Not counted: a bot, a beacon
 * with no usable client address (one bucket shared by all would count nobody right), or when
 * the day's key or the settings cannot be read (logged). What is stored about the reader is the
 * hash.
 */
export async function recordArticleView(
  request: Request,
  articleId: number,
  clientIp: string | null | undefined,
  now: Date = new Date(),
): Promise<BeaconOutcome> {
  const address = normalizeClientIp(clientIp)
  if (!isCountableBeacon(request) || !address) return { counted: false }
  const userAgent = request.headers.get('user-agent') ?? ''
  const readerDay = utcDay(now)
  let reader: string
  let day: string
  try {
    reader = await readerOf(address, userAgent, readerDay)
    day = siteDay(now, (await getSiteSettings()).timeZone)
  } catch (error) {
    logger.error(
      { err: error },
      'view not counted: the day’s reader key or the site’s time zone could not be read',
    )
    return { counted: false }
  }
  const at = now.getTime()
  const { readers, addresses } = paces
  const addressKey = `a:${address}`
  const readerPace = readers.hit(reader, at)
  const addressPace = addresses.hit(addressKey, at)
  if (readerPace > BEACON_PACE.perReader) {
    return { counted: false, refused: 'too-fast', retryAfter: readers.retryAfter(reader, at) }
  }
  if (addressPace > BEACON_PACE.perAddress) {
    return {
      counted: false,
      refused: 'too-fast',
      retryAfter: addresses.retryAfter(addressKey, at),
    }
  }
  viewCounter.addReaderView(reader, articleId, { day, readerDay })
  return { counted: true }
}

/** Forgets the paces (tests: each starts with every reader unpaced). */
export function resetBeaconPaces() {
  paces.readers = new Pace(BEACON_PACE.windowMs)
  paces.addresses = new Pace(BEACON_PACE.windowMs)
}
