import pg from 'pg'
import { logger } from '~/infra/logger.server'

/** The first key of every job's advisory lock (the second is the job's name, hashed). */
export const LOCK_CLASS = 7270

export interface JobLock {
  /** True when this instance holds (or just took) the job's lock; throws when it cannot ask. */
  acquire(): Promise<boolean>
  readonly owner: boolean
  /** Ends the lock's session: the lock goes with it. */
  release(): Promise<void>
}

/** The embedded database: one process, so the lock is always this instance's. */
export const processLock: JobLock = {
  acquire: async () => true,
  owner: true,
  release: async () => {},
}

/**
 * One instance of the site at a time on PostgreSQL: a connection of the job's own, outside the
 * pool, holding a session advisory lock (`pg_try_advisory_lock(7270, hashtext(name))`). The
 * instance whose connection holds it runs the job; the others try at each tick and take over
 * when the owner stops, crashes or loses its connection (PostgreSQL frees the lock with the
 * session). The owner checks its connection before each run, so a dead session is noticed
 * before the job could run a second time; a connection dying during a run can let another
 * instance start the next run before this one ends, so jobs are written to bear an overlap.
 */
export function advisoryLock(name: string, databaseUrl: string): JobLock {
  let client: pg.Client | undefined
  let owner = false

  async function connection(): Promise<pg.Client> {
    if (client) return client
    const next = new pg.Client({
      connectionString: databaseUrl,
      application_name: `broadsheet-job-${name}`.slice(0, 63),
      connectionTimeoutMillis: 5000,
    })
    // A lost connection loses the lock with it: the next tick connects and tries again.
    const lose = () => {
      if (client !== next) return
      client = undefined
      if (owner) logger.warn({ job: name }, 'job: lost its lock with its connection')
      owner = false
    }
    next.on('error', lose)
    next.on('end', lose)
    await next.connect()
    client = next
    return next
  }

  return {
    get owner() {
      return owner
    },
    async acquire() {
      const db = await connection()
      if (owner) {
        try {
          await db.query('select 1')
        } catch (error) {
          if (client === db) client = undefined
          owner = false
          throw error
        }
        return true
      }
      const { rows } = await db.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1, hashtext($2)) as locked',
        [LOCK_CLASS, name],
      )
      owner = rows[0]?.locked === true
      if (owner) logger.info({ job: name }, 'job: this instance runs it')
      return owner
    },
    async release() {
      const db = client
      client = undefined
      owner = false
      await db?.end().catch(() => {})
    },
  }
}
