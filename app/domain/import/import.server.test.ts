import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import yazl from 'yazl'
import {
  articles,
  articleTags,
  categories,
  importMap,
  mediaFiles,
  profiles,
  redirects,
  staticPages,
  tags,
} from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { createTestUser } from '../../../tests/setup/auth-fixtures'
import { insertArticle } from '../../../tests/setup/content-fixtures'
import { analyseImport } from './import-analysis.server'
import type { ImportInput } from './import-job-data'
import { runImport } from './import-run.server'

// The two real exports of the issue (never edited): WordPress's theme unit test data and a
// Ghost 4.1 export from Ghost's own importer tests. One database for the file: each test
// builds on what the previous imported, as a newsroom's cut-over would.

// ../shared beside the project's root, as the project is checked out to run its tests.
const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures')
const WXR = path.join(FIXTURES, 'wordpress/themeunittestdata.wordpress.xml')
const GHOST = path.join(FIXTURES, 'ghost/v4_export.json')
const NOW = new Date('2026-06-01T12:00:00Z')

const wordpress = (imagesPath: string | null = null): ImportInput => ({
  source: 'wordpress',
  filePath: process.env.IMPORT_WXR ?? WXR,
  imagesPath,
  options: { pagesAs: 'articles' },
})

async function admin() {
  const user = await createTestUser({ role: 'admin' })
  return { id: user.id, role: 'admin' as const }
}

async function rows(table: typeof articles | typeof categories | typeof tags | typeof redirects) {
  const [{ n }] = await getDb().select({ n: count() }).from(table)
  return n
}

async function imageZip(entries: Record<string, Buffer>) {
  const zip = new yazl.ZipFile()
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(data, name)
  zip.end()
  const file = path.join(await fsp.mkdtemp(path.join(os.tmpdir(), 'import-zip-')), 'images.zip')
  const out = createWriteStream(file)
  zip.outputStream.pipe(out)
  await once(out, 'close')
  return file
}

