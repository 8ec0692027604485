import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { sql } from 'drizzle-orm'
import yauzl from 'yauzl'
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
  profiles,
  staticPages,
  tags,
} from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { importSubscribersCsv, IMPORT_MAX_ROWS } from '~/domain/newsletter/newsletter-admin.server'
import { importRedirectsCsv } from '~/domain/redirects/redirects-csv.server'
import type { Database } from '~/infra/db.server'
import { sanitizeArticleHtml } from '~/infra/sanitize.server'
import type { Bucket, StorageDriver } from '~/infra/storage-driver.server'
import { usernameKey } from '~/lib/username'
import { CONTENT_FORMAT, CONTENT_VERSION } from './content-json.server'
import { EXPORTED_BUCKETS } from './site-export.server'

export class ContentImportError extends domainErrors('ContentImportError', {
  NOT_EMPTY: 409,
  BAD_FILE: 400,
}) {}

/* The shape of content.json version 1 (docs/export-format.md), as far as the import reads it. */
type Dated = string | null
interface ExportedLive {
  state: 'live' | 'paused' | 'ended'
  summary: string
  startedAt: string
  endedAt: Dated
  lastEntryAt: Dated
  entries: {
    id: number
    headline: string
    content: string
    status: 'published' | 'pending'
    isPinned: boolean
    isKeyEvent: boolean
    authorId: string | null
    publishedAt: Dated
    createdAt: string
    updatedAt: string
    deletedAt: Dated
    revisions: { headline: string; content: string; createdBy: string | null; createdAt: string }[]
  }[]
}
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
  }[]
  tags: { id: number; name: string; slug: string }[]
  articles: {
    id: number
    title: string
    slug: string
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

const date = (value: Dated) => (value ? new Date(value) : null)

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
 * read whole (the articles are inserted a page at a time). A dry run reads and checks the zip,
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

  let contentText: string | null = null
  let redirectsCsv = ''
  let subscribersCsv = ''
  let files = 0
  await eachZipEntry(zipPath, async (name, read) => {
    if (name === 'content.json') contentText = (await read()).toString('utf8')
    else if (name === 'redirects.csv') redirectsCsv = (await read()).toString('utf8')
    else if (name === 'subscribers.csv') subscribersCsv = (await read()).toString('utf8')
    else {
      const match = /^media\/([a-z_]+)\/(.+)$/.exec(name)
      if (!match || !(EXPORTED_BUCKETS as readonly string[]).includes(match[1])) return
      if (!dryRun) await storage.put(match[1] as Bucket, match[2], await read())
      files++
    }
  })
  if (contentText === null)
    throw new ContentImportError('BAD_FILE', 'The zip holds no content.json.')
  let content: ContentFile
  try {
    content = JSON.parse(contentText) as ContentFile
  } catch {
    throw new ContentImportError('BAD_FILE', 'The zip’s content.json is not valid JSON.')
  }
  if (content?.format !== CONTENT_FORMAT || !(content.version <= CONTENT_VERSION))
    throw new ContentImportError(
      'BAD_FILE',
      `Not a Broadsheet content file of version ≤ ${CONTENT_VERSION}.`,
    )
  // Read before anything is written: a bad CSV refuses the zip instead of stopping half way.
  const redirectCount = redirectsCsv ? csvRecords(redirectsCsv, 'redirects.csv').length : 0
  const confirmed = subscribersCsv ? confirmedSubscribers(subscribersCsv) : []
  const loaded = (counts: Pick<ContentImportResult, 'authors' | 'redirects' | 'subscribers'>) => ({
    ...counts,
    categories: content.categories.length,
    tags: content.tags.length,
    articles: content.articles.length,
    pages: content.pages.length,
    editions: content.editions.length,
    files,
  })
  if (dryRun)
    return loaded({
      authors: content.authors.length,
      redirects: redirectCount,
      subscribers: confirmed.length,
    })

  let authors = 0
  await db.transaction(async (tx) => {
    for (const a of content.authors) {
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
    if (content.categories.length)
      await tx.insert(categories).values(
        content.categories.map((c) => ({
          id: c.id,
          name: c.name,
          slug: c.slug,
          description: c.description,
          position: c.position,
          showInNavigation: c.showInNavigation,
          showOnHome: c.showOnHome,
        })),
      )
    if (content.tags.length)
      await tx
        .insert(tags)
        .values(content.tags.map((t) => ({ id: t.id, name: t.name, slug: t.slug })))
    const known = new Set((await tx.select({ id: profiles.id }).from(profiles)).map((p) => p.id))
    const person = (id: string | null) => (id && known.has(id) ? id : null)
    for (let i = 0; i < content.articles.length; i += 200) {
      const page = content.articles.slice(i, i + 200)
      await tx.insert(articles).values(
        page.map((a) => ({
          id: a.id,
          title: a.title,
          slug: a.slug,
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
          createdBy: person(r.createdBy),
          createdAt: new Date(r.createdAt),
        })),
      )
      if (revisions.length) await tx.insert(articleRevisions).values(revisions)
      for (const a of page) if (a.live) await insertLive(tx, a.id, a.live, person)
    }
    for (const p of content.pages)
      await tx
        .insert(staticPages)
        .values({ ...p, updatedAt: new Date(p.updatedAt) })
        .onConflictDoUpdate({
          target: staticPages.slug,
          set: { title: p.title, content: p.content, updatedAt: new Date(p.updatedAt) },
        })
    for (const m of content.media)
      await tx
        .insert(mediaFiles)
        .values({ ...m, createdAt: new Date(m.createdAt) })
        .onConflictDoNothing()
    for (const e of content.editions)
      await tx
        .insert(newspaperEditions)
        .values({ ...e, createdAt: new Date(e.createdAt) })
        .onConflictDoNothing()
    // Rows came with their ids: the identity sequences continue after the highest.
    for (const table of ['categories', 'tags', 'articles', 'newspaper_editions', 'live_entries'])
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.identifier(table)}), 0) + 1, false)`,
      )
  })
  const redirects = redirectsCsv ? (await importRedirectsCsv(db, redirectsCsv)).saved : 0
  const subscribers = await restoreSubscribers(confirmed)
  return loaded({ authors, redirects, subscribers })
}

/**
 * The export's confirmed subscribers, back on the newsletter with the date their consent rests
 * on, through the subscribers' own CSV import (in parts of its largest size), so that the
 * suppression list and the default lists apply as to any import.
 */
async function restoreSubscribers(confirmed: [string, string][]): Promise<number> {
  let imported = 0
  for (let start = 0; start < confirmed.length; start += IMPORT_MAX_ROWS) {
    const part = confirmed.slice(start, start + IMPORT_MAX_ROWS)
    const report = await importSubscribersCsv(
      stringify(part, { header: true, columns: ['email', 'consented_at'] }),
    )
    imported += report.imported
  }
  return imported
}

/**
 * The confirmed readers of an export's subscribers.csv: [email, the date their consent rests
 * on: when they consented, or else confirmed]. Those who never confirmed are left out: only
 * their own opt-in may add them.
 */
function confirmedSubscribers(csv: string): [string, string][] {
  return csvRecords(csv, 'subscribers.csv')
    .filter((row) => row.status === 'confirmed')
    .map((row) => [row.email ?? '', row.consented_at || row.confirmed_at || ''])
}

/** The rows of one of the export's CSV files, by their header's names. */
function csvRecords(csv: string, name: string): Record<string, string>[] {
  try {
    return parse(csv, { bom: true, columns: true, skip_empty_lines: true, trim: true })
  } catch {
    throw new ContentImportError('BAD_FILE', `The zip’s ${name} is not valid CSV.`)
  }
}

/** Each entry of a zip in turn, its bytes read only when asked for. */
function eachZipEntry(
  zipPath: string,
  visit: (name: string, read: () => Promise<Buffer>) => Promise<void>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true }, (error, zip) => {
      if (error || !zip)
        return reject(new ContentImportError('BAD_FILE', 'This is not a zip file.'))
      zip.on('error', reject)
      zip.on('end', () => resolve())
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry()
        const read = () =>
          new Promise<Buffer>((done, fail) => {
            zip.openReadStream(entry, (streamError, stream) => {
              if (streamError || !stream) return fail(streamError)
              const chunks: Buffer[] = []
              stream.on('data', (c: Buffer) => chunks.push(c))
              stream.on('error', fail)
              stream.on('end', () => done(Buffer.concat(chunks)))
            })
          })
        visit(entry.fileName, read).then(() => zip.readEntry(), reject)
      })
      zip.readEntry()
    })
  })
}

/** An article's live coverage, its entries (ids kept: share addresses name them) and revisions. */
async function insertLive(
  tx: Parameters<Parameters<Database['transaction']>[0]>[0],
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
