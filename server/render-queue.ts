import os from 'node:os'
import type { NextFunction, Request, Response } from 'express'
import { getEnv } from '~/infra/env.server'
import { addMetricsCollector } from '~/infra/metrics.server'

/**
 * Renders in flight, bounded (issue 39, decision 0047). Without a bound every request that
 * reaches React Router starts rendering at once: fifty renders interleave on one thread, each
 * keeps its loaders' data and its page alive until the last one ends, the heap fills and the
 * garbage collector, not the order of arrival, decides who finishes first. Here at most
 * `inFlight` render at a time; the others wait in arrival order, and a request that has waited
 * `deadlineMs` (or finds `maxWaiting` ahead of it) is refused at once, so its reader gets a
 * quick answer (a stored copy or a 503) instead of a slow one.
 */
export interface RenderQueueOptions {
  /** Requests rendering at once. */
  inFlight: number
  /** Requests waiting at most; one more is refused at once. */
  maxWaiting: number
  /** Longest wait for a turn, ms; past it the request is refused. */
  deadlineMs: number
}

export type Admission =
  | { admitted: true; release: () => void }
  | { admitted: false; reason: 'full' | 'deadline' | 'aborted' }

interface Waiter {
  admit: () => void
  refuse: (reason: 'deadline' | 'aborted') => void
}

export class RenderQueue {
  private running = 0
  private waiting: Waiter[] = []
  /** Requests that had to wait for their turn (admitted or not). */
  queued = 0
  /** Requests refused: the queue full, or their deadline past. */
  rejected = 0

  constructor(readonly options: RenderQueueOptions) {}

  get inFlight() {
    return this.running
  }

  get waitingCount() {
    return this.waiting.length
  }

  /**
   * A turn to render: at once while fewer than `inFlight` run, else after those ahead. The
   * admission's `release` (idempotent) gives the turn to the next in line; `signal` aborted
   * while waiting takes the request out of the line.
   */
  enter(signal?: AbortSignal): Promise<Admission> {
    if (signal?.aborted) return Promise.resolve({ admitted: false, reason: 'aborted' })
    if (this.running < this.options.inFlight && this.waiting.length === 0) {
      this.running++
      return Promise.resolve({ admitted: true, release: this.releaser() })
    }
    if (this.waiting.length >= this.options.maxWaiting) {
      this.rejected++
      return Promise.resolve({ admitted: false, reason: 'full' })
    }
    this.queued++
    return new Promise<Admission>((resolve) => {
      const leave = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        const at = this.waiting.indexOf(waiter)
        if (at !== -1) this.waiting.splice(at, 1)
      }
      const waiter: Waiter = {
        admit: () => {
          // Out of the line at once (the turn is its own: a second turn given back goes to the
          // one after it), and into its render after the event loop has read what arrived
          // meanwhile. On PGlite a render's queries resolve as promises on this thread, never
          // as I/O: admitted straight away, the next render would start in the same turn of the
          // loop, and the one after it, so that no new request (nor /healthz) was even read
          // until the line ran dry — seconds under load (docs/performance.md, "Fair under
          // overload"). A client gone meanwhile gives the turn back at once (`middleware`).
          leave()
          setImmediate(() => resolve({ admitted: true, release: this.releaser() }))
        },
        refuse: (reason) => {
          leave()
          if (reason === 'deadline') this.rejected++
          resolve({ admitted: false, reason })
        },
      }
      const onAbort = () => waiter.refuse('aborted')
      const timer = setTimeout(() => waiter.refuse('deadline'), this.options.deadlineMs)
      signal?.addEventListener('abort', onAbort, { once: true })
      this.waiting.push(waiter)
    })
  }

  private releaser() {
    let released = false
    return () => {
      if (released) return
      released = true
      this.passTurn()
    }
  }

  /** A turn given back: to the first in line (`running` stays as it is), else free again. */
  private passTurn() {
    const next = this.waiting[0]
    if (next) next.admit()
    else this.running--
  }

  /**
   * Express middleware in front of React Router's handler: a GET or HEAD (a page, a `.data`
   * request, a resource route's answer) renders in its turn and gives it back as soon as its
   * answer's head goes out, or its response closes first (failed, cut off). A body streamed
   * after its head (a site export, a backup, a PDF) holds no turn, nor does a slow reader.
   * Writes pass by: they are few, and one may read a long upload before it answers. A refused
   * request goes to `refused` (a stored copy, else a 503); a client that leaves while it waits
   * leaves the line.
   */
  middleware(refused: (req: Request, res: Response) => void) {
    return (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next()
      const gone = new AbortController()
      const onClose = () => gone.abort()
      res.once('close', onClose)
      void this.enter(gone.signal).then((admission) => {
        res.off('close', onClose)
        if (!admission.admitted) {
          if (admission.reason !== 'aborted' && !res.destroyed) refused(req, res)
          return
        }
        if (res.destroyed || res.writableFinished) return admission.release()
        res.once('close', admission.release)
        // Every way a head goes out (write, end, an explicit writeHead) passes through here.
        const writeHead = res.writeHead
        res.writeHead = function (this: Response, ...args: unknown[]) {
          admission.release()
          return (writeHead as (...a: unknown[]) => Response).apply(this, args)
        } as Response['writeHead']
        next()
      })
    }
  }
}

