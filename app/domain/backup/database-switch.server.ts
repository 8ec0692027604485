import path from 'node:path'
import pg from 'pg'
import { domainErrors } from '~/domain/domain-error'
import { announceChanged, EVERYTHING } from '~/infra/cache-keys.server'
import { lockDataDir } from '~/infra/data-dir-lock.server'
import {
  maskDatabaseUrl,
  readStoredDatabaseUrl,
  writeStoredDatabaseUrl,
} from '~/infra/database-url.server'
import {
  getDatabaseHandle,
  installDatabase,
  migrateDatabase,
  openPglite,
  openPostgres,
  type DatabaseHandle,
} from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { logger } from '~/infra/logger.server'
import { copyDatabase } from './backup.server'

/**
 * Database Configuration (docs/product.md "Where we differ" 8): which database the site runs on,
 * and the switch between the embedded one and a PostgreSQL server, with the data copied
 * across in the backup format. The URL stays on the server; the browser sees it masked.
 */

/** A failed connection is the URL's fault (400); the others refuse the switch as things are (409). */
export class DatabaseSwitchError extends domainErrors('DatabaseSwitchError', {
  CONNECTION_FAILED: 400,
  NO_URL: 409,
  FIXED_BY_ENV: 409,
  ALREADY_IN_USE: 409,
}) {}

export interface DatabaseStatus {
  driver: 'pglite' | 'postgres'
  /** DATABASE_URL is set: the environment decides and the switch is off. */
  fixedByEnvironment: boolean
  savedUrl: string | null
  activeUrl: string | null
}

export function getDatabaseStatus(): DatabaseStatus {
  const env = getEnv()
  const stored = readStoredDatabaseUrl(env.dataDir)
  const driver = getDatabaseHandle().driver
  return {
    driver,
    fixedByEnvironment: Boolean(env.DATABASE_URL),
    savedUrl: stored ? maskDatabaseUrl(stored.url) : null,
    activeUrl: env.DATABASE_URL
      ? maskDatabaseUrl(env.DATABASE_URL)
      : driver === 'postgres' && stored
        ? maskDatabaseUrl(stored.url)
        : null,
  }
}

/** Connects and asks the server's version; the error says why it failed, never the password. */
export async function testDatabaseUrl(url: string): Promise<string> {
  let client: pg.Client | undefined
  try {
    // Inside the try: pg parses the URL in its constructor and throws on a malformed one.
    client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
    client.on('error', () => {})
    await client.connect()
    const result = await client.query<{ version: string }>('select version() as version')
    return result.rows[0].version
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new DatabaseSwitchError(
      'CONNECTION_FAILED',
      `Could not connect: ${reason.replaceAll(url, maskDatabaseUrl(url))}`,
    )
  } finally {
    await client?.end().catch(() => {})
  }
}

export function saveDatabaseUrl(url: string) {
  const env = getEnv()
  const stored = readStoredDatabaseUrl(env.dataDir)
  // Saving a different URL while on PostgreSQL would leave start-up pointing elsewhere.
  const active = Boolean(stored?.active && stored.url === url)
  writeStoredDatabaseUrl(env.dataDir, { url, active })
}

let releaseLocalLock: (() => void) | undefined

async function swap(next: DatabaseHandle) {
  const previous = getDatabaseHandle()
  installDatabase(next)
  // Every page and memoised read came from the other database.
  announceChanged([EVERYTHING])
  // Requests already running on the old handle get a moment to finish.
  setTimeout(() => {
    previous
      .close()
      .catch((error) => logger.warn({ err: error }, 'closing the previous database failed'))
  }, 2000).unref()
}

/**
 * Copies every row into the target (which is replaced) and makes it the site's database, for
 * this process now and for later starts. `to` is 'postgres' (the saved URL) or 'local'.
 */
export async function switchDatabase(to: 'postgres' | 'local') {
  const env = getEnv()
  if (env.DATABASE_URL) {
    throw new DatabaseSwitchError(
      'FIXED_BY_ENV',
      'The DATABASE_URL environment variable decides the database; remove it to switch here.',
    )
  }
  const current = getDatabaseHandle()
  const stored = readStoredDatabaseUrl(env.dataDir)
  if (to === 'postgres') {
    if (!stored) throw new DatabaseSwitchError('NO_URL', 'Please enter a database URL')
    if (current.driver === 'postgres') {
      throw new DatabaseSwitchError('ALREADY_IN_USE', 'The site already uses PostgreSQL.')
    }
    await testDatabaseUrl(stored.url)
    const target = openPostgres(stored.url)
    try {
      await migrateDatabase(target)
      await copyDatabase(current.db, target.db)
    } catch (error) {
      await target.close().catch(() => {})
      throw error
    }
    writeStoredDatabaseUrl(env.dataDir, { url: stored.url, active: true })
    await swap(target)
    logger.info({ url: maskDatabaseUrl(stored.url) }, 'switched to PostgreSQL')
    return
  }
  if (current.driver === 'pglite') {
    throw new DatabaseSwitchError('ALREADY_IN_USE', 'The site already uses the local database.')
  }
  // The embedded database allows one process: take the data folder as the server does.
  releaseLocalLock ??= lockDataDir(env.dataDir, 'server')
  const target = await openPglite(path.join(env.dataDir, 'db'))
  try {
    await migrateDatabase(target)
    await copyDatabase(current.db, target.db)
  } catch (error) {
    await target.close().catch(() => {})
    throw error
  }
  if (stored) writeStoredDatabaseUrl(env.dataDir, { url: stored.url, active: false })
  await swap(target)
  logger.info('switched to the local database')
}
