import { describe, expect, it } from 'vitest'
import { cachedTextResponse, feedNotFound } from './text-resource.server'

describe('cachedTextResponse', () => {
  it('sends the body with a cache policy and an ETag, and 304 when the reader has it', async () => {
    const first = cachedTextResponse(
      new Request('http://x/rss.xml'),
      '<rss/>',
      'application/rss+xml',
    )
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toMatch(
      /public.*s-maxage=\d+.*stale-while-revalidate/,
    )
    const etag = first.headers.get('etag')!
    expect(await first.text()).toBe('<rss/>')
    const again = cachedTextResponse(
      new Request('http://x/rss.xml', { headers: { 'if-none-match': etag } }),
      '<rss/>',
      'application/rss+xml',
    )
    expect(again.status).toBe(304)
  })
})

describe('feedNotFound', () => {
  it('is the one not-found answer, kept briefly by a CDN', async () => {
    const response = feedNotFound('Tag not found')
    expect(response.status).toBe(404)
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30')
    expect(await response.json()).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: 'Tag not found',
    })
  })
})
