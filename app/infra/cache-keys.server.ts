import { requestContext } from './request-context.server'
import { singleton } from './singleton.server'

/**
 * The one signal every cache listens to (docs/architecture.md, "A request's path"). A domain
 * write, once committed, names what it changed as cache keys; a page, while it is drawn, names
 * what it shows with the same keys. Each cache drops only what shows a changed key:
 *
 * - `article:<id>`, `category:<id>`, `tag:<id>`, `author:<id>`: one record, wherever it shows;
 * - `front`: the lists of latest articles (home, feeds, sitemaps, search);
 * - `breaking`: the breaking-news bar (on every reader's page);
 * - `page:<slug>`: a static page; `editions`: the print editions; `corrections`: their page;
 * - `news-sitemap`: Google News' sitemap, for a title changed within its two days;
 * - `chrome` (`EVERYTHING`): settings, navigation, categories: every page, every cache.
 *
 * Infra holds the signal and knows nothing of what the keys mean; the domain names them.
 */
export const EVERYTHING = 'chrome'

/** Where a change was made: here (after its commit), or on another instance (its NOTIFY). */
export type ChangeOrigin = 'here' | 'elsewhere'

export type ChangeListener = (keys: ReadonlySet<string>, origin: ChangeOrigin) => void

const listeners = singleton('cache-key-listeners', () => new Set<ChangeListener>())

/** Calls `listener` for every change announced from now on; returns the unsubscribe. */
export function onContentChanged(listener: ChangeListener): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/**
 * Tells every cache that what shows `keys` changed. Called by the domain after its write
 * commits (never inside the transaction: a reader must not refill a cache from the old rows);
 * an empty list announces nothing. A listener that throws costs only itself.
 */
export function announceChanged(keys: Iterable<string>, origin: ChangeOrigin = 'here'): void {
  const set = new Set(keys)
  if (set.size === 0) return
  for (const listener of listeners) {
    try {
      listener(set, origin)
    } catch {
      // A cache that fails to drop an entry is left to its time to live; the others go on.
    }
  }
}

/** True when a change of `changed` reaches something showing `shown`. */
export function touches(changed: ReadonlySet<string>, shown: Iterable<string>): boolean {
  if (changed.has(EVERYTHING)) return true
  for (const key of shown) if (changed.has(key)) return true
  return false
}

/**
 * Notes that the page being drawn shows `keys`: the page cache keeps them with the page and
 * sends them to a CDN (`Surrogate-Key`, `Cache-Tag`). Outside a request it does nothing.
 */
export function noteShownKeys(keys: Iterable<string>): void {
  const store = requestContext.getStore()
  if (!store) return
  store.shownKeys ??= new Set()
  for (const key of keys) store.shownKeys.add(key)
}

/** Keys of records, as they show on pages and in announcements. */
export const cacheKey = {
  article: (id: number) => `article:${id}`,
  category: (id: number) => `category:${id}`,
  tag: (id: number) => `tag:${id}`,
  author: (id: number | string) => `author:${id}`,
  page: (slug: string) => `page:${slug}`,
}

/** Awaits a write, then announces `keys` (of its result): for writes that commit in one call. */
export async function announcing<T>(
  write: Promise<T>,
  keys: Iterable<string> | ((result: T) => Iterable<string>),
): Promise<T> {
  const result = await write
  announceChanged(typeof keys === 'function' ? keys(result) : keys)
  return result
}
