import { z } from 'zod'
import { EVERYTHING } from './cache-keys.server'
import { logger } from './logger.server'

/**
 * A CDN in front of the site keeps public pages for their `s-maxage` (60 s). Each page names
 * what it shows in `Surrogate-Key` (space-separated) and `Cache-Tag` (comma-separated) headers.
 * With `CDN_PURGE_URL` set, every change announced on this instance (app/infra/cache-keys.server.ts)
 * also POSTs its keys to that address, so the CDN drops the pages that show them:
 *
 *     POST $CDN_PURGE_URL
 *     Content-Type: application/json
 *     Authorization: Bearer $CDN_PURGE_TOKEN        (when set)
 *     {"keys":["article:42","category:3","front"],"site":"https://example.com","at":"2026-11-24T05:00:00.000Z"}
 *
 * A change of the chrome (settings, navigation, categories: every page) sends `"keys":"all"`
 * instead: purge everything. The call is bounded (`timeoutMs`), its failures are logged, never
 * thrown, and a burst of changes makes at most one call in flight and one more after it, with
 * the keys of every change asked for meanwhile.
 */
export interface CdnPurgeOptions {
  url: string
  token?: string
  /** The public site, sent in the body so that one receiver can serve several sites. */
  site: string
  timeoutMs?: number
  /** Purges asked for within this window are sent as one (ms). */
  debounceMs?: number
}

export interface CdnPurge {
  /** Asks for a purge of the pages showing `keys`; returns at once. */
  request(keys: Iterable<string>): void
  /** Resolves once nothing is waiting or on its way (tests). */
  settled(): Promise<void>
  /**
   * Sends what is waiting now, without the rest of its debounce, and resolves once it is sent
   * (shutdown: a change made by one of the last requests is purged before the process ends).
   */
  flush(): Promise<void>
  /** Calls made, and how many of them failed. */
  readonly stats: { sent: number; failed: number }
}

const DEFAULT_TIMEOUT_MS = 5000
const DEFAULT_DEBOUNCE_MS = 200

const settingSchema = z.object({
  CDN_PURGE_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), 'an http:// or https:// address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CDN_PURGE_TOKEN: z.string().optional(),
  CDN_PURGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).optional(),
})

/**
 * The purge the environment asks for, or undefined without `CDN_PURGE_URL`. A malformed
 * setting throws here, at start, with the variable's name.
 */
export function cdnPurgeFromEnv(site: string, env: NodeJS.ProcessEnv = process.env) {
  const parsed = settingSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment configuration:\n${problems.join('\n')}`)
  }
  const { CDN_PURGE_URL: url, CDN_PURGE_TOKEN: token, CDN_PURGE_TIMEOUT_MS } = parsed.data
  if (!url) return undefined
  return createCdnPurge({ url, token: token || undefined, site, timeoutMs: CDN_PURGE_TIMEOUT_MS })
}

export function createCdnPurge(options: CdnPurgeOptions): CdnPurge {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  return batchedPurge(async (keys) => {
    const started = performance.now()
    try {
      const res = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({
          keys: keys.has(EVERYTHING) ? 'all' : [...keys].sort(),
          site: options.site,
          at: new Date().toISOString(),
        }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      })
      // The body is not needed; reading it frees the connection.
      await res.arrayBuffer().catch(() => {})
      if (res.ok) return true
      logger.warn(
        { status: res.status, ms: Math.round(performance.now() - started) },
        'CDN purge refused',
      )
    } catch (error) {
      logger.warn({ err: error, ms: Math.round(performance.now() - started) }, 'CDN purge failed')
    }
    return false
  }, options.debounceMs ?? DEFAULT_DEBOUNCE_MS)
}

/**
 * Batches purge requests into calls of `deliver` (true when the call worked): changes within
 * `debounceMs` make one call with all their keys, at most one call is on its way, and changes
 * during it make one more after it. Shared by every kind of purge (this POST, Varnish's xkey).
 */
export function batchedPurge(
  deliver: (keys: ReadonlySet<string>) => Promise<boolean>,
  debounceMs = DEFAULT_DEBOUNCE_MS,
): CdnPurge {
  const stats = { sent: 0, failed: 0 }
  let timer: NodeJS.Timeout | undefined
  let inFlight: Promise<void> | undefined
  let again = false
  let idle: (() => void)[] = []
  /** Keys asked for and not sent yet. */
  let waiting = new Set<string>()

  const wake = () => {
    if (timer || inFlight) return
    const waiting = idle
    idle = []
    for (const resolve of waiting) resolve()
  }

  const send = async () => {
    const keys = waiting
    waiting = new Set()
    if (keys.size === 0) return
    stats.sent++
    if (!(await deliver(keys))) stats.failed++
  }

  const fire = () => {
    timer = undefined
    if (inFlight) {
      again = true
      return
    }
    inFlight = send().finally(() => {
      inFlight = undefined
      if (again) {
        again = false
        fire()
      } else wake()
    })
  }

  return {
    stats,
    request(keys) {
      for (const key of keys) waiting.add(key)
      if (inFlight) {
        again = true
        return
      }
      if (timer) return
      timer = setTimeout(fire, debounceMs)
      timer.unref?.()
    },
    settled() {
      if (!timer && !inFlight) return Promise.resolve()
      return new Promise((resolve) => idle.push(resolve))
    },
    flush() {
      if (timer) {
        clearTimeout(timer)
        fire()
      }
      return this.settled()
    },
  }
}
