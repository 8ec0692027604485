import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { articles } from '@db/schema/index'
import { EMBEDDED_MAX_WAL_MB, getDatabaseHandle, getDb, openPglite } from '~/infra/db.server'
import { checkpointEmbeddedDatabase, vacuumEmbeddedDatabase } from './embedded-maintenance'

/** The size of a data folder's write-ahead log, in MB. */
function walMb(dataDir: string) {
  const dir = path.join(dataDir, 'pg_wal')
  const bytes = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + fs.statSync(path.join(dir, entry.name)).size, 0)
  return bytes / 1024 / 1024
}

async function allVisiblePages() {
  const result = await getDb().execute<{ pages: number }>(
    sql`select relallvisible::int as pages from pg_class where relname = 'articles'`,
  )
  return result.rows[0].pages
}

describe('embedded database maintenance', () => {
  it('vacuums and analyses the embedded database, which no autovacuum does', async () => {
    await getDb()
      .insert(articles)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          title: `Maintenance ${i}`,
          slug: `maintenance-${i}`,
          content: '<p>Words for the page.</p>'.repeat(20),
        })),
      )
    const took = await vacuumEmbeddedDatabase()
    if (getDatabaseHandle().driver === 'pglite') {
      expect(took).toBeGreaterThan(0)
      // The visibility map is what lets index-only scans skip the table.
      expect(await allVisiblePages()).toBeGreaterThan(0)
    } else {
      expect(took).toBeNull()
    }
  })

  it('trims the write-ahead log at a checkpoint, which PGlite never does by itself', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-wal-'))
    const handle = await openPglite(dataDir)
    try {
      await handle.db.execute(sql`create table wal_filler (body text)`)
      // About 120 MB written: twice what a checkpoint may leave.
      for (let i = 0; i < 12; i++)
        await handle.db.execute(
          sql`insert into wal_filler select repeat(md5(random()::text), 60) from generate_series(1, 5000)`,
        )
      expect(walMb(dataDir)).toBeGreaterThan(2 * EMBEDDED_MAX_WAL_MB - 10)
      expect(await checkpointEmbeddedDatabase(handle)).toBeGreaterThan(0)
      expect(walMb(dataDir)).toBeLessThanOrEqual(EMBEDDED_MAX_WAL_MB + 2)
    } finally {
      await handle.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
