import { SITE_KEYS, type CacheKey } from './cache-key-shape.server'
import { requestContext } from './request-context.server'
import { singleton } from './singleton.server'

/**
 * The one signal every cache listens to (docs/architecture.md, "A request's path"). A domain
 * write, once committed, names what it changed as cache keys; a page, while it is drawn, names
 * what it shows with the same keys. Each cache drops only what shows a changed key. Every key
 * there is, by shape (`CacheKey`):
 *
 * - `article:<id>`, `category:<id>`, `tag:<id>`, `author:<user id>`: one record, wherever it
 *   shows (its page, the lists and cards that show it, its byline);
 * - `page:<slug>`: a static page (about, contact…);
 * - `front`: the lists of latest articles (home, feeds, sitemaps, search, corrections);
 * - `breaking`: the breaking-news bar (on every reader's page);
 * - `editions`: the print editions (their pages, and search, which lists them);
 * - `corrections`: the corrections page;
 * - `news-sitemap`: Google News' sitemap, for a title changed within its two days;
 * - `sitemap`: the sitemaps' lists of addresses (a category, tag or author added, renamed,
 *   gone, or a live article's end), which no other page shows;
 * - `search`: the search page and its API, for a public article's text changed in place
 *   (a change that moves it between lists says `front` as well);
 * - `settings`: what the settings kept in memory hold that no reader's page shows (the admins'
 *   two-factor rule, newsletter counting): it drops that memo and nothing else;
 * - `schedule`: when the next scheduled article goes public (a publication time set or moved),
 *   which the memoised "now public" cut-off waits for;
 * - `newsletter-lists`: the newsletter lists a reader may sign up to (the sign-up form);
 * - `plans`: the paid plans offered to readers, with their prices (/subscribe, the wall of a
 *   members story);
 * - `chrome` (`EVERYTHING`): settings, navigation, categories, the masthead and footer: every
 *   page, every cache. A domain write says it only where what changed shows on every page, and
 *   says why beside it.
 *
 * Infra holds the signal and knows nothing of what the keys mean; the domain names them. Keys
 * arriving as text (another instance's NOTIFY, a page's `Surrogate-Key`) are read back through
 * `readCacheKeys`, so an unknown word never passes for a key.
 */
export type { CacheKey }

export const EVERYTHING = 'chrome' satisfies CacheKey

const KEY_SHAPE = new RegExp(
  `^(?:(?:article|category|tag):\\d+|(?:author|page):\\S+|${SITE_KEYS.join('|')})$`,
)

/** Whether a word read from text (a NOTIFY, a header) is a cache key. */
export function isCacheKey(word: string): word is CacheKey {
  return KEY_SHAPE.test(word)
}

/**
 * The keys in space-separated `text` (a NOTIFY payload, a `Surrogate-Key`), or null when a word
 * is not one: the reader then treats the change as `chrome`, or the page as showing anything.
 */
export function readCacheKeys(text: string): CacheKey[] | null {
  const words = text.split(' ').filter(Boolean)
  return words.every(isCacheKey) ? words : null
}

/** Where a change was made: here (after its commit), or on another instance (its NOTIFY). */
export type ChangeOrigin = 'here' | 'elsewhere'

export type ChangeListener = (keys: ReadonlySet<CacheKey>, origin: ChangeOrigin) => void

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
export function announceChanged(keys: Iterable<CacheKey>, origin: ChangeOrigin = 'here'): void {
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
export function touches(changed: ReadonlySet<CacheKey>, shown: Iterable<CacheKey>): boolean {
  if (changed.has(EVERYTHING)) return true
  for (const key of shown) if (changed.has(key)) return true
  return false
}

/**
 * Notes that the page being drawn shows `keys`: the page cache keeps them with the page and
 * sends them to a CDN (`Surrogate-Key`, `Cache-Tag`). Outside a request it does nothing.
 */
export function noteShownKeys(keys: Iterable<CacheKey>): void {
  const store = requestContext.getStore()
  if (!store) return
  store.shownKeys ??= new Set()
  for (const key of keys) store.shownKeys.add(key)
}

/** Keys of records, as they show on pages and in announcements. */
export const cacheKey = {
  article: (id: number): CacheKey => `article:${id}`,
  category: (id: number): CacheKey => `category:${id}`,
  tag: (id: number): CacheKey => `tag:${id}`,
  author: (id: number | string): CacheKey => `author:${id}`,
  page: (slug: string): CacheKey => `page:${slug}`,
}

/** Awaits a write, then announces `keys` (of its result): for writes that commit in one call. */
export async function announcing<T>(
  write: Promise<T>,
  keys: Iterable<CacheKey> | ((result: T) => Iterable<CacheKey>),
): Promise<T> {
  const result = await write
  announceChanged(typeof keys === 'function' ? keys(result) : keys)
  return result
}
