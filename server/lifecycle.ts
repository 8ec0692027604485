import type { Server, ServerResponse } from 'node:http'
import { singleton } from '~/infra/singleton.server'

/**
 * Whether this process is draining (a SIGTERM came): /readyz answers 503 from that moment, so
 * a load balancer stops sending it new requests, while the ones in flight finish.
 */
export const lifecycle = singleton('lifecycle', () => ({ draining: false }))

export interface DrainResult {
  /** Milliseconds from the start of the drain until the last connection closed (or was cut). */
  ms: number
  /** Requests in flight when the drain began. */
  inFlight: number
  /** Connections still open at the deadline, closed without waiting further. */
  cut: number
}

/**
 * Follows an HTTP server's requests so that `drain` can end it politely: call it right after
 * the server is created, before it listens.
 *
 * `drain(timeoutMs)`: stops accepting connections; closes idle keep-alive connections at once;
 * answers the requests in flight (and any that still arrive on an open connection) with
 * `Connection: close`, so that each connection closes after its response; resolves when every
 * connection has closed, or at `timeoutMs`, when whatever is left is cut.
 */
export function drainableServer(server: Server) {
  const inFlight = new Set<ServerResponse>()
  let draining = false

  server.on('request', (_req, res: ServerResponse) => {
    inFlight.add(res)
    res.once('close', () => inFlight.delete(res))
    if (draining) res.shouldKeepAlive = false
  })

  async function drain(timeoutMs: number): Promise<DrainResult> {
    const started = performance.now()
    draining = true
    const atStart = inFlight.size
    for (const res of inFlight) {
      // Before its head is sent, the response says `Connection: close` and Node closes the
      // connection after it; a response already streaming ends its connection when done.
      res.shouldKeepAlive = false
    }
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    // Connections that turn idle after their last response (keep-alive) are closed as they do.
    const sweep = setInterval(() => server.closeIdleConnections(), 50)
    let timer: NodeJS.Timeout | undefined
    const deadline = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs)
    })
    let cut = 0
    try {
      if ((await Promise.race([closed, deadline])) === 'timeout') {
        cut = inFlight.size
        server.closeAllConnections()
        await closed
      }
    } finally {
      clearInterval(sweep)
      clearTimeout(timer)
    }
    return { ms: Math.round(performance.now() - started), inFlight: atStart, cut }
  }

  return { drain, inFlightCount: () => inFlight.size }
}

export interface ShutdownSteps {
  /** The server's drain (from `drainableServer`). */
  drain: (timeoutMs: number) => Promise<DrainResult>
  /** DRAIN_TIMEOUT, in milliseconds. */
  drainTimeoutMs: number
  /** Stops the background work: timers, periodic jobs, the page cache's LISTEN connection. */
  stopBackground: () => Promise<void> | void
  /** Writes what is counted in memory (article views): after the last request, before the pool closes. */
  flush: () => Promise<void> | void
  /** Closes the database. */
  closeDatabase: () => Promise<void>
  /** Ends the process (process.exit in production). */
  exit: (code: number) => void
  log?: (message: string, details?: object) => void
}

/**
 * The shutdown a SIGTERM (or SIGINT) starts, in this order: readiness turns unready at once
 * (`lifecycle.draining`, /readyz answers 503); the server drains (no new connections,
 * requests in flight finish within `drainTimeoutMs`, keep-alive connections close); the
 * background work stops; the counts kept in memory are written; the database closes; exit 0.
 * Returns the signal handler; a second signal while it runs changes nothing.
 */
export function createShutdown(steps: ShutdownSteps): (signal: string) => Promise<void> {
  let running: Promise<void> | undefined
  const log = steps.log ?? (() => {})
  return (signal) => {
    running ??= (async () => {
      lifecycle.draining = true
      log('draining', { signal, timeoutMs: steps.drainTimeoutMs })
      const drained = await steps.drain(steps.drainTimeoutMs)
      log('drained', drained)
      const step = async (name: string, run: () => Promise<void> | void) => {
        try {
          await run()
        } catch (error) {
          log(`${name} failed during shutdown`, { err: error })
        }
      }
      await step('stopping background work', steps.stopBackground)
      await step('writing counts', steps.flush)
      await step('closing the database', steps.closeDatabase)
      log('stopped', { signal })
      steps.exit(0)
    })()
    return running
  }
}
