import { Counter, Gauge, Histogram } from 'prom-client'
import { metrics } from '~/infra/metrics.server'
import { singleton } from '~/infra/singleton.server'

/** Seconds: from a flush of a few rows to a vacuum, an import or a newsletter's pass. */
const DURATION_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800]

/**
 * Every job's runs, failures and durations, labelled by job name (a run of a scheduled job, or
 * a pass of a queued job's loop; each retry is a run of its own), and the queues' depth and the
 * age of their oldest waiting entry, read from the jobs' queues at each scrape.
 */
type QueueReading = { name: string; queue: { depth: number; oldestAgeSeconds: number | null } }[]

export const jobMetrics = singleton('job-metrics', () => {
  const registers = [metrics.registry]
  const labelNames = ['job'] as const
  // Both queue gauges are collected at once at a scrape: they share one reading of the queues.
  let reading: Promise<QueueReading> | undefined
  const readQueues = () =>
    (reading ??= (state.source?.() ?? Promise.resolve([])).finally(() => (reading = undefined)))
  const state: { source?: () => Promise<QueueReading> } = {}
  return {
    /** Where the queue gauges read from (the process's registry: registry.server.ts). */
    state,
    runs: new Counter({
      name: 'broadsheet_job_runs_total',
      help: 'Runs of each background job (each retry counts).',
      labelNames,
      registers,
    }),
    failures: new Counter({
      name: 'broadsheet_job_failures_total',
      help: 'Runs of each background job that threw or ran past their time limit.',
      labelNames,
      registers,
    }),
    duration: new Histogram({
      name: 'broadsheet_job_duration_seconds',
      help: 'Time each run of a background job took.',
      labelNames,
      buckets: DURATION_BUCKETS,
      registers,
    }),
    queueDepth: new Gauge({
      name: 'broadsheet_job_queue_depth',
      help: 'Entries waiting for a queued job (or in hand).',
      labelNames,
      registers,
      async collect() {
        this.reset()
        for (const { name, queue } of await readQueues()) this.set({ job: name }, queue.depth)
      },
    }),
    queueOldest: new Gauge({
      name: 'broadsheet_job_queue_oldest_age_seconds',
      help: 'Age of the oldest entry waiting for a queued job (0 when none waits).',
      labelNames,
      registers,
      async collect() {
        this.reset()
        for (const { name, queue } of await readQueues())
          this.set({ job: name }, queue.oldestAgeSeconds ?? 0)
      },
    }),
  }
})
