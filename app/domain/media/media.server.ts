import { createReadStream } from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import { mediaFiles, profiles } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { getDb } from '~/infra/db.server'
import {
  contentTypeFor,
  ImageTooLargeError,
  loadSharp,
  randomObjectName,
  removeImage,
  removeSocialCrop,
  storeImage,
  storeSocialCrop,
} from '~/infra/images.server'
import { focalPointOf, type FocalPoint } from '~/lib/focal-point'
import { logger } from '~/infra/logger.server'
import type { Bucket } from '~/infra/storage-driver.server'
import { getStorage, readAll } from '~/infra/storage.server'
import { IMAGE_WIDTHS, isVariantName, variantName } from '~/lib/image-variants'
import { isPdf, sniffFont, sniffImage, storedExtension } from './file-types.server'
import { notePendingObjects } from './interrupted-uploads.server'
import { announceMediaChange } from './media-changes.server'
import { containsPattern } from './like-pattern'
import {
  IMAGE_EXTENSIONS,
  NO_SUCH_FILE,
  type MediaDetails,
  tooLargeMessage,
  UPLOAD_LIMITS,
  WRONG_TYPE_MESSAGE,
  type MediaItem,
  type MediaKind,
  type StoredMedia,
} from './media-schema'
import type { ReceivedFile } from './receive-upload.server'

/** A file refused by its content or size, or one that is not there to delete. */
export class MediaError extends domainErrors('MediaError', {
  INVALID_TYPE: 415,
  BROKEN_IMAGE: 415,
  TOO_LARGE: 413,
  NOT_FOUND: 404,
  INVALID_NAME: 404,
}) {}

export const BUCKET_OF: Record<MediaKind, Bucket> = {
  image: 'media',
  pdf: 'pdf_newspapers',
  font: 'media',
}

function checkSize(kind: MediaKind, size: number) {
  if (size > UPLOAD_LIMITS[kind]) throw new MediaError('TOO_LARGE', tooLargeMessage(kind))
}

function wrongType(kind: MediaKind): never {
  throw new MediaError('INVALID_TYPE', WRONG_TYPE_MESSAGE[kind])
}

/** Keeps the uploaded name for display only; it is never used as a path. */
function displayName(fileName: string) {
  return path.basename(fileName.replace(/\\/g, '/')).slice(0, 200)
}

/**
 * Notes a stored file. A listing that ran while an upload was between storing and recording
 * may have made the row first (a backfill knows only the size); the upload's own facts, its
 * original name and uploader, then replace what the backfill could not know.
 */
async function recordFile(row: typeof mediaFiles.$inferInsert) {
  const fromUpload =
    row.originalName !== undefined
      ? { originalName: row.originalName, uploadedBy: row.uploadedBy ?? null }
      : {}
  await getDb()
    .insert(mediaFiles)
    .values(row)
    .onConflictDoUpdate({
      target: [mediaFiles.bucket, mediaFiles.name],
      set: {
        size: row.size,
        width: row.width,
        height: row.height,
        contentType: row.contentType,
        ...fromUpload,
      },
    })
}

/**
 * Stores an upload after checking its content: images (jpeg, png, webp, gif, avif; SVG and
 * anything else refused) get their webp variants and keep their pixel size; PDFs must start
 * with %PDF-; fonts must be TrueType, OpenType or WOFF.
 */
export async function storeUpload(
  kind: MediaKind,
  file: ReceivedFile,
  options: { uploadedBy?: string | null; name?: string } = {},
): Promise<StoredMedia> {
  const uploadedBy = options.uploadedBy ?? null
  checkSize(kind, file.size)
  const originalName = displayName(file.fileName)
  const storage = getStorage()
  if (kind === 'image') {
    const type = sniffImage(file.head)
    if (!type) wrongType(kind)
    const data = await fsp.readFile(file.path)
    const name = options.name ?? randomObjectName(storedExtension(file.fileName, type))
    // The original and its variants, noted before the first is stored: a process killed before
    // the record below leaves nothing the next start keeps (interrupted-uploads.server.ts).
    const original = { bucket: 'media' as const, name }
    const done = await notePendingObjects(
      [original, ...IMAGE_WIDTHS.map((width) => ({ ...original, name: variantName(name, width) }))],
      { recordedAs: original },
    )
    let stored
    try {
      try {
        // Decoding the whole image proves it is one (and not a valid header before junk).
        const sharp = await loadSharp()
        const meta = await sharp(data, { failOn: 'error' }).metadata()
        if (!meta.width || !meta.height) throw new Error('no dimensions')
        stored = await storeImage(data, storedExtension(file.fileName, type), name)
      } catch (error) {
        await removeImage(name).catch(() => {})
        if (error instanceof ImageTooLargeError) {
          logger.info({ err: error }, 'image upload refused: too many pixels')
          throw new MediaError('TOO_LARGE', error.message)
        }
        logger.info({ err: error }, 'image upload refused: not decodable')
        throw new MediaError('BROKEN_IMAGE', 'The image could not be read.')
      }
      await recordFile({
        bucket: 'media',
        name: stored.name,
        kind,
        originalName,
        contentType: contentTypeFor(stored.name),
        size: file.size,
        width: stored.width,
        height: stored.height,
        uploadedBy,
      }).catch(async (error: unknown) => {
        await removeImage(name).catch(() => {})
        throw error
      })
    } finally {
      await done()
    }
    return {
      name: stored.name,
      url: stored.url,
      size: file.size,
      kind: 'image',
      width: stored.width,
      height: stored.height,
      originalName,
    }
  }
  const detected = kind === 'pdf' ? (isPdf(file.head) ? 'pdf' : null) : sniffFont(file.head)
  if (!detected) wrongType(kind)
  // A caller that must name the object before it exists (a pending-upload note) chooses it.
  const name = options.name ?? randomObjectName(storedExtension(file.fileName, detected))
  const bucket = BUCKET_OF[kind]
  await storage.put(bucket, name, createReadStream(file.path), contentTypeFor(name))
  await recordFile({
    bucket,
    name,
    kind,
    originalName,
    contentType: contentTypeFor(name),
    size: file.size,
    uploadedBy,
  })
  return {
    name,
    url: storage.publicUrl(bucket, name),
    size: file.size,
    kind,
    originalName,
  }
}

