import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { jobMetrics } from './job-metrics.server'
import {
  JobRegistry,
  type QueuedJobDefinition,
  type ScheduledJobDefinition,
} from './registry.server'

const SECOND = 1000
const START = Date.parse('2026-03-10T00:00:00Z')

function scheduled(
  name: string,
  run: ScheduledJobDefinition['run'],
  extra: Partial<ScheduledJobDefinition> = {},
): ScheduledJobDefinition {
  return {
    name,
    title: name,
    trigger: { kind: 'every', everyMs: 10 * SECOND },
    singleInstance: true,
    timeLimitMs: 60 * SECOND,
    retry: { attempts: 0, backoffMs: 0 },
    logLevel: 'debug',
    run,
    ...extra,
  }
}

async function counterValue(counter: typeof jobMetrics.runs, job: string) {
  const { values } = await counter.get()
  return values.find((v) => v.labels.job === job)?.value ?? 0
}

const registries: JobRegistry[] = []
function registry(...jobs: Parameters<JobRegistry['declare']>[0]) {
  const made = new JobRegistry().declare(jobs)
  registries.push(made)
  return made
}

beforeEach(() => {
  // Only the timers and the clock: the database of the test setup keeps its own scheduling.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: START })
})
afterEach(async () => {
  await Promise.all(registries.splice(0).map((r) => r.stop()))
  vi.useRealTimers()
})

