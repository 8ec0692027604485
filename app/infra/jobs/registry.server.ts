import { logger } from '~/infra/logger.server'
import { singleton } from '~/infra/singleton.server'
import { advisoryLock, processLock, type JobLock } from './advisory-lock.server'
import { INSTANCE_NAME, queueCounts, requeueOrphans } from './job-queue.server'
import { readJobStates, writeJobStates, type SharedJobState } from './job-states.server'
import { jobMetrics } from './job-metrics.server'
import { QueueWorker, type DurableJobSettings } from './queue-worker.server'
import { describeTrigger, nextRunAt, type JobTrigger } from './triggers'

/**
 * The one place for background work (docs/decisions/0043-job-registry.md): every job of the
 * site is declared in one list (server/jobs.ts) with its trigger, whether one instance runs it
 * at a time, its time limit, its retries and what it logs; the registry starts them, measures
 * them (job-metrics.server.ts), shows them (/admin/background-work) and stops them at SIGTERM.
 *
 * Scheduled jobs (an interval or a time of day) are run by the registry's own timers. Durable
 * jobs run the entries of the one job queue (job-queue.server.ts: queued in the transaction of
 * the change that asks for them, claimed with leases, done exactly once). Three jobs keep loops
 * of their own over their own tables (the newsletter sender's deliveries, the import runner,
 * the edition reader): the registry starts and stops them through a small adapter, and they
 * report each pass through `measure`.
 */

export interface QueueState {
  /** Entries waiting (or in hand). */
  depth: number
  /** Age of the oldest waiting entry, in seconds; null when none waits. */
  oldestAgeSeconds: number | null
  /** Entries whose tries are spent (durable jobs), kept for a month with their last error. */
  failed?: number
}

export type RunDetails = Record<string, unknown> | void

interface JobBase {
  /** Unique across the site: instances agree on the owner of a job by its name. */
  name: string
  /** What the Background work screen calls it. */
  title: string
  /** One instance of the site at a time (an advisory lock on PostgreSQL). */
  singleInstance: boolean
  /** A run (or a pass of a loop) past this counts as failed; a scheduled run is abandoned. */
  timeLimitMs: number
  /** Tries after a failed one, the first `backoffMs` later, each wait twice the last. */
  retry: { attempts: number; backoffMs: number }
  /** 'debug' for the frequent ones (every few seconds); failures are always warnings. */
  logLevel: 'debug' | 'info'
  /** What waits for the job, for the jobs that have a queue. */
  queue?: () => Promise<QueueState>
  /** Writes what the job holds in memory, once everything has stopped (shutdown's flush step). */
  atShutdown?: () => Promise<void>
}

export interface ScheduledJobDefinition extends JobBase {
  trigger: Exclude<JobTrigger, { kind: 'queued' }>
  /** One run; what it returns is logged with the run. */
  run: (context: { signal: AbortSignal; attempt: number }) => Promise<RunDetails>
}

export interface QueuedJobDefinition extends JobBase {
  trigger: Extract<JobTrigger, { kind: 'queued' }>
  /** Starts the job's own loop; `measure` wraps each of its passes. */
  start: (measure: <T>(pass: () => Promise<T>) => Promise<T>) => void
  /** Stops the loop, finishing or handing back what is in hand. */
  stop: () => Promise<void>
}

/** A job run per entry of the one durable queue (`enqueue(tx, name, payload)`). */
export interface DurableJobDefinition
  extends JobBase, Omit<DurableJobSettings, keyof JobBase | 'run'> {
  trigger: Extract<JobTrigger, { kind: 'queued' }>
  durable: true
  run: DurableJobSettings['run']
  /** Once the worker runs: work found at start (PDFs stored before editions existed). */
  atStart?: () => Promise<unknown> | void
}

export type JobDefinition = ScheduledJobDefinition | QueuedJobDefinition | DurableJobDefinition

function isLoopJob(job: JobDefinition): job is QueuedJobDefinition {
  return 'start' in job
}

export interface Clock {
  now(): number
  setTimeout(run: () => void, ms: number): NodeJS.Timeout
  clearTimeout(timer: NodeJS.Timeout | undefined): void
}

