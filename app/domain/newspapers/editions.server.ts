import fsp from 'node:fs/promises'
import { desc, eq, inArray, like, or } from 'drizzle-orm'
import { newspaperEditions, newspaperPages } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { isPdf, storedExtension } from '~/domain/media/file-types.server'
import {
  notePendingObjects,
  sweepInterruptedUploads,
  type PendingObject,
} from '~/domain/media/interrupted-uploads.server'
import { WRONG_TYPE_MESSAGE } from '~/domain/media/media-schema'
import { deleteMedia, MediaError, storeUpload } from '~/domain/media/media.server'
import type { ReceivedFile } from '~/domain/media/receive-upload.server'
import { getDb, type Transaction } from '~/infra/db.server'
import { randomObjectName } from '~/infra/images.server'
import { logger } from '~/infra/logger.server'
import { getStorage, readAll } from '~/infra/storage.server'
import { editionColumns } from './newspapers-queries.server'
import { formatEditionDate, type AdminEdition, type EditionMeta } from './editions-schema'
import { readPdf, type PdfContents } from './pdf-pages.server'

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
  /** Its bytes. */
  data: Uint8Array
  meta: EditionMeta
  uploadedBy?: string | null
  /** Its pages when already read (an upload reads them before storing anything). */
  contents?: PdfContents
  /** The cover's object name when chosen already (named in the upload's pending note). */
  coverName?: string
}

/** What ingestion made: the row, or null when another process had already made it. */
export type IngestResult = { id: number; slug: string; pageCount: number } | null

/**
 * Makes an edition of a PDF already in the bucket: reads its pages with pdf.js (refusing a
 * broken or locked PDF: PdfError, 422), stores the cover (webp, in pdf_newspapers under a
 * random name), then inserts the row and one newspaper_pages row per page in a transaction.
 * The row is keyed by the file: when one exists already (two instances adopting the same
 * file), nothing is inserted, the cover is removed and the answer is null. A slug taken
 * meanwhile is retried with the next one. The caller removes the PDF if this throws.
 */
export async function ingestStoredPdf(input: IngestInput): Promise<IngestResult> {
  const contents = input.contents ?? (await readPdf(input.data))
  const storage = getStorage()
  const coverName = contents.cover ? (input.coverName ?? randomObjectName('webp')) : null
  if (contents.cover && coverName) {
    await storage.put(BUCKET, coverName, contents.cover.data, 'image/webp')
  }
  try {
    const made = await insertEdition(input, contents, coverName)
    if (!made && coverName) await storage.remove(BUCKET, coverName)
    return made
  } catch (error) {
    if (coverName) await storage.remove(BUCKET, coverName).catch(() => {})
    throw error
  }
}

async function insertEdition(
  { fileName, data, meta, uploadedBy }: IngestInput,
  contents: PdfContents,
  coverName: string | null,
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
          fileName,
          size: data.byteLength,
          pageCount: contents.pageCount,
          coverName,
          coverWidth: contents.cover?.width ?? null,
          coverHeight: contents.cover?.height ?? null,
          uploadedBy: uploadedBy ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: newspaperEditions.id, slug: newspaperEditions.slug })
      if (!row) return undefined
      for (let start = 0; start < contents.pages.length; start += PAGES_PER_INSERT) {
        await tx.insert(newspaperPages).values(
          contents.pages.slice(start, start + PAGES_PER_INSERT).map((text, i) => ({
            editionId: row.id,
            pageNumber: start + i + 1,
            text,
          })),
        )
      }
      return { id: row.id, slug: row.slug, pageCount: contents.pageCount }
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

/**
 * An upload from the back office: checked to be a PDF ("Invalid file type" otherwise) and read
 * (pages, cover; a PdfError, 422, for one pdf.js cannot open) before anything is stored, then
 * stored and made an edition. The objects it stores are named in a pending note first, so
 * that a process killed before the edition's row commits leaves nothing a restart would keep
 * (interrupted-uploads.server.ts). When a step fails, what was stored is removed.
 */
