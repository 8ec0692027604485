import { singleton } from './singleton.server'

/**
 * Small in-process caches for what nearly every page reads and almost nothing writes: the
 * site's chrome (settings, navigation, social links, breaking news, the about line). A value
 * is read once and kept until a write may have changed it, then read afresh.
 *
 * Emptied by
 * - every database statement that writes (`noteDatabaseStatement`, the database's query hook),
 *   so a write is seen at once, in this process, whoever made it;
 * - the page cache's clear after a successful write request (after its commit), and the other
 *   instances' clears through PostgreSQL (server/page-cache-sync.ts);
 * - each value's own end: a time to live, and an expiry the value gives (an item leaving the
 *   breaking-news bar, a scheduled article going public).
 *
 * A statement's hook runs before it commits: a value read within `SETTLE_MS` of a write is
 * answered but not kept, so a read racing an open transaction is not cached.
 */

interface Entry {
  value: Promise<unknown>
  expiresAt: number
}

interface Registry {
  entries: Map<string, Entry>
  /** memoizedByKey's caches by name, each its keys in order of use. */
  keyed: Map<string, Map<string, Entry>>
  generation: number
  /** No value read before this moment is kept (a write may not have committed yet). */
  settledAt: number
  now: () => number
  loads: number
}

const SETTLE_MS = 1000

// One registry per process: the server and the React Router build each load this module.
const registry = () =>
  singleton<Registry>('memo-cache', () => ({
    entries: new Map(),
    keyed: new Map(),
    generation: 0,
    settledAt: 0,
    now: () => Date.now(),
    loads: 0,
  }))

export interface MemoOptions<T> {
  /** Upper bound on a value's life, whatever else happens. */
  ttlMs: number
  /** When the value stops being true on its own (epoch ms), or null when it does not. */
  expiresAt?: (value: T) => number | null | Promise<number | null>
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
  return () => lookUp(registry().entries, key, load, options)
}

export interface KeyedMemoOptions<T> extends MemoOptions<T> {
  /** How many keys are kept at most; the least recently used goes first. */
  maxEntries: number
  /** Whether a value is worth keeping (e.g. not a miss for any address a reader types). */
  keep?: (value: T) => boolean
}

/**
 * `load(key)` behind a cache of at most `maxEntries` keys under `name`, with the rules of
 * `memoized` (emptied by the same writes and clears).
 */
export function memoizedByKey<T>(
  name: string,
  load: (key: string) => Promise<T>,
  options: KeyedMemoOptions<T>,
): (key: string) => Promise<T> {
  return (key) => {
    const memo = registry()
    let entries = memo.keyed.get(name)
    if (!entries) memo.keyed.set(name, (entries = new Map()))
    const found = entries.get(key)
    if (found) {
      // Most recently used last: the first key is the one to evict.
      entries.delete(key)
      entries.set(key, found)
    }
    const value = lookUp(entries, key, () => load(key), options)
    if (options.keep) {
      void value.then(
        (result) => {
          if (!options.keep!(result) && entries.get(key)?.value === value) entries.delete(key)
        },
        () => {},
      )
    }
    while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!)
    return value
  }
}

function lookUp<T>(
  entries: Map<string, Entry>,
  key: string,
  load: () => Promise<T>,
  options: MemoOptions<T>,
): Promise<T> {
  const memo = registry()
  const now = memo.now()
  const cached = entries.get(key)
  if (cached && cached.expiresAt > now) return cached.value as Promise<T>
  memo.loads++
  const keep = now >= memo.settledAt
  const generation = memo.generation
  const entry: Entry = { value: Promise.resolve(), expiresAt: now + options.ttlMs }
  // The value is answered once its own expiry is known, so no caller sees it kept longer.
  const value = load().then(async (result) => {
    const until = await options.expiresAt?.(result)
    if (until != null) entry.expiresAt = Math.min(entry.expiresAt, until)
    return deepFreeze(result)
  })
  if (!keep) return value
  entry.value = value
  entries.set(key, entry)
  value.catch(() => {
    if (memo.generation === generation && entries.get(key) === entry) entries.delete(key)
  })
  return value
}

/** Forgets every cached value (a write happened here or on another instance). */
export function clearMemoCaches() {
  const memo = registry()
  memo.entries.clear()
  memo.keyed.clear()
  memo.generation++
}

// Statements that never write, and tables no cached value reads (sessions, counters, logs):
// writing them keeps the caches.
const READ_ONLY =
  /^\s*(?:select|begin|commit|rollback|savepoint|release|show|explain|set|listen|notify|vacuum|analyze|checkpoint)\b/i
const WITH_QUERY = /^\s*with\b/i
const WRITING_CLAUSE = /\b(?:insert\s+into|delete\s+from|update\s+"?\w+"?\s+set|merge\s+into)\b/i
const WRITTEN_TABLE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/i
const UNCACHED_TABLES = new Set([
  'sessions',
  'accounts',
  'verifications',
  'two_factors',
  'rate_limits',
  'login_failures',
  'article_views',
  'newsletter_subscribers',
])

/** The database's query hook: a statement that may write empties the caches. */
export function noteDatabaseStatement(statement: string) {
  if (READ_ONLY.test(statement)) return
  // A query with common table expressions reads, unless one of them writes.
  if (WITH_QUERY.test(statement) && !WRITING_CLAUSE.test(statement)) return
  const table = WRITTEN_TABLE.exec(statement)?.[1]
  if (table && UNCACHED_TABLES.has(table)) return
  const memo = registry()
  memo.settledAt = memo.now() + SETTLE_MS
  clearMemoCaches()
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
