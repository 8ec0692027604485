import fsp from 'node:fs/promises'
import { and, desc, eq, inArray, like, lt, or } from 'drizzle-orm'
import { newspaperEditions, newspaperPages } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { isPdf, storedExtension } from '~/domain/media/file-types.server'
import {
  notePendingObjects,
  sweepInterruptedUploads,
  type PendingObject,
} from '~/domain/media/interrupted-uploads.server'
import { WRONG_TYPE_MESSAGE } from '~/domain/media/media-schema'
import { recordMovedPath } from '~/domain/redirects/redirects.server'
import { deleteMedia, MediaError, storeUpload } from '~/domain/media/media.server'
import type { ReceivedFile } from '~/domain/media/receive-upload.server'
import { announceChanged } from '~/infra/cache-keys.server'
import { getDb, type Transaction } from '~/infra/db.server'
import { randomObjectName } from '~/infra/images.server'
import { enqueue } from '~/infra/jobs/job-queue.server'
import { drainQueue } from '~/infra/jobs/queue-worker.server'
import { wakeJob, type DurableJobDefinition } from '~/infra/jobs/registry.server'
import { logger } from '~/infra/logger.server'
import { getStorage, readAll } from '~/infra/storage.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { isMembersEdition } from './edition-access.server'
import { editionColumns } from './newspapers-queries.server'
import {
  formatEditionDate,
  type AdminEdition,
  type EditionMeta,
  type EditionValues,
} from './editions-schema'
import { PdfError, type PdfContents } from './pdf-pages.server'
import { readPdfInSandbox } from './pdf-sandbox.server'

export class EditionError extends domainErrors('EditionError', {
  NOT_FOUND: 404,
  SLUG_TAKEN: 409,
}) {}

const BUCKET = 'pdf_newspapers'
const PAGES_PER_INSERT = 100
const SLUG_ATTEMPTS = 5

type Db = ReturnType<typeof getDb> | Transaction

/** The first free address for an edition dated `date`: `YYYY-MM-DD`, then `-2`, `-3`… */
async function freeSlug(db: Db, date: string, exceptId?: number) {
  const rows = await db
    .select({ id: newspaperEditions.id, slug: newspaperEditions.slug })
    .from(newspaperEditions)
    .where(or(eq(newspaperEditions.slug, date), like(newspaperEditions.slug, `${date}-%`)))
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug))
  if (!taken.has(date)) return date
  let n = 2
  while (taken.has(`${date}-${n}`)) n++
  return `${date}-${n}`
}

/** The PostgreSQL unique violation under Drizzle's wrapper (its code is on a cause). */
function isUniqueViolation(error: unknown) {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

export interface IngestInput {
  /** The PDF's stored name in the pdf_newspapers bucket (already stored). */
  fileName: string
  /** Its size in bytes. */
  size: number
  meta: EditionValues
  uploadedBy?: string | null
  /**
   * A PDF that cannot be read still becomes a (bare) edition: one that was public before
   * editions existed (adoption). Otherwise it fails and its file is removed.
   */
  bareOnFailure?: boolean
}

/** What ingestion made: the row, or null when another process had already made it. */
export type IngestResult = { id: number; slug: string } | null

/**
 * Makes an edition of a PDF already in the bucket: inserts its row, 'processing', and queues
 * the reading of its pages (readEditionPages). The row is keyed by the file: when one exists
 * already (two instances adopting the same file), nothing is inserted and the answer is null.
 * A slug taken meanwhile is retried with the next one. `editionSettled(id)` waits for the end.
 */
export async function ingestStoredPdf(input: IngestInput): Promise<IngestResult> {
  const made = await insertEdition(input, 'processing', { bareOnFailure: input.bareOnFailure })
  if (made) wakeJob(EDITION_READS_JOB)
  return made
}

async function insertEdition(
  { fileName, size, meta, uploadedBy }: IngestInput,
  status: 'processing' | 'ready',
  read: EditionRead | null,
): Promise<IngestResult> {
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    const made = await getDb().transaction(async (tx) => {
      const slug = await freeSlug(tx, meta.editionDate)
      const [row] = await tx
        .insert(newspaperEditions)
        .values({
          slug,
          title: meta.title,
          editionDate: meta.editionDate,
          number: meta.number,
          access: meta.access ?? null,
          fileName,
          size,
          status,
          uploadedBy: uploadedBy ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: newspaperEditions.id, slug: newspaperEditions.slug })
      // The reading of its pages is queued with the row: it happens once the row exists, even
      // if this process is killed now, on whichever instance is alive.
      if (row && read) await queueEditionRead(tx, row.id, read)
      return row
    })
    if (made) return made
    // Nothing inserted: the file has its edition already, or the slug was taken meanwhile.
    const [existing] = await getDb()
      .select({ id: newspaperEditions.id })
      .from(newspaperEditions)
      .where(eq(newspaperEditions.fileName, fileName))
    if (existing) return null
  }
  throw new EditionError('SLUG_TAKEN', 'The edition could not be given an address. Try again.')
}

