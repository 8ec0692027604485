import pg from 'pg'
import { logger } from '~/infra/logger.server'

/** The first key of every periodic job's advisory lock (the second is the job's name, hashed). */
const LOCK_CLASS = 7270

export interface PeriodicJob {
  /** Unique across the site: instances agree on the owner of a job by its name. */
  name: string
  /** Time between runs. */
  everyMs: number
  /** Time before the first run (default: `everyMs`). */
  firstAfterMs?: number
  run: () => Promise<void>
}

export interface ScheduledJob {
  /**
   * One tick: on PostgreSQL, takes the job's lock if no instance holds it; runs the job if this
   * instance holds the lock (or there is no PostgreSQL). True when the job ran here. The timer
   * calls it; tests call it directly.
   */
  tick(): Promise<boolean>
  /** True while this instance holds the job's lock. */
  readonly owner: boolean
  /** Runs done by this instance. */
  readonly runs: number
  /** Stops the timer and lets go of the lock (another instance takes the job at its next tick). */
  stop(): Promise<void>
}

/**
 * Runs `job` every `everyMs`, on one instance of the site at a time. On PostgreSQL (with
 * `databaseUrl`) each job has a connection of its own, outside the pool, holding a session
 * advisory lock (`pg_try_advisory_lock(7270, hashtext(name))`): the instance whose connection
 * holds it runs the job; the others try for it at each tick and take it over when the owner
 * stops, crashes or loses its connection (PostgreSQL frees the lock with the session). Without
 * `databaseUrl` (the embedded database: one process) the job simply runs.
 *
 * The owner checks its connection before each run. A connection that dies during a run can
 * let another instance start the next run before this one ends: jobs are written so that an
 * overlap does no harm (deletes of what has expired, for instance).
 */
export function schedulePeriodicJob(job: PeriodicJob, databaseUrl?: string): ScheduledJob {
  let client: pg.Client | undefined
  let owner = false
  let runs = 0
  let stopped = false
  let running: Promise<boolean> | undefined

  async function connection(): Promise<pg.Client> {
    if (client) return client
    const next = new pg.Client({
      connectionString: databaseUrl,
      application_name: `broadsheet-job-${job.name}`.slice(0, 63),
      connectionTimeoutMillis: 5000,
    })
    // A lost connection loses the lock with it: the next tick connects and tries again.
    const lose = () => {
      if (client === next) {
        client = undefined
        if (owner) logger.warn({ job: job.name }, 'periodic job: lost its lock with its connection')
        owner = false
      }
    }
    next.on('error', lose)
    next.on('end', lose)
    await next.connect()
    client = next
    return next
  }

  async function holdsLock(): Promise<boolean> {
    if (!databaseUrl) return true
    const db = await connection()
    if (owner) {
      // Still the owner only if the session holding the lock is still there: a dead connection
      // fails this (and its lock went with it), before the job could run a second time.
      try {
        await db.query('select 1')
      } catch (error) {
        if (client === db) client = undefined
        owner = false
        throw error
      }
    } else {
      const { rows } = await db.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1, hashtext($2)) as locked',
        [LOCK_CLASS, job.name],
      )
      owner = rows[0]?.locked === true
      if (owner) logger.info({ job: job.name }, 'periodic job: this instance runs it')
    }
    return owner
  }

  async function tickOnce(): Promise<boolean> {
    if (stopped) return false
    try {
      if (!(await holdsLock()) || stopped) return false
    } catch (error) {
      logger.warn({ err: error, job: job.name }, 'periodic job: could not ask for its lock')
      return false
    }
    try {
      await job.run()
    } catch (error) {
      logger.warn({ err: error, job: job.name }, 'periodic job failed')
    }
    runs++
    return true
  }

  // One tick at a time: a slow run is not overlapped by the next.
  const tick = () => (running ??= tickOnce().finally(() => (running = undefined)))

  const first = setTimeout(() => void tick(), job.firstAfterMs ?? job.everyMs)
  const every = setInterval(() => void tick(), job.everyMs)
  // Never the reason the process stays up.
  first.unref()
  every.unref()

  return {
    tick,
    get owner() {
      return owner
    },
    get runs() {
      return runs
    },
    async stop() {
      stopped = true
      clearTimeout(first)
      clearInterval(every)
      await running?.catch(() => {})
      const db = client
      client = undefined
      owner = false
      // Ending the session frees the lock.
      await db?.end().catch(() => {})
    },
  }
}
