import { JSONParser } from '@streamparser/json'
import { parse } from 'csv-parse'
import { stringify } from 'csv-stringify/sync'
import { sql } from 'drizzle-orm'
import {
  articleCorrections,
  articleRevisions,
  articles,
  articleTags,
  categories,
  liveCoverage,
  liveEntries,
  liveEntryRevisions,
  mediaFiles,
  newspaperEditions,
  plans,
  profiles,
  staticPages,
  tags,
} from '@db/schema/index'
import { accessLevelOf, normalizeAccess } from '~/domain/articles/article-access'
import { domainErrors } from '~/domain/domain-error'
import type { ExportedLive } from '~/domain/live/live-types'
import { importSubscribersCsv, IMPORT_MAX_ROWS } from '~/domain/newsletter/newsletter-admin.server'
import { UPLOAD_LIMITS } from '~/domain/media/media-schema'
import {
  csvRefusal,
  importRedirectsCsv,
  REDIRECT_CSV_MAX_LINE,
  RedirectCsvError,
} from '~/domain/redirects/redirects-csv.server'
import {
  openBoundedZip,
  ZipError,
  type BoundedZip,
  type ZipEntry,
  type ZipLimits,
} from '~/infra/bounded-zip.server'
import type { Database } from '~/infra/db.server'
import { sanitizeArticleHtml } from '~/infra/sanitize.server'
import { assertSafeName, type Bucket, type StorageDriver } from '~/infra/storage-driver.server'
import { usernameKey } from '~/lib/username'
import { CONTENT_FORMAT, CONTENT_VERSION } from './content-json.server'
import { EXPORTED_BUCKETS } from './site-export.server'

export class ContentImportError extends domainErrors('ContentImportError', {
  NOT_EMPTY: 409,
  BAD_FILE: 400,
}) {}

/* The shape of content.json version 1 (docs/export-format.md), as far as the import reads it. */
type Dated = string | null
interface ContentFile {
  format: string
  version: number
  authors: {
    id: string
    username: string | null
    name: string
    displayName: string | null
    email: string
    bio: string | null
    jobTitle: string | null
    socialLinks: { label: string; url: string }[] | null
    image: string | null
    role: 'viewer' | 'contributor' | 'author' | 'editor' | 'admin'
  }[]
  categories: {
    id: number
    name: string
    slug: string
    description: string | null
    position: number
    showInNavigation: boolean
    showOnHome: boolean
    /** Absent in exports made before reader revenue (issue 38): everyone. */
    defaultAccess?: string
  }[]
  tags: { id: number; name: string; slug: string }[]
  /** Absent in exports made before reader revenue: none. */
  plans?: {
    id: number
    slug: string
    name: string
    description: string
    benefits: string[]
    monthlyPriceCents: number | null
    yearlyPriceCents: number | null
    trialDays: number
    status: string
    position: number
  }[]
  articles: {
    id: number
    title: string
    slug: string
    /** Since the slug rule of 2026-11: older exports lack it (see slugClaimedOf). */
    slugClaimed?: boolean
    excerpt: string
    content: string
    featuredImage: string | null
    status: 'draft' | 'review' | 'published' | 'archived' | 'hidden'
    isFeatured: boolean
    hasVideo: boolean
    videoUrl: string | null
    publishedAt: Dated
    categoryId: number | null
    authorId: string | null
    createdAt: string
    updatedAt: string
    revisedAt: Dated
    breakingUntil: Dated
    /** Who may read it (issue 38); absent in older exports: everyone. */
    access?: string
    accessPlanIds?: number[]
    freeForNow?: boolean
    previewParagraphs?: number | null
    tagIds: number[]
    corrections: { text: string; correctedAt: string; createdBy: string | null }[]
    revisions: {
      title: string
      excerpt: string
      content: string
      status: 'draft' | 'review' | 'published' | 'archived' | 'hidden'
      categoryId: number | null
      tagNames: string[]
      featuredImage: string | null
      /** Absent in exports made before access levels existed (and null in revisions kept then). */
      access?: string | null
      accessPlanIds?: number[] | null
      freeForNow?: boolean | null
      previewParagraphs?: number | null
      createdBy: string | null
      createdAt: string
    }[]
    /** Absent in exports made before live coverage existed. */
    live?: ExportedLive | null
  }[]
  pages: { slug: string; title: string; content: string; updatedAt: string }[]
  editions: {
    slug: string
    title: string
    editionDate: string
    number: number | null
    fileName: string
    size: number
    pageCount: number
    coverName: string | null
    coverWidth: number | null
    coverHeight: number | null
    status: 'processing' | 'ready' | 'failed'
    createdAt: string
  }[]
  media: {
    bucket: string
    name: string
    kind: string
    originalName: string
    contentType: string
    size: number
    width: number | null
    height: number | null
    alt: string
    caption: string
    createdAt: string
  }[]
}

