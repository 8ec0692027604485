import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import * as tar from 'tar'
import { announceChanged, EVERYTHING } from '~/infra/cache-keys.server'
import { getDb, type Database } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { logger } from '~/infra/logger.server'
import type { Bucket, StoredFile } from '~/infra/storage-driver.server'
import { getStorage } from '~/infra/storage.server'
import { keyUnkeyedUsernames } from '~/domain/users/users.server'
import { dumpTables, loadTables, RestoreError, type DumpSummary } from './table-dump.server'

/**
 * A backup is one gzip'd tar archive in the `backups` bucket:
 *   manifest.json            format, version, when, tables (order, columns, rows), sequences
 *   db/<table>.ndjson        every row (table-dump.server.ts)
 *   files/<bucket>/<name>    every stored file of media and pdf_newspapers, variants included
 */

export const BACKUP_FORMAT = 'broadsheet-backup'
export const BACKUP_VERSION = 1
export const FILE_BUCKETS: Bucket[] = ['media', 'pdf_newspapers']
const NAME = /^broadsheet-backup-[0-9TZ-]+(?:-[a-f0-9]{6})?\.tar\.gz$/

export interface BackupManifest extends DumpSummary {
  format: typeof BACKUP_FORMAT
  version: number
  createdAt: string
  files: Record<string, { name: string; size: number }[]>
}

export function isBackupName(name: string) {
  return NAME.test(name)
}

async function workDir(prefix: string) {
  const dir = path.join(
    getEnv().dataDir,
    'tmp',
    `${prefix}-${Date.now()}-${crypto.randomBytes(4).toString('hex')}`,
  )
  await fsp.mkdir(dir, { recursive: true })
  return dir
}

async function copyOut(bucket: Bucket, file: StoredFile, dir: string) {
  const body = await getStorage().get(bucket, file.name)
  if (!body) return false
  const target = path.join(dir, 'files', bucket, file.name)
  await fsp.mkdir(path.dirname(target), { recursive: true })
  await pipeline(body, fs.createWriteStream(target))
  return true
}

/** Every table and every stored file, as one archive in the backups bucket. */
export async function createBackup(
  db: Database = getDb(),
): Promise<{ fileName: string; size: number }> {
  const dir = await workDir('backup')
  try {
    const summary = await dumpTables(db, path.join(dir, 'db'))
    const files: BackupManifest['files'] = {}
    for (const bucket of FILE_BUCKETS) {
      files[bucket] = []
      for (const file of await getStorage().list(bucket, { includeVariants: true })) {
        if (await copyOut(bucket, file, dir))
          files[bucket].push({ name: file.name, size: file.size })
      }
    }
    const now = new Date()
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      ...summary,
      files,
    }
    await fsp.writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2))
    const stamp = now.toISOString().replace(/[:.]/g, '-')
    const fileName = `${BACKUP_FORMAT}-${stamp}-${crypto.randomBytes(3).toString('hex')}.tar.gz`
    const archive = path.join(dir, fileName)
    const entries = [
      'manifest.json',
      'db',
      ...(FILE_BUCKETS.some((b) => files[b].length) ? ['files'] : []),
    ]
    await tar.c({ gzip: true, file: archive, cwd: dir, portable: true }, entries)
    const { size } = await fsp.stat(archive)
    await getStorage().put('backups', fileName, fs.createReadStream(archive), 'application/gzip')
    logger.info({ fileName, size }, 'backup created')
    return { fileName, size }
  } finally {
    await fsp.rm(dir, { recursive: true, force: true })
  }
}

export interface BackupEntry {
  name: string
  size: number
  createdAt: Date
}

export async function listBackups(): Promise<BackupEntry[]> {
  const files = await getStorage().list('backups')
  return files
    .filter((f) => isBackupName(f.name))
    .map((f) => ({ name: f.name, size: f.size, createdAt: f.updatedAt }))
    .sort((a, b) => b.name.localeCompare(a.name))
}