/** Read at each call, so Vitest's fake timers drive the registry in tests. */
const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer),
}

export interface JobStatus {
  name: string
  title: string
  trigger: string
  kind: JobTrigger['kind']
  singleInstance: boolean
  state: 'idle' | 'running' | 'failed' | 'elsewhere' | 'stopped'
  runs: number
  /** The site's last run and last failure, on whichever instance (named when not this one). */
  lastRun: { at: number; ms: number; ok: boolean; instance?: string } | null
  nextRunAt: number | null
  lastFailure: { at: number; message: string; instance?: string } | null
  /** Instances that ran or ticked the job in the last day (this one included). */
  instances: number
  queue: QueueState | null
}

/** What a tick did: ran (and how it ended), or why it did not. */
export type TickOutcome = 'ok' | 'failed' | 'elsewhere' | 'no-lock' | 'stopped' | 'busy'

class JobTimeoutError extends Error {
  constructor(name: string, ms: number) {
    super(`${name} ran past its time limit of ${ms / 1000} s`)
  }
}

interface JobState {
  job: JobDefinition
  lock: JobLock
  timer?: NodeJS.Timeout
  nextAt: number | null
  running?: Promise<TickOutcome>
  runs: number
  lastRun: JobStatus['lastRun']
  lastFailure: JobStatus['lastFailure']
  failed: boolean
  /** Its last tick found another instance holding its lock. */
  elsewhere: boolean
  /** Ends a back-off wait early (stopping). */
  wake?: () => void
  /** A durable job's worker over the job queue. */
  worker?: QueueWorker
  /** Failures counted (for the shared state). */
  failures: number
  /** Changed since the shared state was last written; when that was; the write waiting. */
  dirty: boolean
  sharedAt: number
  shareTimer?: NodeJS.Timeout
}

/** An instance writes a job's shared state at most this often, but at once after a failure. */
const SHARE_EVERY_MS = 15_000

export interface StartOptions {
  /** PostgreSQL: single-instance jobs take an advisory lock there; none on the embedded database. */
  databaseUrl?: string
  /** The site's time zone, for jobs at a time of day (read at each scheduling). */
  timeZone?: () => Promise<string> | string
  /**
   * Writes what this instance does with each job to `job_states` and shows the other
   * instances' there on the screen (the server; tests of the registry alone leave it off).
   */
  shareState?: boolean
  /** This instance's name in the shared state (default: the job queue's). */
  instance?: string
}

export class JobRegistry {
  private states = new Map<string, JobState>()
  private started = false
  private stopped = false
  private timeZone: () => Promise<string> | string = () => 'UTC'
  private lastZone = 'UTC'
  private shareState = false
  private instance = INSTANCE_NAME

  constructor(private readonly clock: Clock = systemClock) {}

  /** The list of jobs (server/jobs.ts); names are unique. */
  declare(jobs: JobDefinition[]): this {
    if (this.started) throw new Error('Jobs are declared before the registry starts')
    for (const job of jobs) {
      if (this.states.has(job.name)) throw new Error(`Job ${job.name} is declared twice`)
      this.states.set(job.name, {
        job,
        lock: processLock,
        nextAt: null,
        runs: 0,
        lastRun: null,
        lastFailure: null,
        failed: false,
        elsewhere: false,
        failures: 0,
        dirty: false,
        sharedAt: 0,
      })
    }
    return this
  }

  get names(): string[] {
    return [...this.states.keys()]
  }

  /** Starts every job: timers for the scheduled ones, their loops for the queued ones. */
  async start(options: StartOptions = {}): Promise<void> {
    if (this.started) return
    this.started = true
    if (options.timeZone) this.timeZone = options.timeZone
    this.shareState = options.shareState ?? false
    if (options.instance) this.instance = options.instance
    this.lastZone = await this.zone()
    const durable = [...this.states.values()].some(({ job }) => 'durable' in job)
    if (durable && !options.databaseUrl) {
      // One process on the embedded database: what was running was cut off by the last one.
      const requeued = await requeueOrphans().catch(() => 0)
      if (requeued > 0) logger.info({ requeued }, 'jobs: queued again what the last run left')
    }
    for (const state of this.states.values()) {
      const { job } = state
      if (job.singleInstance && options.databaseUrl) {
        state.lock = advisoryLock(job.name, options.databaseUrl)
      }
      if ('durable' in job) {
        state.worker = new QueueWorker(job, (pass) => this.measure(job.name, pass))
        state.worker.start()
        void job.atStart?.()
      } else if (isLoopJob(job)) {
        job.start((pass) => this.measure(job.name, pass))
      } else {
        this.schedule(state, true)
      }
    }
  }