type ExportedArticle = ContentFile['articles'][number]
/** What the articles refer to: content.json holds it before them. */
type ContentHead = Pick<ContentFile, 'authors' | 'categories' | 'tags'> & {
  plans: NonNullable<ContentFile['plans']>
}
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

const date = (value: Dated) => (value ? new Date(value) : null)

/** Articles inserted per statement (with their tags, corrections and revisions). */
const PAGE = 200

export interface ContentImportResult {
  authors: number
  categories: number
  tags: number
  articles: number
  pages: number
  editions: number
  files: number
  redirects: number
  /** Confirmed newsletter subscribers brought back (those who never confirmed are not). */
  subscribers: number
}

/**
 * Loads an export zip (siteExportZip) into an instance with no content yet: the stored files
 * first, then every row in one transaction with the ids it had, so addresses, bylines and
 * featured images stay as they were. Authors come without a password (they are invited or
 * reset it later). Article bodies pass the sanitiser again: a content.json may have been
 * edited by hand. Then the redirects and the confirmed newsletter subscribers. content.json is
 * parsed as it is unpacked and its articles inserted a page at a time as they arrive, so memory
 * follows a page of articles, not the archive (readContent); whatever fails in it, late or
 * early, rolls the whole transaction back. A dry run reads and checks the zip the same way,
 * writes nothing, and answers what it would load.
 */
