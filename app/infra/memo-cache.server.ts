import { LRUCache } from 'lru-cache'
import { type CacheKey, noteShownKeys, onContentChanged, touches } from './cache-keys.server'
import { singleton } from './singleton.server'

/**
 * Small in-process caches for what nearly every page reads and almost nothing writes: the
 * site's chrome (settings, navigation, social links, breaking news, the about line), the home
 * page, the most read article pages. A value is read once and kept until a change it shows is
 * announced (cache-keys.server.ts), then read afresh.
 *
 * Each value names what it shows as cache keys (`shows`). Emptied by
 * - an announced change of one of those keys, made here after its commit or on another
 *   instance (its NOTIFY, server/page-cache-sync.ts); a value still loading when any change
 *   is announced is not kept, since it may have read the rows before the change;
 * - each value's own end: a time to live, and an expiry the value gives (an item leaving the
 *   breaking-news bar, a scheduled article going public).
 *
 * A value served from here still names its keys on the page being drawn (`noteShownKeys`), so
 * the page cache and a CDN know what a page shows whether its parts were read or remembered.
 */

interface Entry {
  value: Promise<unknown>
  expiresAt: number
  /** What the value shows; undefined while it loads. */
  shows?: readonly CacheKey[]
  /** Keys that drop it besides: what it holds that no page shows. */
  alsoDroppedBy?: readonly CacheKey[]
}

interface Registry {
  /** Every memo's values, by memo name and key; the least recently used go first. */
  entries: LRUCache<string, Entry>
  now: () => number
  loads: number
}

/** Values kept at most, over every memo: the un-keyed memos are a handful, the rest are keyed. */
const MAX_VALUES = 2_000

// One registry per process: the server and the React Router build each load this module.
const registry = () =>
  singleton<Registry>('memo-cache', () => {
    const entries = new LRUCache<string, Entry>({ max: MAX_VALUES })
    onContentChanged((changed) => {
      for (const [key, entry] of entries.entries()) {
        if (!entry.shows || touches(changed, entry.shows)) entries.delete(key)
        else if (entry.alsoDroppedBy && touches(changed, entry.alsoDroppedBy)) entries.delete(key)
      }
    })
    return { entries, now: () => Date.now(), loads: 0 }
  })

export interface MemoOptions<T> {
  /** Upper bound on a value's life, whatever else happens. */
  ttlMs: number
  /** When the value stops being true on its own (epoch ms), or null when it does not. */
  expiresAt?: (value: T) => number | null | Promise<number | null>
  /** What the value shows, as cache keys: an announced change of one of them drops it. */
  shows: (value: T) => Iterable<CacheKey>
  /** Keys that drop the value without being shown (a setting only the back office reads). */
  alsoDroppedBy?: readonly CacheKey[]
}

/**
 * `load` behind a cache under `key` (unique per process). Callers share one load while it runs;
 * a failed load is not kept. The value is frozen: callers share it and must not change it.
 */
export function memoized<T>(
  key: string,
  load: () => Promise<T>,
  options: MemoOptions<T>,
): () => Promise<T> {
  return () => lookUp(key, load, options)
}

export interface KeyedMemoOptions<T> extends MemoOptions<T> {
  /** How many keys are kept at most; the least recently used goes first. */
  maxEntries: number
  /** Whether a value is worth keeping (e.g. not a miss for any address a reader types). */
  keep?: (value: T) => boolean
}

/**
 * `load(key)` behind a cache of at most `maxEntries` keys under `name`, with the rules of
 * `memoized`.
 */
export function memoizedByKey<T>(
  name: string,
  load: (key: string) => Promise<T>,
  options: KeyedMemoOptions<T>,
): (key: string) => Promise<T> {
  // Its own bound, within the registry's: one memo's keys never push out the chrome.
  const order = new LRUCache<string, true>({
    max: options.maxEntries,
    dispose: (_value, key, reason) => {
      if (reason === 'evict') registry().entries.delete(`${name}\u0000${key}`)
    },
  })
  return (key) => {
    order.set(key, true)
    const id = `${name}\u0000${key}`
    const value = lookUp(id, () => load(key), options)
    if (options.keep) {
      void value.then(
        (result) => {
          if (!options.keep!(result)) registry().entries.delete(id)
        },
        () => {},
      )
    }
    return value
  }
}

function lookUp<T>(key: string, load: () => Promise<T>, options: MemoOptions<T>): Promise<T> {
  const memo = registry()
  const now = memo.now()
  const cached = memo.entries.get(key)
  if (cached && cached.expiresAt > now) return shown(cached.value as Promise<T>, cached)
  memo.loads++
  const entry: Entry = {
    value: Promise.resolve(),
    expiresAt: now + options.ttlMs,
    alsoDroppedBy: options.alsoDroppedBy,
  }
  // The value is answered once its own expiry and keys are known, so no caller sees it kept
  // longer than it may be, and no page misses a key it shows.
  const value = load().then(async (result) => {
    const until = await options.expiresAt?.(result)
    if (until != null) entry.expiresAt = Math.min(entry.expiresAt, until)
    entry.shows = [...options.shows(result)]
    return deepFreeze(result)
  })
  entry.value = value
  memo.entries.set(key, entry)
  value.catch(() => {
    if (memo.entries.get(key) === entry) memo.entries.delete(key)
  })
  return shown(value, entry)
}

function shown<T>(value: Promise<T>, entry: Entry): Promise<T> {
  return value.then((result) => {
    if (entry.shows) noteShownKeys(entry.shows)
    return result
  })
}

/** Forgets every cached value (a new database, a test's fresh start). */
export function clearMemoCaches() {
  registry().entries.clear()
}

/** How many loads ran (tests observe caching with it), and the clock (tests move it). */
export const memoCacheProbe = {
  loads: () => registry().loads,
  setClock(now: () => number) {
    registry().now = now
  },
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}
