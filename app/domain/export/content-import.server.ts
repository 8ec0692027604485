import { sql } from 'drizzle-orm'
import { mediaFiles, newspaperEditions, profiles, staticPages } from '@db/schema/index'
import { MEDIA_CREDIT_MAX, UPLOAD_LIMITS } from '~/domain/media/media-schema'
import { focalPointOf } from '~/lib/focal-point'
import { importRedirectsCsv } from '~/domain/redirects/redirects-csv.server'
import { openBoundedZip, ZipError, type ZipLimits } from '~/infra/bounded-zip.server'
import type { Database } from '~/infra/db.server'
import { assertSafeName, type Bucket, type StorageDriver } from '~/infra/storage-driver.server'
import { EXPORTED_BUCKETS } from './site-export.server'
import { ContentImportError } from './content-file'
import { readContent, type ContentRead } from './content-read.server'
import { insertArticles, insertHead, insertPlans } from './content-rows.server'
import { confirmedSubscribers, csvRecords, restoreSubscribers } from './export-csv.server'

export { ContentImportError } from './content-file'

/**
 * A media row's credit and focal point as the table takes them: absent in a file from before
 * they existed (no credit, the centre), a point out of range brought to the picture's edge,
 * a credit past its limit cut, so a hand-edited file cannot fail the whole import.
 */
function focalAndCredit(m: ContentRead['media'][number]) {
  const focal = focalPointOf(m.focalX, m.focalY)
  return {
    credit: typeof m.credit === 'string' ? m.credit.slice(0, MEDIA_CREDIT_MAX) : '',
    focalX: focal.x,
    focalY: focal.y,
  }
}

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
          .values({ ...m, ...focalAndCredit(m), createdAt: new Date(m.createdAt) })
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
