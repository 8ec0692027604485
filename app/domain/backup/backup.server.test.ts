import crypto from 'node:crypto'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoContent } from '~/domain/seed/seed.server'
import { createOrPromoteAdmin } from '~/domain/users/users.server'
import {
  getDatabaseHandle,
  getDb,
  installDatabase,
  migrateDatabase,
  openPglite,
  openPostgres,
  type DatabaseHandle,
} from '~/infra/db.server'
import { createDiskStorage, getStorage, readAll, setStorage } from '~/infra/storage.server'
import { createBackup, listBackups, restoreBackup, RestoreError } from './backup.server'
import { dumpTables, listTables } from './table-dump.server'

/** A fresh, migrated embedded database, apart from the one installed for this file. */
async function openFreshPglite() {
  const handle = await openPglite(undefined)
  await migrateDatabase(handle)
  return { handle, destroy: () => handle.close() }
}

/** A fresh, migrated PostgreSQL database on the TEST_DATABASE_URL server. */
async function openFreshPostgres(url: string) {
  const name = `broadsheet_restore_${crypto.randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  const handle = openPostgres(dbUrl.href, 2)
  await migrateDatabase(handle)
  return {
    handle,
    async destroy() {
      await handle.close()
      const cleanup = new pg.Client({ connectionString: url })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

async function dumpText(handle: { db: DatabaseHandle['db'] }) {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'dump-'))
  const summary = await dumpTables(handle.db, dir)
  const out: Record<string, string> = {}
  for (const t of summary.tables)
    out[t.name] = await fsp.readFile(path.join(dir, `${t.name}.ndjson`), 'utf8')
  await fsp.rm(dir, { recursive: true, force: true })
  return { tables: out, sequences: summary.sequences }
}

async function filesOf() {
  const out: Record<string, string> = {}
  for (const bucket of ['media', 'pdf_newspapers'] as const) {
    for (const f of await getStorage().list(bucket, { includeVariants: true })) {
      const body = await getStorage().get(bucket, f.name)
      out[`${bucket}/${f.name}`] = crypto
        .createHash('sha256')
        .update(await readAll(body!))
        .digest('hex')
    }
  }
  return out
}

const originalStorage = getStorage()
let installed: DatabaseHandle | undefined
let source: Awaited<ReturnType<typeof openFreshPglite>>
let backupName: string
let original: Awaited<ReturnType<typeof dumpText>>
let originalFiles: Record<string, string>

// The backup is always taken on the embedded database, as a fresh install makes it.
beforeAll(async () => {
  installed = getDatabaseHandle()
  source = await openFreshPglite()
  installDatabase(source.handle)
  await createOrPromoteAdmin('admin@example.com', 'a-long-enough-password')
  await seedDemoContent()
  const result = await createBackup()
  backupName = result.fileName
  original = await dumpText({ db: getDb() })
  originalFiles = await filesOf()
}, 120_000)

afterAll(async () => {
  setStorage(originalStorage)
  if (installed) installDatabase(installed)
  await source?.destroy()
})

const targets = [
  { driver: 'embedded', open: openFreshPglite },
  ...(process.env.TEST_DATABASE_URL
    ? [{ driver: 'PostgreSQL', open: () => openFreshPostgres(process.env.TEST_DATABASE_URL!) }]
    : []),
]

describe('backups', () => {
  it('stores one archive in the backups bucket and lists it', async () => {
    const backups = await listBackups()
    expect(backups.map((b) => b.name)).toContain(backupName)
    expect(backups[0].size).toBeGreaterThan(1000)
    expect(Object.keys(originalFiles).some((f) => f.startsWith('pdf_newspapers/'))).toBe(true)
    expect(Object.keys(originalFiles).some((f) => f.includes('/_v/'))).toBe(true)
  })

  it('covers every table of the schema', async () => {
    const tables = (await listTables(getDb())).map((t) => t.name)
    expect(Object.keys(original.tables).sort()).toEqual([...tables].sort())
    expect(tables.indexOf('profiles')).toBeLessThan(tables.indexOf('articles'))
    expect(tables.indexOf('articles')).toBeLessThan(tables.indexOf('article_tags'))
    // The demo's 47 stories (three of them Opinion) and its ended live article.
    expect(original.tables.articles.split('\n').filter(Boolean)).toHaveLength(48)
    // Print editions and their page text; the generated search vector is computed again.
    expect(original.tables.newspaper_editions.split('\n').filter(Boolean)).toHaveLength(2)
    expect(original.tables.newspaper_pages.split('\n').filter(Boolean)).toHaveLength(6)
    expect(original.tables.newspaper_pages).not.toContain('search_vector')
  })

  it.each(targets)(
    'restores into a fresh $driver database exactly, files included',
    async ({ open }) => {
      const fresh = await open()
      const storageDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'restore-storage-'))
      // The archive is read from the original storage, then files go to an empty one.
      const archive = path.join(storageDir, 'archive.tar.gz')
      await fsp.writeFile(
        archive,
        await readAll((await originalStorage.get('backups', backupName))!),
      )
      setStorage(createDiskStorage(path.join(storageDir, 'store')))
      try {
        expect(await filesOf()).toEqual({})
        await restoreBackup({ path: archive }, fresh.handle.db)
        const restored = await dumpText(fresh.handle)
        expect(restored.tables).toEqual(original.tables)
        expect(restored.sequences).toEqual(original.sequences)
        expect(await filesOf()).toEqual(originalFiles)
      } finally {
        setStorage(originalStorage)
        await fresh.destroy()
        await fsp.rm(storageDir, { recursive: true, force: true })
      }
    },
    60_000,
  )

  it('refuses a name that is not a backup', async () => {
    await expect(restoreBackup({ name: '../etc/passwd' })).rejects.toBeInstanceOf(RestoreError)
    await expect(
      restoreBackup({ name: 'broadsheet-backup-2020-01-01T00-00-00-000Z.tar.gz' }),
    ).rejects.toThrow('There is no such backup.')
  })

  it('refuses an archive that is not a backup', async () => {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bad-'))
    const file = path.join(dir, 'x.tar.gz')
    await fsp.writeFile(file, 'not a tarball')
    await expect(restoreBackup({ path: file })).rejects.toThrow(
      'This file is not a readable Broadsheet backup.',
    )
    await fsp.rm(dir, { recursive: true, force: true })
  })
})
