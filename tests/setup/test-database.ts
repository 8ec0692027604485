import crypto from 'node:crypto'
import fs from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import {
  installDatabase,
  openPglite,
  openPostgres,
  type DatabaseHandle,
} from '../../app/infra/db.server'

/** A fresh database cloned from the run's migrated template: PGlite, or PostgreSQL in CI. */
export async function openTestDatabase(): Promise<DatabaseHandle & { destroy(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL
  const template = inject('postgresTemplate')
  if (url && template) {
    const name = `broadsheet_test_${crypto.randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database ${name} template ${template}`)
    await admin.end()
    const dbUrl = new URL(url)
    dbUrl.pathname = `/${name}`
    const handle = openPostgres(dbUrl.href, 4)
    installDatabase(handle)
    return {
      ...handle,
      async destroy() {
        await handle.close()
        const cleanup = new pg.Client({ connectionString: url })
        await cleanup.connect()
        await cleanup.query(`drop database if exists ${name} with (force)`)
        await cleanup.end()
      },
    }
  }
  const file = inject('pgliteTemplate')
  const handle = await openPglite(undefined, { loadDataDir: new Blob([fs.readFileSync(file)]) })
  installDatabase(handle)
  return { ...handle, destroy: () => handle.close() }
}
