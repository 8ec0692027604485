import crypto from 'node:crypto'
import type { AddressInfo } from 'node:net'
import compression from 'compression'
import express from 'express'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { articleViews } from '@db/schema/index'
import {
  countCachedArticleView,
  recordArticleView,
  VIEWED_ARTICLE_HEADER,
} from '~/domain/articles/trending.server'
import { viewCounter } from '~/domain/articles/view-counter.server'
import { getDb } from '~/infra/db.server'
import { resetEnvCache } from '~/infra/env.server'
import { insertArticle } from '../tests/setup/content-fixtures'
import { statementsDuring } from '../tests/setup/statements'
import { PageCache } from './page-cache'

let renders = 0
let nextScheduled: Date | null = null
let clockOffset = 0
const cache = new PageCache({
  nextScheduledPublication: async () => nextScheduled,
  now: () => Date.now() + clockOffset,
  // As server/main.ts wires it.
  hitHeader: VIEWED_ARTICLE_HEADER,
  onHit: (req, articleId) => countCachedArticleView(req.method, req.headers, articleId),
})
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
let baseUrl = ''
let close = () => {}

beforeAll(async () => {
  const app = express()
  app.use(compression({ threshold: 0 }))
  app.use(cache.middleware())
  app.get('/page', (_req, res) => {
    renders++
    res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60')
    res.setHeader('ETag', 'W/"v1"')
    res.type('html').send(`<p>render ${renders}</p>`.padEnd(2000, ' '))
  })
  // An article page as the article route answers: it counts its own render, in memory.
  app.get('/article/:id', (req, res) => {
    renders++
    recordArticleView(Number(req.params.id))
    res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60')
    res.setHeader(VIEWED_ARTICLE_HEADER, req.params.id)
    res.type('html').send(`<p>story ${req.params.id}</p>`.padEnd(2000, ' '))
  })
  app.get('/private', (_req, res) => {
    renders++
    res.setHeader('Cache-Control', 'private, no-store')
    res.send(`private ${renders}`)
  })
  app.get('/with-cookie', (_req, res) => {
    renders++
    res.setHeader('Cache-Control', 'public, s-maxage=60')
    res.setHeader('Set-Cookie', 'x=1')
    res.send(`cookie ${renders}`)
  })
  // A page that takes a while to render, public or not.
  app.get('/slow', (req, res) => {
    renders++
    setTimeout(() => {
      res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60')
      res.type('html').send(`<p>slow ${renders}</p>`.padEnd(2000, ' '))
    }, 150)
  })
  app.get('/slow-private', (_req, res) => {
    renders++
    setTimeout(() => {
      res.setHeader('Cache-Control', 'private, no-store')
      res.send(`slow private ${renders}`)
    }, 50)
  })
  app.post('/write', (_req, res) => res.status(204).end())
  app.post('/refused', (_req, res) => res.status(400).end())
  app.post('/admin/api/articles/autosave', (_req, res) => res.json({ ok: true }))
  await new Promise<void>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      resolve()
    })
    close = () => server.close()
  })
})
afterAll(() => close())
beforeEach(() => {
  cache.clear()
  nextScheduled = null
})

const settle = () => cache.settled()

