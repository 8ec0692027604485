import type { AddressInfo } from 'node:net'
import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PageCache } from './page-cache'

let renders = 0
let nextScheduled: Date | null = null
let clockOffset = 0
const cache = new PageCache({
  nextScheduledPublication: async () => nextScheduled,
  now: () => Date.now() + clockOffset,
})
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
})
