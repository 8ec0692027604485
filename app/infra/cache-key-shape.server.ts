/**
 * The shape of a cache key (the signal and what each key means: cache-keys.server.ts). Apart,
 * so that the request context can hold a page's keys without importing the signal that reads
 * them from it.
 */
export type CacheKey = `${RecordKind}:${number}` | `author:${string}` | `page:${string}` | SiteKey

type RecordKind = 'article' | 'category' | 'tag'

export const SITE_KEYS = [
  'front',
  'breaking',
  'editions',
  'corrections',
  'news-sitemap',
  'sitemap',
  'search',
  'settings',
  'schedule',
  'newsletter-lists',
  'plans',
  'chrome',
] as const
type SiteKey = (typeof SITE_KEYS)[number]