  /**
   * Stops every job: no timer fires again, back-off waits end, runs in flight finish, loops
   * stop (the sender hands its unsent rows back), locks are let go.
   */
  async stop(): Promise<void> {
    this.stopped = true
    await Promise.all(
      [...this.states.values()].map(async (state) => {
        this.clock.clearTimeout(state.timer)
        state.nextAt = null
        state.wake?.()
        try {
          if (isLoopJob(state.job)) await state.job.stop()
          await state.worker?.stop()
          await state.running?.catch(() => {})
        } catch (error) {
          logger.warn({ err: error, job: state.job.name }, 'job: did not stop cleanly')
        }
        await state.lock.release()
      }),
    )
    await this.writeShared()
  }

  /** What the jobs hold in memory, written once they have stopped (the view counts). */
  async atShutdown(): Promise<void> {
    for (const { job } of this.states.values()) {
      await job.atShutdown?.().catch((error: unknown) => {
        logger.error({ err: error, job: job.name }, 'job: its last write at shutdown failed')
      })
    }
  }

  /**
   * One tick of a scheduled job, as its timer does it: on PostgreSQL a single-instance job runs
   * only where its lock is held. One run at a time: a tick during a run waits for that run.
   */
  tick(name: string): Promise<TickOutcome> {
    const state = this.scheduled(name)
    return (state.running ??= this.tickOnce(state).finally(() => (state.running = undefined)))
  }

  /**
   * "Run now" from the Background work screen: runs a scheduled job at once on this instance,
   * without asking for its lock (jobs bear an overlap). 'busy' when a run is in flight here.
   */
  runNow(name: string): { outcome: Promise<TickOutcome> } {
    const state = this.scheduled(name)
    if (this.stopped) return { outcome: Promise.resolve('stopped') }
    if (state.running) return { outcome: Promise.resolve('busy') }
    state.running = this.runWithRetries(state).finally(() => (state.running = undefined))
    return { outcome: state.running }
  }

  /** A durable job looks for its due entries now (something was just queued and committed). */
  wake(name: string): void {
    this.states.get(name)?.worker?.wake()
  }

  /** True while this instance holds the job's lock (always, without PostgreSQL). */
  holdsLock(name: string): boolean {
    return this.states.get(name)?.lock.owner ?? false
  }

  /** Wraps one pass of a queued job's loop (or a run of work started by a request). */
  async measure<T>(name: string, pass: () => Promise<T>): Promise<T> {
    const state = this.states.get(name)
    if (!state) return pass()
    const started = this.clock.now()
    try {
      const result = await pass()
      // A loop's pass is not cut short; one that took longer than its limit counts as failed.
      const over = this.clock.now() - started > state.job.timeLimitMs
      this.recordAttempt(
        state,
        started,
        over ? new JobTimeoutError(name, state.job.timeLimitMs) : null,
      )
      return result
    } catch (error) {
      this.recordAttempt(state, started, error)
      throw error
    }
  }

