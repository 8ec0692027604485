import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { getDb, openPglite, pgliteStartParams } from './db.server'

const saved = process.env.PGLITE_SHARED_BUFFERS
afterEach(() => {
  if (saved === undefined) delete process.env.PGLITE_SHARED_BUFFERS
  else process.env.PGLITE_SHARED_BUFFERS = saved
})

describe('the embedded database’s start settings', () => {
  it('keeps 16MB of shared buffers unless PGLITE_SHARED_BUFFERS says otherwise', () => {
    delete process.env.PGLITE_SHARED_BUFFERS
    expect(pgliteStartParams()).toContain('shared_buffers=16MB')
    process.env.PGLITE_SHARED_BUFFERS = '64MB'
    expect(pgliteStartParams()).toContain('shared_buffers=64MB')
    // PGlite's own settings (single-user mode, no parallel workers) stay.
    expect(pgliteStartParams().slice(0, 2)).toEqual(['--single', '-F'])
  })

  it('refuses a shared buffers size PostgreSQL would not read', () => {
    process.env.PGLITE_SHARED_BUFFERS = 'lots'
    expect(() => pgliteStartParams()).toThrow(/PGLITE_SHARED_BUFFERS/)
  })

  it('opens PGlite with them (not the 128MB initdb writes)', async () => {
    delete process.env.PGLITE_SHARED_BUFFERS
    const handle = await openPglite(undefined)
    try {
      const { rows } = await handle.pglite!.query<{ shared_buffers: string }>('show shared_buffers')
      expect(rows[0].shared_buffers).toBe('16MB')
      // The test database set up for this file is untouched.
      await getDb().execute(sql`select 1`)
    } finally {
      await handle.close()
    }
  })
})