const IMAGE_NAME = new RegExp(`\\.(?:${IMAGE_EXTENSIONS.join('|')})$`, 'i')

/**
 * Who uploaded a file, as the library shows it: the display name, else the username. Never the
 * e-mail address: every writer, contributors included, lists the library through the picker.
 */
const uploaderName = sql<
  string | null
>`coalesce(nullif(${profiles.displayName}, ''), nullif(${profiles.username}, ''))`

/**
 * The Images tab and the picker: stored originals (never variants), newest first, each with
 * its label, alt text, caption, upload date and uploader. `q` keeps the images whose uploaded
 * name, stored name or alt text contains it (ILIKE, its wildcards taken literally).
 */
export async function listMedia(
  kind: 'image' | 'pdf',
  options: { q?: string } = {},
): Promise<MediaItem[]> {
  const storage = getStorage()
  const bucket = BUCKET_OF[kind]
  const files = (await storage.list(bucket)).filter((f) =>
    kind === 'image' ? IMAGE_NAME.test(f.name) : /\.pdf$/i.test(f.name),
  )
  if (kind === 'pdf') {
    return files.map((f) => ({
      name: f.name,
      url: storage.publicUrl(bucket, f.name),
      size: f.size,
      kind,
    }))
  }
  const names = files.map((f) => f.name)
  const rows = names.length === 0 ? [] : await mediaRows(bucket, names)
  const known = new Map<string, MediaRow>(rows.map((r) => [r.name, r]))
  const items: MediaItem[] = []
  for (const f of files) {
    let row: MediaRow | undefined = known.get(f.name)
    // Images stored by other paths (the demo seed) get their row the first time they are listed.
    if (!row || row.width === null) {
      const size = await backfillDimensions(bucket, f.name, f.size)
      row = { ...NO_ROW, name: f.name, ...row, ...size }
    }
    // The file's own time stands in for a row made after the upload (a backfill).
    const uploaded = row.createdAt && row.createdAt < f.updatedAt ? row.createdAt : f.updatedAt
    items.push({
      name: f.name,
      url: storage.publicUrl(bucket, f.name),
      size: f.size,
      kind,
      ...(row.width && row.height ? { width: row.width, height: row.height } : {}),
      originalName: row.originalName || f.name,
      alt: row.alt,
      caption: row.caption,
      credit: row.credit,
      focalX: row.focalX,
      focalY: row.focalY,
      uploadedIso: uploaded.toISOString(),
      uploadedBy: row.uploadedBy,
    })
  }
  const q = options.q?.trim()
  if (!q || items.length === 0) return items
  const matching = await searchImageNames(bucket, q)
  return items.filter((item) => matching.has(item.name))
}

interface MediaRow {
  name: string
  width: number | null
  height: number | null
  originalName: string
  alt: string
  caption: string
  credit: string
  focalX: number
  focalY: number
  createdAt: Date | null
  uploadedBy: string | null
}

const NO_ROW: Omit<MediaRow, 'name'> = {
  width: null,
  height: null,
  originalName: '',
  alt: '',
  caption: '',
  credit: '',
  focalX: 0.5,
  focalY: 0.5,
  createdAt: null,
  uploadedBy: null,
}

async function mediaRows(bucket: Bucket, names: string[]): Promise<MediaRow[]> {
  return getDb()
    .select({
      name: mediaFiles.name,
      width: mediaFiles.width,
      height: mediaFiles.height,
      originalName: mediaFiles.originalName,
      alt: mediaFiles.alt,
      caption: mediaFiles.caption,
      credit: mediaFiles.credit,
      focalX: mediaFiles.focalX,
      focalY: mediaFiles.focalY,
      createdAt: mediaFiles.createdAt,
      uploadedBy: uploaderName,
    })
    .from(mediaFiles)
    .leftJoin(profiles, eq(profiles.id, mediaFiles.uploadedBy))
    .where(and(eq(mediaFiles.bucket, bucket), inArray(mediaFiles.name, names)))
}

