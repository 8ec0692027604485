import { createReadStream } from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { mediaFiles } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { getDb } from '~/infra/db.server'
import { contentTypeFor, randomObjectName, removeImage, storeImage } from '~/infra/images.server'
import { logger } from '~/infra/logger.server'
import type { Bucket } from '~/infra/storage-driver.server'
import { getStorage, readAll } from '~/infra/storage.server'
import { isVariantName } from '~/lib/image-variants'
import { isPdf, sniffFont, sniffImage, storedExtension } from './file-types.server'
import {
  IMAGE_EXTENSIONS,
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

async function recordFile(row: typeof mediaFiles.$inferInsert) {
  await getDb()
    .insert(mediaFiles)
    .values(row)
    .onConflictDoUpdate({
      target: [mediaFiles.bucket, mediaFiles.name],
      set: { size: row.size, width: row.width, height: row.height, contentType: row.contentType },
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
  options: { uploadedBy?: string | null } = {},
): Promise<StoredMedia> {
  const uploadedBy = options.uploadedBy ?? null
  checkSize(kind, file.size)
  const originalName = displayName(file.fileName)
  const storage = getStorage()
  if (kind === 'image') {
    const type = sniffImage(file.head)
    if (!type) wrongType(kind)
    const data = await fsp.readFile(file.path)
    let stored
    try {
      // Decoding the whole image proves it is one (and not a valid header before junk).
      const meta = await sharp(data, { failOn: 'error' }).metadata()
      if (!meta.width || !meta.height) throw new Error('no dimensions')
      stored = await storeImage(data, storedExtension(file.fileName, type))
    } catch (error) {
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
    })
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
  const name = randomObjectName(storedExtension(file.fileName, detected))
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

/** The Images tab and the picker: stored originals (never variants), newest first. */
export async function listMedia(kind: 'image' | 'pdf'): Promise<MediaItem[]> {
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
  const rows =
    names.length === 0
      ? []
      : await getDb()
          .select({ name: mediaFiles.name, width: mediaFiles.width, height: mediaFiles.height })
          .from(mediaFiles)
          .where(and(eq(mediaFiles.bucket, bucket), inArray(mediaFiles.name, names)))
  const sizes = new Map(rows.map((r) => [r.name, r]))
  const items: MediaItem[] = []
  for (const f of files) {
    let known = sizes.get(f.name)
    // Images stored by other paths (the demo seed) get their row the first time they are listed.
    if (!known || known.width === null) known = await backfillDimensions(bucket, f.name, f.size)
    items.push({
      name: f.name,
      url: storage.publicUrl(bucket, f.name),
      size: f.size,
      kind,
      ...(known?.width && known.height ? { width: known.width, height: known.height } : {}),
    })
  }
  return items
}

async function backfillDimensions(bucket: Bucket, name: string, size: number) {
  try {
    const stream = await getStorage().get(bucket, name)
    if (!stream) return undefined
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
  if (isVariantName(name) || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(name)) {
    throw new MediaError('INVALID_NAME', 'There is no such file.')
  }
  const bucket = BUCKET_OF[kind]
  const storage = getStorage()
  if (!(await storage.stat(bucket, name))) {
    throw new MediaError('NOT_FOUND', 'There is no such file.')
  }
  if (kind === 'image') await removeImage(name)
  else await storage.remove(bucket, name)
  await getDb()
    .delete(mediaFiles)
    .where(and(eq(mediaFiles.bucket, bucket), eq(mediaFiles.name, name)))
}