  /** Every job as the Background work screen shows it, in the list's order. */
  async status(): Promise<JobStatus[]> {
    const zone = await this.zone()
    const shared = this.shareState
      ? await readJobStates(this.clock.now()).catch(() => [] as SharedJobState[])
      : []
    return Promise.all(
      [...this.states.values()].map(async (state): Promise<JobStatus> => {
        const { job } = state
        const others = shared.filter((s) => s.job === job.name && s.instance !== this.instance)
        const own = this.stateOf(state)
        const lastRun = latest([
          state.lastRun,
          ...others.map((s) => s.lastRun && { ...s.lastRun, instance: s.instance }),
        ])
        const owner = others.find((s) => s.lastRun && s.lastRun.at === lastRun?.at)
        return {
          name: job.name,
          title: job.title,
          trigger: describeTrigger(job.trigger, zone),
          kind: job.trigger.kind,
          singleInstance: job.singleInstance,
          // Where the job runs elsewhere, how its last run there went.
          state: own === 'elsewhere' && lastRun?.ok === false ? 'failed' : own,
          runs: state.runs + others.reduce((sum, s) => sum + s.runs, 0),
          lastRun,
          nextRunAt:
            own === 'elsewhere' && owner?.nextRunAt && owner.nextRunAt > this.clock.now()
              ? owner.nextRunAt
              : state.nextAt,
          lastFailure: latest([
            state.lastFailure,
            ...others.map((s) => s.lastFailure && { ...s.lastFailure, instance: s.instance }),
          ]),
          instances: 1 + others.length,
          queue: await this.queueOf(job),
        }
      }),
    )
  }

  /** Queue states of the jobs with a queue, for the metrics scrape. */
  async queues(): Promise<{ name: string; queue: QueueState }[]> {
    const read = await Promise.all(
      [...this.states.values()].map(async ({ job }) => ({
        name: job.name,
        queue: await this.queueOf(job),
      })),
    )
    return read.filter((r): r is { name: string; queue: QueueState } => r.queue !== null)
  }

  /** A job's queue: its own reading, or the job queue's entries for a durable job. */
  private queueOf(job: JobDefinition): Promise<QueueState | null> {
    const read = job.queue ?? ('durable' in job ? () => queueCounts(job.name) : null)
    return read ? read().catch(() => null) : Promise.resolve(null)
  }

  private stateOf(state: JobState): JobStatus['state'] {
    if (this.stopped) return 'stopped'
    if (state.running) return 'running'
    if (state.failed) return 'failed'
    return state.elsewhere ? 'elsewhere' : 'idle'
  }

  private scheduled(name: string): JobState {
    const state = this.states.get(name)
    if (!state) throw new Error(`No job named ${name}`)
    if (state.job.trigger.kind === 'queued') throw new Error(`${name} runs when queued`)
    return state
  }

  private async zone(): Promise<string> {
    try {
      this.lastZone = await this.timeZone()
    } catch {
      // The last zone read stands in (the database is busy or closing).
    }
    return this.lastZone
  }

  private schedule(state: JobState, first: boolean) {
    if (this.stopped) return
    const now = this.clock.now()
    const at = nextRunAt(state.job.trigger, now, this.lastZone, first)
    if (at === null) return
    state.nextAt = at
    state.timer = this.clock.setTimeout(() => {
      void this.tick(state.job.name).finally(() => {
        // The zone is read again before the next daily time is worked out.
        void this.zone().then(() => this.schedule(state, false))
      })
    }, at - now)
    // Never the reason the process stays up.
    state.timer.unref?.()
  }

  private async tickOnce(state: JobState): Promise<TickOutcome> {
    if (this.stopped) return 'stopped'
    try {
      state.elsewhere = !(await state.lock.acquire())
      if (state.elsewhere) return 'elsewhere'
    } catch (error) {
      logger.warn({ err: error, job: state.job.name }, 'job: could not ask for its lock')
      return 'no-lock'
    }
    if (this.stopped) return 'stopped'
    return this.runWithRetries(state)
  }

  private async runWithRetries(state: JobState): Promise<TickOutcome> {
    const job = state.job as ScheduledJobDefinition
    const tries = 1 + job.retry.attempts
    for (let attempt = 1; ; attempt++) {
      const started = this.clock.now()
      try {
        const details = await this.attempt(job, attempt)
        this.recordAttempt(state, started, null)
        logger[job.logLevel](
          { job: job.name, ms: this.clock.now() - started, ...details },
          'job ran',
        )
        return 'ok'
      } catch (error) {
        this.recordAttempt(state, started, error)
        if (attempt >= tries || this.stopped) {
          logger.error({ err: error, job: job.name, attempts: attempt }, 'job failed')
          return 'failed'
        }
        const waitMs = job.retry.backoffMs * 2 ** (attempt - 1)
        logger.warn({ err: error, job: job.name, attempt, retryInMs: waitMs }, 'job: will retry')
        await this.sleep(state, waitMs)
        if (this.stopped) return 'stopped'
      }
    }
  }