export async function importSiteExport(
  db: Database,
  storage: StorageDriver,
  zipPath: string,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<ContentImportResult> {
  const [{ count }] = await db
    .execute<{ count: number }>(
      sql`select (select count(*) from articles) + (select count(*) from categories) + (select count(*) from tags) as count`,
    )
    .then((r) => r.rows as { count: number }[])
  if (Number(count) > 0)
    throw new ContentImportError(
      'NOT_EMPTY',
      'This site already has content: import into an empty one.',
    )

  const zip = await openBoundedZip(zipPath, EXPORT_ZIP_LIMITS, 'export zip').catch(
    (error: unknown) => {
      if (error instanceof ZipError && error.code === 'NOT_ZIP')
        throw new ContentImportError('BAD_FILE', 'This is not a zip file.', { cause: error })
      throw error
    },
  )
  /** The stored files written so far: removed again if the import fails after them. */
  const written: { bucket: Bucket; name: string }[] = []
  try {
    const named = (name: string) => zip.entries.find((e) => e.name === name) ?? null
    const contentJson = named('content.json')
    if (contentJson === null)
      throw new ContentImportError('BAD_FILE', 'The zip holds no content.json.')
    const redirectsCsv = named('redirects.csv')
    const subscribersCsv = named('subscribers.csv')
    const files = zip.entries.flatMap((entry) => {
      const target = mediaTarget(entry.name)
      return target ? [{ entry, ...target }] : []
    })
    // The CSVs are read and checked (as they are unpacked) before any row or file is written:
    // a bad one refuses the zip instead of stopping half way.
    let redirectCount = 0
    if (redirectsCsv) for await (const _row of csvRecords(zip, redirectsCsv)) redirectCount++
    let confirmedCount = 0
    if (subscribersCsv)
      for await (const _row of confirmedSubscribers(zip, subscribersCsv)) confirmedCount++

    const loaded = (
      read: ContentRead,
      counts: Pick<ContentImportResult, 'authors' | 'redirects' | 'subscribers'>,
    ) => ({
      ...counts,
      categories: read.categories,
      tags: read.tags,
      articles: read.articles,
      pages: read.pages.length,
      editions: read.editions.length,
      files: files.length,
    })
    if (dryRun) {
      const read = await readContent(await zip.openEntry(contentJson), {
        head: async () => {},
        articles: async () => {},
      })
      return loaded(read, {
        authors: read.authors,
        redirects: redirectCount,
        subscribers: confirmedCount,
      })
    }

    for (const file of files) {
      // Streamed: an edition's PDF may be hundreds of MB. Counted before the write begins, so a
      // write stopped by its entry's bound is removed too.
      written.push(file)
      await storage.put(file.bucket, file.name, await zip.openEntry(file.entry))
    }

    let authors = 0
    const read = await db.transaction(async (tx) => {
      let known = new Set<string>()
      const person = (id: string | null) => (id && known.has(id) ? id : null)
      let planIds = new Map<number, number>()
      const read = await readContent(await zip.openEntry(contentJson), {
        head: async (head) => {
          authors = await insertHead(tx, head)
          planIds = await insertPlans(tx, head.plans)
          known = new Set((await tx.select({ id: profiles.id }).from(profiles)).map((p) => p.id))
        },
        articles: (page) => insertArticles(tx, page, person, planIds),
      })
      for (const p of read.pages)
        await tx
          .insert(staticPages)
          .values({ ...p, updatedAt: new Date(p.updatedAt) })
          .onConflictDoUpdate({
            target: staticPages.slug,
            set: { title: p.title, content: p.content, updatedAt: new Date(p.updatedAt) },
          })
      for (const m of read.media)
        await tx
          .insert(mediaFiles)
          .values({ ...m, createdAt: new Date(m.createdAt) })
          .onConflictDoNothing()
      for (const e of read.editions)
        await tx
          .insert(newspaperEditions)
          .values({ ...e, createdAt: new Date(e.createdAt) })
          .onConflictDoNothing()
      // Rows came with their ids: the identity sequences continue after the highest.
      for (const table of ['categories', 'tags', 'articles', 'newspaper_editions', 'live_entries'])
        await tx.execute(
          sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.identifier(table)}), 0) + 1, false)`,
        )
      return read
    })
    // The rows are in: the files stay whatever happens next.
    written.length = 0
    const redirects = redirectsCsv
      ? (await importRedirectsCsv(await zip.openEntry(redirectsCsv), 'The zip’s redirects.csv'))
          .saved
      : 0
    const subscribers = subscribersCsv
      ? await restoreSubscribers(confirmedSubscribers(zip, subscribersCsv))
      : 0
    return loaded(read, { authors, redirects, subscribers })
  } catch (error) {
    for (const file of written) await storage.remove(file.bucket, file.name).catch(() => {})
    throw error
  } finally {
    zip.close()
  }
}

const MB = 1024 * 1024
const GB = 1024 * MB

/**
 * What an export zip may hold (openBoundedZip refuses the zip before anything is written when
 * an entry declares more, and stops an entry that unpacks to more than it declares). A stored
 * file may be as large as the media library would take it, by its bucket: images and fonts,
 * or the editions' PDFs. content.json is read as a stream whatever its size; the CSVs too,
 * with a bound on a line (REDIRECT_CSV_MAX_LINE). wordpress.xml and anything else is never
 * unpacked.
 */
export const EXPORT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 1_000_000,
  maxTotalBytes: 64 * GB,
  entryLimit: (name) => {
    if (name === 'content.json') return 4 * GB
    if (name === 'redirects.csv' || name === 'subscribers.csv') return 64 * MB
    const target = mediaTarget(name)
    if (!target) return null
    return target.bucket === 'pdf_newspapers'
      ? UPLOAD_LIMITS.pdf
      : Math.max(UPLOAD_LIMITS.image, UPLOAD_LIMITS.font)
  },
}

/** Where a `media/<bucket>/<name>` entry is stored; null for any other entry. */
function mediaTarget(entryName: string): { bucket: Bucket; name: string } | null {
  const match = /^media\/([a-z_]+)\/(.+)$/.exec(entryName)
  if (!match || !(EXPORTED_BUCKETS as readonly string[]).includes(match[1])) return null
  const name = match[2]
  try {
    assertSafeName(name)
  } catch {
    throw new ContentImportError(
      'BAD_FILE',
      `The zip’s “${entryName}” does not have a name a stored file may have.`,
    )
  }
  return { bucket: match[1] as Bucket, name }
}

/** What readContent answers: counts for what went by, and the small lists read whole. */
interface ContentRead extends Pick<ContentFile, 'pages' | 'editions' | 'media'> {
  authors: number
  categories: number
  tags: number
  articles: number
}

/** The top-level values read whole: every one but the articles, which come one at a time. */
const WHOLE = [
  'format',
  'version',
  'exportedAt',
  'site',
  'authors',
  'categories',
  'tags',
  'plans',
  'pages',
  'editions',
  'media',
] as const
const HEAD = ['authors', 'categories', 'tags'] as const
/** Before the articles when present, but not required: older exports have none. */
const OPTIONAL_HEAD = ['plans'] as const
const LISTS = [...HEAD, ...OPTIONAL_HEAD, 'pages', 'editions', 'media'] as const
type ListKey = (typeof LISTS)[number]

/**
 * content.json parsed as it is unpacked (@streamparser/json, docs/decisions/0041): each article
 * is handed on as soon as it is complete and dropped, so memory follows a page of articles and
 * not the file, hundreds of MB for a large archive, far over the server's heap. The format and
 * version must come first (a file that is not ours, or is newer, is refused before anything is
 * written), and the authors, categories and tags before the articles, which refer to them: as
 * the export writes it (docs/export-format.md). `head` is called with those once, before the
 * first page of articles; `articles` with each page in turn. A list that is absent is empty.
 */
async function readContent(
  stream: AsyncIterable<Uint8Array>,
  load: {
    head: (head: ContentHead) => Promise<void>
    articles: (page: ExportedArticle[]) => Promise<void>
  },
): Promise<ContentRead> {
  const parser = new JSONParser({
    // Not '$.articles': a value inside one that is emitted is kept in it, and the articles would
    // pile up in their array. With keepStack false, each is dropped from it once emitted.
    paths: [...WHOLE.map((key) => `$.${key}`), '$.articles.*'],
    keepStack: false,
  })
  /** What the chunk being parsed completed: a top-level value by its key, or (null) an article. */
  const arrived: { key: string | null; value: unknown }[] = []
  parser.onValue = ({ key, value, stack }) =>
    arrived.push({ key: stack.length === 1 ? String(key) : null, value })

  const whole = new Map<string, unknown>()
  const list = <K extends ListKey>(key: K) => (whole.get(key) ?? []) as ContentFile[K]
  let versionRead = false
  let head: ContentHead | null = null
  let page: ExportedArticle[] = []
  let articles = 0
  const notOurs = () =>
    new ContentImportError(
      'BAD_FILE',
      `Not a Broadsheet content file of version ≤ ${CONTENT_VERSION}.`,
    )
  const headFirst = () =>
    new ContentImportError(
      'BAD_FILE',
      'content.json must hold its authors, categories and tags before its articles (docs/export-format.md).',
    )
  const startArticles = async (): Promise<ContentHead> => {
    const read = {
      authors: list('authors'),
      categories: list('categories'),
      tags: list('tags'),
      plans: list('plans') ?? [],
    }
    await load.head(read)
    return read
  }
  const take = async (key: string | null, value: unknown) => {
    if (!versionRead) {
      if (key !== 'format' && key !== 'version')
        throw new ContentImportError(
          'BAD_FILE',
          'content.json must begin with its format and version (docs/export-format.md).',
        )
      if (
        key === 'format'
          ? value !== CONTENT_FORMAT
          : !(typeof value === 'number' && value <= CONTENT_VERSION)
      )
        throw notOurs()
      whole.set(key, value)
      versionRead = whole.has('format') && whole.has('version')
    } else if (key === null) {
      if (!head) {
        if (!HEAD.every((name) => whole.has(name))) throw headFirst()
        head = await startArticles()
      }
      page.push(value as ExportedArticle)
      articles++
      if (page.length === PAGE) {
        await load.articles(page)
        page = []
      }
    } else {
      if ((LISTS as readonly string[]).includes(key) && !Array.isArray(value))
        throw new ContentImportError('BAD_FILE', `The ${key} of content.json are not a list.`)
      if (head && ([...HEAD, ...OPTIONAL_HEAD] as readonly string[]).includes(key))
        throw headFirst()
      whole.set(key, value)
    }
  }

  const notJson = () =>
    new ContentImportError('BAD_FILE', 'The zip’s content.json is not valid JSON.')
  for await (const chunk of stream) {
    try {
      parser.write(chunk)
    } catch {
      throw notJson()
    }
    // What this chunk completed is written before the next one is unpacked.
    for (const { key, value } of arrived.splice(0)) await take(key, value)
  }
  try {
    // The parser ends by itself after the closing brace; a file cut short leaves it open.
    if (!parser.isEnded) parser.end()
  } catch {
    throw notJson()
  }
  for (const { key, value } of arrived.splice(0)) await take(key, value)
  if (!versionRead) throw notOurs()
  head ??= await startArticles()
  if (page.length) await load.articles(page)
  return {
    authors: head.authors.length,
    categories: head.categories.length,
    tags: head.tags.length,
    articles,
    pages: list('pages'),
    editions: list('editions'),
    media: list('media'),
  }
}

/** The authors, categories and tags; answers how many authors were new here. */
async function insertHead(tx: Tx, head: ContentHead): Promise<number> {
  let authors = 0
  for (const a of head.authors) {
    const inserted = await tx
      .insert(profiles)
      .values({
        id: a.id,
        email: a.email,
        name: a.name,
        username: a.username,
        usernameKey: a.username ? usernameKey(a.username) : null,
        displayName: a.displayName,
        bio: a.bio,
        jobTitle: a.jobTitle,
        socialLinks: a.socialLinks,
        image: a.image,
        role: a.role,
      })
      .onConflictDoNothing()
      .returning({ id: profiles.id })
    authors += inserted.length
  }
  if (head.categories.length)
    await tx.insert(categories).values(
      head.categories.map((c) => ({
        id: c.id,
        name: c.name,
        slug: c.slug,
        description: c.description,
        position: c.position,
        showInNavigation: c.showInNavigation,
        showOnHome: c.showOnHome,
        defaultAccess: accessLevelOf(c.defaultAccess),
      })),
    )
  if (head.tags.length)
    await tx.insert(tags).values(head.tags.map((t) => ({ id: t.id, name: t.name, slug: t.slug })))
  return authors
}

/**
 * Whether an article holds its address. An export made before drafts' slugs became provisional
 * does not say: the rule of migration 0015 decides (a draft or review never published has not
 * claimed it), so two drafts titled alike do not clash on the index of claimed slugs.
 */
function slugClaimedOf(a: ExportedArticle): boolean {
  if (a.slugClaimed !== undefined) return a.slugClaimed
  return !((a.status === 'draft' || a.status === 'review') && !a.publishedAt)
}

/**
 * The export's plans, answering where each exported id now is: a plan whose slug this site
 * already has is that one (its prices stay the site's), any other is added under a new id.
 */
async function insertPlans(tx: Tx, exported: ContentHead['plans']): Promise<Map<number, number>> {
  const ids = new Map<number, number>()
  for (const p of exported) {
    const [row] = await tx
      .insert(plans)
      .values({
        slug: p.slug,
        name: p.name,
        description: p.description,
        benefits: p.benefits,
        monthlyPriceCents: p.monthlyPriceCents,
        yearlyPriceCents: p.yearlyPriceCents,
        trialDays: p.trialDays,
        status: p.status === 'archived' ? 'archived' : 'visible',
        position: p.position,
      })
      .onConflictDoUpdate({ target: plans.slug, set: { slug: sql`excluded.slug` } })
      .returning({ id: plans.id })
    ids.set(p.id, row.id)
  }
  return ids
}

/** An article's access level as exported, its plans renumbered as this site has them. */
function accessOf(a: ExportedArticle, planIds: Map<number, number>) {
  return normalizeAccess({
    access: accessLevelOf(a.access),
    accessPlanIds: (a.accessPlanIds ?? []).flatMap((id) => planIds.get(id) ?? []),
    freeForNow: a.freeForNow === true,
    previewParagraphs:
      typeof a.previewParagraphs === 'number' &&
      Number.isInteger(a.previewParagraphs) &&
      a.previewParagraphs >= 0 &&
      a.previewParagraphs <= 50
        ? a.previewParagraphs
        : null,
  })
}

/** A page of articles with their tags, corrections, revisions and live coverage. */
async function insertArticles(
  tx: Tx,
  page: ExportedArticle[],
  person: (id: string | null) => string | null,
  planIds: Map<number, number>,
) {
  await tx.insert(articles).values(
    page.map((a) => ({
      ...accessOf(a, planIds),
      id: a.id,
      title: a.title,
      slug: a.slug,
      slugClaimed: slugClaimedOf(a),
      excerpt: a.excerpt,
      content: sanitizeArticleHtml(a.content),
      featuredImage: a.featuredImage,
      status: a.status,
      isFeatured: a.isFeatured,
      hasVideo: a.hasVideo,
      videoUrl: a.videoUrl,
      publishedAt: date(a.publishedAt),
      categoryId: a.categoryId,
      authorId: person(a.authorId),
      createdAt: new Date(a.createdAt),
      updatedAt: new Date(a.updatedAt),
      revisedAt: date(a.revisedAt),
      breakingUntil: date(a.breakingUntil),
    })),
  )
  const links = page.flatMap((a) => a.tagIds.map((tagId) => ({ articleId: a.id, tagId })))
  if (links.length) await tx.insert(articleTags).values(links)
  const corrections = page.flatMap((a) =>
    a.corrections.map((c) => ({
      articleId: a.id,
      text: c.text,
      correctedAt: new Date(c.correctedAt),
      createdBy: person(c.createdBy),
    })),
  )
  if (corrections.length) await tx.insert(articleCorrections).values(corrections)
  const revisions = page.flatMap((a) =>
    a.revisions.map((r) => ({
      articleId: a.id,
      title: r.title,
      excerpt: r.excerpt,
      content: r.content,
      status: r.status,
      categoryId: r.categoryId,
      tagNames: r.tagNames,
      featuredImage: r.featuredImage,
      // A revision's access level, its plans renumbered as the article's are.
      ...(r.access
        ? {
            access: r.access,
            accessPlanIds: (r.accessPlanIds ?? []).flatMap((id) => planIds.get(id) ?? []),
            freeForNow: r.freeForNow ?? false,
            previewParagraphs: r.previewParagraphs ?? null,
          }
        : {}),
      createdBy: person(r.createdBy),
      createdAt: new Date(r.createdAt),
    })),
  )
  if (revisions.length) await tx.insert(articleRevisions).values(revisions)
  for (const a of page) if (a.live) await insertLive(tx, a.id, a.live, person)
}

/**
 * The export's confirmed subscribers, back on the newsletter with the date their consent rests
 * on, through the subscribers' own CSV import (in parts of its largest size, read as the file
 * is unpacked), so that the suppression list and the default lists apply as to any import.
 */
async function restoreSubscribers(confirmed: AsyncIterable<[string, string]>): Promise<number> {
  let imported = 0
  let part: [string, string][] = []
  const importPart = async () => {
    const report = await importSubscribersCsv(
      stringify(part, { header: true, columns: ['email', 'consented_at'] }),
    )
    imported += report.imported
    part = []
  }
  for await (const row of confirmed) {
    part.push(row)
    if (part.length === IMPORT_MAX_ROWS) await importPart()
  }
  if (part.length) await importPart()
  return imported
}

/**
 * The confirmed readers of an export's subscribers.csv: [email, the date their consent rests
 * on: when they consented, or else confirmed]. Those who never confirmed are left out: only
 * their own opt-in may add them.
 */
async function* confirmedSubscribers(
  zip: BoundedZip,
  entry: ZipEntry,
): AsyncGenerator<[string, string]> {
  for await (const row of csvRecords(zip, entry))
    if (row.status === 'confirmed')
      yield [row.email ?? '', row.consented_at || row.confirmed_at || '']
}

/**
 * The rows of one of the export's CSV files, by their header's names, parsed as the entry is
 * unpacked: never the whole file in memory, a line at most REDIRECT_CSV_MAX_LINE long.
 */
async function* csvRecords(
  zip: BoundedZip,
  entry: ZipEntry,
): AsyncGenerator<Record<string, string>> {
  const source = await zip.openEntry(entry)
  const parser = parse({
    bom: true,
    columns: true,
    skip_empty_lines: true,
    trim: true,
    max_record_size: REDIRECT_CSV_MAX_LINE,
  })
  source.on('error', (error) => parser.destroy(error))
  source.pipe(parser)
  try {
    for await (const row of parser as AsyncIterable<Record<string, string>>) yield row
  } catch (error) {
    const refusal = csvRefusal(error, `The zip’s ${entry.name}`)
    if (refusal instanceof RedirectCsvError)
      throw new ContentImportError('BAD_FILE', refusal.message, { cause: error })
    throw refusal
  } finally {
    source.destroy()
  }
}

/** An article's live coverage, its entries (ids kept: share addresses name them) and revisions. */
async function insertLive(
  tx: Tx,
  articleId: number,
  live: ExportedLive,
  person: (id: string | null) => string | null,
) {
  await tx.insert(liveCoverage).values({
    articleId,
    state: live.state,
    summary: live.summary,
    startedAt: new Date(live.startedAt),
    endedAt: date(live.endedAt),
    lastEntryAt: date(live.lastEntryAt),
  })
  if (live.entries.length === 0) return
  await tx.insert(liveEntries).values(
    live.entries.map((e) => ({
      id: e.id,
      articleId,
      headline: e.headline,
      content: sanitizeArticleHtml(e.content),
      status: e.status,
      isPinned: e.isPinned,
      isKeyEvent: e.isKeyEvent,
      authorId: person(e.authorId),
      publishedAt: date(e.publishedAt),
      createdAt: new Date(e.createdAt),
      updatedAt: new Date(e.updatedAt),
      deletedAt: date(e.deletedAt),
    })),
  )
  const revisions = live.entries.flatMap((e) =>
    e.revisions.map((r) => ({
      entryId: e.id,
      headline: r.headline,
      content: r.content,
      createdBy: person(r.createdBy),
      createdAt: new Date(r.createdAt),
    })),
  )
  if (revisions.length) await tx.insert(liveEntryRevisions).values(revisions)
}
