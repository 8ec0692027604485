import type { Server, ServerResponse } from 'node:http'
import net from 'node:net'
import { singleton } from '~/infra/singleton.server'

/**
 * Whether this process is draining (a SIGTERM came): /readyz answers 503 from that moment, so
 * a load balancer stops sending it new requests, while the ones in flight finish.
 */
export const lifecycle = singleton('lifecycle', () => ({ draining: false }))

/** How long a draining server keeps an idle keep-alive connection open for a request on its way. */
export const IDLE_GRACE_MS = 1000

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
 * `drain(timeoutMs)`: stops accepting connections; answers the requests in flight, and any
 * that still arrive on an open keep-alive connection, with `Connection: close`, so that each
 * connection closes after its response; closes the connections still idle after
 * `IDLE_GRACE_MS` (a request a balancer already sent on one is answered, not met by a closed
 * connection: it would not send a POST again); resolves when every connection has closed, or
 * at `timeoutMs`, when whatever is left is cut.
 */
export function drainableServer(server: Server) {
  const inFlight = new Set<ServerResponse>()
  let draining = false

  server.on('request', (_req, res: ServerResponse) => {
    inFlight.add(res)
    res.once('close', () => inFlight.delete(res))
    if (draining) res.shouldKeepAlive = false
  })

  async function drain(timeoutMs: number, idleGraceMs = IDLE_GRACE_MS): Promise<DrainResult> {
    const started = performance.now()
    draining = true
    const atStart = inFlight.size
    for (const res of inFlight) {
      // Before its head is sent, the response says `Connection: close` and Node closes the
      // connection after it; a response already streaming ends its connection when done.
      res.shouldKeepAlive = false
    }
    // net.Server's close: no new connections, the open ones left be (http.Server's own close
    // would also close the idle keep-alive ones at once, racing requests already sent on them).
    const closed = new Promise<void>((resolve) =>
      net.Server.prototype.close.call(server, () => resolve()),
    )
    // After the grace, connections are closed as they turn idle (keep-alive between requests).
    const graceEnds = performance.now() + Math.min(idleGraceMs, timeoutMs)
    const sweep = setInterval(() => {
      if (performance.now() >= graceEnds) server.closeIdleConnections()
    }, 50)
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
  /**
   * At a SIGTERM, resolves once a balancer's health check (Varnish's probe of /readyz) has
   * had time to take the instance out of rotation (STOP_DELAY): until then the server goes on
   * taking requests, though unready. Without it, the drain starts at once.
   */
  leaveRotation?: () => Promise<void>
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
 * (`lifecycle.draining`, /readyz answers 503); at a SIGTERM requests are still taken until
 * `leaveRotation` resolves, while balancers notice; the server drains (no new connections,
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
      // SIGINT (Ctrl-C at a terminal) stops at once.
      if (steps.leaveRotation && signal === 'SIGTERM') {
        // Requests keep coming until the balancer sees /readyz answer 503: answered as usual
        // (a desk's POST refused here could not be asked again of another instance).
        log('leaving rotation', { signal })
        await steps.leaveRotation()
      }
      log('draining', { signal, timeoutMs: steps.drainTimeoutMs })
      const drained = await steps.drain(steps.drainTimeoutMs)
      log('drained', drained)
      const took: Record<string, number> = { drainMs: drained.ms }
      const step = async (name: string, run: () => Promise<void> | void) => {
        const started = performance.now()
        try {
          await run()
        } catch (error) {
          log(`${name} failed during shutdown`, { err: error })
        }
        took[name] = Math.round(performance.now() - started)
      }
      await step('backgroundMs', steps.stopBackground)
      await step('flushMs', steps.flush)
      await step('databaseMs', steps.closeDatabase)
      log('stopped', { signal, ...took })
      steps.exit(0)
    })()
    return running
  }
}
