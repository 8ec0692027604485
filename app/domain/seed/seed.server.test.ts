import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  articles,
  articleTags,
  categories,
  entitlements,
  memberEvents,
  newspaperEditions,
  newspaperPages,
  plans,
  profiles,
  siteSettings,
  socialLinks,
  staticPages,
  tags,
} from '@db/schema/index'
import {
  getDb,
  installDatabase,
  migrateDatabase,
  openPglite,
  type DatabaseHandle,
} from '~/infra/db.server'
import { createDiskStorage, getStorage, readAll, setStorage } from '~/infra/storage.server'
import { IMAGE_WIDTHS, variantName } from '~/lib/image-variants'
import { seedBenchmarkArticles, seedDemoContent } from './seed.server'
import { DEMO_STORY_MIN_WORDS } from './demo-bodies'

// A database and a storage folder of its own: the seed refuses to run on a site with content.
// Assertions read through getDb()/getStorage(), the same path the seed writes through.
let handle: DatabaseHandle
let storageDir: string

beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'broadsheet-seed-'))
  setStorage(createDiskStorage(storageDir))
  handle = await openPglite(undefined)
  await migrateDatabase(handle)
  installDatabase(handle)
})

afterAll(async () => {
  setStorage(undefined)
  await handle?.close()
  await fs.rm(storageDir, { recursive: true, force: true })
})

async function tableCounts() {
  const db = getDb()
  const countOf = async (
    table:
      | typeof articles
      | typeof categories
      | typeof tags
      | typeof articleTags
      | typeof socialLinks
      | typeof staticPages
      | typeof siteSettings,
  ) => (await db.select({ n: count() }).from(table))[0].n
  return {
    articles: await countOf(articles),
    categories: await countOf(categories),
    tags: await countOf(tags),
    articleTags: await countOf(articleTags),
    socialLinks: await countOf(socialLinks),
    staticPages: await countOf(staticPages),
    siteSettings: await countOf(siteSettings),
  }
}

