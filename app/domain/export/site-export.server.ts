import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import { and, asc, gt, isNotNull } from 'drizzle-orm'
import yazl from 'yazl'
import { newsletterSubscribers } from '@db/schema/index'
import { redirectsCsvStream } from '~/domain/redirects/redirects-csv.server'
import { getSiteIdentity } from '~/domain/seo/seo.server'
import { getDb } from '~/infra/db.server'
import { logger } from '~/infra/logger.server'
import type { StorageDriver } from '~/infra/storage-driver.server'
import { contentJsonChunks } from './content-json.server'
import { wxrChunks } from './wxr.server'

/** The stored files that belong in an export: images (with their sizes) and the PDF editions. */
export const EXPORTED_BUCKETS = ['media', 'pdf_newspapers'] as const

/**
 * The whole site in one zip: content.json, wordpress.xml, redirects.csv, subscribers.csv and
 * every stored file under media/<bucket>/<name>. yazl pulls each entry's stream only when it
 * reaches it and the caller pipes the zip out as it is made, so nothing is held whole: the
 * JSON and XML are written a page of articles at a time, the files read from storage as streams.
 */
export async function siteExportZip(storage: StorageDriver, now = new Date()) {
  const identity = await getSiteIdentity()
  const site = { url: identity.siteUrl, name: identity.brand }
  const zip = new yazl.ZipFile()
  const mtime = now
  zip.addReadStream(Readable.from(contentJsonChunks(site, now)), 'content.json', { mtime })
  zip.addReadStream(Readable.from(wxrChunks(site, now)), 'wordpress.xml', { mtime })
  zip.addReadStream(redirectsCsvStream(), 'redirects.csv', { mtime })
  zip.addReadStream(subscribersCsvStream(), 'subscribers.csv', { mtime })
  for (const bucket of EXPORTED_BUCKETS) {
    for (const file of await storage.list(bucket, { includeVariants: true })) {
      zip.addReadStream(lazyFile(storage, bucket, file.name), `media/${bucket}/${file.name}`, {
        mtime: file.updatedAt,
        // Images and PDFs are compressed already.
        compress: false,
      })
    }
  }
  zip.end()
  return zip.outputStream as Readable
}

/** A stored file opened only when the zip reaches it (thousands of open files otherwise). */
function lazyFile(storage: StorageDriver, bucket: string, name: string): Readable {
  return Readable.from(
    (async function* () {
      const stream = await storage.get(bucket as (typeof EXPORTED_BUCKETS)[number], name)
      if (!stream) {
        logger.warn({ bucket, name }, 'export: a listed file is gone')
        return
      }
      for await (const chunk of stream) yield chunk as Buffer
    })(),
  )
}

export const SUBSCRIBER_CSV_COLUMNS = [
  'email',
  'status',
  'source',
  'consented_at',
  'confirmed_at',
  'paused_at',
  'created_at',
] as const

/**
 * The confirmed newsletter subscribers with the dates their consent rests on, a page at a time.
 * Addresses that never confirmed are left out: nobody consented to them, and an import would
 * not take them back either (content-import.server.ts).
 */
export function subscribersCsvStream(): Readable {
  async function* rows() {
    let after = 0
    for (;;) {
      const page = await getDb()
        .select()
        .from(newsletterSubscribers)
        .where(
          and(gt(newsletterSubscribers.id, after), isNotNull(newsletterSubscribers.confirmedAt)),
        )
        .orderBy(asc(newsletterSubscribers.id))
        .limit(1000)
      for (const s of page)
        yield [
          s.email,
          s.confirmedAt ? 'confirmed' : 'pending',
          s.source,
          s.consentedAt?.toISOString() ?? '',
          s.confirmedAt?.toISOString() ?? '',
          s.pausedAt?.toISOString() ?? '',
          s.createdAt.toISOString(),
        ]
      if (page.length < 1000) return
      after = page[page.length - 1].id
    }
  }
  return Readable.from(rows()).pipe(
    stringify({ header: true, columns: [...SUBSCRIBER_CSV_COLUMNS] }),
  )
}