describe('the page cache', () => {
  it('serves a public page from memory to anonymous readers, compressed as asked', async () => {
    const first = await (await fetch(`${baseUrl}/page`)).text()
    await settle()
    const second = await fetch(`${baseUrl}/page`, { headers: { 'accept-encoding': 'gzip' } })
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(second.headers.get('content-encoding')).toBe('gzip')
    expect(await second.text()).toBe(first)
    const plain = await fetch(`${baseUrl}/page`, { headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(first)
  })

  it('compresses a cached page once per encoding, not once per reader', async () => {
    const plain = await fetch(`${baseUrl}/page`, { headers: { 'accept-encoding': 'identity' } })
    const first = await plain.text()
    await settle()
    const before = cache.compressions
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${baseUrl}/page`, {
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      })
      expect(res.headers.get('x-cache')).toBe('HIT')
      expect(res.headers.get('content-encoding')).toBe('br')
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
      expect(await res.text()).toBe(first)
    }
    expect(cache.compressions - before).toBe(1)
  })

  it('answers 304 to a matching ETag', async () => {
    await fetch(`${baseUrl}/page`)
    await settle()
    const res = await fetch(`${baseUrl}/page`, { headers: { 'if-none-match': 'W/"v1"' } })
    expect(res.status).toBe(304)
  })

  it('never answers a signed-in reader from the cache', async () => {
    await fetch(`${baseUrl}/page`)
    await settle()
    const before = renders
    const res = await fetch(`${baseUrl}/page`, {
      headers: { cookie: 'broadsheet.session_token=abc' },
    })
    expect(res.headers.get('x-cache')).toBeNull()
    expect(renders).toBe(before + 1)
  })

  it('keeps neither private pages nor pages that set cookies', async () => {
    await fetch(`${baseUrl}/private`)
    await fetch(`${baseUrl}/with-cookie`)
    await settle()
    expect(cache.size).toBe(0)
  })

  it('is emptied by a successful write and kept after a refused one', async () => {
    await fetch(`${baseUrl}/page`)
    await settle()
    await fetch(`${baseUrl}/refused`, { method: 'POST' })
    expect(cache.size).toBe(1)
    await fetch(`${baseUrl}/write`, { method: 'POST' })
    expect(cache.size).toBe(0)
  })

  it('keeps its pages when a draft is autosaved', async () => {
    await fetch(`${baseUrl}/page`)
    await settle()
    const res = await fetch(`${baseUrl}/admin/api/articles/autosave`, { method: 'POST' })
    expect(res.status).toBe(200)
    expect(cache.size).toBe(1)
  })

  it('drops pages when a scheduled article goes public', async () => {
    nextScheduled = new Date(Date.now() + 30_000)
    await fetch(`${baseUrl}/page`)
    await settle()
    expect((await fetch(`${baseUrl}/page`)).headers.get('x-cache')).toBe('HIT')
    clockOffset = 31_000
    try {
      expect((await fetch(`${baseUrl}/page`)).headers.get('x-cache')).toBeNull()
    } finally {
      clockOffset = 0
    }
  })

  it('tells other instances when it is emptied', () => {
    let told = 0
    const stop = cache.onClear(() => told++)
    cache.clear()
    cache.clear({ broadcast: false })
    stop()
    expect(told).toBe(1)
  })

  it('counts a reader’s view of a cached article without a database statement', async () => {
    const article = await insertArticle()
    await viewCounter.flush()
    const url = `${baseUrl}/article/${article.id}`
    const first = await fetch(url, { headers: { 'user-agent': BROWSER } })
    expect(first.headers.get(VIEWED_ARTICLE_HEADER)).toBeNull()
    await settle()
    const before = renders
    const statements = await statementsDuring(async () => {
      for (const userAgent of [BROWSER, BROWSER, 'Googlebot/2.1', BROWSER]) {
        const res = await fetch(url, { headers: { 'user-agent': userAgent } })
        expect(res.headers.get('x-cache')).toBe('HIT')
        expect(res.headers.get(VIEWED_ARTICLE_HEADER)).toBeNull()
        await res.text()
      }
    })
    expect(renders).toBe(before)
    expect(statements).toBe(0)
    // The render and three readers' hits, the crawler's not; written in one statement.
    expect(await statementsDuring(() => viewCounter.flush())).toBe(1)
    const [row] = await getDb()
      .select()
      .from(articleViews)
      .where(eq(articleViews.articleId, article.id))
    expect(row.views).toBe(4)
  })

  it('never sends the article header, even to a reader it does not serve from the cache', async () => {
    const res = await fetch(`${baseUrl}/article/1`, {
      headers: { cookie: 'broadsheet.session_token=abc' },
    })
    expect(res.headers.get('x-cache')).toBeNull()
    expect(res.headers.get(VIEWED_ARTICLE_HEADER)).toBeNull()
    await viewCounter.flush()
  })
})

describe('the page cache’s byte budget', () => {
  // Random text: gzip and br keep about three quarters of it, so compressed bodies weigh.
  const pages = new Map<string, string>()
  const pageBody = (id: string) => {
    if (!pages.has(id)) pages.set(id, crypto.randomBytes(3000).toString('base64'))
    return pages.get(id)!
  }
  // Two 4,000-character pages fit (each ~4,700 bytes with its headers and overhead), three do not.
  const small = new PageCache({ maxBytes: 10_000 })
  let active = small
  let smallUrl = ''
  let closeSmall = () => {}
  let smallRenders = 0

  beforeAll(async () => {
    const app = express()
    app.use((req, res, next) => active.middleware()(req, res, next))
    app.get('/p/:id', (req, res) => {
      smallRenders++
      res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60')
      res.type('html').send(pageBody(req.params.id))
    })
    app.get('/big', (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60')
      res.type('html').send('x'.repeat(20_000))
    })
    await new Promise<void>((resolve) => {
      const server = app.listen(0, '127.0.0.1', () => {
        smallUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
        resolve()
      })
      closeSmall = () => server.close()
    })
  })
  afterAll(() => closeSmall())
  beforeEach(() => {
    active = small
    small.clear()
  })

  const get = async (path: string, encoding = 'identity') => {
    const res = await fetch(`${smallUrl}${path}`, { headers: { 'accept-encoding': encoding } })
    await res.arrayBuffer()
    await active.settled()
    return res.headers.get('x-cache')
  }

  it('keeps pages up to its byte budget, dropping the least recently served first', async () => {
    await get('/p/1')
    await get('/p/2')
    expect(small.size).toBe(2)
    expect(await get('/p/1')).toBe('HIT')
    await get('/p/3')
    expect(small.size).toBe(2)
    expect(small.bytes).toBeLessThanOrEqual(10_000)
    expect(await get('/p/1')).toBe('HIT')
    const before = smallRenders
    expect(await get('/p/2')).toBeNull()
    expect(smallRenders).toBe(before + 1)
  })

  it('counts the compressed bodies it keeps against the budget', async () => {
    await get('/p/1')
    await get('/p/2')
    const raw = small.bytes
    expect(small.size).toBe(2)
    // Page 1's gzip body (~3,000 bytes) takes the two pages past 10,000 bytes: page 2 goes.
    expect(await get('/p/1', 'gzip')).toBe('HIT')
    await vi.waitFor(() => expect(small.size).toBe(1))
    expect(small.bytes).toBeGreaterThan(raw / 2 + 2000)
    expect(small.bytes).toBeLessThanOrEqual(10_000)
    expect(await get('/p/1')).toBe('HIT')
  })

  it('keeps no page larger than its whole budget', async () => {
    await get('/big')
    expect(small.size).toBe(0)
    expect(small.bytes).toBe(0)
  })

  it('holds no bytes once emptied', async () => {
    await get('/p/1')
    expect(small.bytes).toBeGreaterThan(4000)
    small.clear()
    expect(small.bytes).toBe(0)
  })

  it('takes its budget from PAGE_CACHE_MAX_BYTES unless given one', async () => {
    process.env.PAGE_CACHE_MAX_BYTES = '10kB'
    resetEnvCache()
    try {
      active = new PageCache()
    } finally {
      delete process.env.PAGE_CACHE_MAX_BYTES
      resetEnvCache()
    }
    await get('/big')
    await get('/p/1')
    expect(active.size).toBe(1)
    expect(await get('/p/1')).toBe('HIT')
  })
})

describe('readers arriving together on a page not yet cached', () => {
  it('wait for one render of it and are served its stored copy', async () => {
    const before = renders
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${baseUrl}/slow`, { headers: { 'User-Agent': BROWSER } }),
      ),
    )
    expect(renders - before).toBe(1)
    const bodies = await Promise.all(answers.map((answer) => answer.text()))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(new Set(bodies).size).toBe(1)
    expect(answers.filter((answer) => answer.headers.get('x-cache') === 'HIT')).toHaveLength(19)
  })

  it('each get their own render when the page is not one to keep', async () => {
    const before = renders
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => fetch(`${baseUrl}/slow-private`)),
    )
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(renders - before).toBe(5)
  })
})
