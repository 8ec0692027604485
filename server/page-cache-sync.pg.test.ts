import pg from 'pg'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getDatabaseHandle } from '~/infra/db.server'
import { memoized } from '~/infra/memo-cache.server'
import { PageCache } from './page-cache'
import { syncPageCacheThroughPostgres, type PageCacheSync } from './page-cache-sync'

/** This test file's database (a clone of the run's template on TEST_DATABASE_URL's server). */
function databaseUrl(): string {
  const pool = getDatabaseHandle().pool!
  return (pool.options as { connectionString: string }).connectionString
}

/** A page cache that tells when it is emptied without a broadcast (that is, from elsewhere). */
function watchedCache() {
  const cache = new PageCache()
  const heard: (() => void)[] = []
  let cleared = 0
  const clear = cache.clear.bind(cache)
  cache.clear = (options?: { broadcast?: boolean }) => {
    clear(options)
    if (options?.broadcast === false) {
      cleared++
      for (const resolve of heard.splice(0)) resolve()
    }
  }
  return {
    cache,
    cleared: () => cleared,
    nextClear: () => new Promise<void>((resolve) => heard.push(resolve)),
  }
}

async function terminate(pid: number) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await admin.connect()
  try {
    const { rows } = await admin.query<{ done: boolean }>(
      'select pg_terminate_backend($1) as done',
      [pid],
    )
    return rows[0]!.done
  } finally {
    await admin.end()
  }
}

const syncs: PageCacheSync[] = []
afterEach(async () => {
  await Promise.all(syncs.splice(0).map((sync) => sync.stop()))
})

describe('page caches kept in step through PostgreSQL', () => {
  it('opens the listener again after its connection is killed, empties the caches, and hears later writes', async () => {
    const a = watchedCache()
    const b = watchedCache()
    let reconnected!: () => void
    const reopened = new Promise<void>((resolve) => (reconnected = resolve))
    const syncA = await syncPageCacheThroughPostgres(a.cache, databaseUrl(), {
      onReconnect: () => reconnected(),
    })
    const syncB = await syncPageCacheThroughPostgres(b.cache, databaseUrl())
    syncs.push(syncA, syncB)

    // A write on B empties A's cache.
    let next = a.nextClear()
    b.cache.clear()
    await next
    expect(a.cleared()).toBe(1)

    // The site's chrome, kept in memory, is loaded once and then served from memory.
    let loads = 0
    const chrome = memoized('sync-test-chrome', async () => ++loads, { ttlMs: 60_000 })
    expect(await chrome()).toBe(1)
    expect(await chrome()).toBe(1)

    const killed = syncA.backendPid!
    expect(killed).toBeGreaterThan(0)
    expect(await terminate(killed)).toBe(true)
    await reopened
    expect(syncA.reconnects).toBe(1)
    expect(syncA.listening).toBe(true)
    expect(syncA.backendPid).not.toBe(killed)
    // Notifications sent while nobody listened were missed: both caches were emptied.
    expect(a.cleared()).toBe(2)
    expect(await chrome()).toBe(2)

    // And the new connection hears the next write.
    next = a.nextClear()
    b.cache.clear()
    await next
    expect(a.cleared()).toBe(3)
  })

  it('keeps trying while the database refuses connections, and listens once it takes them again', async () => {
    const a = watchedCache()
    const sync = await syncPageCacheThroughPostgres(a.cache, databaseUrl(), {
      minDelayMs: 20,
      maxDelayMs: 40,
    })
    syncs.push(sync)
    // Refuse this database's new connections for a while: the listener, once killed, cannot
    // come back until they are allowed again.
    const name = new URL(databaseUrl()).pathname.slice(1)
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    try {
      await admin.query(`alter database ${name} allow_connections false`)
      await terminate(sync.backendPid!)
      // Several tries fail (each one logged), none of them open.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(sync.listening).toBe(false)
      expect(sync.reconnects).toBe(0)
      await admin.query(`alter database ${name} allow_connections true`)
      await vi.waitFor(() => expect(sync.listening).toBe(true), { timeout: 10_000 })
      expect(sync.reconnects).toBe(1)
      expect(a.cleared()).toBe(1)
    } finally {
      await admin.query(`alter database ${name} allow_connections true`).catch(() => {})
      await admin.end()
    }
  })
})