/** The durable job that reads an edition's pages (server/jobs.ts). */
export const EDITION_READS_JOB = 'edition-reads'

interface EditionRead {
  /** An adopted PDF that cannot be read still becomes an edition, without pages. */
  bareOnFailure?: boolean
}

/** Queues the reading of an edition's pages, once while one waits (its key). */
function queueEditionRead(tx: Db, id: number, read: EditionRead) {
  return enqueue(tx, EDITION_READS_JOB, { id, ...read }, { key: `edition:${id}` })
}

const UNPROCESSED = 'The edition could not be processed. Delete it and upload the PDF again.'

export const editionReadsJob: DurableJobDefinition = {
  name: EDITION_READS_JOB,
  title: 'Print edition pages',
  trigger: { kind: 'queued', description: 'an uploaded or adopted PDF' },
  durable: true,
  singleInstance: false,
  // The sandbox bounds one read well within this (pdf-limits.server.ts).
  timeLimitMs: 10 * 60_000,
  // A PDF is refused for what it is, not for the moment: it is not read twice.
  retry: { attempts: 0, backoffMs: 0 },
  logLevel: 'info',
  run: async ({ payload }) => {
    await readEditionPages(Number(payload.id), { bareOnFailure: payload.bareOnFailure === true })
  },
  onFailed: async ({ payload }, error) => {
    logger.error({ err: error, id: payload.id }, 'an edition could not be processed')
    await failEdition(Number(payload.id), UNPROCESSED)
  },
}

/**
 * Resolves when the edition's pages are read: runs the queued reads in this process (the seed,
 * tests), then waits while another worker holds this one (at most its time limit).
 */
export async function editionSettled(id: number): Promise<void> {
  await drainQueue(editionReadsJob)
  const until = Date.now() + editionReadsJob.timeLimitMs
  while (Date.now() < until) {
    const [row] = await getDb()
      .select({ status: newspaperEditions.status })
      .from(newspaperEditions)
      .where(eq(newspaperEditions.id, id))
    if (row?.status !== 'processing') return
    await new Promise((resolve) => setTimeout(resolve, 100))
    await drainQueue(editionReadsJob)
  }
}

/** Runs every queued edition read in this process (tests: nothing left for the next file). */
export async function editionsSettled(): Promise<void> {
  await drainQueue(editionReadsJob)
}

/**
 * Reads the stored PDF of a 'processing' edition outside the server's process
 * (readPdfInSandbox: time, memory, page and size limits), stores its cover, its pages' text in
 * batches, then marks it 'ready'. A PDF refused (PdfError) marks it 'failed' with the refusal's
 * message and removes the file, unless `bareOnFailure` (then it is ready, without pages).
 */
async function readEditionPages(id: number, { bareOnFailure = false } = {}) {
  const [row] = await getDb()
    .select({ fileName: newspaperEditions.fileName, status: newspaperEditions.status })
    .from(newspaperEditions)
    .where(eq(newspaperEditions.id, id))
  if (!row || row.status !== 'processing') return
  const storage = getStorage()
  const stream = await storage.get(BUCKET, row.fileName)
  if (!stream) {
    await failEdition(
      id,
      'The PDF of this edition is missing. Delete it and upload the file again.',
    )
    return
  }
  let contents: PdfContents
  try {
    const read = await readPdfInSandbox(await readAll(stream))
    logger.info(
      { id, ms: read.ms, peakRssMiB: Math.round(read.peakRssBytes / 2 ** 20) },
      'edition read',
    )
    contents = read.contents
  } catch (error) {
    if (!(error instanceof PdfError)) throw error
    logger.info({ id, code: error.code }, 'edition refused')
    if (bareOnFailure) {
      contents = { pageCount: 0, pages: [], cover: null }
    } else {
      await failEdition(id, error.message)
      await removePdf(row.fileName).catch((err: unknown) =>
        logger.error({ err, name: row.fileName }, 'a refused PDF could not be removed'),
      )
      return
    }
  }
  await completeEdition(id, contents)
}

