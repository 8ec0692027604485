import { serverTimeZone } from '~/infra/server-time-zone.server'
import { asc, eq, max, ne } from 'drizzle-orm'
import {
  articles,
  articleTags,
  categories,
  liveCoverage,
  liveEntries,
  mediaFiles,
  profiles,
  siteSettings,
  socialLinks,
  staticPages,
  tags,
} from '@db/schema/index'
import { editionSettled, ingestStoredPdf } from '~/domain/newspapers/editions.server'
import { formatEditionDate, type EditionValues } from '~/domain/newspapers/editions-schema'
import { getDb, type Transaction } from '~/infra/db.server'
import { loadSharp, storeImage } from '~/infra/images.server'
import { logger } from '~/infra/logger.server'
import { getStorage } from '~/infra/storage.server'
import { escapeHtml } from '~/lib/html'
import { slugify } from '~/lib/slugify'
import { insertDemoMembers } from './seed-members.server'
import { insertDemoStaff, storeStaffPortraits } from './seed-staff.server'
import {
  benchmarkArticleText,
  buildArticleBody,
  createRng,
  DEMO_ARTICLES,
  DEMO_CATEGORIES,
  DEMO_TAGS,
  hashString,
  type DemoArticle,
  type DemoCategoryName,
} from './demo-content'
import { DEMO_LIVE_ARTICLE, DEMO_LIVE_ENTRIES } from './demo-live'
import { DEMO_PLANS, DEMO_READERS } from './demo-members'

export interface SeedOptions {
  log?: (msg: string) => void
}

export interface SeedResult {
  seeded: boolean
  reason?: string
}

const HOUR = 3_600_000
const DAY = 24 * HOUR
const IMAGES_PER_CATEGORY = 2
const ALREADY_SEEDED =
  'The database already has content; demo content is only added to an empty site.'

type Reader = Pick<Transaction, 'select'>

class AlreadySeededError extends Error {}

/**
 * "Content" is anything an editor makes: one category, article, tag or social link is enough.
 * Asked one after another: inside the seed's transaction they share one connection, which on
 * PostgreSQL runs one statement at a time (node-postgres deprecates queuing them on it).
 */
async function hasContent(db: Reader) {
  if ((await db.select({ id: categories.id }).from(categories).limit(1)).length > 0) return true
  if ((await db.select({ id: articles.id }).from(articles).limit(1)).length > 0) return true
  if ((await db.select({ id: tags.id }).from(tags).limit(1)).length > 0) return true
  return (await db.select({ id: socialLinks.id }).from(socialLinks).limit(1)).length > 0
}

async function firstAdminId(db: Reader) {
  const [admin] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.role, 'admin'))
    .orderBy(asc(profiles.createdAt))
    .limit(1)
  return admin?.id ?? null
}

/**
 * Fills an empty site with the Calder Bay demo: settings, social links, categories, tags,
 * 47 articles in every status, static pages, featured images, two print editions, and reader
 * revenue's two plans with six readers holding them (demo-members.ts). Rows go
 * in one transaction; files are stored first (a failed seed may leave files, never rows). The
 * editions are made after it by the upload's own ingestion (cover, page text).
 */
export async function seedDemoContent(options: SeedOptions = {}): Promise<SeedResult> {
  const log = options.log ?? (() => {})
  const db = getDb()
  if (await hasContent(db)) return { seeded: false, reason: ALREADY_SEEDED }

  const started = Date.now()
  const now = started
  const images = await storeCategoryImages()
  log(`Demo content: stored ${[...images.values()].flat().length} featured images`)
  const portraits = await storeStaffPortraits()
  const editions = await storeEditions(now)
  log(`Demo content: stored PDF editions ${editions.map((e) => e.fileName).join(', ')}`)

  try {
    await db.transaction(async (tx) => {
      // Checked again inside the transaction: another process may have seeded meanwhile.
      if (await hasContent(tx)) throw new AlreadySeededError(ALREADY_SEEDED)
      await insertDemoRows(tx, images, now, portraits)
    })
  } catch (error) {
    if (error instanceof AlreadySeededError) return { seeded: false, reason: error.message }
    throw error
  }
  await ingestEditions(editions, log)
  log(
    `Demo content: ${DEMO_CATEGORIES.length} categories, ${DEMO_TAGS.length} tags, ` +
      `${DEMO_ARTICLES.length} articles, ${DEMO_PLANS.length} plans and ${DEMO_READERS.length} ` +
      `members seeded in ${Date.now() - started} ms`,
  )
  return { seeded: true }
}

