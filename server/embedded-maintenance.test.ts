import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { articles } from '@db/schema/index'
import { getDatabaseHandle, getDb } from '~/infra/db.server'
import { vacuumEmbeddedDatabase } from './embedded-maintenance'

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
})