async function failEdition(id: number, failure: string) {
  await getDb()
    .update(newspaperEditions)
    .set({ status: 'failed', failure, updatedAt: new Date() })
    .where(and(eq(newspaperEditions.id, id), eq(newspaperEditions.status, 'processing')))
}

/**
 * Stores the cover and the pages, a batch of PAGES_PER_INSERT rows per statement (no
 * transaction holds the database for a whole edition: readers see none of it until the row
 * says 'ready', set last). The cover is named in a pending note first, so a process killed
 * before the row names it leaves nothing behind.
 */
async function completeEdition(id: number, contents: PdfContents) {
  const storage = getStorage()
  const coverName = contents.cover ? randomObjectName('webp') : null
  const done = coverName ? await notePendingObjects([{ bucket: BUCKET, name: coverName }]) : null
  try {
    if (contents.cover && coverName) {
      await storage.put(BUCKET, coverName, contents.cover.data, 'image/webp')
    }
    await getDb().delete(newspaperPages).where(eq(newspaperPages.editionId, id))
    for (let start = 0; start < contents.pages.length; start += PAGES_PER_INSERT) {
      await getDb()
        .insert(newspaperPages)
        .values(
          contents.pages.slice(start, start + PAGES_PER_INSERT).map((text, i) => ({
            editionId: id,
            pageNumber: start + i + 1,
            text,
          })),
        )
    }
    const updated = await getDb()
      .update(newspaperEditions)
      .set({
        status: 'ready',
        failure: null,
        pageCount: contents.pageCount,
        coverName,
        coverWidth: contents.cover?.width ?? null,
        coverHeight: contents.cover?.height ?? null,
        updatedAt: new Date(),
      })
      .where(and(eq(newspaperEditions.id, id), eq(newspaperEditions.status, 'processing')))
      .returning({ id: newspaperEditions.id })
    // Ready: readers see it (the home page, the print editions, search).
    if (updated.length > 0) announceChanged(['editions'])
    // Deleted while it was read: its cover goes too.
    if (updated.length === 0 && coverName) await storage.remove(BUCKET, coverName)
  } catch (error) {
    if (coverName) await storage.remove(BUCKET, coverName).catch(() => {})
    throw error
  } finally {
    await done?.()
  }
}

/**
 * An upload from the back office: checked to be a PDF ("Invalid file type" otherwise; one
 * with no PDF object at all is refused at once, PdfError 422), stored, and made an edition
 * 'processing' whose pages are read in the background (ingestStoredPdf). The answer comes at
 * once. The PDF is named in a pending note first, so that a process killed before the
 * edition's row commits leaves nothing a restart would keep (interrupted-uploads.server.ts).
 */
export async function createEditionFromUpload(
  file: ReceivedFile,
  meta: EditionMeta,
  options: { uploadedBy?: string | null } = {},
): Promise<AdminEdition> {
  if (!isPdf(file.head)) throw new MediaError('INVALID_TYPE', WRONG_TYPE_MESSAGE.pdf)
  if (!hasPdfObjects(await fsp.readFile(file.path))) {
    throw new PdfError(
      'UNREADABLE',
      'The PDF could not be read. It may be damaged; export it again and upload the new copy.',
    )
  }
  const pdfName = randomObjectName(storedExtension(file.fileName, 'pdf'))
  const done = await notePendingObjects([{ bucket: BUCKET, name: pdfName }])
  try {
    const stored = await storeUpload('pdf', file, { uploadedBy: options.uploadedBy, name: pdfName })
    try {
      const made = await ingestStoredPdf({
        fileName: stored.name,
        size: file.size,
        meta,
        uploadedBy: options.uploadedBy,
      })
      // A fresh random name cannot have an edition already.
      if (!made) throw new Error(`An edition already exists for ${stored.name}`)
      return await getAdminEdition(made.id)
    } catch (error) {
      await removePdf(stored.name).catch((err: unknown) =>
        logger.error({ err, name: stored.name }, 'a refused PDF could not be removed'),
      )
      throw error
    }
  } finally {
    await done()
  }
}

/**
 * A first look, in the request (memchr-fast on the bytes): a file with a PDF header and no
 * object at all (a header before an HTML page, a torn copy) is refused at once.
 */
function hasPdfObjects(data: Buffer) {
  return data.indexOf(' obj') !== -1 && data.indexOf('endobj') !== -1
}

