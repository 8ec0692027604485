import { z } from 'zod'
import { logger } from './logger.server'

/**
 * A CDN in front of the site keeps public pages for their `s-maxage` (60 s). With
 * `CDN_PURGE_URL` set, every public change (the moment the page cache empties after a write)
 * also POSTs to that address, so the CDN can drop its copies at once:
 *
 *     POST $CDN_PURGE_URL
 *     Content-Type: application/json
 *     Authorization: Bearer $CDN_PURGE_TOKEN        (when set)
 *     {"paths":"all","site":"https://example.com","at":"2026-11-24T05:00:00.000Z"}
 *
 * "all": a write may change any public page (the home page, lists, feeds, the sitemap), and the
 * page cache empties whole for the same reason. The call is bounded (`timeoutMs`), its failures
 * are logged, never thrown, and a burst of writes makes at most one call in flight and one more
 * after it: a purge asked for while one is on its way is sent when that one ends.
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
  /** Asks for a purge; returns at once. */
  request(): void
  /** Resolves once nothing is waiting or on its way (tests, shutdown). */
  settled(): Promise<void>
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
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS
  const stats = { sent: 0, failed: 0 }
  let timer: NodeJS.Timeout | undefined
  let inFlight: Promise<void> | undefined
  let again = false
  let idle: (() => void)[] = []

  const wake = () => {
    if (timer || inFlight) return
    const waiting = idle
    idle = []
    for (const resolve of waiting) resolve()
  }

  const send = async () => {
    stats.sent++
    const started = performance.now()
    try {
      const res = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({ paths: 'all', site: options.site, at: new Date().toISOString() }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      })
      // The body is not needed; reading it frees the connection.
      await res.arrayBuffer().catch(() => {})
      if (!res.ok) {
        stats.failed++
        logger.warn(
          { status: res.status, ms: Math.round(performance.now() - started) },
          'CDN purge refused',
        )
      }
    } catch (error) {
      stats.failed++
      logger.warn({ err: error, ms: Math.round(performance.now() - started) }, 'CDN purge failed')
    }
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
    request() {
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
  }
}