async function searchImageNames(bucket: Bucket, q: string) {
  const pattern = containsPattern(q)
  const rows = await getDb()
    .select({ name: mediaFiles.name })
    .from(mediaFiles)
    .where(
      and(
        eq(mediaFiles.bucket, bucket),
        or(
          ilike(mediaFiles.originalName, pattern),
          ilike(mediaFiles.name, pattern),
          ilike(mediaFiles.alt, pattern),
        ),
      ),
    )
  return new Set(rows.map((r) => r.name))
}

/**
 * What an edit of an image's details changes: alt text and caption always; credit and focal
 * point when given (the importer sets words only).
 */
export type ImageDetailsUpdate = Pick<MediaDetails, 'alt' | 'caption'> &
  Partial<Pick<MediaDetails, 'credit' | 'focalX' | 'focalY'>>

/**
 * Sets an image's words and focal point (already validated: mediaDetailsSchema). An image
 * stored before the library kept records gets its row first. A new focal point gets its
 * social crop before the row names it and the pages showing the image are told; the old crop
 * goes after.
 */
export async function updateImageDetails(name: string, details: ImageDetailsUpdate) {
  checkStoredName(name)
  const before = await currentFocalPoint(name)
  const after =
    details.focalX === undefined || details.focalY === undefined
      ? before
      : focalPointOf(details.focalX, details.focalY)
  const moved = after.x !== before.x || after.y !== before.y
  if (moved) await storeSocialCrop(name, after)
  await getDb()
    .update(mediaFiles)
    .set({
      alt: details.alt,
      caption: details.caption,
      ...(details.credit === undefined ? {} : { credit: details.credit }),
      ...(moved ? { focalX: after.x, focalY: after.y } : {}),
    })
    .where(imageRow(name))
  // The pages that show the picture show its words and are cut around its focal point.
  await announceMediaChange('image', name)
  if (moved) {
    await removeSocialCrop(name, before).catch((error: unknown) => {
      logger.warn({ err: error, name }, 'could not remove an old social crop')
    })
  }
}

function imageRow(name: string) {
  return and(
    eq(mediaFiles.bucket, 'media'),
    eq(mediaFiles.name, name),
    eq(mediaFiles.kind, 'image'),
  )
}

/** The image's focal point; its row made first for an image stored without one. */
async function currentFocalPoint(name: string): Promise<FocalPoint> {
  const read = async () => {
    const [row] = await getDb()
      .select({ x: mediaFiles.focalX, y: mediaFiles.focalY })
      .from(mediaFiles)
      .where(imageRow(name))
    return row ? focalPointOf(row.x, row.y) : null
  }
  const known = await read()
  if (known) return known
  const file = IMAGE_NAME.test(name) ? await getStorage().stat('media', name) : null
  if (!file) throw new MediaError('NOT_FOUND', NO_SUCH_FILE)
  await backfillDimensions('media', name, file.size)
  const made = await read()
  if (!made) throw new MediaError('NOT_FOUND', NO_SUCH_FILE)
  return made
}

function checkStoredName(name: string) {
  if (isVariantName(name) || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(name)) {
    throw new MediaError('INVALID_NAME', NO_SUCH_FILE)
  }
}

async function backfillDimensions(bucket: Bucket, name: string, size: number) {
  try {
    const stream = await getStorage().get(bucket, name)
    if (!stream) return undefined
    const sharp = await loadSharp()
    const meta = await sharp(await readAll(stream)).metadata()
    const width = meta.autoOrient?.width ?? meta.width ?? null
    const height = meta.autoOrient?.height ?? meta.height ?? null
    await recordFile({
      bucket,
      name,
      kind: 'image',
      contentType: contentTypeFor(name),
      size,
      width,
      height,
    })
    return { name, width, height }
  } catch (error) {
    logger.warn({ err: error, name }, 'could not read the size of a stored image')
    return undefined
  }
}

/** Removes a file, its webp variants and its row. */
export async function deleteMedia(kind: 'image' | 'pdf', name: string) {
  checkStoredName(name)
  const bucket = BUCKET_OF[kind]
  const storage = getStorage()
  if (!(await storage.stat(bucket, name))) {
    throw new MediaError('NOT_FOUND', NO_SUCH_FILE)
  }
  if (kind === 'image') {
    const [row] = await getDb()
      .select({ x: mediaFiles.focalX, y: mediaFiles.focalY })
      .from(mediaFiles)
      .where(and(eq(mediaFiles.bucket, bucket), eq(mediaFiles.name, name)))
    await removeImage(name, row ? focalPointOf(row.x, row.y) : undefined)
  } else await storage.remove(bucket, name)
  await getDb()
    .delete(mediaFiles)
    .where(and(eq(mediaFiles.bucket, bucket), eq(mediaFiles.name, name)))
  await announceMediaChange(kind, name)
}
