import { once } from 'node:events'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { getDatabaseHandle, installDatabase } from '~/infra/db.server'
import { metrics } from '~/infra/metrics.server'
import { createApp } from './app'
import { resourceRouteBuild } from '../tests/setup/resource-route-build'
import { PageCache } from './page-cache'

let baseUrl = ''
let close: () => void = () => {}

beforeAll(async () => {
  const app = createApp({
    mode: 'production',
    getBuild: () => {
      throw new Error('no React Router build in this test')
    },
  })
  await new Promise<void>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve())
    close = () => server.close()
    server.on('listening', () => {
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    })
  })
})
afterAll(() => close())

describe('the Express server', () => {
  it('serves the files of public/ by name, and leaves every other path to the routes', async () => {
    const client = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-client-'))
    fs.writeFileSync(path.join(client, 'robots-test.txt'), 'User-agent: *')
    fs.mkdirSync(path.join(client, 'assets'))
    const app = createApp({
      mode: 'production',
      clientDir: client,
      getBuild: () => {
        throw new Error('no React Router build in this test')
      },
    })
    const server = app.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const file = await fetch(`${base}/robots-test.txt`)
      expect(file.status).toBe(200)
      expect(await file.text()).toBe('User-agent: *')
      // A page's address is not looked up on disk: the route handler answers (here it
      // fails, as there is no build in this test).
      const stat = vi.spyOn(fs, 'stat')
      try {
        expect((await fetch(`${base}/article/some-story`)).status).toBe(500)
        expect(stat).not.toHaveBeenCalled()
      } finally {
        stat.mockRestore()
      }
    } finally {
      server.close()
      fs.rmSync(client, { recursive: true, force: true })
    }
  })

  it('sends an asset as compressed at build time, never compressing it per request', async () => {
    const client = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-client-'))
    fs.mkdirSync(path.join(client, 'assets'))
    const script = `export const story = ${JSON.stringify('a line of the story '.repeat(200))}\n`
    const asset = path.join(client, 'assets', 'entry-abc123.js')
    fs.writeFileSync(asset, script)
    // Marked bytes, so that the answer shows which file was sent.
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(`${script}// br file`))
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(`${script}// gz file`))
    const app = createApp({
      mode: 'production',
      clientDir: client,
      getBuild: () => {
        throw new Error('no React Router build in this test')
      },
    })
    const server = app.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const raw = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(
            `${base}/assets/entry-abc123.js`,
            { headers: { 'accept-encoding': encoding } },
            (res) => {
              const chunks: Buffer[] = []
              res.on('data', (chunk: Buffer) => chunks.push(chunk))
              res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
            },
          )
          .on('error', reject)
      })
    try {
      const br = await raw('gzip, deflate, br')
      expect(br.headers['content-encoding']).toBe('br')
      expect(br.headers['cache-control']).toContain('immutable')
      expect(br.headers.vary).toMatch(/accept-encoding/i)
      expect(zlib.brotliDecompressSync(br.body).toString()).toBe(`${script}// br file`)
      const gz = await raw('gzip')
      expect(gz.headers['content-encoding']).toBe('gzip')
      expect(zlib.gunzipSync(gz.body).toString()).toBe(`${script}// gz file`)
      const plain = await raw('identity')
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body.toString()).toBe(script)
    } finally {
      server.close()
      fs.rmSync(client, { recursive: true, force: true })
    }
  })

  it('answers /healthz with the database driver', async () => {
    const res = await fetch(`${baseUrl}/healthz`)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.status).toBe('ok')
    expect(body.db).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite')
    expect(typeof body.version).toBe('string')
  })

  it('answers 503 when the database does not answer', async () => {
    const real = getDatabaseHandle()
    installDatabase({ ...real, db: { execute: () => Promise.reject(new Error('down')) } as never })
    try {
      const res = await fetch(`${baseUrl}/healthz`)
      expect(res.status).toBe(503)
      expect((await res.json()).status).toBe('error')
    } finally {
      installDatabase(real)
    }
  })

  it('sends security headers on every response', async () => {
    const res = await fetch(`${baseUrl}/healthz`)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("frame-ancestors 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toContain("unsafe-inline' ;script")
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('refuses NUL and lone surrogates with 400 before any route runs', async () => {
    const nulForm = await fetch(`${baseUrl}/anything`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'title=a%00b',
    })
    expect(nulForm.status).toBe(400)
    const surrogateJson = await fetch(`${baseUrl}/anything`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"title":"\\ud800"}',
    })
    expect(surrogateJson.status).toBe(400)
    expect((await surrogateJson.json()).error).toMatch(/not valid/)
    const badUtf8 = await fetch(`${baseUrl}/anything`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: new Uint8Array([0x61, 0xed, 0xa0, 0x80]),
    })
    expect(badUtf8.status).toBe(400)
    const query = await fetch(`${baseUrl}/search?q=%00`)
    expect(query.status).toBe(400)
    const brokenEscape = await fetch(`${baseUrl}/search?q=%E0%A4%A`)
    expect(brokenEscape.status).toBe(400)
  })

  it('reads multipart bodies whose boundary has upper-case letters, as browsers send them', async () => {
    const boundary = '----WebKitFormBoundaryAbCdEf0123456789'
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\na\u0000b\r\n--${boundary}--\r\n`
    const res = await fetch(`${baseUrl}/anything`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    })
    // Parsed (so the NUL inside is found), not refused as unreadable form data.
    expect(res.status).toBe(400)
    expect(await res.text()).toMatch(/not valid/)
  })

  it('refuses a body that is not a form with 415 instead of letting an action fail with 500', async () => {
    for (const [type, body] of [
      ['application/json', '{"email":1}'],
      ['text/plain', 'hello'],
      ['', 'email=a@b.c'],
    ] as const) {
      const res = await fetch(`${baseUrl}/newsletter`, {
        method: 'POST',
        headers: type ? { 'content-type': type } : {},
        body: type ? body : new Blob([body]),
      })
      expect(res.status, type || 'no content type').toBe(415)
      expect(await res.text()).toMatch(/application\/x-www-form-urlencoded/)
    }
  })

  it('lets JSON through to the auth API, and an empty body through as an empty form', async () => {
    // No build in this test: a request that reaches the router ends in the missing build's 500.
    const auth = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@b.c","password":"x"}',
    })
    expect(auth.status).toBe(500)
    const empty = await fetch(`${baseUrl}/signout`, { method: 'POST' })
    expect(empty.status).toBe(500)
    expect(await empty.text()).toMatch(/^Something went wrong/)
  })

  it('refuses oversized bodies with 413', async () => {
    const res = await fetch(`${baseUrl}/anything`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `content=${'a'.repeat(3 * 1024 * 1024)}`,
    })
    expect(res.status).toBe(413)
  })

  it('answers 404 for a missing media file, not 500', async () => {
    const res = await fetch(`${baseUrl}/media/media/missing-file.jpg`)
    expect(res.status).toBe(404)
    // The site's one not-found answer, as every route gives it (app/lib/not-found.ts).
    expect(await res.json()).toEqual({ ok: false, code: 'NOT_FOUND', message: 'File not found' })
    const backups = await fetch(`${baseUrl}/media/backups/anything.tar.gz`)
    expect(backups.status).not.toBe(200)
  })

  it('never shows a stack trace for an unexpected error', async () => {
    const res = await fetch(`${baseUrl}/some-page`)
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(text).toMatch(/^Something went wrong\. Reference: [0-9a-f-]{36}$/)
    expect(text).not.toContain('at ')
  })

  it('answers a page the page cache holds before Express, with what every answer carries', async () => {
    let renders = 0
    // One public resource route, as React Router runs it: the first GET renders, the rest are hits.
    const story = () =>
      Response.json(
        { renders: ++renders },
        { headers: { 'Cache-Control': 'public, max-age=0, s-maxage=60' } },
      )
    const build = resourceRouteBuild({ story: { loader: story } })
    const pageCache = new PageCache()
    const app = createApp({ mode: 'production', getBuild: () => build, pageCache })
    const server = app.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const counted = async () =>
      Number(
        /broadsheet_http_requests_total\{method="GET",route="story",status="200"\} (\d+)/.exec(
          await metrics.render(),
        )?.[1] ?? 0,
      )
    try {
      const before = await counted()
      const first = await fetch(`${base}/story`)
      expect(first.headers.get('x-cache')).toBeNull()
      expect(await first.json()).toEqual({ renders: 1 })
      const ids = new Set<string | null>([first.headers.get('x-request-id')])
      for (const address of ['/story', '/story?utm_source=newsletter']) {
        const hit = await fetch(`${base}${address}`)
        expect(hit.headers.get('x-cache')).toBe('HIT')
        expect(await hit.json()).toEqual({ renders: 1 })
        expect(hit.headers.get('x-content-type-options')).toBe('nosniff')
        expect(hit.headers.get('content-security-policy')).toContain("object-src 'none'")
        ids.add(hit.headers.get('x-request-id'))
      }
      expect(renders).toBe(1)
      expect(pageCache.hits).toBe(2)
      // Each answer its own id, and each counted under its route, hit or not.
      expect(ids.size).toBe(3)
      expect(await counted()).toBe(before + 3)
      // A reader signed in is never answered from the cache.
      const personal = await fetch(`${base}/story`, {
        headers: { cookie: 'broadsheet.session_token=x' },
      })
      expect(personal.headers.get('x-cache')).not.toBe('HIT')
      expect(renders).toBe(2)
    } finally {
      server.close()
    }
  })

  it('hands the routes the address the page cache keeps it under, without tracking parameters', async () => {
    // A page that shows its own query string, as a canonical link or a share link might.
    const echo = ({ request }: { request: Request }) =>
      new Response(`<p>${new URL(request.url).search}</p>`, {
        headers: {
          'Cache-Control': 'public, max-age=0, s-maxage=60',
          'Content-Type': 'text/html',
        },
      })
    const build = resourceRouteBuild({ echo: { loader: echo } })
    const app = createApp({ mode: 'production', getBuild: () => build, pageCache: new PageCache() })
    const server = app.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const first = await fetch(`${base}/echo?utm_source=%3Cscript%3Eevil&ref=x`)
      expect(await first.text()).toBe('<p>?ref=x</p>')
      // Stored under /echo, the page must not carry what another reader's address said.
      await (await fetch(`${base}/echo?utm_campaign=evil`)).text()
      const plain = await fetch(`${base}/echo`)
      expect(plain.headers.get('x-cache')).toBe('HIT')
      expect(await plain.text()).toBe('<p></p>')
    } finally {
      server.close()
    }
  })
})
