import { createWriteStream } from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { IMPORT_LIMITS } from './import-schema'
import { domainErrors } from '~/domain/domain-error'
import { UPLOAD_LIMITS } from '~/domain/media/media-schema'
import { openBoundedZip, ZipError, type ZipEntry, type ZipLimits } from '~/infra/bounded-zip.server'

// The zip of images that may come with an export (wp-content/uploads/… or content/images/…).
// Only its directory is read up front (and checked: openBoundedZip); an image is unpacked to a
// temporary file when an imported item uses it, then handed to the media library's own upload
// path.

const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif)$/i

/**
 * The key an image is matched by, from a URL or a path in the zip: its last three segments
 * (`2013/09/photo.jpg`, how WordPress and Ghost both file uploads by month), lower case.
 */
export function imageKey(urlOrPath: string): string | null {
  let pathname = urlOrPath
  try {
    pathname = new URL(urlOrPath, 'http://x').pathname
  } catch {
    return null
  }
  const segments = pathname.split('/').filter(Boolean)
  const last = segments[segments.length - 1]
  if (!last || !IMAGE_FILE.test(last)) return null
  try {
    return segments
      .slice(-3)
      .map((s) => decodeURIComponent(s))
      .join('/')
      .toLowerCase()
  } catch {
    return segments.slice(-3).join('/').toLowerCase()
  }
}

export interface ImageZip {
  has(url: string): boolean
  /** Unpacks the image behind `url` to a temporary file; the caller removes it. */
  extract(url: string): Promise<{ path: string; fileName: string; size: number } | null>
  close(): void
}

/**
 * A zip of images refused (unreadable, hostile names or sizes): the uploader's, a 400 whatever
 * the infra's ZipError said (a zip too large to unpack is still a file the uploader chose).
 */
export class ImageZipError extends domainErrors('ImageZipError', { INVALID_FILE: 400 }) {}

/**
 * What an images zip may hold. Only its images are ever unpacked, each at most the media
 * library's own limit for an image (it would refuse a larger one anyway), one at a time to a
 * temporary file removed after it is stored. The total is twice the upload limit for the zip:
 * images hardly compress, so an honest zip never comes near it.
 */
export const IMAGE_ZIP_LIMITS: ZipLimits = {
  maxEntries: 500_000,
  maxTotalBytes: 2 * IMPORT_LIMITS.images,
  entryLimit: (name) => (imageKey(name) ? UPLOAD_LIMITS.image : null),
}

async function openBounded(zipPath: string) {
  try {
    return await openBoundedZip(zipPath, IMAGE_ZIP_LIMITS, 'images zip')
  } catch (error) {
    if (error instanceof ZipError)
      throw new ImageZipError('INVALID_FILE', error.message, { cause: error })
    throw error
  }
}

export async function openImageZip(zipPath: string): Promise<ImageZip> {
  const zip = await openBounded(zipPath)
  const entries = new Map<string, ZipEntry>()
  for (const entry of zip.entries) {
    const key = imageKey(entry.name)
    if (key && !entries.has(key)) entries.set(key, entry)
  }
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'import-images-'))
  let count = 0
  return {
    has: (url) => {
      const key = imageKey(url)
      return key !== null && entries.has(key)
    },
    async extract(url) {
      const key = imageKey(url)
      const entry = key ? entries.get(key) : undefined
      if (!entry) return null
      const fileName = path.basename(entry.name)
      const target = path.join(dir, `${++count}-${fileName.replace(/[^\w.-]/g, '_')}`)
      try {
        await pipeline(await zip.openEntry(entry), createWriteStream(target))
      } catch (error) {
        // What was written before the entry was stopped goes with it.
        await fsp.rm(target, { force: true })
        if (error instanceof ZipError)
          throw new ImageZipError('INVALID_FILE', error.message, { cause: error })
        throw error
      }
      return { path: target, fileName, size: (await fsp.stat(target)).size }
    },
    close() {
      zip.close()
      void fsp.rm(dir, { recursive: true, force: true })
    },
  }
}
