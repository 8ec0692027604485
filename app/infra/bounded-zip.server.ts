import { Transform, type Readable } from 'node:stream'
import yauzl from 'yauzl'
import { DomainError, domainErrors } from '~/lib/domain-error'

/**
 * A zip refused for what it holds. The uploader's doing, never the server's: a 4xx with a
 * message that names the entry (docs/security.md, "zip archives").
 */
export class ZipError extends domainErrors('ZipError', {
  NOT_ZIP: 400,
  UNSAFE_NAME: 400,
  DAMAGED: 400,
  TOO_MANY_ENTRIES: 413,
  ENTRY_TOO_LARGE: 413,
  TOO_LARGE: 413,
}) {}

export interface ZipLimits {
  /** Entries in the central directory, folders and ignored entries included. */
  maxEntries: number
  /** What the entries that are read may unpack to together. */
  maxTotalBytes: number
  /**
   * The most the named entry may unpack to, or null for an entry the caller never reads: it is
   * not listed, not counted in the total and cannot be opened (its name is still checked).
   */
  entryLimit: (name: string) => number | null
}

export interface ZipEntry {
  name: string
  /** The size it declares unpacked: what it may unpack to, and no more. */
  size: number
  raw: yauzl.Entry
}

export interface BoundedZip {
  /** The entries read (files, not folders), in the order of the zip's directory. */
  entries: ZipEntry[]
  /** The entry's bytes, unpacked; the stream fails with a ZipError past its declared size. */
  openEntry(entry: ZipEntry): Promise<Readable>
  close(): void
}

const MB = 1024 * 1024
const megabytes = (bytes: number) =>
  bytes < MB
    ? `${bytes.toLocaleString('en')} bytes`
    : `${Math.round(bytes / MB).toLocaleString('en')} MB`

/**
 * The one way a zip from outside is read (image archives, the site's export). The whole
 * central directory is checked before any entry is unpacked, so a refusal comes before a
 * byte is written: the entry count, every name (no `..`, no absolute path: zip slip), each
 * entry's declared size against its limit, and their total. Then each entry is unpacked
 * through a counter that stops it as soon as it passes the size it declared, so a zip that
 * lies about its sizes cannot write more than the limits either (a 1 MB zip of zeros declares
 * or unpacks to 1 GiB). yauzl's own size check (validateEntrySizes) is replaced by this counter,
 * which does the same with a ZipError that names the entry instead of a bare Error (a 500).
 */
export async function openBoundedZip(
  zipPath: string,
  limits: ZipLimits,
  label: string,
): Promise<BoundedZip> {
  const zip = await yauzl
    .openPromise(zipPath, {
      lazyEntries: true,
      autoClose: false,
      // Names are decoded and checked here, to refuse an unsafe one with a 400 that names it.
      decodeStrings: false,
      validateEntrySizes: false,
    })
    .catch((error: unknown) => {
      throw new ZipError('NOT_ZIP', `The ${label} is not a readable zip file.`, { cause: error })
    })
  try {
    if (zip.entryCount > limits.maxEntries)
      throw new ZipError(
        'TOO_MANY_ENTRIES',
        `The ${label} holds ${zip.entryCount.toLocaleString('en')} entries; at most ${limits.maxEntries.toLocaleString('en')} are read.`,
      )
    const entries: ZipEntry[] = []
    let total = 0
    try {
      for await (const raw of zip.eachEntry()) {
        const name = yauzl.getFileNameLowLevel(
          raw.generalPurposeBitFlag,
          raw.fileNameRaw,
          raw.extraFields,
          false,
        )
        if (yauzl.validateFileName(name) !== null)
          throw new ZipError(
            'UNSAFE_NAME',
            `The ${label} holds an entry named “${name}”, which points outside the archive.`,
          )
        if (name.endsWith('/')) continue
        const limit = limits.entryLimit(name)
        if (limit === null) continue
        if (raw.uncompressedSize > limit)
          throw new ZipError(
            'ENTRY_TOO_LARGE',
            `“${name}” in the ${label} unpacks to ${megabytes(raw.uncompressedSize)}; it may be at most ${megabytes(limit)}.`,
          )
        total += raw.uncompressedSize
        if (total > limits.maxTotalBytes)
          throw new ZipError(
            'TOO_LARGE',
            `The ${label} unpacks to more than ${megabytes(limits.maxTotalBytes)} in all.`,
          )
        entries.push({ name, size: raw.uncompressedSize, raw })
      }
    } catch (error) {
      // A refusal of the caller's own (entryLimit) goes on as it is.
      if (error instanceof DomainError) throw error
      throw new ZipError('DAMAGED', `The ${label} is damaged: ${(error as Error).message}.`, {
        cause: error,
      })
    }
    return {
      entries,
      openEntry: (entry) => openCounted(zip, entry, label),
      close: () => zip.close(),
    }
  } catch (error) {
    zip.close()
    throw error
  }
}

async function openCounted(zip: yauzl.ZipFile, entry: ZipEntry, label: string) {
  const damaged = (reason: string, cause?: unknown) =>
    new ZipError('DAMAGED', `“${entry.name}” in the ${label} ${reason}.`, { cause })
  const source = await zip.openReadStreamPromise(entry.raw).catch((error: unknown) => {
    throw damaged(`cannot be unpacked: ${(error as Error).message}`, error)
  })
  let bytes = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length
      if (bytes > entry.size)
        done(damaged(`unpacks to more than the ${megabytes(entry.size)} it declares`))
      else done(null, chunk)
    },
    flush(done) {
      done(bytes === entry.size ? null : damaged(`is shorter than the size it declares`))
    },
  })
  source.on('error', (error) => counter.destroy(damaged(`cannot be unpacked: ${error.message}`)))
  // Whoever stops reading (or the counter refusing) stops the inflating too.
  counter.on('close', () => source.destroy())
  return source.pipe(counter)
}
