import fsp from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import sharp from 'sharp'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { articles, importJobs, mediaFiles } from '@db/schema/index'
import { isPublicAddress } from '~/domain/import/fetch-image.server'
import { createImportJob, runImportJob } from '~/domain/import/import-jobs.server'
import { UPLOAD_LIMITS } from '~/domain/media/media-schema'
import { getDb } from '~/infra/db.server'
import { getEnv, resetEnvCache } from '~/infra/env.server'
import { createTestUser } from '../setup/auth-fixtures'
import { WXR_CLOSING, wxrOpening } from '../setup/wxr'

// Issue 36, "Moving in: the pictures come along": an import fetches the images its stories use
// from the old site (here a real server on 127.0.0.1, allowed by IMPORT_FETCH_ALLOW_PRIVATE),
// keeps them in the media library with their alt text and captions, and points the stories at
// the copies; an image that cannot be fetched is reported and keeps its old address.

let server: http.Server
let base = ''
let inFlight = 0
let mostInFlight = 0
const requested: string[] = []

async function png(width: number, colour: string) {
  return sharp({ create: { width, height: 20, channels: 3, background: colour } })
    .png()
    .toBuffer()
}

beforeAll(async () => {
  const pictures: Record<string, Buffer> = {
    '/wp-content/uploads/2020/01/harbour.png': await png(40, '#336699'),
    '/wp-content/uploads/2020/01/quay.png': await png(41, '#993366'),
    '/wp-content/uploads/2020/01/gull.png': await png(42, '#669933'),
    '/content/images/2021/03/pier.png': await png(43, '#999933'),
    '/content/images/2021/03/lamp.png': await png(44, '#339999'),
  }
  server = http.createServer((request, response) => {
    const url = request.url ?? '/'
    requested.push(url)
    inFlight++
    mostInFlight = Math.max(mostInFlight, inFlight)
    response.on('close', () => inFlight--)
    if (url === '/moved/quay.png') {
      response.writeHead(302, { Location: '/wp-content/uploads/2020/01/quay.png' })
      return response.end()
    }
    if (url === '/wp-content/uploads/2020/01/huge.png') {
      // No length declared: the fetch stops once the body passes the upload limit.
      response.writeHead(200, { 'Content-Type': 'image/png' })
      const chunk = Buffer.alloc(1024 * 1024)
      let sent = 0
      const more = () => {
        while (sent <= UPLOAD_LIMITS.image && !response.destroyed) {
          sent += chunk.length
          if (!response.write(chunk)) return response.once('drain', more)
        }
        response.end()
      }
      return more()
    }
    const body = pictures[url]
    if (!body) {
      response.writeHead(404)
      return response.end('not here')
    }
    response.writeHead(200, { 'Content-Type': 'application/octet-stream' })
    response.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(async () => {
  // One database for the file: each case counts only the library it made.
  await getDb().delete(mediaFiles)
})

afterEach(() => {
  delete process.env.IMPORT_FETCH_ALLOW_PRIVATE
  resetEnvCache()
})

function allowPrivate() {
  process.env.IMPORT_FETCH_ALLOW_PRIVATE = '1'
  resetEnvCache()
}

async function write(name: string, text: string) {
  const dir = await fsp.mkdtemp(path.join(getEnv().dataDir, 'fetch-'))
  const file = path.join(dir, name)
  await fsp.writeFile(file, text)
  return { path: file, fileName: name }
}

function wordpressExport() {
  const up = `${base}/wp-content/uploads/2020/01`
  return `${wxrOpening('Harbour Gazette', 'https://harbour.example')}
<item><title>Harbour</title><wp:post_id>100</wp:post_id><wp:post_name>harbour-png</wp:post_name>
<excerpt:encoded><![CDATA[The harbour at dawn.]]></excerpt:encoded>
<wp:status>inherit</wp:status><wp:post_type>attachment</wp:post_type>
<wp:attachment_url><![CDATA[${up}/harbour.png]]></wp:attachment_url>
<wp:postmeta><wp:meta_key>_wp_attachment_image_alt</wp:meta_key><wp:meta_value><![CDATA[Boats in the harbour]]></wp:meta_value></wp:postmeta>
</item>
<item><title>Tides</title><link>https://harbour.example/tides/</link>
<content:encoded><![CDATA[<p>Tides turned.</p>
[caption id="" align="alignnone" width="300"]<img src="${up}/gull.png" alt="A gull on a post" /> A gull &amp; its post[/caption]
<p><img src="${base}/moved/quay.png" alt="The quay"></p>
<p><img src="${up}/missing.png" alt="Gone"></p>
<p><img src="${up}/huge.png" alt="Too big"></p>]]></content:encoded>
<wp:post_id>1</wp:post_id><wp:post_date_gmt>2020-01-05 10:00:00</wp:post_date_gmt>
<wp:post_name>tides</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>
<wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>100</wp:meta_value></wp:postmeta>
</item>
<item><title>Gulls</title><link>https://harbour.example/gulls/</link>
<content:encoded><![CDATA[<p><img src="${up}/gull.png" alt=""></p>]]></content:encoded>
<wp:post_id>2</wp:post_id><wp:post_date_gmt>2020-01-06 10:00:00</wp:post_date_gmt>
<wp:post_name>gulls</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>
</item>
${WXR_CLOSING}`
}

async function media() {
  return getDb()
    .select({ url: mediaFiles.name, alt: mediaFiles.alt, caption: mediaFiles.caption })
    .from(mediaFiles)
}

async function bySlug(slugs: string[]) {
  const rows = await getDb()
    .select({ slug: articles.slug, content: articles.content, featured: articles.featuredImage })
    .from(articles)
    .where(inArray(articles.slug, slugs))
  return Object.fromEntries(rows.map((r) => [r.slug, r]))
}

describe('fetching an import’s images from the old site', () => {
  it('WordPress: stores them with alt text and captions, points the stories at the copies, and reports the failures', async () => {
    allowPrivate()
    const admin = await createTestUser({ role: 'admin' })
    const job = await createImportJob(
      await write('wp.xml', wordpressExport()),
      { pagesAs: 'articles', siteUrl: '', fetchImages: true },
      null,
    )
    const report = await runImportJob(job.id, { id: admin.id, role: 'admin' })

    const up = `${base}/wp-content/uploads/2020/01`
    expect(report.fetchedImages).toEqual({
      fetched: 3,
      failed: [
        { url: `${up}/huge.png`, reason: 'larger than the upload limit' },
        { url: `${up}/missing.png`, reason: 'HTTP 404' },
      ],
    })
    expect(report.remoteImages).toEqual([`${up}/huge.png`, `${up}/missing.png`])

    const stored = await media()
    expect(stored).toHaveLength(3)
    expect(stored.map((m) => [m.alt, m.caption]).sort()).toEqual([
      ['A gull on a post', 'A gull & its post'],
      ['Boats in the harbour', 'The harbour at dawn.'],
      ['The quay', ''],
    ])

    const { tides, gulls } = await bySlug(['tides', 'gulls'])
    expect(tides.featured).toMatch(/^\/media\/media\/[\w.-]+\.png$/)
    const srcs = [...tides.content.matchAll(/<img[^>]*src="([^"]+)"/g)].map((m) => m[1])
    expect(srcs.slice(0, 2)).toEqual([
      expect.stringMatching(/^\/media\/media\//),
      expect.stringMatching(/^\/media\/media\//),
    ])
    expect(srcs.slice(2)).toEqual([`${up}/missing.png`, `${up}/huge.png`])
    expect(tides.content).toContain('<figcaption>')
    // The same picture in two stories is fetched and stored once.
    expect(gulls.content).toContain(srcs[0])
    expect(requested.filter((u) => u.endsWith('/gull.png'))).toHaveLength(1)
    expect(mostInFlight).toBeLessThanOrEqual(2)

    const [row] = await getDb().select().from(importJobs).where(eq(importJobs.id, job.id))
    expect([row.imagesFetched, row.imagesFailed]).toEqual([3, 2])

    // Imported again: the copies are known, nothing is fetched twice, nothing changes.
    const before = requested.length
    const again = await runImportJob(job.id, { id: admin.id, role: 'admin' })
    expect(again.counts.unchanged).toBe(2)
    expect(requested.slice(before).sort()).toEqual([
      '/wp-content/uploads/2020/01/huge.png',
      '/wp-content/uploads/2020/01/missing.png',
    ])
    expect(await media()).toHaveLength(3)
  })

  it('Ghost: featured images with their alt text and caption, and images in bodies', async () => {
    allowPrivate()
    const admin = await createTestUser({ role: 'admin' })
    const post = {
      id: 'g1',
      title: 'Pier lights',
      slug: 'pier-lights',
      html: `<p>Evening.</p><figure class="kg-card kg-image-card kg-card-hascaption"><img src="__GHOST_URL__/content/images/2021/03/lamp.png" class="kg-image" alt="A lamp"><figcaption>Lit at <b>six</b></figcaption></figure>`,
      feature_image: '__GHOST_URL__/content/images/2021/03/pier.png',
      type: 'post',
      status: 'published',
      visibility: 'public',
      published_at: '2021-03-01T10:00:00.000Z',
    }
    const ghost = JSON.stringify({
      db: [
        {
          meta: { version: '5.80.0' },
          data: {
            posts: [post],
            posts_meta: [
              {
                post_id: 'g1',
                feature_image_alt: 'The pier at night',
                feature_image_caption: 'Photo: <a href="https://x.example">Ann</a>',
              },
            ],
            settings: [{ key: 'db_hash', value: 'fetch-ghost' }],
          },
        },
      ],
    })
    const job = await createImportJob(
      await write('ghost.json', ghost),
      { pagesAs: 'articles', siteUrl: base, fetchImages: true },
      null,
    )
    const report = await runImportJob(job.id, { id: admin.id, role: 'admin' })
    expect(report.fetchedImages).toEqual({ fetched: 2, failed: [] })
    expect((await media()).map((m) => [m.alt, m.caption]).sort()).toEqual([
      ['A lamp', 'Lit at six'],
      ['The pier at night', 'Photo: Ann'],
    ])
    const { 'pier-lights': article } = await bySlug(['pier-lights'])
    expect(article.featured).toMatch(/^\/media\/media\//)
    expect(article.content).toMatch(/<img[^>]*src="\/media\/media\/[\w.-]+\.png"/)
    expect(article.content).not.toContain(base)
  })

  it('refuses a private address unless IMPORT_FETCH_ALLOW_PRIVATE is set', async () => {
    const admin = await createTestUser({ role: 'admin' })
    const picture = `${base}/wp-content/uploads/2020/01/harbour.png`
    const before = requested.length
    const job = await createImportJob(
      await write(
        'private.xml',
        `${wxrOpening('Inner Gazette', 'https://inner.example')}
<item><title>Inside</title><link>https://inner.example/inside/</link>
<content:encoded><![CDATA[<p><img src="${picture}" alt="Harbour"></p><p><img src="http://localhost:${new URL(base).port}/wp-content/uploads/2020/01/quay.png"></p>]]></content:encoded>
<wp:post_id>1</wp:post_id><wp:post_date_gmt>2020-01-05 10:00:00</wp:post_date_gmt>
<wp:post_name>inside</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>
</item>${WXR_CLOSING}`,
      ),
      { pagesAs: 'articles', siteUrl: '', fetchImages: true },
      null,
    )
    const report = await runImportJob(job.id, { id: admin.id, role: 'admin' })
    expect(report.fetchedImages?.fetched).toBe(0)
    expect(report.fetchedImages?.failed.map((f) => f.reason)).toEqual([
      '127.0.0.1 is not a public address',
      expect.stringMatching(/^localhost resolves to a private address/),
    ])
    expect(requested.length).toBe(before)
    expect(await media()).toHaveLength(0)
    const { inside } = await bySlug(['inside'])
    expect(inside.content).toContain(picture)
  })

  it('tells public addresses from private, loopback, link-local and mapped ones', () => {
    for (const address of ['93.184.216.34', '2606:4700::1111', '::ffff:93.184.216.34'])
      expect(isPublicAddress(address)).toBe(true)
    for (const address of [
      '10.1.2.3',
      '127.0.0.1',
      '169.254.169.254',
      '172.20.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      'not-an-address',
    ])
      expect(isPublicAddress(address), address).toBe(false)
  })
})