export async function createEditionFromUpload(
  file: ReceivedFile,
  meta: EditionMeta,
  options: { uploadedBy?: string | null } = {},
): Promise<AdminEdition> {
  if (!isPdf(file.head)) throw new MediaError('INVALID_TYPE', WRONG_TYPE_MESSAGE.pdf)
  const data = await fsp.readFile(file.path)
  const contents = await readPdf(data)
  const pdfName = randomObjectName(storedExtension(file.fileName, 'pdf'))
  const coverName = randomObjectName('webp')
  const done = await notePendingObjects([
    { bucket: BUCKET, name: pdfName },
    { bucket: BUCKET, name: coverName },
  ])
  try {
    const stored = await storeUpload('pdf', file, { uploadedBy: options.uploadedBy, name: pdfName })
    try {
      const made = await ingestStoredPdf({
        fileName: stored.name,
        data,
        meta,
        uploadedBy: options.uploadedBy,
        contents,
        coverName,
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

async function removePdf(name: string) {
  try {
    await deleteMedia('pdf', name)
  } catch (error) {
    if (error instanceof MediaError && error.code === 'NOT_FOUND') return
    throw error
  }
}

const adminColumns = { ...editionColumns, createdAt: newspaperEditions.createdAt }

type AdminRow = { [K in keyof typeof adminColumns]: (typeof newspaperEditions.$inferSelect)[K] }

function toAdminEdition(row: AdminRow): AdminEdition {
  const storage = getStorage()
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    editionDate: row.editionDate,
    number: row.number,
    pageCount: row.pageCount,
    size: row.size,
    pdfUrl: storage.publicUrl(BUCKET, row.fileName),
    coverUrl: row.coverName ? storage.publicUrl(BUCKET, row.coverName) : null,
    coverWidth: row.coverWidth,
    coverHeight: row.coverHeight,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function getAdminEdition(id: number): Promise<AdminEdition> {
  const [row] = await getDb()
    .select(adminColumns)
    .from(newspaperEditions)
    .where(eq(newspaperEditions.id, id))
  if (!row) throw new EditionError('NOT_FOUND', 'This edition does not exist')
  return toAdminEdition(row)
}

/** The back office's list: newest edition date first, then the later upload. */
export async function listAdminEditions(): Promise<AdminEdition[]> {
  const rows = await getDb()
    .select(adminColumns)
    .from(newspaperEditions)
    .orderBy(desc(newspaperEditions.editionDate), desc(newspaperEditions.id))
  return rows.map(toAdminEdition)
}

/**
 * New title, date and number. The address (slug) follows the date: kept while the date is
 * the same, else the first free one for the new date.
 */
export async function updateEdition(id: number, meta: EditionMeta): Promise<AdminEdition> {
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
            slug,
            updatedAt: new Date(),
          })
          .where(eq(newspaperEditions.id, id))
      })
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

/**
 * PDFs in the bucket with no edition (uploaded before editions existed, or by the demo seed of
 * an older install) become editions titled "Edition of {long date}", with cover and page text
 * made as at upload. A PDF that cannot be read still becomes an edition (no pages, no cover):
 * it was public before. Safe to run twice and from two instances (the file name is unique).
 */
export async function adoptOrphanPdfs(options: { log?: (msg: string) => void } = {}) {
  // An upload a previous process was killed in must not become an edition: its leftovers go
  // first (what its note names, unless its edition committed).
  await sweepInterruptedUploads(isPartOfAnEdition)
  const storage = getStorage()
  const files = (await storage.list(BUCKET)).filter((f) => /\.pdf$/i.test(f.name))
  if (files.length === 0) return { adopted: 0 }
  const known = new Set(
    (
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
    const stream = await storage.get(BUCKET, file.name)
    if (!stream) continue
    const data = await readAll(stream)
    const editionDate = adoptedEditionDate(file.name, file.updatedAt)
    const meta = {
      title: `Edition of ${formatEditionDate(editionDate)}`,
      editionDate,
      number: null,
    }
    let made: IngestResult
    try {
      made = await ingestStoredPdf({ fileName: file.name, data, meta })
    } catch (error) {
      logger.warn({ err: error, name: file.name }, 'a stored PDF could not be read; adopted bare')
      made = await insertEdition(
        { fileName: file.name, data, meta },
        { pageCount: 0, pages: [], cover: null },
        null,
      )
    }
    if (made) adopted++
  }
  if (adopted > 0) options.log?.(`Print editions: adopted ${adopted} stored PDFs`)
  return { adopted }
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