function articleTimes(article: DemoArticle, now: number) {
  const at = new Date(now - (article.daysAgo ?? 0) * DAY - (article.hoursAgo ?? 0) * HOUR)
  if (article.status !== 'published') return { publishedAt: null, createdAt: at, updatedAt: at }
  // Written a little before it went out, as a newsroom would.
  return { publishedAt: at, createdAt: new Date(at.getTime() - 45 * 60_000), updatedAt: at }
}

async function insertDemoRows(
  tx: Transaction,
  images: Map<string, string[]>,
  now: number,
  portraits: string[],
) {
  await tx
    .insert(siteSettings)
    .values({
      id: 1,
      logoType: 'text',
      logoText: 'Broadsheet',
      logoTextColor: '#000000',
      // The server's zone at first start, not UTC (the Settings screen changes it).
      timeZone: serverTimeZone(),
    })
    .onConflictDoNothing()
  await tx.insert(socialLinks).values([
    { platform: 'facebook', url: 'https://facebook.com/broadsheet', icon: 'facebook' },
    { platform: 'twitter', url: 'https://twitter.com/broadsheet', icon: 'twitter' },
    { platform: 'instagram', url: 'https://instagram.com/broadsheet', icon: 'instagram' },
    { platform: 'youtube', url: 'https://youtube.com/@broadsheet', icon: 'youtube' },
    { platform: 'github', url: 'https://github.com/broadsheet', icon: 'github', isActive: false },
  ])

  const categoryRows = await tx
    .insert(categories)
    .values(
      DEMO_CATEGORIES.map((c) => ({
        name: c.name,
        slug: slugify(c.name),
        description: c.description,
        defaultAccess: 'defaultAccess' in c ? c.defaultAccess : 'everyone',
      })),
    )
    .returning({ id: categories.id, name: categories.name })
  const categoryIds = new Map(categoryRows.map((c) => [c.name, c.id]))
  const tagRows = await tx
    .insert(tags)
    .values(DEMO_TAGS.map((name) => ({ name, slug: slugify(name) })))
    .returning({ id: tags.id, name: tags.name })
  const tagIds = new Map(tagRows.map((t) => [t.name, t.id]))

  // The demo's named staff sign every story (demo-staff.ts), never the operator's account.
  const authorFor = await insertDemoStaff(tx, portraits)
  const slugs = new Set<string>()
  const imageTurns = new Map<string, number>()
  const rows = DEMO_ARTICLES.map((article, index) => {
    let slug = slugify(article.title)
    for (let n = 2; slugs.has(slug); n++) slug = `${slugify(article.title)}-${n}`
    slugs.add(slug)
    let featuredImage: string | null = null
    const pool = images.get(article.category) ?? []
    if (!article.hasNoImage && pool.length > 0) {
      const turn = imageTurns.get(article.category) ?? 0
      imageTurns.set(article.category, turn + 1)
      featuredImage = pool[turn % pool.length]
    }
    return {
      title: article.title,
      slug,
      excerpt: article.excerpt,
      content: buildArticleBody(article),
      featuredImage,
      status: article.status,
      isFeatured: article.isFeatured ?? false,
      hasVideo: Boolean(article.videoUrl),
      videoUrl: article.videoUrl ?? null,
      categoryId: categoryIds.get(article.category) ?? null,
      // Its own level, else its category's (Opinion: members), as the editor presets it.
      access: article.access ?? defaultAccessOf(article.category),
      freeForNow: article.freeForNow ?? false,
      authorId: authorFor(index),
      ...articleTimes(article, now),
    }
  })
  const created = await tx
    .insert(articles)
    .values(rows)
    .returning({ id: articles.id, slug: articles.slug })
  const idBySlug = new Map(created.map((a) => [a.slug, a.id]))
  const links = DEMO_ARTICLES.flatMap((article, i) =>
    article.tags.map((tag) => ({
      articleId: idBySlug.get(rows[i].slug)!,
      tagId: tagIds.get(tag)!,
    })),
  )
  await tx.insert(articleTags).values(links)
  await insertDemoLiveArticle(tx, {
    authorId: authorFor('live'),
    categoryId: categoryIds.get(DEMO_LIVE_ARTICLE.category) ?? null,
    featuredImage: images.get(DEMO_LIVE_ARTICLE.category)?.[0] ?? null,
    slug: slugs.has(slugify(DEMO_LIVE_ARTICLE.title))
      ? `${slugify(DEMO_LIVE_ARTICLE.title)}-live`
      : slugify(DEMO_LIVE_ARTICLE.title),
    now,
  })
  await tx.insert(staticPages).values(STATIC_PAGES).onConflictDoNothing()
  await insertDemoMembers(tx, now)
}

