import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { eq, like } from 'drizzle-orm'
import yazl from 'yazl'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import {
  articleRevisions,
  articles,
  articleTags,
  categories,
  profiles,
  redirects,
  tags,
} from '@db/schema/index'
import { importSiteExport } from '~/domain/export/content-import.server'
import { getDb } from '~/infra/db.server'
import { getStorage } from '~/infra/storage.server'

/*
 * content.json is parsed as it is unpacked and its articles inserted a page at a time as they
 * arrive (docs/export-format.md): these zips are made by hand, to check what the export never
 * writes: a file broken or wrong after some pages were inserted, the lists out of order, and
 * an archive of a few thousand articles.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-import-'))
let zips = 0
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

beforeEach(async () => {
  const db = getDb()
  await db.delete(articles)
  await db.delete(categories)
  await db.delete(tags)
  await db.delete(redirects)
  await db.delete(profiles).where(like(profiles.id, 'streamed-%'))
  for (const file of await getStorage().list('media', { includeVariants: true }))
    await getStorage().remove('media', file.name)
})

const AT = '2025-01-01T00:00:00.000Z'

function article(id: number, fields: Record<string, unknown> = {}) {
  return {
    id,
    title: `Article ${id}`,
    slug: `article-${id}`,
    excerpt: `The ${id}th article.`,
    content: `<p>Body of article ${id}.</p>`,
    featuredImage: null,
    status: 'published',
    isFeatured: false,
    hasVideo: false,
    videoUrl: null,
    publishedAt: AT,
    categoryId: 1,
    authorId: 'streamed-author',
    createdAt: AT,
    updatedAt: AT,
    revisedAt: null,
    breakingUntil: null,
    wordCount: 5,
    tagIds: [1],
    corrections: [],
    revisions: [
      {
        title: `Article ${id}`,
        excerpt: '',
        content: `<p>Body of article ${id}.</p>`,
        status: 'published',
        categoryId: 1,
        tagNames: ['Streams'],
        featuredImage: null,
        createdBy: 'streamed-author',
        createdAt: AT,
      },
    ],
    live: null,
    ...fields,
  }
}

/**
 * content.json as the export writes it (its keys in `order`), with `count` articles and then
 * `after`, written into the articles' list as it is (broken JSON, a bad article).
 */
function contentJson({
  count,
  after = '',
  order = ['format', 'version', 'exportedAt', 'site', 'authors', 'categories', 'tags', 'articles'],
  version = 1,
}: {
  count: number
  after?: string
  order?: string[]
  version?: number
}) {
  const values: Record<string, string> = {
    format: JSON.stringify('broadsheet-content'),
    version: String(version),
    exportedAt: JSON.stringify(AT),
    site: JSON.stringify({ url: 'https://news.example', name: 'The Streamed' }),
    authors: JSON.stringify([
      {
        id: 'streamed-author',
        username: 'streamed',
        name: 'Sam Streamed',
        displayName: null,
        email: 'streamed@news.example',
        bio: null,
        jobTitle: null,
        socialLinks: null,
        image: null,
        role: 'author',
      },
    ]),
    categories: JSON.stringify([
      {
        id: 1,
        name: 'Streams',
        slug: 'streams',
        description: null,
        position: 0,
        showInNavigation: true,
        showOnHome: true,
        createdAt: AT,
      },
    ]),
    tags: JSON.stringify([{ id: 1, name: 'Streams', slug: 'streams', createdAt: AT }]),
    articles: `[${Array.from({ length: count }, (_, i) => JSON.stringify(article(i + 1))).join(',')}${after}]`,
    pages: '[]',
    editions: '[]',
    media: '[]',
  }
  const keys = [...order, ...Object.keys(values).filter((key) => !order.includes(key))]
  return `{${keys.map((key) => `${JSON.stringify(key)}:${values[key]}`).join(',')}}`
}

async function zipOf(entries: Record<string, string | Buffer>) {
  const zip = new yazl.ZipFile()
  for (const [name, body] of Object.entries(entries))
    zip.addBuffer(typeof body === 'string' ? Buffer.from(body) : body, name)
  zip.end()
  const file = path.join(dir, `${++zips}.zip`)
  await pipeline(zip.outputStream, fs.createWriteStream(file))
  return file
}

async function nothingWritten() {
  const db = getDb()
  expect(await db.$count(articles)).toBe(0)
  expect(await db.$count(articleRevisions)).toBe(0)
  expect(await db.$count(categories)).toBe(0)
  expect(await db.$count(tags)).toBe(0)
  expect(await db.$count(profiles, like(profiles.id, 'streamed-%'))).toBe(0)
}

