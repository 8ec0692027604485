import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { announceChanged, onContentChanged } from '~/infra/cache-keys.server'
import { getDatabaseHandle } from '~/infra/db.server'
import { syncPageCacheThroughPostgres, type PageCacheSync } from './page-cache-sync'

// Another instance is played by a plain PostgreSQL client: it NOTIFYs as an instance does
// (its name, then the keys), and LISTENs to what this one sends.

const CHANNEL = 'broadsheet_page_cache'

/** This test file's database (a clone of the run's template on TEST_DATABASE_URL's server). */
function databaseUrl(): string {
  const pool = getDatabaseHandle().pool!
  return (pool.options as { connectionString: string }).connectionString
}

async function otherInstance() {
  const client = new pg.Client({ connectionString: databaseUrl() })
  await client.connect()
  await client.query(`listen ${CHANNEL}`)
  const heard: string[] = []
  client.on('notification', (message) => heard.push(message.payload ?? ''))
  return { client, heard }
}

async function terminate(pid: number) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await admin.connect()
  try {
    await admin.query('select pg_terminate_backend($1)', [pid])
  } finally {
    await admin.end()
  }
}

const syncs: PageCacheSync[] = []
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  await Promise.all(syncs.splice(0).map((sync) => sync.stop()))
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

describe('caches kept in step through PostgreSQL', () => {
  it('sends the keys of a change made here, and announces the keys heard from elsewhere', async () => {
    const other = await otherInstance()
    cleanups.push(() => other.client.end())
    const sync = await syncPageCacheThroughPostgres(databaseUrl())
    syncs.push(sync)
    const received: { keys: string[]; origin: string }[] = []
    cleanups.push(
      onContentChanged((keys, origin) => received.push({ keys: [...keys].sort(), origin })),
    )

    announceChanged(['article:7', 'front'])
    await expect.poll(() => other.heard.length).toBe(1)
    expect(other.heard[0]!.split(' ').slice(1).sort()).toEqual(['article:7', 'front'])

    await other.client.query('select pg_notify($1, $2)', [CHANNEL, 'instance-b tag:3'])
    await expect.poll(() => received.length).toBe(2)
    expect(received[1]).toEqual({ keys: ['tag:3'], origin: 'elsewhere' })
    // Its own notification comes back to it too, and is not announced twice.
    expect(received.filter((change) => change.keys.includes('article:7'))).toHaveLength(1)
  })

  it('empties everything once its lost listener is open again (changes were missed)', async () => {
    let reconnected = 0
    const sync = await syncPageCacheThroughPostgres(databaseUrl(), {
      minDelayMs: 20,
      onReconnect: () => reconnected++,
    })
    syncs.push(sync)
    const received: string[][] = []
    cleanups.push(onContentChanged((keys) => received.push([...keys])))
    await terminate(sync.backendPid!)
    await expect.poll(() => reconnected, { timeout: 5000 }).toBe(1)
    expect(received).toContainEqual(['chrome'])
  })
})
