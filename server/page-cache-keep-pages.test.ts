import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PageCache } from './page-cache'

// PAGE_CACHE=false: no page is kept. Changes still reach the other instances and a CDN: they
// listen to the announcements (app/infra/cache-keys.server.ts), not to the page cache.
const cache = new PageCache({ keepPages: false })
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
})
