// autocannon ships no types; this covers the part of its programmatic API the benchmarks use.
declare module 'autocannon' {
  export interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p97_5: number
    p99: number
  }

  export interface Options {
    url: string
    connections?: number
    /** Seconds. */
    duration?: number
    /** Seconds a request may take before it counts as a timeout. */
    timeout?: number
    headers?: Record<string, string>
    /** Requests each connection sends in turn; `setupRequest` may change one before it goes. */
    requests?: {
      method?: string
      path?: string
      setupRequest?: (request: { method: string; path: string }) => { method: string; path: string }
    }[]
  }

  export interface Result {
    url: string
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    '3xx': number
    '4xx': number
    '5xx': number
    requests: Histogram & { sent: number }
    latency: Histogram
    throughput: Histogram
  }

  export interface Instance extends PromiseLike<Result> {
    stop(): void
  }

  export default function autocannon(options: Options): Instance
}
