import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from '@db/schema/index'
import { onContentChanged } from './cache-keys.server'
import { clearMemoCaches } from './memo-cache.server'
import type { MetricSample } from './metrics.server'
import { getSingleton, setSingleton, singleton } from './singleton.server'

/**
 * Both drivers speak the same PostgreSQL through the same Drizzle API; the node-postgres type
 * stands for both so nothing above this module knows which one runs.
 */
export type Database = NodePgDatabase<typeof schema>
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
export type DatabaseDriver = 'pglite' | 'postgres'

export interface DatabaseHandle {
  db: Database
  driver: DatabaseDriver
  /** The embedded client, for dump/load; undefined on PostgreSQL. */
  pglite?: PGlite
  pool?: pg.Pool
  /** A read replica (DATABASE_READ_URL) for public reads: see `readDb`. */
  read?: { db: Database; pool: pg.Pool }
  close(): Promise<void>
}

export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? 'db/migrations')

const MEMORY_SETTING = /^\d+\s*(?:kB|MB|GB)$/

/**
 * PostgreSQL's start settings inside PGlite: its own, with smaller shared buffers. Initdb writes a
 * server's `shared_buffers = 128MB` into postgresql.conf, and the embedded PostgreSQL touches all
 * of it at start: ~115 MiB of the process's resident memory before the first page, for a site
 * whose whole database is a few MB (demo content: 9 MB). A database larger than the buffers
 * reads the rest from the data folder, through the operating system's file cache;
 * PGLITE_SHARED_BUFFERS raises them for a large site (docs/performance.md).
 */
export function pgliteStartParams(
  sharedBuffers = process.env.PGLITE_SHARED_BUFFERS || '16MB',
): string[] {
  if (!MEMORY_SETTING.test(sharedBuffers)) {
    throw new Error(`PGLITE_SHARED_BUFFERS must be a size such as 16MB (got "${sharedBuffers}")`)
  }
  return [
    ...PGlite.defaultStartParams,
    '-c',
    `shared_buffers=${sharedBuffers.replace(/\s/g, '')}`,
    // PGlite is one backend without PostgreSQL's checkpointer: its write-ahead log is trimmed
    // only by a checkpoint (server/embedded-maintenance.ts, and at close), which keeps up to
    // max_wal_size of old segments for reuse. At the default of 1 GB, and with no checkpoint
    // during a long run, a 200,000-article seeding left 9 GB of log beside 2 GB of data.
    '-c',
    `max_wal_size=${EMBEDDED_MAX_WAL_MB}MB`,
    '-c',
    `min_wal_size=${EMBEDDED_MAX_WAL_MB / 2}MB`,
  ]
}

/** The embedded database's write-ahead log left after a checkpoint, at most (MB). */
export const EMBEDDED_MAX_WAL_MB = 64

export async function openPglite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  // PGlite does not create parent folders itself.
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true })
  const client = new PGlite({
    dataDir,
    loadDataDir: options.loadDataDir,
    relaxedDurability: false,
    startParams: pgliteStartParams(),
    // Trigrams: the back office's title filter reads an index (migration 0007).
    extensions: { pg_trgm },
  })
  await client.waitReady
  return wrapPglite(client)
}

export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database
  return { db, driver: 'pglite', pglite: client, close: () => client.close() }
}

/**
 * A pool on PostgreSQL. A query waits at most DATABASE_CONNECT_TIMEOUT seconds (3) for a
 * connection, new or free in the pool, then fails: with the database stopped or unreachable,
 * pages answer 503 at once (server/request-handler.ts) instead of queueing, and the pool
 * connects again by itself for the first request after it is back.
 */
function openPool(url: string, max: number) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: Number(process.env.DATABASE_CONNECT_TIMEOUT ?? 3) * 1000,
  })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  // Nor may a client checked out between two statements (a transaction, a lock held): the pool
  // listens to idle clients only, and an 'error' with no listener ends the process. The
  // statement that uses the dead client fails instead, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}))
  return pool
}

export function openPostgres(
  url: string,
  max = Number(process.env.DATABASE_POOL_SIZE ?? 10),
): DatabaseHandle {
  const pool = openPool(url, max)
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' })
  return { db, driver: 'postgres', pool, close: () => pool.end() }
}

/**
 * Sends the handle's public reads (`readDb()`) to a replica at `url` (DATABASE_READ_URL);
 * closing the handle closes both pools. Writes and everything else stay on the primary.
 */
export function attachReadReplica(
  handle: DatabaseHandle,
  url: string,
  max = Number(process.env.DATABASE_POOL_SIZE ?? 10),
): DatabaseHandle {
  const pool = openPool(url, max)
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' })
  const closePrimary = handle.close
  return {
    ...handle,
    read: { db, pool },
    async close() {
      await Promise.all([closePrimary(), pool.end()])
    },
  }
}

export async function migrateDatabase(handle: DatabaseHandle) {
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_DIR })
    return
  }
  // Several instances may start together: one migrates while the others wait on the lock.
  const client = await handle.pool!.connect()
  try {
    await client.query('select pg_advisory_lock(72707369)')
    await migratePg(drizzlePg({ client, casing: 'snake_case' }), {
      migrationsFolder: MIGRATIONS_DIR,
    })
  } finally {
    await client.query('select pg_advisory_unlock(72707369)').catch(() => {})
    client.release()
  }
}