async function removePdf(name: string) {
  try {
    await deleteMedia('pdf', name)
  } catch (error) {
    if (error instanceof MediaError && error.code === 'NOT_FOUND') return
    throw error
  }
}

const adminColumns = {
  ...editionColumns,
  status: newspaperEditions.status,
  failure: newspaperEditions.failure,
  createdAt: newspaperEditions.createdAt,
}

type AdminRow = { [K in keyof typeof adminColumns]: (typeof newspaperEditions.$inferSelect)[K] }

/** `siteAccess`: the site's `editionsAccess`, which an edition without its own follows. */
function toAdminEdition(row: AdminRow, siteAccess: string): AdminEdition {
  const storage = getStorage()
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    editionDate: row.editionDate,
    number: row.number,
    pageCount: row.pageCount,
    size: row.size,
    // A ready members edition's PDF is refused at its stored address (server/app.ts): staff
    // open it through its route, as members do.
    pdfUrl:
      row.status === 'ready' && isMembersEdition(row.access, siteAccess)
        ? `/newspapers/${encodeURIComponent(row.slug)}/pdf`
        : storage.publicUrl(BUCKET, row.fileName),
    coverUrl: row.coverName ? storage.publicUrl(BUCKET, row.coverName) : null,
    coverWidth: row.coverWidth,
    coverHeight: row.coverHeight,
    status: row.status,
    failure: row.failure,
    createdAt: row.createdAt.toISOString(),
    access: row.access === 'everyone' || row.access === 'members' ? row.access : null,
    membersOnly: isMembersEdition(row.access, siteAccess),
  }
}

export async function getAdminEdition(id: number): Promise<AdminEdition> {
  const [row] = await getDb()
    .select(adminColumns)
    .from(newspaperEditions)
    .where(eq(newspaperEditions.id, id))
  if (!row) throw new EditionError('NOT_FOUND', 'This edition does not exist')
  return toAdminEdition(row, (await getSiteSettings()).editionsAccess)
}

/** The back office's list: newest edition date first, then the later upload. */
export async function listAdminEditions(): Promise<AdminEdition[]> {
  const rows = await getDb()
    .select(adminColumns)
    .from(newspaperEditions)
    .orderBy(desc(newspaperEditions.editionDate), desc(newspaperEditions.id))
  const { editionsAccess } = await getSiteSettings()
  return rows.map((row) => toAdminEdition(row, editionsAccess))
}

const editionPath = (slug: string) => `/newspapers/${slug}`

/**
 * New title, date and number. The address (slug) follows the date: kept while the date is
 * the same, else the first free one for the new date.
 */
export async function updateEdition(id: number, meta: EditionValues): Promise<AdminEdition> {
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    try {
      await getDb().transaction(async (tx) => {
        const [current] = await tx
          .select({ editionDate: newspaperEditions.editionDate, slug: newspaperEditions.slug })
          .from(newspaperEditions)
          .where(eq(newspaperEditions.id, id))
          .for('update')
        if (!current) throw new EditionError('NOT_FOUND', 'This edition does not exist')
        const slug =
          current.editionDate === meta.editionDate
            ? current.slug
            : await freeSlug(tx, meta.editionDate, id)
        await tx
          .update(newspaperEditions)
          .set({
            title: meta.title,
            editionDate: meta.editionDate,
            number: meta.number,
            ...(meta.access !== undefined ? { access: meta.access } : {}),
            slug,
            updatedAt: new Date(),
          })
          .where(eq(newspaperEditions.id, id))
        // A new date is a new address: readers' links and bookmarks to the old one follow it.
        if (slug !== current.slug) {
          await recordMovedPath(tx, editionPath(current.slug), editionPath(slug))
        }
      })
      announceChanged(['editions'])
      return getAdminEdition(id)
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
    }
  }
  throw new EditionError('SLUG_TAKEN', 'The edition could not be given an address. Try again.')
}

/**
 * Removes an edition: its PDF (with its media record), its cover, then its row and page rows.
 * The files go first: if one cannot be removed, the edition stays listed and can be deleted
 * again (a row left without its files would be a broken edition for readers).
 */
export async function deleteEdition(id: number): Promise<{ title: string }> {
  const [row] = await getDb()
    .select({
      title: newspaperEditions.title,
      fileName: newspaperEditions.fileName,
      coverName: newspaperEditions.coverName,
    })
    .from(newspaperEditions)
    .where(eq(newspaperEditions.id, id))
  if (!row) throw new EditionError('NOT_FOUND', 'This edition does not exist')
  await removePdf(row.fileName)
  if (row.coverName) await getStorage().remove(BUCKET, row.coverName)
  await getDb().delete(newspaperEditions).where(eq(newspaperEditions.id, id))
  announceChanged(['editions'])
  return { title: row.title }
}

