import { describe, expect, it } from 'vitest'
import { cacheKey, isCacheKey, readCacheKeys, touches } from './cache-keys.server'

describe('cache keys', () => {
  it('knows every shape of key, and nothing else', () => {
    for (const key of [
      cacheKey.article(1),
      cacheKey.category(2),
      cacheKey.tag(3),
      cacheKey.author('u_9xK'),
      cacheKey.page('about'),
      'schedule',
      'newsletter-lists',
      'plans',
      'chrome',
    ]) {
      expect(isCacheKey(key), key).toBe(true)
    }
    for (const word of ['article:a', 'tag:', 'author:', 'fronts', 'Front', 'page:x y', '']) {
      expect(isCacheKey(word), word).toBe(false)
    }
  })

  it('reads keys back from text, or refuses the whole when one word is not a key', () => {
    expect(readCacheKeys('article:7  front ')).toEqual(['article:7', 'front'])
    expect(readCacheKeys('')).toEqual([])
    expect(readCacheKeys('article:7 everything')).toBeNull()
  })

  it('a change of chrome reaches everything; another change only what shows it', () => {
    expect(touches(new Set(['chrome']), ['tag:1'])).toBe(true)
    expect(touches(new Set(['tag:1']), ['article:1', 'tag:1'])).toBe(true)
    expect(touches(new Set(['tag:2']), ['article:1', 'tag:1'])).toBe(false)
  })
})
