import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { count, sql } from 'drizzle-orm'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articles, profiles } from '@db/schema/index'
import { seedDemoContent } from '~/domain/seed/seed.server'
import {
  getDatabaseHandle,
  getDb,
  installDatabase,
  migrateDatabase,
  MIGRATIONS_DIR,
  openPglite,
} from '~/infra/db.server'
import { resetEnvCache } from '~/infra/env.server'
import { lockDataDir } from '~/infra/data-dir-lock.server'
import { migrationsPending, openConfiguredDatabase } from './startup'

// These tests open the embedded database on disk, as the server does.

let original: ReturnType<typeof getDatabaseHandle>
let dataDir = ''
const savedEnv = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL }

beforeAll(() => {
  original = getDatabaseHandle()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-startup-'))
  process.env.DATA_DIR = dataDir
  delete process.env.DATABASE_URL
  resetEnvCache()
})

afterAll(() => {
  installDatabase(original)
  Object.assign(process.env, savedEnv)
  resetEnvCache()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

async function articleCount() {
  const [{ total }] = await getDb().select({ total: count() }).from(articles)
  return total
}

describe('the embedded database on disk', () => {
  it('keeps data across a restart and never seeds twice', async () => {
    const first = await openConfiguredDatabase('test')
    expect(first.handle.driver).toBe('pglite')
    expect((await seedDemoContent()).seeded).toBe(true)
    const seeded = await articleCount()
    expect(seeded).toBeGreaterThanOrEqual(40)
    await first.close()

    const second = await openConfiguredDatabase('test')
    expect(await articleCount()).toBe(seeded)
    expect((await seedDemoContent()).seeded).toBe(false)
    expect(await articleCount()).toBe(seeded)
    await second.close()
  }, 90_000)

  it('refuses a second process on the same data folder with a clear message', () => {
    const release = lockDataDir(dataDir, 'server')
    try {
      const result = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/admin-create.ts',
          '--email',
          'x@example.com',
          '--password',
          'long-enough-pw',
        ],
        {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
          encoding: 'utf8',
          timeout: 60_000,
        },
      )
      expect(result.status).toBe(1)
      expect(result.stderr).toMatch(/is in use by another process \(server, pid \d+\)/)
    } finally {
      release()
    }
  }, 90_000)

  it('lets admin:create make the first admin when the folder is free', async () => {
    const result = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/admin-create.ts',
        '--email',
        'Chief@Example.com',
        '--password',
        'long-enough-pw',
      ],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 60_000,
      },
    )
    expect(result.stderr).toBe('')
    expect(result.stdout).toContain('Created admin chief@example.com')
    const opened = await openConfiguredDatabase('test')
    const rows = await getDb().select({ email: profiles.email, role: profiles.role }).from(profiles)
    expect(rows).toContainEqual({ email: 'chief@example.com', role: 'admin' })
    await opened.close()
  }, 90_000)
})

describe('migrations at start', () => {
  it('are pending on a new database and not once applied', async () => {
    const handle = await openPglite(undefined)
    try {
      expect(await migrationsPending(handle)).toBe(true)
      await migrateDatabase(handle)
      expect(await migrationsPending(handle)).toBe(false)
    } finally {
      await handle.close()
    }
  }, 60_000)

  it('are pending again when the folder gains a migration, which the migrator then applies', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-migrations-'))
    const handle = await openPglite(undefined)
    try {
      await migrateDatabase(handle)
      fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true })
      const journalFile = path.join(folder, 'meta/_journal.json')
      const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8'))
      const last = journal.entries[journal.entries.length - 1]
      journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_probe' })
      fs.writeFileSync(journalFile, JSON.stringify(journal))
      fs.writeFileSync(
        path.join(folder, '9999_probe.sql'),
        'CREATE TABLE "startup_probe" ("id" integer);',
      )

      expect(await migrationsPending(handle, folder)).toBe(true)
      await migrate(handle.db as never, { migrationsFolder: folder })
      expect(await migrationsPending(handle, folder)).toBe(false)
      const probe = await handle.db.execute(sql`select count(*) as n from startup_probe`)
      expect(Number(probe.rows[0].n)).toBe(0)
    } finally {
      await handle.close()
      fs.rmSync(folder, { recursive: true, force: true })
    }
  }, 60_000)
})