const DATE_IN_NAME = /(\d{4}-\d{2}-\d{2})/

/** The edition date of a PDF stored without one: a real YYYY-MM-DD in its name, else its upload day. */
export function adoptedEditionDate(name: string, uploadedAt: Date) {
  const inName = DATE_IN_NAME.exec(name)?.[1]
  if (inName) {
    const date = new Date(`${inName}T00:00:00Z`)
    if (!Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === inName) return inName
  }
  return uploadedAt.toISOString().slice(0, 10)
}

/** An edition still 'processing' this long after its last change was left by a stopped process. */
const ABANDONED_AFTER_MS = 10 * 60 * 1000

/**
 * PDFs in the bucket with no edition (uploaded before editions existed, or by the demo seed of
 * an older install) become editions titled "Edition of {long date}", their cover and page text
 * read as at upload (queued: `editionsSettled()` runs them in this process). A PDF that cannot
 * be read still becomes an edition (no pages, no cover): it was public before. Editions left
 * 'processing' by a version before the job queue are queued again. Safe to run twice and from
 * two instances (the file name is unique; an abandoned edition is claimed by one update).
 */
export async function adoptOrphanPdfs(options: { log?: (msg: string) => void } = {}) {
  // An upload a previous process was killed in must not become an edition: its leftovers go
  // first (what its note names, unless its edition committed).
  await sweepInterruptedUploads(isPartOfAnEdition)
  await requeueAbandonedEditions()
  const storage = getStorage()
  const files = (await storage.list(BUCKET)).filter((f) => /\.pdf$/i.test(f.name))
  const known = new Set(
    files.length === 0
      ? []
      : (
          await getDb()
            .select({ fileName: newspaperEditions.fileName })
            .from(newspaperEditions)
            .where(
              inArray(
                newspaperEditions.fileName,
                files.map((f) => f.name),
              ),
            )
        ).map((r) => r.fileName),
  )
  let adopted = 0
  for (const file of files.filter((f) => !known.has(f.name))) {
    const editionDate = adoptedEditionDate(file.name, file.updatedAt)
    const meta = {
      title: `Edition of ${formatEditionDate(editionDate)}`,
      editionDate,
      number: null,
    }
    const input = { fileName: file.name, size: file.size, meta }
    const made = await insertEdition(input, 'processing', { bareOnFailure: true })
    if (!made) continue
    adopted++
  }
  if (adopted > 0) {
    wakeJob(EDITION_READS_JOB)
    options.log?.(`Print editions: adopted ${adopted} stored PDFs`)
  }
  return { adopted }
}

/**
 * Editions 'processing' with no change for ABANDONED_AFTER_MS and no read waiting (left by a
 * version of the site before the job queue): their read is queued again, once (its key).
 */
async function requeueAbandonedEditions() {
  await getDb().transaction(async (tx) => {
    const rows = await tx
      .update(newspaperEditions)
      .set({ updatedAt: new Date() })
      .where(
        and(
          eq(newspaperEditions.status, 'processing'),
          lt(newspaperEditions.updatedAt, new Date(Date.now() - ABANDONED_AFTER_MS)),
        ),
      )
      .returning({ id: newspaperEditions.id })
    for (const { id } of rows) await queueEditionRead(tx, id, {})
  })
}

async function isPartOfAnEdition({ bucket, name }: PendingObject) {
  if (bucket !== BUCKET) return false
  const [row] = await getDb()
    .select({ id: newspaperEditions.id })
    .from(newspaperEditions)
    .where(or(eq(newspaperEditions.fileName, name), eq(newspaperEditions.coverName, name)))
  return row !== undefined
}

let adoption: Promise<unknown> | undefined

/**
 * Adopts orphan PDFs once per process (at start-up, or at the first back-office listing);
 * a failure is logged and tried again next time.
 */
export function adoptOrphanPdfsOnce(options: { log?: (msg: string) => void } = {}) {
  adoption ??= adoptOrphanPdfs(options).catch((error: unknown) => {
    adoption = undefined
    logger.error({ err: error }, 'adopting stored PDFs as editions failed')
  })
  return adoption
}

/** Tests: forget that adoption ran. */
export function resetAdoptionForTests() {
  adoption = undefined
}