function defaultAccessOf(name: DemoCategoryName) {
  const category = DEMO_CATEGORIES.find((c) => c.name === name)
  return category && 'defaultAccess' in category ? category.defaultAccess : 'everyone'
}

/** The ended live article (demo-live.ts): its coverage and about 30 entries, the last pinned. */
async function insertDemoLiveArticle(
  tx: Transaction,
  facts: {
    authorId: string | null
    categoryId: number | null
    featuredImage: string | null
    slug: string
    now: number
  },
) {
  const start = facts.now - DEMO_LIVE_ARTICLE.daysAgo * 86_400_000
  const minute = 60_000
  const [article] = await tx
    .insert(articles)
    .values({
      title: DEMO_LIVE_ARTICLE.title,
      slug: facts.slug,
      excerpt: DEMO_LIVE_ARTICLE.excerpt,
      // The background under the coverage: a body like every demo article's (300–1,500 words).
      content: buildArticleBody({
        title: DEMO_LIVE_ARTICLE.title,
        excerpt: DEMO_LIVE_ARTICLE.excerpt,
        topic: DEMO_LIVE_ARTICLE.topic,
        category: DEMO_LIVE_ARTICLE.category,
      }),
      featuredImage: facts.featuredImage,
      status: 'published',
      categoryId: facts.categoryId,
      authorId: facts.authorId,
      publishedAt: new Date(start - 30 * minute),
      createdAt: new Date(start - 60 * minute),
      updatedAt: new Date(start - 30 * minute),
    })
    .returning({ id: articles.id })
  const last = DEMO_LIVE_ENTRIES.at(-1)?.at ?? 0
  await tx.insert(liveCoverage).values({
    articleId: article.id,
    state: 'ended',
    summary: DEMO_LIVE_ARTICLE.summary,
    startedAt: new Date(start),
    endedAt: new Date(start + (last + 5) * minute),
    lastEntryAt: new Date(start + (last + 5) * minute),
  })
  await tx.insert(liveEntries).values(
    DEMO_LIVE_ENTRIES.map((entry) => {
      const at = new Date(start + entry.at * minute)
      return {
        articleId: article.id,
        headline: entry.headline ?? '',
        content: `<p>${escapeHtml(entry.text)}</p>`,
        isKeyEvent: entry.isKeyEvent ?? false,
        isPinned: entry.isPinned ?? false,
        authorId: facts.authorId,
        publishedAt: at,
        createdAt: at,
        updatedAt: at,
      }
    }),
  )
}

