import { createWriteStream } from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import yauzl from 'yauzl'

// The zip of images that may come with an export (wp-content/uploads/… or content/images/…).
// Only its directory is read up front; an image is unpacked to a temporary file when an
// imported item uses it, then handed to the media library's own upload path.

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

function openZip(zipPath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip),
    )
  })
}

export class ImageZipError extends Error {
  readonly code = 'INVALID_ZIP' as const
}

export async function openImageZip(zipPath: string): Promise<ImageZip> {
  let zip: yauzl.ZipFile
  try {
    zip = await openZip(zipPath)
  } catch (error) {
    throw new ImageZipError(`The images file is not a readable zip: ${(error as Error).message}`)
  }
  const entries = new Map<string, yauzl.Entry>()
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      const key = entry.fileName.endsWith('/') ? null : imageKey(entry.fileName)
      if (key && !entries.has(key)) entries.set(key, entry)
      zip.readEntry()
    })
    zip.on('end', resolve)
    zip.on('error', reject)
    zip.readEntry()
  })
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
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (error, s) => (error || !s ? reject(error) : resolve(s))),
      )
      const fileName = path.basename(entry.fileName)
      const target = path.join(dir, `${++count}-${fileName.replace(/[^\w.-]/g, '_')}`)
      await pipeline(stream, createWriteStream(target))
      return { path: target, fileName, size: (await fsp.stat(target)).size }
    },
    close() {
      zip.close()
      void fsp.rm(dir, { recursive: true, force: true })
    },
  }
}
