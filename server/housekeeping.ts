import { sql } from 'drizzle-orm'
import { getDb } from '~/infra/db.server'
import { logger } from '~/infra/logger.server'

export const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000

/**
 * Deletes the rows of the sign-in tables that can no longer mean anything: sessions expired
 * for a day (the profile lists only live ones; an expired token is refused either way),
 * verification tokens past their expiry, and account locks that ended a day ago (the next
 * failure after an ended lock counts from one either way). Nothing a reader or a signed-in
 * user can see changes; the tables stop growing. One instance runs it (server/periodic.ts).
 */
export async function sweepExpiredAuthRows() {
  const db = getDb()
  // Rows counted by `returning`: both drivers report them alike.
  const count = async (statement: ReturnType<typeof sql>) =>
    (await db.execute(sql`${statement} returning 1`)).rows.length
  const deleted = {
    sessions: await count(sql`delete from sessions where expires_at < now() - interval '1 day'`),
    verifications: await count(sql`delete from verifications where expires_at < now()`),
    loginFailures: await count(
      sql`delete from login_failures where locked_until < now() - interval '1 day'`,
    ),
  }
  if (deleted.sessions + deleted.verifications + deleted.loginFailures > 0) {
    logger.info(deleted, 'expired sign-in rows deleted')
  }
  return deleted
}
