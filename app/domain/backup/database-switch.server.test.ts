import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories } from '@db/schema/index'
import {
  getDatabaseHandle,
  installDatabase,
  migrateDatabase,
  openPglite,
  type DatabaseHandle,
} from '~/infra/db.server'
import { readStoredDatabaseUrl } from '~/infra/database-url.server'
import { getEnv, resetEnvCache } from '~/infra/env.server'
import {
  DatabaseSwitchError,
  getDatabaseStatus,
  saveDatabaseUrl,
  switchDatabase,
  testDatabaseUrl,
} from './database-switch.server'

let installed: DatabaseHandle

// Switching closes the database it leaves: give it one of its own, not the file's.
beforeAll(async () => {
  installed = getDatabaseHandle()
  const own = await openPglite(undefined)
  await migrateDatabase(own)
  installDatabase(own)
  await own.db.insert(categories).values({ name: 'Moved', slug: 'moved' })
})

afterAll(() => installDatabase(installed))

describe('database configuration', () => {
  it('shows the embedded database in use', () => {
    expect(getDatabaseStatus()).toEqual({
      driver: 'pglite',
      fixedByEnvironment: false,
      savedUrl: null,
      activeUrl: null,
    })
  })

  it('will not switch without a saved URL', async () => {
    await expect(switchDatabase('postgres')).rejects.toThrow('Please enter a database URL')
    expect(getDatabaseHandle().driver).toBe('pglite')
  })

  it('will not switch while DATABASE_URL decides', async () => {
    process.env.DATABASE_URL = 'postgres://x@127.0.0.1:1/x'
    resetEnvCache()
    try {
      expect(getDatabaseStatus()).toMatchObject({ fixedByEnvironment: true })
      await expect(switchDatabase('postgres')).rejects.toBeInstanceOf(DatabaseSwitchError)
    } finally {
      delete process.env.DATABASE_URL
      resetEnvCache()
    }
  })

  it('reports a server that does not answer', async () => {
    await expect(testDatabaseUrl('postgres://u:pw@127.0.0.1:1/db')).rejects.toThrow(
      /^Could not connect/,
    )
  })

  it('reports a URL the driver cannot parse as a failed connection, not a crash', async () => {
    await expect(testDatabaseUrl('postgres://a:b@[::1')).rejects.toBeInstanceOf(DatabaseSwitchError)
  })

  const servers = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : []
  it.each(servers)('switches to PostgreSQL and back with the data copied across', async (url) => {
    const name = `broadsheet_switch_${crypto.randomBytes(5).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const target = new URL(url)
    target.pathname = `/${name}`
    try {
      expect(await testDatabaseUrl(target.href)).toMatch(/^PostgreSQL/)
      saveDatabaseUrl(target.href)
      await switchDatabase('postgres')
      expect(getDatabaseHandle().driver).toBe('postgres')
      expect(readStoredDatabaseUrl(getEnv().dataDir)).toEqual({ url: target.href, active: true })
      expect((await getDatabaseHandle().db.select().from(categories)).map((c) => c.slug)).toEqual([
        'moved',
      ])

      await getDatabaseHandle().db.insert(categories).values({ name: 'On PG', slug: 'on-pg' })
      await switchDatabase('local')
      expect(getDatabaseHandle().driver).toBe('pglite')
      expect(fs.existsSync(path.join(getEnv().dataDir, 'db'))).toBe(true)
      expect(readStoredDatabaseUrl(getEnv().dataDir)?.active).toBe(false)
      const slugs = (await getDatabaseHandle().db.select().from(categories)).map((c) => c.slug)
      expect(slugs.sort()).toEqual(['moved', 'on-pg'])
    } finally {
      // The switch closes the pool it left two seconds later; wait for it before dropping.
      await new Promise((r) => setTimeout(r, 2500))
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  })
})
