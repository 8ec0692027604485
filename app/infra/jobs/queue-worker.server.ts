import { logger } from '~/infra/logger.server'
import type { Transaction } from '~/infra/db.server'
import {
  claimEntries,
  completeEntry,
  failEntry,
  releaseEntries,
  renewLease,
  type QueueEntry,
} from './job-queue.server'

/** What one entry's run hands back: what to store, in the transaction that marks it done. */
export type EntryResult = void | { write: (tx: Transaction) => Promise<void> }

export interface DurableJobSettings {
  name: string
  timeLimitMs: number
  retry: { attempts: number; backoffMs: number }
  logLevel: 'debug' | 'info'
  /** Entries run at once by one instance (default 1). */
  concurrency?: number
  /** Time between looks for due entries when none waits (ms, default 2 s). */
  pollMs?: number
  /**
   * A claim outlives the run's time limit by this much (ms, default 30 s), so that a live run
   * is never taken over; an instance that died is taken over after limit + margin.
   */
  leaseMarginMs?: number
  run: (entry: QueueEntry, context: { signal: AbortSignal }) => Promise<EntryResult>
  /**
   * How long a stop waits for the runs in flight (ms, default: their time limit). A run still
   * going then is left as it is: its entry is taken up again after the restart (its lease).
   */
  stopWaitMs?: number
  /** Once an entry's tries are spent: what the job records of its failure (never throws). */
  onFailed?: (entry: QueueEntry, error: unknown) => Promise<void>
}

const LEASE_MARGIN_MS = 30_000
/**
 * A job allowed longer than this (an import) holds its entry by a lease of this length, renewed
 * a third of the way through while the run goes on: a dead instance's entry is taken over after
 * at most this long instead of after the whole time limit.
 */
const RENEWED_LEASE_MS = 90_000

class EntryTimeoutError extends Error {
  constructor(job: string, ms: number) {
    super(`${job} ran past its time limit of ${ms / 1000} s`)
  }
}

/**
 * Runs one durable job's queue on this instance (job-queue.server.ts): claims due entries, runs
 * each within its time limit, marks it done or failed, and looks again — at once after a full
 * batch, else after `pollMs` or when woken. `stop` lets runs in flight finish and hands back
 * the entries claimed and not started.
 */
export class QueueWorker {
  private stopped = false
  private loop?: Promise<void>
  private wakeUp?: () => void
  private pollTimer?: NodeJS.Timeout
  private held = new Set<number>()

  constructor(
    private readonly job: DurableJobSettings,
    /** Wraps each entry's run (the registry's measurement: runs, failures, duration). */
    private readonly measure: <T>(pass: () => Promise<T>) => Promise<T>,
  ) {}

  private get leaseMs() {
    return Math.min(
      this.job.timeLimitMs + (this.job.leaseMarginMs ?? LEASE_MARGIN_MS),
      RENEWED_LEASE_MS,
    )
  }

  /**
   * Keeps the entry's lease alive while a run longer than the lease goes on: a watchdog of one
   * run, started with it and cleared when it ends (runEntry's finally), not work of its own.
   */
  private keepLeased(entry: QueueEntry): () => void {
    if (this.leaseMs >= this.job.timeLimitMs) return () => {}
    const timer = setInterval(() => {
      renewLease(entry, this.leaseMs).catch((error: unknown) => {
        logger.warn({ err: error, job: this.job.name, entry: entry.id }, 'job: lease not renewed')
      })
    }, this.leaseMs / 3)
    timer.unref?.()
    return () => clearInterval(timer)
  }

  start() {
    this.loop ??= this.run()
  }

  /** Looks for due entries now (something was just queued). */
  wake() {
    this.wakeUp?.()
  }

