import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { createReadableStreamFromReadable } from '@react-router/node'
import { count } from 'drizzle-orm'
import S3rver from 's3rver'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaFiles, newspaperEditions } from '@db/schema/index'
import { editionsSettled } from '~/domain/newspapers/editions.server'
import { buildEditionPdf } from '~/domain/seed/seed.server'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { createS3Storage } from '~/infra/storage-s3.server'
import { BUCKETS, type StorageDriver } from '~/infra/storage-driver.server'
import { createDiskStorage, setStorage, storageRoot } from '~/infra/storage.server'
import { action as editionsAction } from '~/routes/admin.api.editions'
import { action as mediaAction } from '~/routes/admin.api.media'
import { createApp } from '../../server/app'
import { callRoute, signedInCallers } from '../setup/admin-fixtures'
import { TEST_SITE_URL } from '../setup/auth-fixtures'

// Issue 13, uploads: hostile files sent over real HTTP to the two upload endpoints, on both
// storage drivers. Each is refused with a 4xx and a message, and leaves nothing behind: no
// object in any bucket, no media or edition row, no temporary file. What is stored is served
// with `nosniff` and a type of our choosing.

const ROUTES: Record<string, (args: never) => unknown> = {
  '/admin/api/media': mediaAction,
  '/admin/api/editions': editionsAction,
}

/** The actions behind a plain node:http server, with the request body streamed as in production. */
function startUploadServer() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', TEST_SITE_URL)
    const headers = new Headers()
    for (const [key, value] of Object.entries(req.headers)) {
      for (const v of Array.isArray(value) ? value : value ? [value] : []) headers.append(key, v)
    }
    const controller = new AbortController()
    res.on('close', () => {
      if (!res.writableFinished) controller.abort()
    })
    const request = new Request(url, {
      method: req.method,
      headers,
      body: createReadableStreamFromReadable(req),
      signal: controller.signal,
      duplex: 'half',
    } as RequestInit)
    const handled = callRoute(ROUTES[url.pathname], request).then(
      async (response) => {
        statuses.push(response.status)
        res.writeHead(response.status, Object.fromEntries(response.headers))
        res.end(Buffer.from(await response.arrayBuffer()))
      },
      (error: unknown) => {
        finished.push({ status: 500, error })
        res.destroy()
      },
    )
    inFlight.add(handled)
    void handled.finally(() => inFlight.delete(handled))
  })
  const inFlight = new Set<Promise<unknown>>()
  const finished: { status: number; error: unknown }[] = []
  const statuses: number[] = []
  return { server, inFlight, finished, statuses }
}

interface Part {
  name: string
  body: Buffer
  type?: string
}

function multipart({ name, body, type = 'application/octet-stream' }: Part) {
  const boundary = `----hostile${Math.random().toString(16).slice(2)}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return { boundary, body: Buffer.concat([head, body, tail]) }
}

let base = ''
let uploadServer: ReturnType<typeof startUploadServer>
let cookie: string

/**
 * Sends one file over HTTP. `chunked` leaves out Content-Length (the size is only learnt by
 * reading); `cutAfter` sends that many bytes of a body announced whole, then drops the socket.
 */
function send(
  pathAndQuery: string,
  part: Part,
  options: { chunked?: boolean; cutAfter?: number } = {},
): Promise<
  { status: number; json: { ok: boolean; toast?: { title: string; description?: string } } } | 'cut'
> {
  const { boundary, body } = multipart(part)
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${pathAndQuery}`, {
      method: 'POST',
      headers: {
        cookie,
        origin: TEST_SITE_URL,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(options.chunked ? {} : { 'content-length': String(body.length) }),
      },
    })
    let answered = false
    request.on('response', (response) => {
      answered = true
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          json: JSON.parse(Buffer.concat(chunks).toString()),
        }),
      )
    })
    if (options.cutAfter !== undefined) {
      request.on('error', () => resolve('cut'))
      request.write(body.subarray(0, options.cutAfter), () => {
        // Let the server start reading the body, then cut the connection mid-file.
        setTimeout(() => request.destroy(), 50)
      })
      return
    }
    // A refusal may come before the whole body is sent; the server then closes the connection.
    request.on('error', (error) => {
      if (!answered) reject(error)
    })
    // Written in pieces, as a slow client would.
    for (let at = 0; at < body.length; at += 256 * 1024)
      request.write(body.subarray(at, at + 256 * 1024))
    request.end()
  })
}

