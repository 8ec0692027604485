import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cacheKey } from '~/infra/cache-keys.server'
import { requestContext } from '~/infra/request-context.server'
import { PageCache } from './page-cache'

/*
 * Pages kept per kind of reader (decision 0046) in the page cache alone: which copy a request
 * gets is the `pageFor` the app's domain gives (here a header stands for the reader's kind);
 * the app's render is kept only as the copy it says it drew, without the reader's own cookie,
 * dropped by a change of what it shows.
 */

let renders = 0
/** What the app says it drew, when a test wants it to differ from what was asked. */
let drawnAs: string | null = null
const cache = new PageCache({
  readerPages: {
    paths: /^\/story\//,
    pageFor: async (request) => {
      const kind = request.headers.get('cookie')?.match(/kind=(\w+)/)?.[1]
      if (!kind) return null
      if (kind === 'broken') throw new Error('the lookup failed')
      return { variant: kind, setCookie: kind === 'metered' ? `meter=${renders}` : null }
    },
  },
})
let baseUrl = ''
let close = () => {}

beforeAll(async () => {
  const app = express()
  app.use(cache.middleware())
  app.get('/story/:id', (req, res) => {
    renders++
    const kind = req.headers.cookie?.match(/kind=(\w+)/)?.[1] ?? 'anonymous'
    const context = requestContext.getStore()!
    context.readerPage = drawnAs ?? kind
    context.shownKeys = new Set([cacheKey.article(Number(req.params.id))])
    res.setHeader('Cache-Control', 'private, no-store')
    if (kind === 'metered') res.setHeader('Set-Cookie', 'meter=from-the-app')
    res.type('html').send(`<p>story ${req.params.id} for ${kind}, render ${renders}</p>`)
  })
  await new Promise<void>((resolve) => {
    const server = http.createServer((req, res) => {
      if (cache.answerFirst(req, res)) return
      requestContext.run({ requestId: 'test' }, () => app(req, res))
    })
    server.listen(0, '127.0.0.1', () => {
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      resolve()
    })
    close = () => server.close()
  })
})

afterAll(() => close())

const read = async (path: string, kind?: string) => {
  const response = await fetch(baseUrl + path, kind ? { headers: { cookie: `kind=${kind}` } } : {})
  const body = await response.text()
  await cache.settled()
  return { response, body }
}

describe('reader pages', () => {
  it('keep one copy per kind of reader, private, and never give one kind another’s', async () => {
    const member = await read('/story/1', 'member')
    const again = await read('/story/1', 'member')
    expect(again.response.headers.get('x-cache')).toBe('HIT')
    expect(again.body).toBe(member.body)
    expect(again.response.headers.get('cache-control')).toBe('private, no-store')
    const reader = await read('/story/1', 'reader')
    expect(reader.response.headers.get('x-cache')).toBeNull()
    expect(reader.body).toContain('for reader')
    expect((await read('/story/1', 'member')).body).toContain('for member')
  })

  it('send each reader the cookie their own lookup gave, never the one of the render kept', async () => {
    const first = await read('/story/2', 'metered')
    expect(first.response.headers.get('set-cookie')).toBe('meter=from-the-app')
    const second = await read('/story/2', 'metered')
    expect(second.response.headers.get('x-cache')).toBe('HIT')
    expect(second.response.headers.get('set-cookie')).toMatch(/^meter=\d+$/)
  })

  it('keep nothing the app drew as another copy than the one asked for', async () => {
    drawnAs = 'member'
    await read('/story/3', 'reader')
    drawnAs = null
    expect((await read('/story/3', 'reader')).response.headers.get('x-cache')).toBeNull()
    expect((await read('/story/3', 'reader')).response.headers.get('x-cache')).toBe('HIT')
  })

  it('are dropped by a change of what they show, and only by one', async () => {
    await read('/story/4', 'member')
    await read('/story/5', 'member')
    cache.invalidate(new Set([cacheKey.article(4)]))
    expect((await read('/story/4', 'member')).response.headers.get('x-cache')).toBeNull()
    expect((await read('/story/5', 'member')).response.headers.get('x-cache')).toBe('HIT')
  })

  it('leave a request the lookup does not place, or fails on, to the app each time', async () => {
    const before = renders
    await read('/story/6')
    await read('/story/6')
    await read('/story/6', 'broken')
    expect(renders - before).toBe(3)
  })
})