describe('seedDemoContent', () => {
  // One case on purpose: each step depends on the seeded state of the one before.
  it('fills an empty site once, and leaves a seeded one alone', async () => {
    expect(await seedDemoContent()).toEqual({ seeded: true })
    const db = getDb()
    const storage = getStorage()
    const counts = await tableCounts()
    expect(counts.categories).toBeGreaterThanOrEqual(6)
    expect(counts.tags).toBeGreaterThanOrEqual(15)
    expect(counts.articles).toBeGreaterThanOrEqual(40)
    expect(counts.socialLinks).toBe(5)
    expect(counts.staticPages).toBe(4)
    expect(counts.siteSettings).toBe(1)

    const rows = await db.select().from(articles)
    expect(new Set(rows.map((a) => a.status))).toEqual(
      new Set(['draft', 'review', 'published', 'archived', 'hidden']),
    )
    expect(rows.filter((a) => a.hasVideo && a.videoUrl).length).toBeGreaterThanOrEqual(3)
    expect(rows.some((a) => a.isFeatured && a.status === 'published')).toBe(true)
    expect(new Set(rows.map((a) => a.slug)).size).toBe(rows.length)
    const now = Date.now()
    for (const a of rows) {
      if (a.status === 'published') expect(a.publishedAt!.getTime()).toBeLessThanOrEqual(now)
      else expect(a.publishedAt).toBeNull()
      // Written per story (demo-bodies.ts), as long as a short news story runs.
      expect(a.wordCount).toBeGreaterThanOrEqual(DEMO_STORY_MIN_WORDS)
      expect(a.wordCount).toBeLessThanOrEqual(1500)
    }
    const recent = rows.filter(
      (a) => a.publishedAt && now - a.publishedAt.getTime() < 2 * 86_400_000,
    )
    expect(recent.length).toBeGreaterThanOrEqual(3)

    const [breaking] = await db
      .select({ n: count() })
      .from(articles)
      .innerJoin(articleTags, eq(articleTags.articleId, articles.id))
      .innerJoin(tags, eq(tags.id, articleTags.tagId))
      .where(and(eq(tags.slug, 'breaking-news'), eq(articles.status, 'published')))
    expect(breaking.n).toBe(3)

    const images = [...new Set(rows.flatMap((a) => (a.featuredImage ? [a.featuredImage] : [])))]
    expect(images.length).toBeGreaterThanOrEqual(10)
    for (const url of images) {
      const name = url.split('/').pop()!
      expect(await storage.stat('media', name)).not.toBeNull()
      for (const width of IMAGE_WIDTHS) {
        expect(await storage.stat('media', variantName(name, width))).not.toBeNull()
      }
    }

    const stored = await storage.list('pdf_newspapers')
    const pdfs = stored.filter((f) => f.name.endsWith('.pdf'))
    expect(pdfs.map((f) => f.name)).toHaveLength(2)
    // Each PDF is an edition with a title, date, number, a cover and text on every page.
    const editions = await db
      .select()
      .from(newspaperEditions)
      .orderBy(newspaperEditions.editionDate)
    expect(editions.map((e) => e.fileName).sort()).toEqual(pdfs.map((f) => f.name).sort())
    for (const edition of editions) {
      expect(edition.fileName).toBe(`broadsheet-${edition.editionDate}.pdf`)
      expect(edition.slug).toBe(edition.editionDate)
      expect(edition.title).toMatch(/^The Broadsheet, [A-Z][a-z]+ \d{1,2}, \d{4}$/)
      expect(edition.number).toBeGreaterThan(1000)
      expect(edition.pageCount).toBe(3)
      // Read before seeding ends: the demo's editions are public at once.
      expect(edition.status).toBe('ready')
      expect(new Date(`${edition.editionDate}T00:00:00Z`).getUTCDay()).toBe(5)
      expect(await storage.stat('pdf_newspapers', edition.coverName!)).not.toBeNull()
      const pages = await db
        .select()
        .from(newspaperPages)
        .where(eq(newspaperPages.editionId, edition.id))
        .orderBy(newspaperPages.pageNumber)
      expect(pages.map((p) => p.pageNumber)).toEqual([1, 2, 3])
      expect(pages[0].text).toContain(`No. ${edition.number}`)
      expect(pages[1].text).toMatch(/^Inside this edition/)
    }
    expect(editions[1].number! - editions[0].number!).toBe(1)
    expect(stored.filter((f) => f.name.endsWith('.webp'))).toHaveLength(2)
    for (const file of pdfs) {
      expect(file.name).toMatch(/^broadsheet-\d{4}-\d{2}-\d{2}\.pdf$/)
      const bytes = await readAll((await storage.get('pdf_newspapers', file.name))!)
      const text = bytes.toString('latin1')
      expect(text.startsWith('%PDF-')).toBe(true)
      // The cross-reference table sits where startxref says it does.
      const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1])
      expect(text.slice(xref, xref + 4)).toBe('xref')
    }

    const mediaBefore = (await storage.list('media', { includeVariants: true })).length
    const [settingsBefore] = await db.select().from(siteSettings)
    const again = await seedDemoContent()
    expect(again.seeded).toBe(false)
    expect(again.reason).toBeTruthy()
    expect(await tableCounts()).toEqual(counts)
    expect((await storage.list('media', { includeVariants: true })).length).toBe(mediaBefore)
    expect((await db.select().from(siteSettings))[0]).toEqual(settingsBefore)
    // Seeding reads the demo PDFs in the reading process, which starts cold (slow when the
    // machine is busy).
  }, 120_000)

  // Runs on the site the test above seeded.
  it('has reader revenue to show: two plans, Opinion for members, a registered story, six members', async () => {
    const db = getDb()
    const planRows = await db.select().from(plans).orderBy(plans.position)
    expect(planRows.map((p) => [p.name, p.monthlyPriceCents, p.yearlyPriceCents])).toEqual([
      ['Digital', 800, 8000],
      ['Digital + Print', 1500, 15000],
    ])
    expect(planRows.map((p) => p.trialDays)).toEqual([14, 0])
    expect(planRows.every((p) => p.status === 'visible' && p.benefits.length >= 3)).toBe(true)

    const [opinion] = await db.select().from(categories).where(eq(categories.slug, 'opinion'))
    expect(opinion.defaultAccess).toBe('members')
    const levels = await db
      .select({ access: articles.access, freeForNow: articles.freeForNow, n: count() })
      .from(articles)
      .where(eq(articles.status, 'published'))
      .groupBy(articles.access, articles.freeForNow)
    const n = (access: string, freeForNow = false) =>
      levels.find((l) => l.access === access && l.freeForNow === freeForNow)?.n ?? 0
    expect(n('members')).toBe(2)
    expect(n('members', true)).toBe(1)
    expect(n('registered')).toBe(1)
    const opinionStories = await db
      .select({ access: articles.access })
      .from(articles)
      .where(eq(articles.categoryId, opinion.id))
    expect(opinionStories.map((a) => a.access)).toEqual(['members', 'members', 'members'])

    const members = await db
      .select({
        email: profiles.email,
        role: profiles.role,
        source: entitlements.source,
        status: entitlements.status,
        cancelAtPeriodEnd: entitlements.cancelAtPeriodEnd,
        endsAt: entitlements.endsAt,
      })
      .from(entitlements)
      .innerJoin(profiles, eq(profiles.id, entitlements.userId))
    expect(members).toHaveLength(6)
    expect(members.every((m) => m.role === 'viewer')).toBe(true)
    expect(members.map((m) => `${m.source} ${m.status}`).sort()).toEqual([
      'complimentary active',
      'stripe active',
      'stripe active',
      'stripe lapsed',
      'stripe past_due',
      'stripe trialing',
    ])
    expect(members.filter((m) => m.cancelAtPeriodEnd)).toHaveLength(1)
    const lapsed = members.find((m) => m.status === 'lapsed')!
    expect(lapsed.endsAt!.getTime()).toBeLessThan(Date.now())
    const [history] = await db.select({ n: count() }).from(memberEvents)
    expect(history.n).toBeGreaterThanOrEqual(6)
  })
})

describe('seedBenchmarkArticles', () => {
  it('adds published articles with unique slugs on a seeded site', async () => {
    // Seeds only if the previous case did not (or a shared setup reset the database).
    await seedDemoContent()
    const before = await tableCounts()
    expect(await seedBenchmarkArticles(50, { batchSize: 20 })).toEqual({ inserted: 50 })
    expect(await seedBenchmarkArticles(5)).toEqual({ inserted: 5 })
    const after = await tableCounts()
    expect(after.articles).toBe(before.articles + 55)

    const [stats] = await getDb()
      .select({
        slugs: sql<number>`count(distinct ${articles.slug})::int`,
        rows: count(),
        minWords: sql<number>`min(${articles.wordCount})::int`,
        maxWords: sql<number>`max(${articles.wordCount})::int`,
      })
      .from(articles)
    expect(stats.slugs).toBe(stats.rows)
    expect(stats.minWords).toBeGreaterThanOrEqual(DEMO_STORY_MIN_WORDS)
    expect(stats.maxWords).toBeLessThanOrEqual(1500)
    // Seeding reads the demo PDFs in the reading process, which starts cold (slow when the
    // machine is busy).
  }, 120_000)
})
