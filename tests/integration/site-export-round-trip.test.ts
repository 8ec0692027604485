import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { and, eq, inArray, lte } from 'drizzle-orm'
import { SaxesParser } from 'saxes'
import yauzl from 'yauzl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  articles,
  categories,
  mediaFiles,
  newsletterSubscribers,
  newspaperEditions,
  profiles,
  redirects,
  staticPages,
  tags,
} from '@db/schema/index'
import { importSiteExport } from '~/domain/export/content-import.server'
import { siteExportZip } from '~/domain/export/site-export.server'
import { addRedirect } from '~/domain/redirects/redirects.server'
import { seedDemoContent } from '~/domain/seed/seed.server'
import { announceChanged, EVERYTHING } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { clearMemoCaches } from '~/infra/memo-cache.server'
import { getStorage } from '~/infra/storage.server'
import { startTestServer } from '../setup/app-server'

/*
 * Export a site (the demo content), empty the database and the stores, import the export's
 * content.json and files, and compare every public article, section and tag page before and
 * after: the article as drawn (text, byline, dates, tags, section, images) must be the same.
 */

let server: Awaited<ReturnType<typeof startTestServer>>
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-export-'))
const zipPath = path.join(dir, 'export.zip')
let entries: Map<string, Buffer>
const CONSENTED_AT = new Date('2025-03-01T09:30:00Z')
const CONFIRMED_AT = new Date('2025-03-01T09:35:00Z')

beforeAll(async () => {
  server = await startTestServer()
  const seeded = await seedDemoContent()
  expect(seeded.seeded).toBe(true)
  await addRedirect(getDb(), { fromPath: '/old', toPath: '/about', statusCode: 301 })
  await getDb()
    .insert(newsletterSubscribers)
    .values([
      {
        email: 'kept@reader.example',
        confirmToken: 'confirm-kept',
        confirmedAt: CONFIRMED_AT,
        consentedAt: CONSENTED_AT,
      },
      { email: 'never-confirmed@reader.example', confirmToken: 'confirm-pending' },
    ])
  // Two drafts titled alike share a provisional address (neither has claimed it): the import
  // must bring both back without tripping the index of claimed addresses.
  await getDb()
    .insert(articles)
    .values(
      [1, 2].map((n) => ({
        title: 'Budget vote',
        slug: 'budget-vote',
        slugClaimed: false,
        excerpt: `Draft ${n}`,
        content: `<p>Draft ${n}</p>`,
        status: 'draft' as const,
      })),
    )
  await pipeline(await siteExportZip(getStorage()), fs.createWriteStream(zipPath))
  entries = await readZip(zipPath)
}, 300_000)
afterAll(async () => {
  await server.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

function readZip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const found = new Map<string, Buffer>()
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error)
      zip.on('end', () => resolve(found))
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError)
          const chunks: Buffer[] = []
          stream.on('data', (c: Buffer) => chunks.push(c))
          stream.on('end', () => {
            found.set(entry.fileName, Buffer.concat(chunks))
            zip.readEntry()
          })
        })
      })
      zip.readEntry()
    })
  })
}

async function publicArticleSlugs() {
  const rows = await getDb()
    .select({ slug: articles.slug })
    .from(articles)
    .where(and(eq(articles.status, 'published'), lte(articles.publishedAt, new Date())))
  return rows.map((r) => r.slug).sort()
}

/** What a reader sees of an article page: the <article> element as drawn. */
async function articleAsDrawn(slug: string) {
  const response = await server.fetch(`/article/${slug}`)
  expect(response.status, slug).toBe(200)
  const html = await response.text()
  // Greedy: a live article's entries are articles inside it, and they must come back too.
  const drawn = /<article[\s\S]*<\/article>/.exec(html)?.[0] ?? ''
  // The page drew the article: its heading and its text (a missing one would compare equal).
  expect(drawn, slug).toMatch(/<h1[\s\S]*<p/)
  return drawn
}

/** A section's or tag's list: the article addresses it links to, in order. */
async function listing(url: string) {
  const html = await (await server.fetch(url)).text()
  return [...html.matchAll(/href="(\/article\/[^"]+)"/g)].map((m) => m[1])
}

