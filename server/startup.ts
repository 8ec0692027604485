import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { seedDemoContent } from '~/domain/seed/seed.server'
import { chooseSiteTimeZone } from '~/domain/settings/settings.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { countAdmins, createOrPromoteAdmin } from '~/domain/users/users.server'
import { ensureAuthSecret } from '~/infra/auth-secret.server'
import { lockDataDir } from '~/infra/data-dir-lock.server'
import { activeStoredDatabaseUrl } from '~/infra/database-url.server'
import {
  attachReadReplica,
  getDatabaseHandle,
  installDatabase,
  migrateDatabase,
  MIGRATIONS_DIR,
  openPglite,
  openPostgres,
  type DatabaseHandle,
} from '~/infra/db.server'
import { withFirstStartLock } from '~/infra/first-start-lock.server'
import { getEnv } from '~/infra/env.server'
import { logger } from '~/infra/logger.server'

export interface OpenedDatabase {
  handle: DatabaseHandle
  close(): Promise<void>
}

/**
 * Opens the configured database for this process: PostgreSQL when DATABASE_URL is set, else
 * the embedded PGlite under DATA_DIR/db, which one process at a time may hold.
 */
export async function openConfiguredDatabase(owner: string): Promise<OpenedDatabase> {
  const env = getEnv()
  // An admin may have switched the site to PostgreSQL from Settings (database-url.server.ts).
  const databaseUrl = env.DATABASE_URL || activeStoredDatabaseUrl(env.dataDir)
  if (databaseUrl) {
    let handle = openPostgres(databaseUrl)
    await migrateIfPending(handle)
    // Public reads go to a replica when one is named (db.server.ts `readDb`).
    if (env.DATABASE_READ_URL) handle = attachReadReplica(handle, env.DATABASE_READ_URL)
    installDatabase(handle)
    // The database in use may have been switched since: close that one.
    return { handle, close: () => getDatabaseHandle().close() }
  }
  const release = lockDataDir(env.dataDir, owner)
  try {
    const handle = await openPglite(path.join(env.dataDir, 'db'))
    await migrateIfPending(handle)
    installDatabase(handle)
    return {
      handle,
      async close() {
        await getDatabaseHandle().close()
        release()
      },
    }
  } catch (error) {
    release()
    throw error
  }
}

/**
 * Drizzle's migrator creates its schema and table if missing and opens a transaction even when
 * nothing is to apply: a restart only asks which migration the database has, and migrates when
 * the folder holds a later one (as the migrator itself decides: by each migration's time).
 */
async function migrateIfPending(handle: DatabaseHandle) {
  if (await migrationsPending(handle)) await migrateDatabase(handle)
}

export async function migrationsPending(handle: DatabaseHandle, folder = MIGRATIONS_DIR) {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[]
  }
  const latest = Math.max(...journal.entries.map((entry) => entry.when))
  let applied: number
  try {
    const result = await handle.db.execute<{ last: string | number | null }>(
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    )
    applied = Number(result.rows[0]?.last ?? 0)
  } catch {
    return true // No migrations table yet: a new database.
  }
  return !(applied >= latest)
}

/** With no admin yet, make one: from ADMIN_EMAIL/ADMIN_PASSWORD, else with a random password. */
export async function ensureFirstAdmin() {
  if ((await countAdmins()) > 0) return
  const env = getEnv()
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    await createOrPromoteAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD, env.ADMIN_NAME)
    logger.info({ email: env.ADMIN_EMAIL }, 'First admin created from ADMIN_EMAIL')
    return
  }
  const email = env.ADMIN_EMAIL ?? 'admin@example.com'
  const password = crypto.randomBytes(12).toString('base64url')
  await createOrPromoteAdmin(email, password, env.ADMIN_NAME)
  // Printed once, on the console, so it reaches the person starting the site and no log store.
  process.stdout.write(
    `\n  First admin account created. Sign in at ${env.siteUrl}/signin with\n` +
      `    email:    ${email}\n    password: ${password}\n` +
      `  This password is shown only once: change it from your profile.\n\n`,
  )
}

/**
 * SITE_TIME_ZONE answers the back office's first question (the site's time zone) at first
 * start; a zone chosen since, on the Settings screen, is never overwritten by it.
 */
export async function ensureSiteTimeZone() {
  const zone = getEnv().SITE_TIME_ZONE
  if (!zone || (await getSiteSettings()).timeZoneChosenAt !== null) return
  await chooseSiteTimeZone(zone)
  logger.info({ timeZone: zone }, 'Site time zone set from SITE_TIME_ZONE')
}

export async function prepareDatabase(owner: string) {
  const opened = await openConfiguredDatabase(owner)
  ensureAuthSecret()
  // Instances started together: one makes the admin and the demo content, the others wait.
  await withFirstStartLock(opened.handle, async () => {
    await ensureFirstAdmin()
    if (getEnv().SEED_DEMO) {
      const result = await seedDemoContent({ log: (msg) => logger.info(msg) })
      if (result.seeded) logger.info('Demo content seeded')
    }
    await ensureSiteTimeZone()
  })
  return opened
}