  async stop() {
    this.stopped = true
    this.wake()
    let timer: NodeJS.Timeout | undefined
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.job.stopWaitMs ?? this.job.timeLimitMs)
    })
    await Promise.race([this.loop, waited]).finally(() => clearTimeout(timer))
  }

  /** Runs every due entry now, until none is left; returns how many ran (tests, scripts). */
  async drain(): Promise<number> {
    const concurrency = this.job.concurrency ?? 1
    let ran = 0
    for (;;) {
      const entries = await claimEntries(this.job.name, concurrency, this.leaseMs)
      if (entries.length === 0) return ran
      await Promise.all(entries.map((entry) => this.runEntry(entry)))
      ran += entries.length
    }
  }

  private async run() {
    const concurrency = this.job.concurrency ?? 1
    while (!this.stopped) {
      let entries: QueueEntry[] = []
      try {
        entries = await claimEntries(this.job.name, concurrency, this.leaseMs)
      } catch (error) {
        // The database is busy or closing: look again after the pause.
        logger.warn({ err: error, job: this.job.name }, 'job: could not claim queued work')
      }
      for (const entry of entries) this.held.add(entry.id)
      if (this.stopped) break
      await Promise.all(entries.map((entry) => this.runEntry(entry)))
      if (entries.length < concurrency) await this.pause()
    }
    await releaseEntries([...this.held]).catch((error: unknown) => {
      logger.warn({ err: error, job: this.job.name }, 'job: could not hand back its entries')
    })
    this.held.clear()
  }

  private pause() {
    if (this.stopped) return Promise.resolve()
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(this.pollTimer)
        this.wakeUp = undefined
        resolve()
      }
      this.wakeUp = done
      this.pollTimer = setTimeout(done, this.job.pollMs ?? 2000)
      this.pollTimer.unref?.()
    })
  }

  private async runEntry(entry: QueueEntry) {
    const { name, retry } = this.job
    const started = Date.now()
    const stopRenewing = this.keepLeased(entry)
    try {
      await this.measure(async () => {
        const result = await this.withinLimit(entry)
        const completed = await completeEntry(entry, result ? result.write : undefined)
        if (!completed) {
          logger.warn({ job: name, entry: entry.id }, 'job: entry was taken over; not stored')
        }
      })
      logger[this.job.logLevel](
        { job: name, entry: entry.id, attempt: entry.attempt, ms: Date.now() - started },
        'job ran',
      )
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const spent = entry.attempt >= 1 + retry.attempts
      const retryInMs = spent ? null : retry.backoffMs * 2 ** (entry.attempt - 1)
      if (spent) logger.error({ err: error, job: name, entry: entry.id }, 'job failed')
      else logger.warn({ err: error, job: name, entry: entry.id, retryInMs }, 'job: will retry')
      await failEntry(entry, message, retryInMs).catch((failure: unknown) => {
        // Its lease runs out and the entry is run again: nothing is lost.
        logger.error({ err: failure, job: name, entry: entry.id }, 'job: failure not recorded')
      })
      if (spent) {
        await this.job.onFailed?.(entry, error).catch((failure: unknown) => {
          logger.error({ err: failure, job: name, entry: entry.id }, 'job: its failure not kept')
        })
      }
    } finally {
      stopRenewing()
      this.held.delete(entry.id)
    }
  }

  private withinLimit(entry: QueueEntry): Promise<EntryResult> {
    const controller = new AbortController()
    let timer: NodeJS.Timeout | undefined
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new EntryTimeoutError(this.job.name, this.job.timeLimitMs)
        // The limit settles first: a run that ends as it is aborted still counts as too slow.
        reject(error)
        controller.abort(error)
      }, this.job.timeLimitMs)
      timer.unref?.()
    })
    return Promise.race([this.job.run(entry, { signal: controller.signal }), limit]).finally(() =>
      clearTimeout(timer),
    )
  }
}

/** Runs a durable job's due entries at once, outside the registry (tests, one-off scripts). */
export function drainQueue(job: DurableJobSettings): Promise<number> {
  return new QueueWorker(job, (pass) => pass()).drain()
}
