import { batchedPurge, type CdnPurge } from './cdn-purge.server'
import { logger } from './logger.server'

/**
 * Varnish in front of the site (deploy/varnish/broadsheet.vcl, docs/deploy.md "Behind
 * Varnish") keeps public pages under the keys of their `Surrogate-Key` (vmod xkey). With
 * `VARNISH_URL` set (one or more Varnish addresses, comma-separated), every change announced
 * on this instance sends its keys to each of them:
 *
 *     PURGE / HTTP/1.1
 *     Host: 127.0.0.1:6081
 *     xkey-softpurge: article:42 front search
 *
 * A soft purge (the default, `VARNISH_PURGE=soft`) marks the pages stale: the next reader of
 * each gets the old copy once while one fetch brings the new one, so a change shown on every
 * page (the breaking-news bar, on each live entry) costs one render per page, in the
 * background, not a crowd of readers waiting on the instances at once. `VARNISH_PURGE=hard`
 * (header `xkey`) drops them instead: the next reader waits for the new copy.
 *
 * The configuration tags every page that names keys with `chrome` as well (the masthead and
 * navigation show on each of them), so a change of the chrome is the key `chrome` like any
 * other: it drops the pages, never the whole cache (the build's scripts and styles stay).
 * Varnish accepts a PURGE only from the addresses of its `purgers` ACL. Batching, bounds and
 * failures are those of the CDN purge (cdn-purge.server.ts): logged, never thrown.
 */
export interface VarnishPurgeOptions {
  /** Varnish addresses: `http://host:port`, each purged in turn of every batch. */
  addresses: readonly string[]
  /** Stale (served once more while refetched; the default) or gone at once. */
  mode?: 'soft' | 'hard'
  timeoutMs?: number
  debounceMs?: number
}

const DEFAULT_TIMEOUT_MS = 2000

export function createVarnishPurge(options: VarnishPurgeOptions): CdnPurge {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const header = options.mode === 'hard' ? 'xkey' : 'xkey-softpurge'
  return batchedPurge(async (keys) => {
    const xkey = [...keys].sort().join(' ')
    const results = await Promise.all(
      options.addresses.map((address) => purgeOne(address, header, xkey, timeoutMs)),
    )
    return results.every(Boolean)
  }, options.debounceMs)
}

async function purgeOne(
  address: string,
  header: string,
  keys: string,
  timeoutMs: number,
): Promise<boolean> {
  const started = performance.now()
  try {
    const res = await fetch(new URL('/', address), {
      method: 'PURGE',
      headers: { [header]: keys },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    })
    await res.arrayBuffer().catch(() => {})
    if (res.ok) return true
    logger.warn(
      { varnish: address, status: res.status, ms: Math.round(performance.now() - started) },
      'Varnish purge refused',
    )
  } catch (error) {
    logger.warn(
      { varnish: address, err: error, ms: Math.round(performance.now() - started) },
      'Varnish purge failed',
    )
  }
  return false
}
