import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { getDatabaseHandle, openPostgres } from './db.server'

function databaseUrl(): string {
  const pool = getDatabaseHandle().pool!
  return (pool.options as { connectionString: string }).connectionString
}

describe('the PostgreSQL pool when the server ends connections', () => {
  it('survives a checked-out client losing its connection between statements, and serves on', async () => {
    const handle = openPostgres(databaseUrl(), 2)
    try {
      // A transaction's client: checked out, no statement running.
      const client = await handle.pool!.connect()
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await admin.connect()
      // PostgreSQL stopping (or restarting, or a failover) ends every session like this.
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid])
      // pg_terminate_backend only signals: wait until the session is gone (its socket closed),
      // as it is when the server has stopped, before the client speaks on it again.
      for (let i = 0; i < 100; i++) {
        const left = await admin.query('select 1 from pg_stat_activity where pid = $1', [
          rows[0]!.pid,
        ])
        if (left.rowCount === 0) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      await admin.end()
      // The next statement on it fails; the process is still here to see it.
      await expect(client.query('select 1')).rejects.toThrow()
      client.release()
      const again = await handle.pool!.query<{ n: number }>('select 1 as n')
      expect(again.rows[0]!.n).toBe(1)
    } finally {
      await handle.close()
    }
  })
})
