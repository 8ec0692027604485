import crypto from 'node:crypto'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { mediaFiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { logger } from '~/infra/logger.server'
import { BUCKETS, type Bucket } from '~/infra/storage-driver.server'
import { getStorage } from '~/infra/storage.server'

/*
 * What a process killed in the middle of an upload leaves behind, and how the next start
 * removes it (docs/security.md, "Durability"):
 * - the body as received so far, `DATA_DIR/tmp/uploads/*.part` (receive-upload.server.ts);
 * - a file the disk driver was writing beside its final name (`<name>.<pid>.<time>.tmp`);
 * - objects stored for an upload whose last step (the edition's row) never committed: each
 *   such upload writes a `.pending` note naming its objects before storing them, and removes
 *   it once committed or cleaned up. A note left behind names objects nobody acknowledged.
 * Only what is older than this process is touched: a live upload is never swept.
 */

export interface PendingObject {
  bucket: Bucket
  name: string
}

const PROCESS_STARTED_MS = Date.now() - process.uptime() * 1000
const DISK_TEMP = /\.\d+\.\d+\.tmp$/

export function uploadsDir() {
  return path.join(getEnv().dataDir, 'tmp', 'uploads')
}

interface PendingNote {
  objects: PendingObject[]
  /** The upload committed if this object has its media_files row (an image's original). */
  recordedAs?: PendingObject
}

/**
 * Notes that `objects` are about to be stored for one upload, before the first is written.
 * Returns `done`, to call once the upload is committed, or has removed what it stored.
 * `recordedAs`: the object whose media_files row marks the upload as committed.
 */
export async function notePendingObjects(
  objects: PendingObject[],
  options: { recordedAs?: PendingObject } = {},
) {
  const dir = uploadsDir()
  await fsp.mkdir(dir, { recursive: true })
  const note = path.join(dir, `${Date.now()}-${crypto.randomBytes(8).toString('hex')}.pending`)
  const content: PendingNote = { objects, recordedAs: options.recordedAs }
  await fsp.writeFile(note, JSON.stringify(content))
  return () => fsp.rm(note, { force: true })
}

async function hasMediaRow({ bucket, name }: PendingObject) {
  const [row] = await getDb()
    .select({ name: mediaFiles.name })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.bucket, bucket), eq(mediaFiles.name, name)))
  return row !== undefined
}

async function olderThanThisProcess(file: string) {
  try {
    return (await fsp.stat(file)).mtimeMs < PROCESS_STARTED_MS
  } catch {
    return false
  }
}

/**
 * Removes the leftovers of uploads that a previous process did not finish. `isCommitted` says
 * whether an object named in a note belongs to committed work after all (the process died
 * after the commit, before removing its note): such objects stay.
 */
export async function sweepInterruptedUploads(
  isCommitted: (object: PendingObject) => Promise<boolean>,
): Promise<{ removed: string[] }> {
  const removed: string[] = []
  const dir = uploadsDir()
  const entries = await fsp.readdir(dir).catch(() => [] as string[])
  const storage = getStorage()
  for (const entry of entries) {
    const file = path.join(dir, entry)
    if (!(await olderThanThisProcess(file))) continue
    if (entry.endsWith('.pending')) {
      let note: PendingNote = { objects: [] }
      try {
        note = JSON.parse(await fsp.readFile(file, 'utf8')) as PendingNote
      } catch {
        // A note cut short names nothing that was stored: it is written before any object.
      }
      const committed = note.recordedAs ? await hasMediaRow(note.recordedAs) : false
      for (const object of committed ? [] : note.objects) {
        if (!BUCKETS.includes(object.bucket) || (await isCommitted(object))) continue
        await storage.remove(object.bucket, object.name)
        await getDb()
          .delete(mediaFiles)
          .where(and(eq(mediaFiles.bucket, object.bucket), eq(mediaFiles.name, object.name)))
        removed.push(`${object.bucket}/${object.name}`)
      }
    }
    if (entry.endsWith('.pending') || entry.endsWith('.part')) {
      await fsp.rm(file, { force: true })
      removed.push(`tmp/uploads/${entry}`)
    }
  }
  if (storage.kind === 'disk') {
    for (const bucket of BUCKETS) {
      const dirOfBucket = path.join(getEnv().dataDir, 'storage', bucket)
      const files = await fsp.readdir(dirOfBucket, { recursive: true }).catch(() => [] as string[])
      for (const name of files.filter((f) => DISK_TEMP.test(f))) {
        const file = path.join(dirOfBucket, name)
        if (!(await olderThanThisProcess(file))) continue
        await fsp.rm(file, { force: true })
        removed.push(`${bucket}/${name}`)
      }
    }
  }
  if (removed.length > 0) {
    logger.warn({ removed }, 'removed what interrupted uploads left behind')
  }
  return { removed }
}