describe('the export zip', () => {
  it('holds content.json, wordpress.xml, the CSVs and every stored file', async () => {
    expect([...entries.keys()].slice(0, 4)).toEqual([
      'content.json',
      'wordpress.xml',
      'redirects.csv',
      'subscribers.csv',
    ])
    const content = JSON.parse(entries.get('content.json')!.toString('utf8'))
    expect(content).toMatchObject({ format: 'broadsheet-content', version: 1 })
    const counts = await getDb().$count(articles)
    expect(content.articles).toHaveLength(counts)
    expect(content.categories).toHaveLength(await getDb().$count(categories))
    expect(content.tags).toHaveLength(await getDb().$count(tags))
    expect(content.pages.map((p: { slug: string }) => p.slug).sort()).toEqual([
      'about',
      'contact',
      'privacy',
      'terms',
    ])
    expect(content.editions.length).toBeGreaterThan(0)
    const stored = await getStorage().list('media', { includeVariants: true })
    for (const file of stored) expect(entries.has(`media/media/${file.name}`), file.name).toBe(true)
    for (const edition of content.editions)
      expect(entries.has(`media/pdf_newspapers/${edition.fileName}`)).toBe(true)
    expect(entries.get('redirects.csv')!.toString()).toContain('/old,/about,301,manual')
    expect(entries.get('subscribers.csv')!.toString().split('\n')[0]).toBe(
      'email,status,source,consented_at,confirmed_at,paused_at,created_at',
    )
  })

  it('wordpress.xml is WXR 1.2 that parses: authors, terms, posts, pages, attachments, thumbnails', async () => {
    const parser = new SaxesParser({ xmlns: true })
    const seen: Record<string, number> = {}
    const types: string[] = []
    const thumbnails: string[] = []
    const attachmentIds = new Set<string>()
    let text = ''
    let version = ''
    let postType = ''
    let postId = ''
    let metaKey = ''
    parser.on('opentag', (tag) => {
      seen[tag.name] = (seen[tag.name] ?? 0) + 1
      text = ''
    })
    parser.on('text', (t) => (text += t))
    parser.on('cdata', (t) => (text += t))
    parser.on('closetag', (tag) => {
      if (tag.name === 'wp:wxr_version') version = text
      if (tag.name === 'wp:post_id') postId = text
      if (tag.name === 'wp:post_type') postType = text
      if (tag.name === 'wp:meta_key') metaKey = text
      if (tag.name === 'wp:meta_value' && metaKey === '_thumbnail_id') thumbnails.push(text)
      if (tag.name === 'item') {
        types.push(postType)
        if (postType === 'attachment') attachmentIds.add(postId)
      }
    })
    parser.write(entries.get('wordpress.xml')!.toString('utf8')).close()
    expect(version).toBe('1.2')
    expect(seen['wp:author'] ?? 0).toBe(await getDb().$count(profiles))
    expect(seen['wp:category']).toBe(await getDb().$count(categories))
    expect(seen['wp:tag']).toBe(await getDb().$count(tags))
    expect(types.filter((t) => t === 'post')).toHaveLength(await getDb().$count(articles))
    expect(types.filter((t) => t === 'page')).toHaveLength(4)
    expect(thumbnails.length).toBeGreaterThan(0)
    for (const id of thumbnails) expect(attachmentIds.has(id)).toBe(true)
  })
})

describe('round trip', () => {
  it('an empty site that imports the export shows every public page as before', async () => {
    const slugs = await publicArticleSlugs()
    expect(slugs.length).toBeGreaterThan(30)
    const sections = (await getDb().select({ slug: categories.slug }).from(categories)).map(
      (c) => `/category/${c.slug}`,
    )
    const tagPages = (await getDb().select({ slug: tags.slug }).from(tags)).map(
      (t) => `/tag/${t.slug}`,
    )
    const before = new Map<string, unknown>()
    for (const slug of slugs) before.set(slug, await articleAsDrawn(slug))
    for (const url of [...sections, ...tagPages]) before.set(url, await listing(url))

    // Empty: no content rows, no staff, no stored files.
    const db = getDb()
    const authorIds = (await db.selectDistinct({ id: articles.authorId }).from(articles))
      .map((r) => r.id)
      .filter((id): id is string => id !== null)
    for (const table of [
      articles,
      categories,
      tags,
      mediaFiles,
      newspaperEditions,
      redirects,
      newsletterSubscribers,
    ])
      await db.delete(table)
    await db.delete(staticPages)
    if (authorIds.length) await db.delete(profiles).where(inArray(profiles.id, authorIds))
    for (const bucket of ['media', 'pdf_newspapers'] as const)
      for (const file of await getStorage().list(bucket, { includeVariants: true }))
        await getStorage().remove(bucket, file.name)
    announceChanged([EVERYTHING])
    clearMemoCaches()
    expect(await publicArticleSlugs()).toEqual([])

    // A dry run answers what the zip holds and writes nothing.
    const dry = await importSiteExport(db, getStorage(), zipPath, { dryRun: true })
    expect(dry.redirects).toBe(1)
    expect(dry.articles).toBe(
      JSON.parse(entries.get('content.json')!.toString('utf8')).articles.length,
    )
    expect(dry.subscribers).toBe(1)
    expect(await db.$count(articles)).toBe(0)
    expect(await getStorage().list('media')).toEqual([])

    const result = await importSiteExport(db, getStorage(), zipPath)
    expect(result).toMatchObject({ articles: dry.articles, redirects: 1, subscribers: 1 })
    // The confirmed reader is back with the date their consent rests on; the one who never
    // confirmed is not.
    const readers = await db
      .select({
        email: newsletterSubscribers.email,
        consentedAt: newsletterSubscribers.consentedAt,
      })
      .from(newsletterSubscribers)
    expect(readers).toEqual([{ email: 'kept@reader.example', consentedAt: CONSENTED_AT }])
    announceChanged([EVERYTHING])
    clearMemoCaches()

    expect(await publicArticleSlugs()).toEqual(slugs)
    const drafts = await db
      .select({ slugClaimed: articles.slugClaimed })
      .from(articles)
      .where(eq(articles.slug, 'budget-vote'))
    expect(drafts).toEqual([{ slugClaimed: false }, { slugClaimed: false }])
    for (const slug of slugs) expect(await articleAsDrawn(slug), slug).toBe(before.get(slug))
    for (const url of [...sections, ...tagPages])
      expect(await listing(url), url).toEqual(before.get(url))
    // The images those pages show are there again.
    const image = /src="(\/media\/media\/[^"]+)"/.exec((before.get(slugs[0]) as string) ?? '')
    if (image) expect((await server.fetch(image[1])).status).toBe(200)
    // An import refuses a site that has content.
    await expect(importSiteExport(db, getStorage(), zipPath)).rejects.toMatchObject({
      code: 'NOT_EMPTY',
    })
  }, 300_000)
})