const STATIC_PAGES = [
  {
    slug: 'about',
    title: 'About Us',
    content: [
      '<p>The Broadsheet is an independent newspaper covering Calder Bay and the communities of Ashby County. Our reporters cover city hall, schools, business, science, sports and culture, and we publish a print edition every Friday.</p>',
      '<p>We believe local news is a public service. We correct our mistakes promptly and openly, we keep news and opinion apart, and advertisers never influence our reporting.</p>',
      '<p>The Broadsheet is supported by its readers. If you value what we do, read us, share our work and tell us what we are missing.</p>',
    ].join('\n'),
  },
  {
    slug: 'contact',
    title: 'Contact',
    content: [
      '<p>Have a news tip, a correction or a question about a story? Email the newsroom at <a href="mailto:newsroom@example.org" target="_blank" rel="noopener noreferrer nofollow">newsroom@example.org</a> or call (555) 010-0199 on weekdays between 9 a.m. and 6 p.m.</p>',
      '<p>Letters to the editor (under 250 words, with your name and neighborhood) go to <a href="mailto:letters@example.org" target="_blank" rel="noopener noreferrer nofollow">letters@example.org</a>. For advertising, write to <a href="mailto:advertising@example.org" target="_blank" rel="noopener noreferrer nofollow">advertising@example.org</a>.</p>',
      '<p>Our office: The Broadsheet, 120 Front Street, Calder Bay.</p>',
    ].join('\n'),
  },
  {
    slug: 'privacy',
    title: 'Privacy Policy',
    content: [
      '<p>We collect as little information about readers as we can. Reading the Broadsheet needs no account, and we never sell personal data or share it with advertisers.</p>',
      '<p>If you create an account or subscribe to our newsletter, we keep your name and email address to provide that service. We count page views per article and per day without recording who read what, and we use only the cookies needed to keep you signed in and remember your theme.</p>',
      '<p>To see, correct or delete the information we hold about you, write to <a href="mailto:privacy@example.org" target="_blank" rel="noopener noreferrer nofollow">privacy@example.org</a>.</p>',
    ].join('\n'),
  },
  {
    slug: 'terms',
    title: 'Terms of Service',
    content: [
      '<p>By using this website you agree to these terms. Articles, photographs and other content belong to The Broadsheet unless stated otherwise; you may share links and short quotations with credit, but not republish whole articles without permission.</p>',
      '<p>Accounts are personal. You are responsible for keeping your password safe, and we may suspend accounts used for abuse, spam or attempts to disrupt the service.</p>',
      '<p>We work hard to be accurate, but content is provided as is. These terms may change; the current version is always the one on this page.</p>',
    ].join('\n'),
  },
]

// ---------------------------------------------------------------------------------------------
// Featured images: drawn here, so a fresh install needs no network and no binary fixtures
// ---------------------------------------------------------------------------------------------

const PALETTES: Record<DemoCategoryName, [from: string, to: string, accent: string]> = {
  Politics: ['#1e3a8a', '#9f1239', '#fca5a5'],
  Business: ['#064e3b', '#0f766e', '#fde68a'],
  Technology: ['#1e1b4b', '#0891b2', '#67e8f9'],
  Science: ['#0c4a6e', '#15803d', '#bef264'],
  Sports: ['#7c2d12', '#ea580c', '#fde047'],
  Culture: ['#581c87', '#db2777', '#fbcfe8'],
  World: ['#0f172a', '#2563eb', '#93c5fd'],
  Opinion: ['#3f3f46', '#b45309', '#fef3c7'],
}