const KEY = 'database'

/** The process-wide database, installed once at start (or per test file). */
export function installDatabase(handle: DatabaseHandle) {
  setSingleton(KEY, handle)
  clearMemoCaches()
}

export function getDatabaseHandle(): DatabaseHandle {
  const handle = getSingleton<DatabaseHandle>(KEY)
  if (!handle) throw new Error('The database is not open yet')
  return handle
}

export function getDb(): Database {
  return getDatabaseHandle().db
}

/**
 * The database for public reads (article pages, home, listings, search): the read replica
 * when DATABASE_READ_URL is set, else the same as `getDb()`. A replica lags its primary by a
 * little, so nothing that reads its own writes, and nothing behind a sign-in, reads here; and
 * after any write on the site these reads go to the primary until the replica has replayed it
 * (at most READ_YOUR_WRITES_MS).
 */
export function readDb(): Database {
  const handle = getDatabaseHandle()
  if (!handle.read || Date.now() < replicaState.primaryUntil) return handle.db
  return handle.read.db
}

/** After a write anywhere on the site, public reads stay on the primary at most this long (ms). */
export const READ_YOUR_WRITES_MS = 5000
/** How often a standby is asked whether it has replayed a write that reads wait for (ms). */
const REPLICA_CHECK_MS = 25

const replicaState = singleton('read-replica', () => {
  // Any announced change, here or on another instance (cache-keys.server.ts): a replica may not
  // have it yet.
  onContentChanged(() => preferPrimaryReads())
  return { primaryUntil: 0, changes: 0, following: false }
})

/**
 * Public reads go to the primary for `forMs` from now: called when a change is announced
 * (here, or on another instance through page-cache-sync.ts). The page rendered
 * right after a publish is then read where the publish was written, not from a replica a little
 * behind, and the page cache does not keep the old version. A streaming replica takes the
 * reads back as soon as it has replayed the change (followReplica).
 */
export function preferPrimaryReads(forMs = READ_YOUR_WRITES_MS) {
  replicaState.primaryUntil = Date.now() + forMs
  replicaState.changes += 1
  if (forMs > 0) void followReplica()
}

/**
 * Hands public reads back to the replica once it has replayed everything the primary had
 * written when the change was announced (its WAL position then, which the change's commit
 * precedes, its insert position): a few tens of milliseconds on a healthy standby, where a fixed window sent a
 * night of live entries and publishes, one every few seconds, all to the primary. A read
 * database that is not a standby (no replay position), or one that cannot be asked, keeps
 * the window.
 */
async function followReplica() {
  const handle = getSingleton<DatabaseHandle>(KEY)
  if (!handle?.read || !handle.pool || replicaState.following) return
  replicaState.following = true
  const replica = handle.read.pool
  try {
    while (Date.now() < replicaState.primaryUntil) {
      const changes = replicaState.changes
      // The insert position, not the written one: with synchronous_commit off a commit
      // returns before its record is written, and the written position may still be short of it.
      const { rows } = await handle.pool.query<{ lsn: string }>(
        'select pg_current_wal_insert_lsn()::text as lsn',
      )
      for (;;) {
        const {
          rows: [state],
        } = await replica.query<{ standby: boolean; caught: boolean | null }>(
          'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn() >= $1::pg_lsn as caught',
          [rows[0].lsn],
        )
        if (!state.standby || Date.now() >= replicaState.primaryUntil) return
        if (state.caught) break
        await new Promise((resolve) => setTimeout(resolve, REPLICA_CHECK_MS))
      }
      // A change announced meanwhile may be past the position read: read it again.
      if (changes === replicaState.changes) {
        replicaState.primaryUntil = 0
        return
      }
    }
  } catch {
    // The replica (or the primary) did not answer: the window runs its course.
  } finally {
    replicaState.following = false
  }
}

/** The pools' connections for /metrics: total, idle, and queries waiting for one. */
export function databasePoolSamples(): MetricSample[] {
  const handle = getDatabaseHandle()
  const pools: [string, pg.Pool | undefined][] = [
    ['primary', handle.pool],
    ['read', handle.read?.pool],
  ]
  const samples: MetricSample[] = []
  for (const [name, pool] of pools) {
    if (!pool) continue
    const labels = { pool: name }
    samples.push(
      {
        name: 'broadsheet_db_pool_connections',
        help: 'Connections open in the pool.',
        type: 'gauge',
        value: pool.totalCount,
        labels,
      },
      {
        name: 'broadsheet_db_pool_idle',
        help: 'Connections open and idle in the pool.',
        type: 'gauge',
        value: pool.idleCount,
        labels,
      },
      {
        name: 'broadsheet_db_pool_waiting',
        help: 'Queries waiting for a connection.',
        type: 'gauge',
        value: pool.waitingCount,
        labels,
      },
    )
  }
  return samples
}

export async function pingDatabase(timeoutMs = 2000): Promise<DatabaseDriver> {
  const handle = getDatabaseHandle()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs)
  })
  try {
    await Promise.race([handle.db.execute(sql`select 1`), timeout])
  } finally {
    clearTimeout(timer)
  }
  return handle.driver
}

export { schema }