describe('WordPress import (theme unit test data)', () => {
  it('analyses without writing: counts by type and status, skipped items, terms, authors, shortcodes, images', async () => {
    await insertArticle({ title: 'Image alignment, ours', slug: 'markup-image-alignment' })
    const before = await rows(articles)
    const analysis = await analyseImport(wordpress(), NOW)
    expect(await rows(articles)).toBe(before)
    expect(analysis.site.key).toBe('https://wpthemetestdata.wordpress.com')
    expect(analysis.byTypeAndStatus).toEqual({
      'post/publish': 56,
      'post/future': 1,
      'post/draft': 1,
      'page/publish': 21,
      'attachment/inherit': 37,
      'nav_menu_item/publish': 70,
    })
    expect(analysis.total).toBe(186)
    expect(analysis.toImport).toBe(79)
    expect(analysis.skipped).toEqual({ attachment: 37, nav_menu_item: 70 })
    expect(analysis.scheduled).toBe(1)
    expect(analysis.restricted.map((r) => r.slug)).toEqual(['template-password-protected'])
    // No membership plugin's marker in it: nothing behind a wall (the password is not one).
    expect(analysis.access).toEqual({ registered: 0, members: 0, freeForNow: 0, plans: [] })
    expect(analysis.categories).toHaveLength(68)
    expect(analysis.categories).toContainEqual({
      name: 'Grandchild Category',
      slug: 'grandchild-category',
      parent: 'Child Category 03',
    })
    expect(analysis.tags).toHaveLength(110)
    expect(analysis.authors.map((a) => a.name).sort()).toEqual(['Theme Buster', 'Theme Reviewer'])
    expect(analysis.slugClashes).toEqual([
      { title: 'Markup: Image Alignment', slug: 'markup-image-alignment' },
    ])
    expect(analysis.images.found).toBe(0)
    expect(analysis.images.missing).toBeGreaterThan(30)
  }, 120_000)

  it('imports posts and pages as articles with their statuses, categories, tags, authors and old links', async () => {
    const actor = await admin()
    const progress: number[] = []
    const report = await runImport(
      wordpress(),
      actor,
      { onProgress: (done) => void progress.push(done) },
      NOW,
    )
    expect(report.counts).toEqual({ created: 79, updated: 0, unchanged: 0, skipped: 107 })
    expect(progress.at(-1)).toBe(186)
    const db = getDb()
    const imported = await db.select().from(articles)
    expect(imported).toHaveLength(80)
    const bySlug = new Map(imported.map((a) => [a.slug, a]))

    // Statuses: future → published with its future date (scheduled), draft, password → hidden.
    expect(bySlug.get('scheduled')).toMatchObject({
      status: 'published',
      publishedAt: new Date('2030-01-01T19:00:18Z'),
    })
    expect(imported.filter((a) => a.status === 'draft')).toHaveLength(1)
    expect(bySlug.get('template-password-protected')?.status).toBe('hidden')
    // The existing article kept its address: the imported one took the next.
    expect(bySlug.get('markup-image-alignment')?.title).toBe('Image alignment, ours')
    expect(bySlug.get('markup-image-alignment-2')?.title).toBe('Markup: Image Alignment')

    // [caption] → figure with its caption; the featured image is the attachment's address.
    const caption = bySlug.get('post-format-image-caption')!
    expect(caption.content).toContain('<figure><img')
    expect(caption.content).toContain('<figcaption>Bell on wharf in San Francisco</figcaption>')
    expect(caption.featuredImage).toMatch(/^https:\/\/wpthemetestdata\.files\.wordpress\.com\//)
    // core/table and core/gallery blocks (issue 40) are our table and gallery blocks: the
    // figcaption is the table's caption; each picture keeps its own caption.
    const tables = bySlug.get('text-category-blocks')!.content
    expect(tables).toContain(
      '<table><caption>Table caption</caption><tbody><tr><td>table cell</td>',
    )
    expect(tables).toContain('<thead><tr><th>header label one</th>')
    const galleries = bySlug.get('media-category-blocks')!.content
    expect(galleries.match(/<figure data-gallery="">/g)).toHaveLength(1)
    expect(galleries).toMatch(
      /<figure><a href="https:\/\/wpthemetestdata[^"]+100_5540\.jpg" target="_blank" rel="noopener noreferrer nofollow"><img src="[^"]+100_5540\.jpg" alt="Golden Gate Bridge" loading="lazy" \/><\/a><figcaption>Golden Gate Bridge<\/figcaption><\/figure>/,
    )
    // So is the [gallery] shortcode.
    expect(bySlug.get('block-gallery')?.content ?? '').not.toContain('[gallery')
    // No shortcode, block comment or class survives the sanitiser.
    for (const a of imported) {
      expect(a.content).not.toMatch(/\[caption|<!-- wp:|class="wp-/)
    }
    // The long title, whole.
    expect(bySlug.get('title-should-not-overflow-the-content-area')?.title).toBe(
      'Taumatawhakatangihangakoauauotamateaturipukakapikimaungahoronukupokaiwhenuakitanatahu',
    )
    // A YouTube address on its own line is the article's video and a link in its body.
    expect(bySlug.get('post-format-video-youtube')).toMatchObject({
      hasVideo: true,
      videoUrl: 'https://www.youtube.com/watch?v=SQEQr7c0-dw',
    })

    // Hierarchical categories: each its own, the parent's name in the description.
    const [grandchild] = await db
      .select()
      .from(categories)
      .where(eq(categories.slug, 'grandchild-category'))
    expect(grandchild.description).toBe(
      'This is a description for the Grandchild Category. Under Child Category 03.',
    )
    expect(grandchild.showInNavigation).toBe(false)
    expect(await rows(categories)).toBeGreaterThanOrEqual(68)
    const [tagged] = await db
      .select({ n: count() })
      .from(articleTags)
      .where(eq(articleTags.articleId, bySlug.get('template-comments')!.id))
    expect(tagged.n).toBe(2)

    // Authors: staff profiles without a password, to be invited.
    const [buster] = await db
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'themeshaperwp+demos@gmail.com'))
    expect(buster).toMatchObject({
      displayName: 'Theme Buster',
      role: 'author',
      emailVerified: false,
    })
    expect(bySlug.get('template-comments')?.authorId).toBe(buster.id)

    // Every old address answers 301 with the new one.
    const [moved] = await db
      .select()
      .from(redirects)
      .where(eq(redirects.fromPath, '/2012/01/03/template-comments'))
    expect(moved).toMatchObject({
      toPath: '/article/template-comments',
      statusCode: 301,
      source: 'import',
    })
    // Published items only (77): a draft's or a scheduled post's address was never public.
    expect(await rows(redirects)).toBe(77)

    // The report links each item.
    const item = report.items.find((i) => i.sourceId === '1148')
    expect(item).toMatchObject({ outcome: 'created', path: '/article/template-comments' })
    expect(report.unknownShortcodes).toBeTypeOf('object')
    expect(report.remoteImages.length).toBeGreaterThan(30)
  }, 300_000)

  it('imports the same export again without changing or doubling anything', async () => {
    const actor = await admin()
    const counts = [
      await rows(articles),
      await rows(categories),
      await rows(tags),
      await rows(redirects),
    ]
    const stamps = await getDb()
      .select({ id: articles.id, updatedAt: articles.updatedAt })
      .from(articles)
    const report = await runImport(wordpress(), actor, {}, NOW)
    expect(report.counts).toEqual({ created: 0, updated: 0, unchanged: 79, skipped: 107 })
    expect([
      await rows(articles),
      await rows(categories),
      await rows(tags),
      await rows(redirects),
    ]).toEqual(counts)
    expect(
      await getDb().select({ id: articles.id, updatedAt: articles.updatedAt }).from(articles),
    ).toEqual(stamps)
    const [{ n }] = await getDb()
      .select({ n: count() })
      .from(profiles)
      .where(eq(profiles.role, 'author'))
    expect(n).toBe(2)
  }, 300_000)

  it('updates what changed in a newer export and puts images from the zip in the media library', async () => {
    const actor = await admin()
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer()
    const zip = await imageZip({ 'wp-content/uploads/2008/06/100_5478.jpg': png })
    const analysis = await analyseImport(wordpress(zip), NOW)
    expect(analysis.images.found).toBe(1)
    expect(analysis.alreadyImported).toBe(79)
    const report = await runImport(wordpress(zip), actor, {}, NOW)
    const [image] = await getDb()
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.originalName, '100_5478.jpg'))
    // Only the items showing the image that now comes from the zip changed.
    expect(report.counts.created).toBe(0)
    expect(report.counts.updated + report.counts.unchanged).toBe(79)
    const updated = report.items.filter((i) => i.outcome === 'updated')
    expect(updated.length).toBeGreaterThan(0)
    for (const item of updated) {
      const [row] = await getDb()
        .select()
        .from(articles)
        .where(eq(articles.slug, item.path!.slice('/article/'.length)))
      expect(`${row.content} ${row.featuredImage}`).toContain(image.name)
    }
    const [caption] = await getDb()
      .select()
      .from(articles)
      .where(eq(articles.slug, 'post-format-image-caption'))
    const [stored] = await getDb()
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.originalName, '100_5478.jpg'))
    expect(stored).toMatchObject({ kind: 'image', width: 40, height: 30 })
    expect(caption.content).toContain(stored.name)
    expect(caption.content).not.toContain('files.wordpress.com/2008/06/100_5478.jpg')
    const [mapped] = await getDb()
      .select()
      .from(importMap)
      .where(
        and(eq(importMap.sourceType, 'attachment'), eq(importMap.sourceId, '2008/06/100_5478.jpg')),
      )
    expect(mapped.targetId).toContain(stored.name)
  }, 300_000)
})