/** Unpacks an archive (a path on disk) into a work folder and reads its manifest. */
export async function unpackBackup(archivePath: string) {
  const dir = await workDir('restore')
  try {
    await tar.x({
      file: archivePath,
      cwd: dir,
      strict: true,
      // Regular files and folders only: no links that could point outside the work folder.
      filter: (_path, entry) =>
        'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    })
    const manifest = JSON.parse(
      await fsp.readFile(path.join(dir, 'manifest.json'), 'utf8'),
    ) as BackupManifest
    if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
      throw new RestoreError('BAD_ARCHIVE', 'This file is not a Broadsheet backup.')
    }
    await checkComplete(dir, manifest)
    return { dir, manifest }
  } catch (error) {
    // tar may still be writing what it unpacked when it gives up on a damaged archive.
    await fsp.rm(dir, { recursive: true, force: true, maxRetries: 5 }).catch(() => {})
    if (error instanceof RestoreError) throw error
    logger.info({ err: error }, 'backup archive could not be read')
    throw new RestoreError('BAD_ARCHIVE', 'This file is not a readable Broadsheet backup.')
  }
}

/**
 * Every table dump holds the rows and every file the size its manifest says, before anything
 * is replaced: a damaged or cut archive is refused with the site untouched.
 */
async function checkComplete(dir: string, manifest: BackupManifest) {
  const incomplete = () =>
    new RestoreError('BAD_ARCHIVE', 'This backup is incomplete or damaged: nothing was changed.')
  for (const table of manifest.tables) {
    const text = await fsp.readFile(path.join(dir, 'db', `${table.name}.ndjson`), 'utf8')
    if (text.split('\n').filter(Boolean).length !== table.rows) throw incomplete()
  }
  for (const bucket of FILE_BUCKETS) {
    for (const file of manifest.files[bucket] ?? []) {
      const stat = await fsp.stat(path.join(dir, 'files', bucket, file.name)).catch(() => null)
      if (stat?.size !== file.size) throw incomplete()
    }
  }
}

/** Copies a stored backup to a local file so tar can read it. */
async function fetchBackup(name: string, dir: string) {
  if (!isBackupName(name)) throw new RestoreError('NOT_FOUND', 'There is no such backup.')
  const body = await getStorage().get('backups', name)
  if (!body) throw new RestoreError('NOT_FOUND', 'There is no such backup.')
  const target = path.join(dir, name)
  await pipeline(body, fs.createWriteStream(target))
  return target
}

async function restoreFiles(dir: string, manifest: BackupManifest) {
  const storage = getStorage()
  for (const bucket of FILE_BUCKETS) {
    const wanted = new Set((manifest.files[bucket] ?? []).map((f) => f.name))
    for (const existing of await storage.list(bucket, { includeVariants: true })) {
      if (!wanted.has(existing.name)) await storage.remove(bucket, existing.name)
    }
    for (const name of wanted) {
      const source = path.join(dir, 'files', bucket, name)
      await storage.put(bucket, name, fs.createReadStream(source))
    }
  }
}

/**
 * Replaces the whole site with a backup: every table (one transaction), then the stored files
 * (those not in the backup are removed). `source` is a backup name in the bucket or, from the
 * command line, a path to an archive.
 */
export async function restoreBackup(
  source: { name: string } | { path: string },
  db: Database = getDb(),
) {
  const scratch = await workDir('fetch')
  try {
    const archive = 'path' in source ? source.path : await fetchBackup(source.name, scratch)
    const { dir, manifest } = await unpackBackup(archive)
    try {
      await loadTables(db, path.join(dir, 'db'), manifest)
      // A backup from before usernames had keys: its accounts get them now.
      await keyUnkeyedUsernames(db)
      await restoreFiles(dir, manifest)
      // The whole site changed: every cache, here and on the other instances, starts over.
      announceChanged([EVERYTHING])
      logger.info({ createdAt: manifest.createdAt }, 'backup restored')
      return manifest
    } finally {
      await fsp.rm(dir, { recursive: true, force: true })
    }
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true })
  }
}

/** The database switch: every row from one database into another (files stay where they are). */
export async function copyDatabase(from: Database, to: Database) {
  const dir = await workDir('copy')
  try {
    const summary = await dumpTables(from, dir)
    await loadTables(to, dir, summary)
    return summary
  } finally {
    await fsp.rm(dir, { recursive: true, force: true })
  }
}

export { RestoreError }
