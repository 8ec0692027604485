import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks'
import { singleton } from './singleton.server'

/**
 * The process's metrics in Prometheus's text format (version 0.0.4), written by hand: a
 * request counter and latency histogram by route pattern, plus whatever the collectors added
 * with `addMetricsCollector` report at scrape time (page cache, database pools), the event
 * loop's delay and the process's memory. server/app.ts serves it at /metrics.
 */

type Labels = Record<string, string | number>

export interface MetricSample {
  name: string
  help: string
  type: 'counter' | 'gauge'
  value: number
  labels?: Labels
}

/** How often the event loop's delay is sampled, ms. */
const LOOP_SAMPLE_MS = 20

/** Seconds: from a cached page (~1 ms) to a slow render or a database waiting. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

interface HistogramSeries {
  labels: Labels
  buckets: number[]
  sum: number
  count: number
}

class Metrics {
  private requests = new Map<string, { labels: Labels; value: number }>()
  private latency = new Map<string, HistogramSeries>()
  private collectors = new Set<() => MetricSample[]>()
  private loopDelay: IntervalHistogram | undefined

  /** One finished HTTP request: `route` is a pattern (a route id), never the raw URL. */
  observeRequest(method: string, route: string, status: number, seconds: number) {
    const counterLabels = { method, route, status }
    const counterKey = labelKey(counterLabels)
    const counter = this.requests.get(counterKey)
    if (counter) counter.value++
    else this.requests.set(counterKey, { labels: counterLabels, value: 1 })

    const histogramLabels = { method, route }
    const key = labelKey(histogramLabels)
    let series = this.latency.get(key)
    if (!series) {
      series = { labels: histogramLabels, buckets: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 }
      this.latency.set(key, series)
    }
    for (let i = 0; i < LATENCY_BUCKETS.length; i++) {
      if (seconds <= LATENCY_BUCKETS[i]!) series.buckets[i]!++
    }
    series.sum += seconds
    series.count++
  }

  /** A source read at every scrape; returns its removal. */
  addCollector(collect: () => MetricSample[]): () => void {
    this.collectors.add(collect)
    return () => this.collectors.delete(collect)
  }

  /** Starts sampling the event loop's delay (once; the sampler keeps no process alive). */
  watchEventLoop() {
    if (this.loopDelay) return
    this.loopDelay = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS })
    this.loopDelay.enable()
  }

  render(): string {
    const out: string[] = []
    out.push(
      '# HELP broadsheet_http_requests_total HTTP requests answered, by route pattern and status.',
      '# TYPE broadsheet_http_requests_total counter',
    )
    for (const { labels, value } of this.requests.values()) {
      out.push(`broadsheet_http_requests_total${formatLabels(labels)} ${value}`)
    }
    out.push(
      '# HELP broadsheet_http_request_duration_seconds Time to the end of the response, by route pattern.',
      '# TYPE broadsheet_http_request_duration_seconds histogram',
    )
    for (const series of this.latency.values()) {
      const name = 'broadsheet_http_request_duration_seconds'
      LATENCY_BUCKETS.forEach((le, i) => {
        out.push(`${name}_bucket${formatLabels({ ...series.labels, le })} ${series.buckets[i]}`)
      })
      out.push(`${name}_bucket${formatLabels({ ...series.labels, le: '+Inf' })} ${series.count}`)
      out.push(`${name}_sum${formatLabels(series.labels)} ${series.sum}`)
      out.push(`${name}_count${formatLabels(series.labels)} ${series.count}`)
    }

    const samples: MetricSample[] = [...this.processSamples()]
    for (const collect of this.collectors) {
      try {
        samples.push(...collect())
      } catch {
        // A source that cannot answer (a pool being replaced) is left out of this scrape.
      }
    }
    // A metric's samples come together, under one HELP and TYPE, whichever source gave them.
    const families = new Map<string, MetricSample[]>()
    for (const sample of samples) {
      const family = families.get(sample.name)
      if (family) family.push(sample)
      else families.set(sample.name, [sample])
    }
    for (const [name, family] of families) {
      out.push(`# HELP ${name} ${family[0]!.help}`, `# TYPE ${name} ${family[0]!.type}`)
      for (const sample of family) {
        out.push(`${name}${formatLabels(sample.labels ?? {})} ${sample.value}`)
      }
    }
    return `${out.join('\n')}\n`
  }

  private *processSamples(): Generator<MetricSample> {
    const memory = process.memoryUsage()
    const gauge = (name: string, help: string, value: number, labels?: Labels): MetricSample => ({
      name,
      help,
      type: 'gauge',
      value,
      labels,
    })
    yield gauge('process_resident_memory_bytes', 'Resident memory size in bytes.', memory.rss)
    yield gauge('nodejs_heap_size_total_bytes', 'V8 heap size in bytes.', memory.heapTotal)
    yield gauge('nodejs_heap_size_used_bytes', 'V8 heap used in bytes.', memory.heapUsed)
    yield gauge(
      'nodejs_external_memory_bytes',
      'Memory of C++ objects bound to JS.',
      memory.external,
    )
    yield gauge('process_uptime_seconds', 'Seconds since the process started.', process.uptime())
    const delay = this.loopDelay
    if (delay && delay.count > 0) {
      const help = 'Event loop delay since the previous scrape, in seconds.'
      for (const [quantile, ns] of [
        ['0.5', delay.percentile(50)],
        ['0.99', delay.percentile(99)],
        ['1', delay.max],
      ] as const) {
        // The sampler records the time between its ticks: the lag is what exceeds the tick.
        const lag = Math.max(0, ns / 1e9 - LOOP_SAMPLE_MS / 1000)
        yield gauge('nodejs_eventloop_lag_seconds', help, lag, { quantile })
      }
      // Each scrape reports the delay since the one before.
      delay.reset()
    }
  }
}

function labelKey(labels: Labels) {
  return JSON.stringify(labels)
}

function formatLabels(labels: Labels) {
  const entries = Object.entries(labels)
  if (entries.length === 0) return ''
  const parts = entries.map(
    ([key, value]) =>
      `${key}="${String(value).replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')}"`,
  )
  return `{${parts.join(',')}}`
}

/** The process's metrics (one per process, whichever bundle asks). */
export const metrics = singleton('metrics', () => new Metrics())

/** Collectors: what a part of the app reports at every scrape (e.g. the page cache). */
export function addMetricsCollector(collect: () => MetricSample[]) {
  return metrics.addCollector(collect)
}