/** Every object in every bucket, every media and edition row, every temporary upload. */
async function leftovers(storage: StorageDriver) {
  const objects: string[] = []
  for (const bucket of BUCKETS) {
    for (const file of await storage.list(bucket, { includeVariants: true })) {
      objects.push(`${bucket}/${file.name}`)
    }
  }
  const tmp = path.join(getEnv().dataDir, 'tmp', 'uploads')
  const temporary = fs.existsSync(tmp) ? fs.readdirSync(tmp) : []
  const diskTemp: string[] = []
  const root = storageRoot()
  if (fs.existsSync(root)) {
    for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.tmp')) diskTemp.push(entry.name)
    }
  }
  const [{ media }] = await getDb().select({ media: count() }).from(mediaFiles)
  const [{ editions }] = await getDb().select({ editions: count() }).from(newspaperEditions)
  return { objects, temporary, diskTemp, media, editions }
}

const NOTHING = { objects: [], temporary: [], diskTemp: [], media: 0, editions: 0 }

let png: Buffer
let gifPolyglot: Buffer
const html = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
)
const svg = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
)
const pdf = buildEditionPdf('Hostile uploads', 'Test', ['A headline'])

const s3Dir = fs.mkdtempSync(path.join(getEnv().dataDir, 's3rver-'))
let s3: S3rver | undefined

const drivers: { name: string; make: () => Promise<StorageDriver> }[] = [
  { name: 'disk', make: async () => createDiskStorage(storageRoot()) },
  {
    name: 's3',
    make: async () => {
      s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: s3Dir,
        configureBuckets: [{ name: 'broadsheet' }],
      })
      const { port } = await s3.run()
      return createS3Storage({
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        bucket: 'broadsheet',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      })
    },
  },
]

beforeAll(async () => {
  cookie = (await signedInCallers()).admin.cookie
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .png()
    .toBuffer()
  // A GIF whose first bytes also read as JavaScript: "GIF89a/*…*/=alert(1);". Its logical
  // screen width is the two bytes "/*".
  const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .gif()
    .toBuffer()
  gifPolyglot = Buffer.concat([
    gif.subarray(0, 6),
    Buffer.from('/*'),
    gif.subarray(8),
    Buffer.from('*/=alert(1);'),
  ])
  uploadServer = startUploadServer()
  uploadServer.server.listen(0, '127.0.0.1')
  await new Promise((resolve) => uploadServer.server.once('listening', resolve))
  base = `http://127.0.0.1:${(uploadServer.server.address() as AddressInfo).port}`
})

afterAll(async () => {
  uploadServer?.server.close()
  setStorage(undefined)
  await s3?.close()
})