function categorySvg(category: DemoCategoryName, variant: number) {
  const [from, to, accent] = PALETTES[category]
  const rng = createRng(hashString(`${category}:${variant}`))
  const shapes: string[] = []
  for (let i = 0; i < 7; i++) {
    const opacity = (0.08 + rng.next() * 0.18).toFixed(2)
    const x = rng.int(0, 1600)
    const y = rng.int(0, 900)
    const size = rng.int(80, 340)
    if (variant % 2 === 0) {
      shapes.push(
        `<circle cx="${x}" cy="${y}" r="${size}" fill="${accent}" fill-opacity="${opacity}"/>`,
      )
    } else {
      const angle = rng.int(-40, 40)
      shapes.push(
        `<rect x="${x - size}" y="${y - size / 2}" width="${size * 2}" height="${size}" rx="12" ` +
          `fill="${accent}" fill-opacity="${opacity}" transform="rotate(${angle} ${x} ${y})"/>`,
      )
    }
  }
  for (let i = 0; i < 4; i++) {
    const y = 180 + i * 22
    shapes.push(
      `<rect x="96" y="${y}" width="${rng.int(260, 520)}" height="6" fill="#ffffff" fill-opacity="0.35"/>`,
    )
  }
  const word = category.toUpperCase()
  // DejaVu Serif Bold capitals average about 0.8 em; leave the width to the widest word.
  const fontSize = Math.min(210, Math.floor(1400 / (word.length * 0.85)))
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
</linearGradient></defs>
<rect width="1600" height="900" fill="url(#bg)"/>
${shapes.join('\n')}
<text x="96" y="140" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="34" letter-spacing="8" fill="#ffffff" fill-opacity="0.85">BROADSHEET · CALDER BAY</text>
<text x="96" y="790" font-family="DejaVu Serif, Georgia, serif" font-weight="bold" font-size="${fontSize}" fill="#ffffff">${word}</text>
</svg>`
}

async function storeCategoryImages() {
  const sharp = await loadSharp()
  const urls = new Map<string, string[]>()
  for (const { name } of DEMO_CATEGORIES) {
    const list: string[] = []
    for (let variant = 0; variant < IMAGES_PER_CATEGORY; variant++) {
      const jpeg = await sharp(Buffer.from(categorySvg(name, variant)))
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer()
      const stored = await storeImage(jpeg, 'jpg')
      // The media library's record: a readable label and alt text, as an upload would get.
      await getDb()
        .insert(mediaFiles)
        .values({
          bucket: 'media',
          name: stored.name,
          kind: 'image',
          originalName: `${slugify(name)}-${variant + 1}.jpg`,
          contentType: 'image/jpeg',
          size: jpeg.length,
          width: stored.width,
          height: stored.height,
          alt: `${name} section illustration`,
        })
        .onConflictDoNothing()
      list.push(stored.url)
    }
    urls.set(name, list)
  }
  return urls
}

// ---------------------------------------------------------------------------------------------
// PDF editions: a one-page PDF 1.4 written by hand (standard fonts need no embedding)
// ---------------------------------------------------------------------------------------------

// Characters outside Latin-1 that the headlines use, at their WinAnsiEncoding codes.
const WIN_ANSI: Record<string, number> = {
  '—': 0x97,
  '–': 0x96,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '…': 0x85,
}

/** A PDF literal string body in WinAnsi bytes, held in a latin1 JS string (one char = one byte). */
function pdfText(text: string) {
  let out = ''
  for (const ch of text) {
    const code = WIN_ANSI[ch] ?? ch.codePointAt(0)!
    const byte = code <= 0xff ? String.fromCharCode(code) : '?'
    out += byte === '(' || byte === ')' || byte === '\\' ? `\\${byte}` : byte
  }
  return out
}

function pdfUtf16(text: string) {
  const hex = [...Buffer.from(text, 'utf16le').swap16()].map((b) => b.toString(16).padStart(2, '0'))
  return `<FEFF${hex.join('')}>`
}

/** One page of a hand-written PDF: a large bold heading, then smaller lines under a rule. */
export interface PdfPageText {
  heading: string
  /** Body lines, one per line in Helvetica 11 pt; longer than 88 characters is cut with "…". */
  lines?: string[]
}

function pageContent({ heading, lines = [] }: PdfPageText) {
  return [
    'BT /F1 24 Tf 56 730 Td',
    `(${pdfText(heading)}) Tj`,
    'ET',
    '0.8 w 56 714 m 556 714 l S',
    'BT /F2 11 Tf 16 TL 56 692 Td',
    ...lines.map((l) => `(${pdfText(l.length > 88 ? `${l.slice(0, 87)}…` : l)}) '`),
    'ET',
  ].join('\n')
}

/**
 * A Letter-size PDF 1.4 written by hand, one page per entry of `pages` (at least one), with
 * the standard Times-Bold and Helvetica fonts (no embedding). `title` goes to the document
 * information. Text is WinAnsi: Latin-1 plus typographic quotes, dashes, bullet and ellipsis.
 */
