import { logger } from '~/infra/logger.server'
import { singleton } from '~/infra/singleton.server'
import { advisoryLock, processLock, type JobLock } from './advisory-lock.server'
import { jobMetrics } from './job-metrics.server'
import { describeTrigger, nextRunAt, type JobTrigger } from './triggers'

/**
 * The one place for background work (docs/decisions/0043-job-registry.md): every job of the
 * site is declared in one list (server/jobs.ts) with its trigger, whether one instance runs it
 * at a time, its time limit, its retries and what it logs; the registry starts them, measures
 * them (job-metrics.server.ts), shows them (/admin/background-work) and stops them at SIGTERM.
 *
 * Scheduled jobs (an interval or a time of day) are run by the registry's own timers. Queued
 * jobs keep their own loops and queues (the newsletter sender's leases and SKIP LOCKED claims,
 * the import runner, the edition reader): the registry starts and stops them through a small
 * adapter, and they report each pass through `measure`.
 */

export interface QueueState {
  /** Entries waiting (or in hand). */
  depth: number
  /** Age of the oldest waiting entry, in seconds; null when none waits. */
  oldestAgeSeconds: number | null
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

export type JobDefinition = ScheduledJobDefinition | QueuedJobDefinition

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
  lastRun: { at: number; ms: number; ok: boolean } | null
  nextRunAt: number | null
  lastFailure: { at: number; message: string } | null
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
}

export interface StartOptions {
  /** PostgreSQL: single-instance jobs take an advisory lock there; none on the embedded database. */
  databaseUrl?: string
  /** The site's time zone, for jobs at a time of day (read at each scheduling). */
  timeZone?: () => Promise<string> | string
}

export class JobRegistry {
  private states = new Map<string, JobState>()
  private started = false
  private stopped = false
  private timeZone: () => Promise<string> | string = () => 'UTC'
  private lastZone = 'UTC'

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
    this.lastZone = await this.zone()
    for (const state of this.states.values()) {
      const { job } = state
      if (job.singleInstance && options.databaseUrl) {
        state.lock = advisoryLock(job.name, options.databaseUrl)
      }
      if (job.trigger.kind === 'queued') {
        ;(job as QueuedJobDefinition).start((pass) => this.measure(job.name, pass))
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
          if (state.job.trigger.kind === 'queued') await (state.job as QueuedJobDefinition).stop()
          await state.running?.catch(() => {})
        } catch (error) {
          logger.warn({ err: error, job: state.job.name }, 'job: did not stop cleanly')
        }
        await state.lock.release()
      }),
    )
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
    return Promise.all(
      [...this.states.values()].map(async (state): Promise<JobStatus> => {
        const { job } = state
        return {
          name: job.name,
          title: job.title,
          trigger: describeTrigger(job.trigger, zone),
          kind: job.trigger.kind,
          singleInstance: job.singleInstance,
          state: this.stateOf(state),
          runs: state.runs,
          lastRun: state.lastRun,
          nextRunAt: state.nextAt,
          lastFailure: state.lastFailure,
          queue: job.queue ? await job.queue().catch(() => null) : null,
        }
      }),
    )
  }

  /** Queue states of the jobs with a queue, for the metrics scrape. */
  async queues(): Promise<{ name: string; queue: QueueState }[]> {
    const states = [...this.states.values()].filter((s) => s.job.queue)
    const read = await Promise.all(
      states.map(async ({ job }) => ({
        name: job.name,
        queue: await job.queue!().catch(() => null),
      })),
    )
    return read.filter((r): r is { name: string; queue: QueueState } => r.queue !== null)
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
        controller.abort(error)
        reject(error)
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
      state.lastFailure = {
        at: now,
        message: error instanceof Error ? error.message : String(error),
      }
    }
  }
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

/** Work a request starts (an import, an edition's pages), measured as a pass of its job. */
export function measureJob<T>(name: string, pass: () => Promise<T>): Promise<T> {
  return jobRegistry().measure(name, pass)
}
