import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { migrateDatabase, openPglite, openPostgres } from '../../app/infra/db.server'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    postgresTemplate: string
  }
}

export const TEMPLATE_DB = 'broadsheet_test_template'

/**
 * Migrates one template database for the whole run: a PGlite data dump on disk, or a
 * PostgreSQL template database when TEST_DATABASE_URL is set. Each test file clones it.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`)
    await admin.query(`create database ${TEMPLATE_DB}`)
    await admin.end()
    const templateUrl = new URL(url)
    templateUrl.pathname = `/${TEMPLATE_DB}`
    const handle = openPostgres(templateUrl.href, 1)
    await migrateDatabase(handle)
    await handle.close()
    project.provide('postgresTemplate', TEMPLATE_DB)
    project.provide('pgliteTemplate', '')
    return
  }
  const handle = await openPglite(undefined)
  await migrateDatabase(handle)
  const dump = await handle.pglite!.dumpDataDir('none')
  await handle.close()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-template-'))
  const file = path.join(dir, 'template.tar')
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  project.provide('postgresTemplate', '')
  return () => fs.rmSync(dir, { recursive: true, force: true })
}
