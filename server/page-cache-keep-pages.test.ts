import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PageCache } from './page-cache'

// PAGE_CACHE=false: no page is kept, but a write still empties the process's caches and tells
// the other instances (their LISTEN) and a CDN (CDN_PURGE_URL) through `onClear`.
const cache = new PageCache({ keepPages: false })
let clears = 0
cache.onClear(() => clears++)
let renders = 0
let base = ''
let close = () => {}

beforeAll(async () => {
  const app = express()
  app.use(cache.middleware())
  app.get('/page', (_req, res) => {
    renders++
    res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60')
    res.type('html').send(`<p>render ${renders}</p>`)
  })
  app.post('/write', (_req, res) => res.status(204).end())
  app.post('/refused', (_req, res) => res.status(400).end())
  for (const path of ['/signin', '/signout', '/api/auth/sign-in/email', '/api/auth/sign-out']) {
    app.post(path, (_req, res) => res.redirect(302, '/'))
  }
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => server.close()
})
afterAll(() => close())

describe('a page cache that keeps no pages', () => {
  it('renders every request and keeps nothing', async () => {
    const first = await fetch(`${base}/page`)
    const second = await fetch(`${base}/page`)
    expect(await second.text()).toBe('<p>render 2</p>')
    expect(first.headers.get('x-cache')).toBeNull()
    expect(second.headers.get('x-cache')).toBeNull()
    expect(cache.size).toBe(0)
  })

  it('still tells its listeners of a successful write, and not of a refused one', async () => {
    const before = clears
    expect((await fetch(`${base}/write`, { method: 'POST' })).status).toBe(204)
    await expect.poll(() => clears).toBe(before + 1)
    expect((await fetch(`${base}/refused`, { method: 'POST' })).status).toBe(400)
    expect(clears).toBe(before + 1)
  })

  it('is not emptied, nor tells anyone, when a reader signs in or out', async () => {
    const before = clears
    for (const path of ['/signin', '/signout', '/api/auth/sign-in/email', '/api/auth/sign-out']) {
      const res = await fetch(`${base}${path}`, { method: 'POST', redirect: 'manual' })
      expect(res.status).toBe(302)
    }
    // A write after them is told: had they been, this would count five.
    await fetch(`${base}/write`, { method: 'POST' })
    await expect.poll(() => clears).toBe(before + 1)
  })
})