export function buildPdf(pages: PdfPageText[], { title }: { title?: string } = {}): Buffer {
  if (pages.length === 0) throw new RangeError('A PDF needs at least one page')
  // Objects: 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then a page and its contents each.
  const pageId = (i: number) => 6 + 2 * i
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${pageId(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Times-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< ${title ? `/Title ${pdfUtf16(title)} ` : ''}/Producer (Broadsheet) >>`,
  ]
  pages.forEach((page, i) => {
    const content = pageContent(page)
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId(i) + 1} 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    )
  })
  // The second line's high bytes tell file-transfer tools that this is binary.
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets = objects.map((body, i) => {
    const offset = pdf.length
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`
    return offset
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}

/** A one-page edition: the title, a subtitle line and bulleted headlines. */
export function buildEditionPdf(title: string, subtitle: string, headlines: string[]): Buffer {
  return buildPdf([{ heading: title, lines: [subtitle, ...headlines.map((h) => `• ${h}`)] }], {
    title,
  })
}

/** The print edition comes out on Fridays: the latest two, today included when it is one. */
function lastFridays(now: number, count: number) {
  const today = new Date(now)
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
  const back = (today.getUTCDay() - 5 + 7) % 7
  return Array.from({ length: count }, (_, i) => new Date(midnight - (back + 7 * i) * DAY))
}

/** The first Friday edition of the Broadsheet, number 1: the numbers count weeks since. */
const FIRST_EDITION = Date.UTC(2006, 0, 6)

interface DemoEdition {
  fileName: string
  pdf: Buffer
  meta: EditionValues
}

/**
 * The last two Friday editions as PDFs of three pages: the front page (the week's first
 * headlines with their excerpts), then the rest of the week's headlines, then the next
 * week's listings. Stored under `broadsheet-YYYY-MM-DD.pdf`; made editions after the rows.
 */
async function storeEditions(now: number): Promise<DemoEdition[]> {
  const published = DEMO_ARTICLES.filter((a) => a.status === 'published')
    .map((a) => ({
      title: a.title,
      excerpt: a.excerpt,
      at: now - (a.daysAgo ?? 0) * DAY - (a.hoursAgo ?? 0) * HOUR,
    }))
    .sort((a, b) => b.at - a.at)
  const editions: DemoEdition[] = []
  for (const friday of lastFridays(now, 2)) {
    const end = friday.getTime() + DAY
    const week = published.filter((a) => a.at < end && a.at >= end - 7 * DAY)
    const stories = (week.length >= 6 ? week : published).slice(0, 12)
    const date = friday.toISOString().slice(0, 10)
    const number = Math.floor((friday.getTime() - FIRST_EDITION) / (7 * DAY)) + 1
    const longDate = formatEditionDate(date)
    const meta = { title: `The Broadsheet, ${longDate}`, editionDate: date, number }
    const excerptLines = (text: string) =>
      text.match(/.{1,86}(?:\s|$)/g)?.map((l) => l.trim()) ?? []
    const pdf = buildPdf(
      [
        {
          heading: 'The Broadsheet',
          lines: [
            `No. ${number} · ${longDate} · The independent newspaper of Calder Bay`,
            '',
            ...stories
              .slice(0, 3)
              .flatMap((story) => [story.title, ...excerptLines(story.excerpt), '']),
          ],
        },
        {
          heading: 'Inside this edition',
          lines: stories.slice(3).map((story) => `• ${story.title}`),
        },
        {
          heading: 'Around Calder Bay this week',
          lines: [
            'Farmers market: Saturdays from 8 a.m. on Front Street.',
            'Harbour ferry: the winter timetable runs until the end of March.',
            'Public library: story hour on Wednesdays at 10 a.m.',
            `Letters to the editor: letters@example.org. Edition No. ${number}.`,
          ],
        },
      ],
      { title: meta.title },
    )
    const fileName = `broadsheet-${date}.pdf`
    await getStorage().put('pdf_newspapers', fileName, pdf, 'application/pdf')
    editions.push({ fileName, pdf, meta })
  }
  return editions
}

/** The stored PDFs made editions the way an upload is (cover, page text); a failure is logged. */
async function ingestEditions(editions: DemoEdition[], log: (msg: string) => void) {
  const uploadedBy = await firstAdminId(getDb())
  for (const edition of editions) {
    try {
      const made = await ingestStoredPdf({
        fileName: edition.fileName,
        size: edition.pdf.length,
        meta: edition.meta,
        uploadedBy,
      })
      // Read as an upload is, outside this process: the demo is complete when seeding ends.
      if (made) await editionSettled(made.id)
    } catch (error) {
      // The PDF stays stored: it is adopted as an edition on the next start.
      logger.warn({ err: error, name: edition.fileName }, 'demo edition could not be made')
    }
  }
  log(`Demo content: ${editions.length} print editions with covers and page text`)
}

// ---------------------------------------------------------------------------------------------
// Benchmark data
// ---------------------------------------------------------------------------------------------

/**
 * Adds `n` published articles for data-scale benchmarks, in batches of 500: bodies from the
 * demo builder, random categories and tags from existing rows (never breaking news, which
 * would flood the ticker), publication dates over the past year.
 */
export async function seedBenchmarkArticles(
  n: number,
  options: SeedOptions & { batchSize?: number } = {},
): Promise<{ inserted: number }> {
  if (!Number.isInteger(n) || n < 0)
    throw new RangeError(`Article count must be a whole number, got ${n}`)
  const log = options.log ?? (() => {})
  const batchSize = options.batchSize ?? 500
  const db = getDb()
  const [categoryRows, tagRows, imageRows, [{ lastId }], authorId] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.id)),
    db
      .select({ id: tags.id })
      .from(tags)
      .where(ne(tags.slug, 'breaking-news'))
      .orderBy(asc(tags.id)),
    db
      .selectDistinct({ url: articles.featuredImage })
      .from(articles)
      .orderBy(asc(articles.featuredImage)),
    db.select({ lastId: max(articles.id) }).from(articles),
    firstAdminId(db),
  ])
  const images = imageRows.flatMap((r) => (r.url ? [r.url] : []))
  // Numbering from the highest id keeps slugs unique across repeated runs.
  const base = lastId ?? 0
  const rng = createRng(hashString(`benchmark:${base}:${n}`))
  const now = Date.now()
  let inserted = 0
  for (let start = 0; start < n; start += batchSize) {
    const rows = Array.from({ length: Math.min(batchSize, n - start) }, (_, k) => {
      const index = base + start + k + 1
      const category = categoryRows.length > 0 ? rng.pick(categoryRows) : undefined
      const { title, excerpt, topic } = benchmarkArticleText(rng)
      const publishedAt = new Date(now - Math.floor(rng.next() * 365 * DAY))
      return {
        title,
        excerpt,
        slug: `${slugify(title)}-${index}`,
        content: buildArticleBody(
          { title, excerpt, topic, category: category?.name ?? '' },
          rng.int(0, 2 ** 31),
        ),
        featuredImage:
          images.length > 0 && rng.next() < 0.85 ? images[index % images.length] : null,
        status: 'published' as const,
        publishedAt,
        createdAt: publishedAt,
        updatedAt: publishedAt,
        categoryId: category?.id ?? null,
        authorId,
      }
    })
    const tagPicks = rows.map(() => rng.shuffle(tagRows).slice(0, rng.int(0, 3)))
    await db.transaction(async (tx) => {
      const created = await tx.insert(articles).values(rows).returning({ id: articles.id })
      const links = created.flatMap(({ id }, i) =>
        tagPicks[i].map((t) => ({ articleId: id, tagId: t.id })),
      )
      if (links.length > 0) await tx.insert(articleTags).values(links)
    })
    inserted += rows.length
    log(`Benchmark articles: ${inserted} of ${n}`)
  }
  return { inserted }
}