/**
 * Renders in flight when RENDERS_IN_FLIGHT is unset (measured: decision 0047). On the embedded
 * database one: PGlite runs its queries on the same thread as the render, so a second render
 * in flight only interleaves with the first (and keeps its garbage alive longer). On
 * PostgreSQL one per core: a render waits for the database's answers, which another can use.
 */
export function defaultRendersInFlight(embedded: boolean) {
  return embedded ? 1 : os.availableParallelism()
}

/** The queue the settings describe (RENDER_QUEUE…); none when RENDER_QUEUE=false. */
export function renderQueueFromEnv({ embedded }: { embedded: boolean }): RenderQueue | undefined {
  const env = getEnv()
  if (!env.RENDER_QUEUE) return undefined
  return new RenderQueue({
    inFlight: env.RENDERS_IN_FLIGHT ?? defaultRendersInFlight(embedded),
    maxWaiting: env.RENDER_QUEUE_MAX,
    deadlineMs: env.RENDER_QUEUE_TIMEOUT_MS,
  })
}

/** What /metrics reports of the render queue (decision 0047). */
export function reportRenderQueue(queue: RenderQueue) {
  return addMetricsCollector(() => [
    {
      name: 'broadsheet_render_queue_queued_total',
      help: 'Requests that waited for a turn to render.',
      type: 'counter',
      value: queue.queued,
    },
    {
      name: 'broadsheet_render_queue_rejected_total',
      help: 'Requests refused a turn (queue full or deadline past): a stale copy or a 503.',
      type: 'counter',
      value: queue.rejected,
    },
    {
      name: 'broadsheet_render_queue_in_flight',
      help: 'Requests rendering now.',
      type: 'gauge',
      value: queue.inFlight,
    },
    {
      name: 'broadsheet_render_queue_waiting',
      help: 'Requests waiting for a turn now.',
      type: 'gauge',
      value: queue.waitingCount,
    },
  ])
}

/** Seconds a refused reader is asked to wait before asking again. */
export const BUSY_RETRY_AFTER_SECONDS = 2

/** The answer to a request refused for lack of a turn: 503, a plain short page, when to retry. */
export function sendBusy(res: Response) {
  if (res.headersSent) return void res.end()
  res
    .status(503)
    .set({ 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' })
    .type('html')
    .send(
      '<!doctype html><html lang="en"><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width,initial-scale=1">' +
        '<title>Busy</title>' +
        '<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">' +
        '<h1>Too many readers at once</h1>' +
        '<p>This page could not be drawn in time. Please try again in a few seconds.</p>' +
        '</body></html>',
    )
}