describe('a Broadsheet export whose content.json is streamed', () => {
  it('imports a few thousand articles, and a dry run counts them without writing', async () => {
    const zip = await zipOf({
      'content.json': contentJson({ count: 3001 }),
      'redirects.csv': 'from,to,status,source,hits,last_hit\n/old,/about,301,manual,0,\n',
    })
    const dry = await importSiteExport(getDb(), getStorage(), zip, { dryRun: true })
    expect(dry).toEqual({
      authors: 1,
      categories: 1,
      tags: 1,
      articles: 3001,
      pages: 0,
      editions: 0,
      files: 0,
      redirects: 1,
      subscribers: 0,
    })
    await nothingWritten()

    const result = await importSiteExport(getDb(), getStorage(), zip)
    expect(result).toEqual(dry)
    const db = getDb()
    expect(await db.$count(articles)).toBe(3001)
    expect(await db.$count(articleTags)).toBe(3001)
    expect(await db.$count(articleRevisions)).toBe(3001)
    const [last] = await db
      .select({ title: articles.title, authorId: articles.authorId })
      .from(articles)
      .where(eq(articles.slug, 'article-3001'))
    expect(last).toEqual({ title: 'Article 3001', authorId: 'streamed-author' })
    // The sequence continues after the ids the file brought.
    const [next] = await db
      .insert(tags)
      .values({ name: 'After', slug: 'after' })
      .returning({ id: tags.id })
    expect(next.id).toBe(2)
  }, 120_000)

  it('invalid JSON after some pages of articles: BAD_FILE, and nothing is written', async () => {
    // 450 articles (two pages inserted), then an article with a trailing comma.
    const zip = await zipOf({ 'content.json': contentJson({ count: 450, after: ',{"id":451,}' }) })
    await expect(importSiteExport(getDb(), getStorage(), zip)).rejects.toMatchObject({
      code: 'BAD_FILE',
      message: 'The zip’s content.json is not valid JSON.',
    })
    await nothingWritten()
    await expect(
      importSiteExport(getDb(), getStorage(), zip, { dryRun: true }),
    ).rejects.toMatchObject({ code: 'BAD_FILE' })
  }, 60_000)

  it('a file cut short after some pages of articles: BAD_FILE, and nothing is written', async () => {
    const whole = contentJson({ count: 450 })
    const zip = await zipOf({ 'content.json': whole.slice(0, whole.length - 40) })
    await expect(importSiteExport(getDb(), getStorage(), zip)).rejects.toMatchObject({
      code: 'BAD_FILE',
    })
    await nothingWritten()
  }, 60_000)

  it('a bad article after some pages of articles rolls the whole import back', async () => {
    const bad = JSON.stringify(article(451, { status: 'no-such-status' }))
    const zip = await zipOf({ 'content.json': contentJson({ count: 450, after: `,${bad}` }) })
    await expect(importSiteExport(getDb(), getStorage(), zip)).rejects.toThrow()
    await nothingWritten()
  }, 60_000)

  it('refuses articles before the authors, categories or tags they refer to', async () => {
    for (const order of [
      ['format', 'version', 'articles', 'authors', 'categories', 'tags'],
      ['format', 'version', 'authors', 'categories', 'articles', 'tags'],
    ]) {
      // More than a page: refused before the first one is inserted, not by its foreign keys.
      const zip = await zipOf({ 'content.json': contentJson({ count: 250, order }) })
      for (const dryRun of [true, false])
        await expect(
          importSiteExport(getDb(), getStorage(), zip, { dryRun }),
          order.join(),
        ).rejects.toMatchObject({
          code: 'BAD_FILE',
          message: expect.stringContaining('authors, categories and tags before its articles'),
        })
      await nothingWritten()
    }
  })

  it('refuses a file that does not begin with its format and version, or is newer', async () => {
    const late = await zipOf({
      'content.json': contentJson({ count: 3, order: ['site', 'format', 'version'] }),
    })
    await expect(importSiteExport(getDb(), getStorage(), late)).rejects.toMatchObject({
      code: 'BAD_FILE',
      message: expect.stringContaining('must begin with its format and version'),
    })
    const newer = await zipOf({ 'content.json': contentJson({ count: 3, version: 2 }) })
    await expect(importSiteExport(getDb(), getStorage(), newer)).rejects.toMatchObject({
      code: 'BAD_FILE',
      message: 'Not a Broadsheet content file of version ≤ 1.',
    })
    const other = await zipOf({ 'content.json': '{"db":[{"data":{"posts":[]}}]}' })
    await expect(importSiteExport(getDb(), getStorage(), other)).rejects.toMatchObject({
      code: 'BAD_FILE',
      message: 'Not a Broadsheet content file of version ≤ 1.',
    })
    await nothingWritten()
  })

  it('refuses a zip without content.json, or with a bad CSV, before anything is written', async () => {
    const empty = await zipOf({ 'redirects.csv': 'from,to\n' })
    await expect(importSiteExport(getDb(), getStorage(), empty)).rejects.toMatchObject({
      code: 'BAD_FILE',
      message: 'The zip holds no content.json.',
    })
    const badCsv = await zipOf({
      'content.json': contentJson({ count: 3 }),
      'redirects.csv': 'from,to\n"/never closed,/about\n',
      'media/media/photo.jpg': Buffer.from('not really a photo'),
    })
    await expect(importSiteExport(getDb(), getStorage(), badCsv)).rejects.toMatchObject({
      code: 'BAD_FILE',
      message: expect.stringMatching(/^The zip’s redirects\.csv is not valid CSV at line \d+\.$/),
    })
    await nothingWritten()
    expect(await getStorage().list('media')).toEqual([])
    const notZip = path.join(dir, 'not-a.zip')
    fs.writeFileSync(notZip, contentJson({ count: 1 }))
    await expect(importSiteExport(getDb(), getStorage(), notZip)).rejects.toMatchObject({
      code: 'BAD_FILE',
      message: 'This is not a zip file.',
    })
  })
})
