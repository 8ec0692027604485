import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { domainErrors } from '~/domain/domain-error'
import { uploadsDir } from './interrupted-uploads.server'

/** A request body that is not the one file the upload form sends, or one past the limit. */
export class UploadError extends domainErrors('UploadError', {
  BAD_REQUEST: 400,
  NO_FILE: 400,
  TOO_LARGE: 413,
}) {}

export interface ReceivedFile {
  /** A temporary file; the caller removes it (`discard`). */
  path: string
  fileName: string
  size: number
  /** The first bytes, enough to recognise the type. */
  head: Buffer
  discard(): Promise<void>
}

const HEADER_LIMIT = 16 * 1024
const HEAD_BYTES = 64

function boundaryOf(contentType: string | null) {
  const match = /^multipart\/form-data\s*;.*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(
    contentType ?? '',
  )
  const boundary = match?.[1] ?? match?.[2]
  if (!boundary || boundary.length > 200) {
    throw new UploadError('BAD_REQUEST', 'Send the file as multipart/form-data.')
  }
  return boundary
}

function fileNameOf(headers: string) {
  const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? ''
  const star = /filename\*=utf-8''([^;\r\n]+)/i.exec(disposition)?.[1]
  if (star) {
    try {
      return decodeURIComponent(star)
    } catch {}
  }
  const plain = /filename="((?:[^"\\]|\\.)*)"/i.exec(disposition)?.[1]
  if (plain !== undefined) return Buffer.from(plain, 'latin1').toString('utf8')
  return null
}

/**
 * Reads the one file of a multipart/form-data request body into a temporary file, as it
 * arrives, and stops as soon as it passes `limit` bytes: a 200 MB PDF is never held in
 * memory. The upload form sends exactly one part, the file; anything else is refused.
 * `tooLarge` is the message for a file past the limit (it names the kind and its limit).
 */
export async function receiveSingleFile(
  request: Request,
  limit: number,
  tooLarge = 'The file is too large.',
): Promise<ReceivedFile> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  // Multipart framing adds a few hundred bytes; a declared size far above the limit is refused
  // before reading anything.
  if (declared > limit + HEADER_LIMIT) throw new UploadError('TOO_LARGE', tooLarge)
  if (!request.body) throw new UploadError('NO_FILE', 'No file was sent.')
  const boundary = boundaryOf(request.headers.get('content-type'))
  const opening = Buffer.from(`--${boundary}\r\n`)
  const delimiter = Buffer.from(`\r\n--${boundary}`)

  const dir = uploadsDir()
  await fsp.mkdir(dir, { recursive: true })
  const target = path.join(dir, `${Date.now()}-${crypto.randomBytes(8).toString('hex')}.part`)
  const out = fs.createWriteStream(target)
  const discard = () => fsp.rm(target, { force: true })
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) =>
      out.write(chunk, (error) => (error ? reject(error) : resolve())),
    )

  let pending = Buffer.alloc(0)
  let fileName: string | null = null
  let size = 0
  let head = Buffer.alloc(0)
  let done = false
  const reader = request.body.getReader()
  try {
    while (!done) {
      const { value, done: ended } = await reader.read().catch(() => {
        // The client went away (connection cut, request aborted): its fault, not ours.
        throw new UploadError('BAD_REQUEST', 'The upload ended before the file did.')
      })
      if (ended) break
      pending = pending.length ? Buffer.concat([pending, value]) : Buffer.from(value)
      if (fileName === null) {
        const end = pending.indexOf('\r\n\r\n')
        if (end === -1) {
          if (pending.length > HEADER_LIMIT) throw new UploadError('BAD_REQUEST', 'Bad upload.')
          continue
        }
        if (!pending.subarray(0, opening.length).equals(opening)) {
          throw new UploadError('BAD_REQUEST', 'The upload could not be read.')
        }
        fileName = fileNameOf(pending.subarray(opening.length, end).toString('latin1'))
        if (fileName === null) throw new UploadError('NO_FILE', 'No file was sent.')
        pending = pending.subarray(end + 4)
      }
      const found = pending.indexOf(delimiter)
      // Keep back what could be the start of the closing delimiter.
      const safe = found !== -1 ? found : Math.max(0, pending.length - delimiter.length + 1)
      if (safe > 0) {
        const data = pending.subarray(0, safe)
        size += data.length
        if (size > limit) throw new UploadError('TOO_LARGE', tooLarge)
        if (head.length < HEAD_BYTES) head = Buffer.concat([head, data.subarray(0, HEAD_BYTES)])
        await write(data)
        pending = pending.subarray(safe)
      }
      if (found !== -1) done = true
    }
    if (!done) throw new UploadError('BAD_REQUEST', 'The upload ended before the file did.')
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    )
    if (fileName === null || size === 0) throw new UploadError('NO_FILE', 'The file is empty.')
    return { path: target, fileName, size, head: head.subarray(0, HEAD_BYTES), discard }
  } catch (error) {
    out.destroy()
    await discard()
    const tooLong = error instanceof UploadError && error.code === 'TOO_LARGE'
    if (!tooLong || !(await drained(reader, limit))) await reader.cancel().catch(() => {})
    throw error
  }
}

/**
 * Reads and throws away the rest of a body, up to `bound` bytes. A body whose size was not
 * announced is found too large only while reading it; cancelling the stream then closes the
 * connection before the answer is written, and the client sees a reset instead of the 413.
 * True when the body ended within the bound (the answer will reach the client).
 */
async function drained(reader: ReadableStreamDefaultReader<Uint8Array>, bound: number) {
  let bytes = 0
  try {
    while (bytes <= bound) {
      const { value, done } = await reader.read()
      if (done) return true
      bytes += value.byteLength
    }
  } catch {}
  return false
}