  private attempt(job: ScheduledJobDefinition, attempt: number): Promise<RunDetails> {
    const controller = new AbortController()
    let timer: NodeJS.Timeout | undefined
    const limit = new Promise<never>((_, reject) => {
      timer = this.clock.setTimeout(() => {
        const error = new JobTimeoutError(job.name, job.timeLimitMs)
        // The limit settles first: a run that ends as it is aborted still counts as too slow.
        reject(error)
        controller.abort(error)
      }, job.timeLimitMs)
      timer.unref?.()
    })
    return Promise.race([job.run({ signal: controller.signal, attempt }), limit]).finally(() =>
      this.clock.clearTimeout(timer),
    )
  }

  private sleep(state: JobState, ms: number) {
    return new Promise<void>((resolve) => {
      const done = () => {
        this.clock.clearTimeout(timer)
        state.wake = undefined
        resolve()
      }
      const timer = this.clock.setTimeout(done, ms)
      timer.unref?.()
      state.nextAt = this.clock.now() + ms
      state.wake = done
    })
  }

  /** Schedules the write of this instance's state of the job: soon, or now after a failure. */
  private share(state: JobState, urgent: boolean) {
    if (!this.shareState) return
    state.dirty = true
    if (state.shareTimer && !urgent) return
    this.clock.clearTimeout(state.shareTimer)
    const wait = urgent ? 0 : Math.max(0, state.sharedAt + SHARE_EVERY_MS - this.clock.now())
    state.shareTimer = this.clock.setTimeout(() => {
      state.shareTimer = undefined
      void this.writeShared()
    }, wait)
    state.shareTimer.unref?.()
  }

  /** Writes every job state changed since the last write (one statement). */
  private async writeShared() {
    if (!this.shareState) return
    const now = this.clock.now()
    const dirty = [...this.states.values()].filter((state) => state.dirty)
    for (const state of dirty) {
      state.dirty = false
      state.sharedAt = now
      this.clock.clearTimeout(state.shareTimer)
      state.shareTimer = undefined
    }
    await writeJobStates(
      dirty.map((state) => ({
        job: state.job.name,
        instance: this.instance,
        runs: state.runs,
        failures: state.failures,
        lastRun: state.lastRun,
        lastFailure: state.lastFailure,
        nextRunAt: state.nextAt,
        updatedAt: now,
      })),
    ).catch((error: unknown) => {
      // The screen shows an older state for a while; the next write carries the latest.
      for (const state of dirty) state.dirty = true
      logger.debug({ err: error }, 'jobs: could not share their state')
    })
  }

  private recordAttempt(state: JobState, started: number, error: unknown) {
    const now = this.clock.now()
    const ms = now - started
    const name = state.job.name
    state.runs++
    state.lastRun = { at: started, ms, ok: !error }
    state.failed = !!error
    jobMetrics.runs.inc({ job: name })
    jobMetrics.duration.observe({ job: name }, ms / 1000)
    if (error) {
      jobMetrics.failures.inc({ job: name })
      state.failures++
      state.lastFailure = {
        at: now,
        message: error instanceof Error ? error.message : String(error),
      }
    }
    this.share(state, !!error)
  }
}

/** The most recent of a few runs or failures. */
function latest<T extends { at: number }>(items: (T | null)[]): T | null {
  let found: T | null = null
  for (const item of items) if (item && (!found || item.at > found.at)) found = item
  return found
}

/**
 * The process's registry (one per process, whichever bundle asks: server or routes), looked up
 * at each call so that a test can put its own in place (`setSingleton('job-registry', …)`).
 */
export function jobRegistry(): JobRegistry {
  return singleton('job-registry', () => {
    const registry = new JobRegistry()
    jobMetrics.state.source = () => registry.queues()
    return registry
  })
}

/** After the transaction that queued work for `name` committed: run it now, not at the next look. */
export function wakeJob(name: string): void {
  jobRegistry().wake(name)
}

/** Work a request starts (an import, an edition's pages), measured as a pass of its job. */
export function measureJob<T>(name: string, pass: () => Promise<T>): Promise<T> {
  return jobRegistry().measure(name, pass)
}
