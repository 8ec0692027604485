import { sql } from 'drizzle-orm'
import { getDb } from '~/infra/db.server'
import { logger } from '~/infra/logger.server'

export const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000

/** Runs a DELETE and says how many rows went (`returning`: both drivers report them alike). */
async function deletedRows(statement: ReturnType<typeof sql>) {
  return (await getDb().execute(sql`${statement} returning 1`)).rows.length
}

/**
 * Deletes the rows of the sign-in tables that can no longer mean anything: sessions expired
 * for a day (the profile lists only live ones; an expired token is refused either way),
 * verification tokens past their expiry, and account locks that ended a day ago (the next
 * failure after an ended lock counts from one either way). Nothing a reader or a signed-in
 * user can see changes; the tables stop growing. One instance runs it (server/jobs.ts).
 */
export async function sweepExpiredAuthRows() {
  const count = deletedRows
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

/**
 * Deletes what counting views once per reader no longer needs (domain/articles/trending.server.ts):
 * readers' rows from before yesterday (a reader is a new hash each UTC day; yesterday's stay
 * for a flush that crosses midnight), and every day's key but today's, after which yesterday's
 * hashes can no longer be tied to an address. One instance runs it, with the sign-in sweep.
 */
export async function sweepViewReaders() {
  const today = sql`(now() at time zone 'utc')::date`
  const deleted = {
    readers: await deletedRows(sql`delete from article_view_readers where day < ${today} - 1`),
    keys: await deletedRows(sql`delete from view_reader_keys where day < ${today}`),
  }
  if (deleted.readers + deleted.keys > 0) logger.info(deleted, 'old view readers deleted')
  return deleted
}
