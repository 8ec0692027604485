import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { singleton } from './singleton.server'

/**
 * The process's metrics for Prometheus, through prom-client (docs/decisions/0034): a request
 * counter and latency histogram by route pattern, prom-client's default process and Node.js
 * metrics (memory, CPU, event loop delay, garbage collection), and whatever the collectors
 * added with `addMetricsCollector` report at scrape time (page cache, database pools).
 * server/app.ts serves it at /metrics.
 */

type Labels = Record<string, string | number>

export interface MetricSample {
  name: string
  help: string
  type: 'counter' | 'gauge'
  value: number
  labels?: Labels
}

/** Seconds: from a cached page (~1 ms) to a slow render or a database waiting. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

class Metrics {
  /** Our own registry, not prom-client's global one: nothing else in the process writes to it. */
  readonly registry = new Registry()
  private collectors = new Set<() => MetricSample[]>()
  /** The families the collectors reported at the last scrape, by name. */
  private collected = new Map<string, Gauge | Counter>()
  private requests = new Counter({
    name: 'broadsheet_http_requests_total',
    help: 'HTTP requests answered, by route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  })
  private latency = new Histogram({
    name: 'broadsheet_http_request_duration_seconds',
    help: 'Time to the end of the response, by route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  })

  constructor() {
    // Memory, CPU, handles, event loop delay (sampled every 20 ms, reset at each scrape), GC.
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 })
  }

  /** One finished HTTP request: `route` is a pattern (a route id), never the raw URL. */
  observeRequest(method: string, route: string, status: number, seconds: number) {
    this.requests.inc({ method, route, status })
    this.latency.observe({ method, route }, seconds)
  }

  /** A source read at every scrape; returns its removal. */
  addCollector(collect: () => MetricSample[]): () => void {
    this.collectors.add(collect)
    return () => this.collectors.delete(collect)
  }

  get contentType() {
    return this.registry.contentType
  }

  /** The text Prometheus scrapes (exposition format 0.0.4). */
  async render(): Promise<string> {
    const families = new Map<string, MetricSample[]>()
    for (const collect of this.collectors) {
      let samples: MetricSample[]
      try {
        samples = collect()
      } catch {
        // A source that cannot answer (a pool being replaced) is left out of this scrape.
        continue
      }
      for (const sample of samples) {
        const family = families.get(sample.name)
        if (family) family.push(sample)
        else families.set(sample.name, [sample])
      }
    }
    for (const name of this.collected.keys()) {
      if (families.has(name)) continue
      this.registry.removeSingleMetric(name)
      this.collected.delete(name)
    }
    for (const [name, samples] of families) this.setFamily(name, samples)
    return this.registry.metrics()
  }

  /** A collected family as a prom-client metric holding this scrape's values only. */
  private setFamily(name: string, samples: MetricSample[]) {
    const { help, type } = samples[0]!
    const labelNames = [...new Set(samples.flatMap((s) => Object.keys(s.labels ?? {})))].sort()
    let metric = this.collected.get(name)
    const kept = metric && `${labelNames}` === `${metricLabelNames.get(metric)}`
    if (!metric || !kept || (type === 'counter') !== metric instanceof Counter) {
      if (metric) this.registry.removeSingleMetric(name)
      const config = { name, help, labelNames, registers: [this.registry] }
      metric = type === 'counter' ? new Counter(config) : new Gauge(config)
      metricLabelNames.set(metric, labelNames)
      this.collected.set(name, metric)
    }
    metric.reset()
    for (const sample of samples) {
      const labels = sample.labels ?? {}
      // A collector reports a counter's total as it stands; the reset above made it zero.
      if (metric instanceof Counter) metric.inc(labels, sample.value)
      else metric.set(labels, sample.value)
    }
  }
}

const metricLabelNames = new WeakMap<object, string[]>()

/** The process's metrics (one per process, whichever bundle asks). */
export const metrics = singleton('metrics', () => new Metrics())

/** Collectors: what a part of the app reports at every scrape (e.g. the page cache). */
export function addMetricsCollector(collect: () => MetricSample[]) {
  return metrics.addCollector(collect)
}
