import crypto from 'node:crypto'
import path from 'node:path'
import { seedDemoContent } from '~/domain/seed/seed.server'
import { countAdmins, createOrPromoteAdmin } from '~/domain/users/users.server'
import { ensureAuthSecret } from '~/infra/auth-secret.server'
import { lockDataDir } from '~/infra/data-dir-lock.server'
import { activeStoredDatabaseUrl } from '~/infra/database-url.server'
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
    const handle = openPostgres(databaseUrl)
    await migrateDatabase(handle)
    installDatabase(handle)
    // The database in use may have been switched since: close that one.
    return { handle, close: () => getDatabaseHandle().close() }
  }
  const release = lockDataDir(env.dataDir, owner)
  try {
    const handle = await openPglite(path.join(env.dataDir, 'db'))
    await migrateDatabase(handle)
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

/** With no admin yet, make one: from ADMIN_EMAIL/ADMIN_PASSWORD, else with a random password. */
export async function ensureFirstAdmin() {
  if ((await countAdmins()) > 0) return
  const env = getEnv()
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    await createOrPromoteAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD)
    logger.info({ email: env.ADMIN_EMAIL }, 'First admin created from ADMIN_EMAIL')
    return
  }
  const email = env.ADMIN_EMAIL ?? 'admin@example.com'
  const password = crypto.randomBytes(12).toString('base64url')
  await createOrPromoteAdmin(email, password)
  // Printed once, on the console, so it reaches the person starting the site and no log store.
  process.stdout.write(
    `\n  First admin account created. Sign in at ${env.siteUrl}/signin with\n` +
      `    email:    ${email}\n    password: ${password}\n` +
      `  This password is shown only once: change it from your profile.\n\n`,
  )
}

export async function prepareDatabase(owner: string) {
  const opened = await openConfiguredDatabase(owner)
  ensureAuthSecret()
  await ensureFirstAdmin()
  if (getEnv().SEED_DEMO) {
    const result = await seedDemoContent({ log: (msg) => logger.info(msg) })
    if (result.seeded) logger.info('Demo content seeded')
  }
  return opened
}