describe.each(drivers)('hostile uploads, storage driver: $name', ({ make }) => {
  let storage: StorageDriver
  beforeAll(async () => {
    storage = await make()
    setStorage(storage)
  })
  afterAll(async () => {
    // An edition's pages are read after its upload is answered: that work ends first.
    await editionsSettled()
    for (const bucket of BUCKETS) {
      for (const file of await storage.list(bucket, { includeVariants: true })) {
        await storage.remove(bucket, file.name)
      }
    }
    await getDb().delete(newspaperEditions)
    await getDb().delete(mediaFiles)
  })

  it.each([
    [
      'HTML renamed .png',
      '/admin/api/media?kind=image',
      { name: 'photo.png', body: html, type: 'image/png' },
      415,
      'Invalid file type',
    ],
    [
      'SVG with a script',
      '/admin/api/media?kind=image',
      { name: 'logo.svg', body: svg, type: 'image/svg+xml' },
      415,
      'Invalid file type',
    ],
    [
      'SVG with a script, named .png',
      '/admin/api/media?kind=image',
      { name: 'logo.png', body: svg, type: 'image/png' },
      415,
      'Invalid file type',
    ],
    [
      'HTML sent as a PDF edition',
      '/admin/api/editions?title=Edition&editionDate=2026-11-20',
      { name: 'edition.pdf', body: html, type: 'application/pdf' },
      415,
      'Invalid file type',
    ],
    [
      'HTML sent to the PDF library',
      '/admin/api/media?kind=pdf',
      { name: 'edition.pdf', body: html, type: 'application/pdf' },
      415,
      'Invalid file type',
    ],
    [
      'a PDF header before HTML, as an edition',
      '/admin/api/editions?title=Edition&editionDate=2026-11-20',
      { name: 'e.pdf', body: Buffer.concat([Buffer.from('%PDF-1.7\n'), html]) },
      422,
      'Upload failed',
    ],
    [
      'a font that is HTML',
      '/admin/api/media?kind=font',
      { name: 'logo.woff2', body: html },
      415,
      'Invalid file type',
    ],
  ] as const)('%s: refused, nothing stored', async (_name, url, part, status, title) => {
    const answer = await send(url, part)
    expect(answer).not.toBe('cut')
    if (answer === 'cut') return
    expect(answer.status).toBe(status)
    expect(answer.json.ok).toBe(false)
    expect(answer.json.toast?.title).toBe(title)
    expect(answer.json.toast?.description).toBeTruthy()
    expect(await leftovers(storage)).toEqual(NOTHING)
  })

  it('an image over 15 MB: 413 before reading when announced, and when only learnt by reading', async () => {
    const big = Buffer.concat([png, Buffer.alloc(16 * 1024 * 1024)])
    for (const chunked of [false, true]) {
      const answer = await send(
        '/admin/api/media?kind=image',
        { name: 'big.png', body: big },
        { chunked },
      )
      expect(answer).not.toBe('cut')
      if (answer === 'cut') return
      expect(answer.status).toBe(413)
      expect(answer.json.toast?.description).toMatch(/15 MB/)
      expect(await leftovers(storage)).toEqual(NOTHING)
    }
  })

  it('an upload cut mid-body: no crash, nothing left, and the next upload works', async () => {
    const body = Buffer.concat([pdf, Buffer.alloc(4 * 1024 * 1024, 0x20)])
    for (const [url, cutAfter] of [
      ['/admin/api/editions?title=Cut&editionDate=2026-11-21', 1024 * 1024],
      ['/admin/api/media?kind=image', 300],
      ['/admin/api/media?kind=pdf', 2 * 1024 * 1024],
    ] as const) {
      uploadServer.statuses.length = 0
      expect(await send(url, { name: 'cut.pdf', body }, { cutAfter })).toBe('cut')
      await Promise.all(uploadServer.inFlight)
      // The action's answer (nobody is left to read it) is a client error, not a 5xx.
      expect(uploadServer.statuses).toEqual([400])
      expect(await leftovers(storage)).toEqual(NOTHING)
    }
    expect(uploadServer.finished).toEqual([])
    const good = await send('/admin/api/editions?title=Whole&editionDate=2026-11-21', {
      name: 'e.pdf',
      body: pdf,
    })
    expect(good).not.toBe('cut')
    if (good !== 'cut') expect(good.status).toBe(201)
  })

  it('the GIF/JS polyglot is a real GIF: stored as .gif, served as image/gif with nosniff', async () => {
    // Browsers refuse to run a script served with an image type, nosniff or not; nosniff also
    // stops any guessing of HTML from its bytes.
    const answer = await send('/admin/api/media?kind=image', { name: 'x.js', body: gifPolyglot })
    expect(answer).not.toBe('cut')
    if (answer === 'cut') return
    expect(answer.status).toBe(201)
    const { item } = answer.json as unknown as { item: { url: string; name: string } }
    expect(item.name).toMatch(/^\d+-\d+\.gif$/)
    const served = await serve(item.url)
    expect(served.headers.get('content-type')).toBe('image/gif')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('stored files are served with nosniff and their own type', async () => {
    const image = await send('/admin/api/media?kind=image', {
      name: 'page.html',
      body: png,
      type: 'text/html',
    })
    const edition = await send('/admin/api/editions?title=Served&editionDate=2026-11-22', {
      name: 'x.html',
      body: pdf,
      type: 'text/html',
    })
    for (const [answer, type] of [
      [image, 'image/png'],
      [edition, 'application/pdf'],
    ] as const) {
      expect(answer).not.toBe('cut')
      if (answer === 'cut') return
      expect(answer.status).toBe(201)
      const json = answer.json as unknown as {
        item?: { url: string }
        edition?: { pdfUrl: string }
      }
      const url = json.item?.url ?? json.edition!.pdfUrl
      // The uploaded name never chooses the stored name's extension, hence the type.
      expect(url).not.toMatch(/\.html$/)
      const served = await serve(url)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')?.split(';')[0]).toBe(type)
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    }
  })
})

/** GET through the production Express app's media routes (built for the driver in use). */
async function serve(url: string) {
  const app = createApp({
    mode: 'production',
    getBuild: () => {
      throw new Error('no React Router build in this test')
    },
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${url}`)
    await response.arrayBuffer()
    return response
  } finally {
    server.close()
  }
}