describe('Ghost import (v4 export)', () => {
  const ghost: ImportInput = {
    source: 'ghost',
    filePath: GHOST,
    imagesPath: null,
    options: { pagesAs: 'static', siteUrl: 'https://ghost.example' },
  }

  it('reads posts, pages, the paid post, tags and users', async () => {
    const analysis = await analyseImport(ghost, NOW)
    expect(analysis.byTypeAndStatus).toEqual({ 'post/published': 7, 'page/published': 4 })
    expect(analysis.toImport).toBe(11)
    // The paid post is no longer hidden: it comes in as a members story (issue 38), and the
    // dry run says so.
    expect(analysis.restricted).toEqual([])
    expect(analysis.access).toEqual({ registered: 0, members: 1, freeForNow: 0, plans: [] })
    expect(analysis.tags).toEqual([{ name: 'Getting Started', slug: 'getting-started' }])
    expect(analysis.authors.map((a) => a.name).sort()).toEqual(['Fixture Ghosty', 'Ghost'])
  })

  it('imports pages over our static pages, the rest as articles; the paid post for members', async () => {
    const actor = await admin()
    const report = await runImport(ghost, actor, {}, NOW)
    expect(report.counts).toEqual({ created: 11, updated: 0, unchanged: 0, skipped: 0 })
    expect(report.access).toEqual({ registered: 0, members: 1, freeForNow: 0, plans: [] })
    const pages = await getDb().select().from(staticPages)
    expect(pages.map((p) => p.slug).sort()).toEqual(['about', 'contact', 'privacy'])
    expect(pages.find((p) => p.slug === 'about')?.title).toBe('About this site')
    const db = getDb()
    const [contribute] = await db.select().from(articles).where(eq(articles.slug, 'contribute'))
    expect(contribute.status).toBe('published')
    const [sell] = await db.select().from(articles).where(eq(articles.slug, 'sell'))
    // Ghost's visibility "paid": published, for paying members of any plan.
    expect(sell).toMatchObject({ status: 'published', access: 'members', accessPlanIds: [] })
    expect(sell.publishedAt).toEqual(new Date('2021-03-24T04:34:11.000Z'))
    expect(report.items.find((i) => i.title.startsWith('Selling premium'))?.note).toBe(
      'for paying members',
    )
    expect(contribute.access).toBe('everyone')
    // Ghost's gallery cards are our galleries (issue 40).
    const [write] = await db.select().from(articles).where(eq(articles.slug, 'write'))
    expect(write.content.match(/<figure data-gallery="">/g)).toHaveLength(2)
    expect(write.content).not.toContain('kg-gallery')
    const [welcome] = await db.select().from(articles).where(eq(articles.slug, 'welcome'))
    expect(welcome.content).not.toContain('__GHOST_URL__')
    expect(welcome.featuredImage).toBe(
      'https://static.ghost.org/v4.0.0/images/welcome-to-ghost.png',
    )
    const [section] = await db
      .select()
      .from(categories)
      .where(eq(categories.id, welcome.categoryId!))
    expect(section.slug).toBe('getting-started')
    const [old] = await db.select().from(redirects).where(eq(redirects.fromPath, '/welcome'))
    expect(old.toPath).toBe('/article/welcome')
    const [about] = await db.select().from(redirects).where(eq(redirects.fromPath, '/contribute'))
    expect(about.toPath).toBe('/article/contribute')

    const again = await runImport(ghost, actor, {}, NOW)
    expect(again.counts).toEqual({ created: 0, updated: 0, unchanged: 11, skipped: 0 })
  }, 120_000)
})