describe('the job registry', () => {
  it('runs an interval job first after firstAfterMs, then every everyMs, and no more once stopped', async () => {
    const runs: number[] = []
    const jobs = registry(
      scheduled('every-ten', async () => void runs.push(Date.now() - START), {
        trigger: { kind: 'every', everyMs: 10 * SECOND, firstAfterMs: 3 * SECOND },
      }),
    )
    await jobs.start()
    expect((await jobs.status())[0]).toMatchObject({
      trigger: 'Every 10 seconds',
      state: 'idle',
      nextRunAt: START + 3 * SECOND,
      lastRun: null,
    })
    await vi.advanceTimersByTimeAsync(25 * SECOND)
    expect(runs).toEqual([3 * SECOND, 13 * SECOND, 23 * SECOND])
    const [status] = await jobs.status()
    expect(status).toMatchObject({ runs: 3, nextRunAt: START + 33 * SECOND })
    expect(status!.lastRun).toMatchObject({ at: START + 23 * SECOND, ok: true })

    await jobs.stop()
    await vi.advanceTimersByTimeAsync(60 * SECOND)
    expect(runs).toHaveLength(3)
    expect((await jobs.status())[0]).toMatchObject({ state: 'stopped', nextRunAt: null })
    expect(await jobs.tick('every-ten')).toBe('stopped')
  })

  it('runs a daily job at its time of day in the site’s time zone, again the next day', async () => {
    const ran: string[] = []
    const jobs = registry(
      scheduled('nightly', async () => void ran.push(new Date().toISOString()), {
        trigger: { kind: 'daily', at: '04:00' },
      }),
    )
    await jobs.start({ timeZone: () => 'Europe/Paris' })
    const [status] = await jobs.status()
    expect(status!.trigger).toBe('Daily at 04:00 (Europe/Paris)')
    // 04:00 in Paris in March (before summer time) is 03:00 UTC.
    expect(status!.nextRunAt).toBe(Date.parse('2026-03-10T03:00:00Z'))
    await vi.advanceTimersByTimeAsync(48 * 60 * 60 * SECOND)
    expect(ran).toEqual(['2026-03-10T03:00:00.000Z', '2026-03-11T03:00:00.000Z'])
  })

  it('retries a failing job with back-off, then marks it failed, while the others go on', async () => {
    const attempts: number[] = []
    let healthy = 0
    const jobs = registry(
      scheduled(
        'broken',
        async () => {
          attempts.push(Date.now() - START)
          throw new Error('the mail server said no')
        },
        {
          retry: { attempts: 2, backoffMs: SECOND },
          trigger: { kind: 'every', everyMs: 60 * SECOND },
        },
      ),
      scheduled('healthy', async () => void healthy++, {
        trigger: { kind: 'every', everyMs: SECOND },
      }),
    )
    const failuresBefore = await counterValue(jobMetrics.failures, 'broken')
    await jobs.start()
    await vi.advanceTimersByTimeAsync(60 * SECOND)
    // The first try, then one second later, then two seconds after that.
    expect(attempts).toEqual([60 * SECOND])
    await vi.advanceTimersByTimeAsync(3 * SECOND)
    expect(attempts).toEqual([60 * SECOND, 61 * SECOND, 63 * SECOND])
    const [broken, other] = await jobs.status()
    expect(broken).toMatchObject({
      state: 'failed',
      lastFailure: { at: START + 63 * SECOND, message: 'the mail server said no' },
      lastRun: { ok: false },
    })
    expect(other).toMatchObject({ state: 'idle', lastFailure: null, lastRun: { ok: true } })
    expect(healthy).toBe(63)
    expect((await counterValue(jobMetrics.failures, 'broken')) - failuresBefore).toBe(3)
    // The next tick of its trigger, a minute after the last try ended, tries again.
    await vi.advanceTimersByTimeAsync(63 * SECOND)
    expect(attempts.slice(3)).toEqual([123 * SECOND, 124 * SECOND, 126 * SECOND])
  })

  it('counts a run past its time limit as failed, and the next tick runs again', async () => {
    let calls = 0
    let aborted = false
    const jobs = registry(
      scheduled(
        'stuck',
        ({ signal }) => {
          calls++
          signal.addEventListener('abort', () => (aborted = true))
          return new Promise(() => {})
        },
        { timeLimitMs: 5 * SECOND },
      ),
    )
    await jobs.start()
    await vi.advanceTimersByTimeAsync(15 * SECOND)
    const [status] = await jobs.status()
    expect(status!.lastFailure?.message).toBe('stuck ran past its time limit of 5 s')
    expect(aborted).toBe(true)
    expect(calls).toBe(1)
    await vi.advanceTimersByTimeAsync(10 * SECOND)
    expect(calls).toBe(2)
    // A stop waits for the run in hand at most until its time limit.
    const stopped = jobs.stop()
    await vi.advanceTimersByTimeAsync(5 * SECOND)
    await stopped
  })

  it('stops a job waiting to retry at once', async () => {
    const jobs = registry(
      scheduled('flaky', () => Promise.reject(new Error('no')), {
        retry: { attempts: 5, backoffMs: 60 * SECOND },
      }),
    )
    await jobs.start()
    await vi.advanceTimersByTimeAsync(10 * SECOND)
    expect((await jobs.status())[0]!.state).toBe('running')
    // No timer is advanced: the back-off wait ends with the stop.
    await jobs.stop()
    expect((await jobs.status())[0]).toMatchObject({ state: 'stopped', runs: 1 })
  })

  it('runs a scheduled job now on request, once at a time; a queued job has no "Run now"', async () => {
    let release = () => {}
    let runs = 0
    const jobs = registry(
      scheduled('on-demand', async () => {
        runs++
        await new Promise<void>((resolve) => (release = resolve))
      }),
      queued('loop'),
    )
    await jobs.start()
    const first = jobs.runNow('on-demand')
    expect(await jobs.runNow('on-demand').outcome).toBe('busy')
    release()
    expect(await first.outcome).toBe('ok')
    expect(runs).toBe(1)
    expect(() => jobs.runNow('loop')).toThrow('loop runs when queued')
    expect(() => jobs.runNow('nothing')).toThrow('No job named nothing')
  })

  it('starts and stops a queued job’s own loop, measures its passes and writes at shutdown', async () => {
    const loop = queued('sender')
    const jobs = registry(loop)
    await jobs.start()
    expect(loop.started).toBe(1)
    await loop.measure!(async () => {})
    await expect(loop.measure!(() => Promise.reject(new Error('SMTP down')))).rejects.toThrow()
    const [status] = await jobs.status()
    expect(status).toMatchObject({
      kind: 'queued',
      trigger: 'When queued: deliveries',
      runs: 2,
      state: 'failed',
      nextRunAt: null,
      lastFailure: { message: 'SMTP down' },
      queue: { depth: 7, oldestAgeSeconds: 42 },
    })
    expect(await jobs.queues()).toEqual([
      { name: 'sender', queue: { depth: 7, oldestAgeSeconds: 42 } },
    ])
    await jobs.stop()
    expect(loop.stopped).toBe(1)
    await jobs.atShutdown()
    expect(loop.flushed).toBe(1)
  })

  it('refuses a job declared twice', () => {
    const job = scheduled('twice', async () => {})
    expect(() => new JobRegistry().declare([job, job])).toThrow('Job twice is declared twice')
  })
})

function queued(name: string) {
  const job: QueuedJobDefinition & {
    started: number
    stopped: number
    flushed: number
    measure?: <T>(pass: () => Promise<T>) => Promise<T>
  } = {
    name,
    title: name,
    trigger: { kind: 'queued', description: 'deliveries' },
    singleInstance: false,
    timeLimitMs: 60 * SECOND,
    retry: { attempts: 0, backoffMs: 0 },
    logLevel: 'info',
    started: 0,
    stopped: 0,
    flushed: 0,
    start(measure) {
      job.started++
      job.measure = measure
    },
    stop: async () => void job.stopped++,
    atShutdown: async () => void job.flushed++,
    queue: async () => ({ depth: 7, oldestAgeSeconds: 42 }),
  }
  return job
}
