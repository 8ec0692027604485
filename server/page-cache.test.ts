import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetEnvCache } from '~/infra/env.server'
import { PageCache, pageKey, pageQueryParameters, withoutTrackingParameters } from './page-cache'

let renders = 0
/** Requests that entered Express (server/app.ts: a stored page is answered before it). */
let pastEarlyHits = 0
const cache = new PageCache()
let baseUrl = ''
let close = () => {}

beforeAll(async () => {
  // As server/app.ts orders them: stored pages first, then Express with compression and the
  // rest, then the cache that renders and stores.
  const app = express()
  app.use((_req, _res, next) => {
    pastEarlyHits++
    next()
  })
  app.use(compression({ threshold: 0 }))
  app.use(cache.middleware())
  app.get('/page', (_req, res) => {
    renders++
    res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60')
    res.setHeader('ETag', 'W/"v1"')
    res.type('html').send(`<p>render ${renders}</p>`.padEnd(2000, ' '))
  })
  // An article page naming what it shows, as server/request-handler.ts sends it.
  app.get('/article/:id', (req, res) => {
    renders++
    res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60')
    res.setHeader(
      'Surrogate-Key',
      `article:${req.params.id} category:${req.params.id === '2' ? 2 : 1}`,
    )
    res.type('html').send(`<p>story ${req.params.id} ${req.url}</p>`.padEnd(2000, ' '))
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
    const server = http.createServer((req, res) => cache.answerFirst(req, res) || app(req, res))
    server.listen(0, '127.0.0.1', () => {
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      resolve()
    })
    close = () => server.close()
  })
})
afterAll(() => close())
beforeEach(() => {
  cache.clear()
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

  it('is emptied by no request, whatever its method and answer', async () => {
    await fetch(`${baseUrl}/page`)
    await settle()
    await fetch(`${baseUrl}/refused`, { method: 'POST' })
    await fetch(`${baseUrl}/write`, { method: 'POST' })
    await fetch(`${baseUrl}/admin/api/articles/autosave`, { method: 'POST' })
    expect(cache.size).toBe(1)
    expect((await fetch(`${baseUrl}/page`)).headers.get('x-cache')).toBe('HIT')
  })

  it('drops exactly the pages that show a changed key', async () => {
    for (const url of ['/article/1', '/article/2', '/page']) await fetch(`${baseUrl}${url}`)
    await settle()
    expect(cache.size).toBe(3)
    cache.invalidate(new Set(['article:1']))
    // The page with no keys goes with any change: nothing says what it shows.
    expect(cache.size).toBe(1)
    expect((await fetch(`${baseUrl}/article/2`)).headers.get('x-cache')).toBe('HIT')
    cache.invalidate(new Set(['category:2']))
    expect(cache.size).toBe(0)
    await fetch(`${baseUrl}/article/3`)
    await settle()
    cache.invalidate(new Set(['chrome']))
    expect(cache.size).toBe(0)
  })

  it('keeps no page drawn across a change of what it shows', async () => {
    const drawing = fetch(`${baseUrl}/slow`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    cache.invalidate(new Set(['article:99']))
    await (await drawing).text()
    await settle()
    // The slow page names no keys: any change may have reached it.
    expect(cache.size).toBe(0)
  })

  it('answers a stored page before the middleware after it, with the Vary of a compressible page', async () => {
    await (await fetch(`${baseUrl}/page`)).text()
    await settle()
    const before = pastEarlyHits
    const plain = await fetch(`${baseUrl}/page`, { headers: { 'Accept-Encoding': 'identity' } })
    expect(plain.headers.get('x-cache')).toBe('HIT')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/i)
    expect(await plain.text()).toContain('render 1')
    const gzipped = await fetch(`${baseUrl}/page`, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    expect(await gzipped.text()).toContain('render 1')
    expect(pastEarlyHits).toBe(before)
    // A signed-in reader and a write go on past them, as does a page not stored.
    await fetch(`${baseUrl}/page`, { headers: { Cookie: 'broadsheet.session_token=x' } })
    await fetch(`${baseUrl}/write`, { method: 'POST' })
    await fetch(`${baseUrl}/private`)
    expect(pastEarlyHits).toBe(before + 3)
  })

  it('serves one entry whatever tracking parameters the address carries', async () => {
    const first = await fetch(`${baseUrl}/article/5?utm_source=x&fbclid=abc`)
    const body = await first.text()
    await settle()
    expect(body).toContain('/article/5<')
    const again = await fetch(`${baseUrl}/article/5?gclid=1&utm_medium=mail`)
    expect(again.headers.get('x-cache')).toBe('HIT')
    expect((await fetch(`${baseUrl}/article/5`)).headers.get('x-cache')).toBe('HIT')
    expect(withoutTrackingParameters('/search?q=a&utm_campaign=b&mc_cid=c')).toBe('/search?q=a')
    expect(withoutTrackingParameters('/search?q=utm_source')).toBe('/search?q=utm_source')
  })
})

describe('the page cache’s byte budget', () => {
  // Random text: gzip and br keep about three quarters of it, so compressed bodies weigh.
  const pages = new Map<string, string>()
  const pageBody = (id: string) => {
    if (!pages.has(id)) pages.set(id, crypto.randomBytes(3000).toString('base64'))
    return pages.get(id)!
  }
  // Two 4,000-character pages fit (each ~4,700 bytes with its headers and overhead), three do
  // not: pages without a query string have three quarters of the budget, 10,050 bytes.
  const small = new PageCache({ maxBytes: 13_400 })
  const plainBudget = 13_400 - Math.floor(13_400 / 4)
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
    expect(small.bytes).toBeLessThanOrEqual(plainBudget)
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
    // Page 1's gzip body (~3,000 bytes) takes the two pages past 10,050 bytes: page 2 goes.
    expect(await get('/p/1', 'gzip')).toBe('HIT')
    await vi.waitFor(() => expect(small.size).toBe(1))
    expect(small.bytes).toBeGreaterThan(raw / 2 + 2000)
    expect(small.bytes).toBeLessThanOrEqual(plainBudget)
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
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${baseUrl}/slow`)))
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

describe('query strings', () => {
  // A front page, search results, a story and live updates, as the app answers them.
  const queries = new PageCache()
  let queriesUrl = ''
  let closeQueries = () => {}
  let drawn = 0

  beforeAll(async () => {
    const app = express()
    app.use(queries.middleware())
    const publicPage = (res: express.Response, body: string) => {
      drawn++
      res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60')
      res.type('html').send(body)
    }
    app.get('/', (req, res) => publicPage(res, `<p>front page ${req.url}</p>`))
    app.get('/article/:slug', (req, res) => publicPage(res, `<p>story ${req.params.slug}</p>`))
    app.get('/search', (req, res) => publicPage(res, `<p>results for ${String(req.query.q)}</p>`))
    // As routes/api.live.$id.tsx: a since no cursor gives is answered, kept by no shared cache.
    app.get('/api/live/:id', (req, res) => {
      if (req.query.since === '0') return publicPage(res, '{"changed":[]}')
      drawn++
      res.setHeader('Cache-Control', 'no-store')
      res.json({ changed: [] })
    })
    await new Promise<void>((resolve) => {
      const server = http.createServer((req, res) => queries.answerFirst(req, res) || app(req, res))
      server.listen(0, '127.0.0.1', () => {
        queriesUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
        resolve()
      })
      closeQueries = () => server.close()
    })
  })
  afterAll(() => closeQueries())
  beforeEach(() => queries.clear())

  const get = async (path: string) => {
    const res = await fetch(`${queriesUrl}${path}`)
    const body = await res.text()
    await queries.settled()
    return { cache: res.headers.get('x-cache'), body }
  }

  it('keeps the front page through 520 made-up query strings of every kind', async () => {
    await get('/')
    await get('/article/a-story')
    const kept = queries.size
    for (let i = 0; i < 520; i++) {
      await get(`/?v=${i}`)
      await get(`/article/a-story?cb=${i}`)
      await get(`/api/live/45?since=${1_700_000_000_000 + i * 5000}`)
      // Results for 520 different searches are 520 real pages: they evict only one another.
      await get(`/search?q=word${i}`)
    }
    expect(await get('/')).toEqual({ cache: 'HIT', body: '<p>front page /</p>' })
    expect((await get('/article/a-story')).cache).toBe('HIT')
    // The front page and the story, and no more searches than their quarter of the cache.
    expect(queries.size).toBe(kept + Math.floor(500 / 4))
  })

  it('answers an address with parameters its page does not read from the page’s entry', async () => {
    expect((await get('/?ref=abc')).cache).toBeNull()
    // Drawn for that reader but not kept: the address is not the page.
    expect(queries.size).toBe(0)
    await get('/')
    const before = drawn
    expect(await get('/?ref=abc')).toEqual({ cache: 'HIT', body: '<p>front page /</p>' })
    expect((await get('/?_=1&ref=x')).cache).toBe('HIT')
    expect(drawn).toBe(before)
  })

  it('keeps one entry per page whatever the order, and none for a parameter given twice', async () => {
    await get('/search?q=harbour&page=2')
    expect((await get('/search?page=2&q=harbour')).cache).toBe('HIT')
    expect((await get('/search?q=harbour&page=2&sort=new')).cache).toBe('HIT')
    expect(queries.size).toBe(1)
    await get('/search?q=tide&q=moon')
    expect(queries.size).toBe(1)
  })

  it('keeps no live answer for a made-up since', async () => {
    await get('/api/live/45?since=0')
    for (let i = 1; i <= 20; i++) await get(`/api/live/45?since=${i * 5000}`)
    expect(queries.size).toBe(1)
    expect((await get('/api/live/45?since=0')).cache).toBe('HIT')
  })
})

describe('pageQueryParameters', () => {
  it('names every query parameter each route module reads, for its address', async () => {
    const { loadRouteManifest } = await import('../tests/setup/route-manifest')
    const fs = await import('node:fs/promises')
    const read = /(?:searchParams|params)\.(?:get|has|getAll)\(\s*'([^']+)'/g
    const helpers: [RegExp, string][] = [
      [/\bparsePageParam\(/, 'page'],
      [/\breaderPageParam\(/, 'page'],
    ]
    const missing: string[] = []
    for (const route of await loadRouteManifest()) {
      if (route.pattern.startsWith('admin') || route.pattern.startsWith('api/auth')) continue
      const source = await fs.readFile(`app/${route.file}`, 'utf8')
      const names = new Set([...source.matchAll(read)].map((match) => match[1]))
      for (const [helper, name] of helpers) if (helper.test(source)) names.add(name)
      const allowed = pageQueryParameters(route.url)
      for (const name of names) if (!allowed.includes(name)) missing.push(`${route.file}: ${name}`)
    }
    expect(missing).toEqual([])
    expect(pageKey('/search.data?q=a&_routes=routes%2F_site.search&x=1')).toEqual({
      key: '/search.data?_routes=routes%2F_site.search&q=a',
      exact: false,
    })
  })
})
