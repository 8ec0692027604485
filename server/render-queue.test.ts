import { EventEmitter } from 'node:events'
import type { NextFunction, Request, Response } from 'express'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RenderQueue, type Admission } from './render-queue'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const queueOf = (inFlight = 1, maxWaiting = 10, deadlineMs = 1000) =>
  new RenderQueue({ inFlight, maxWaiting, deadlineMs })

/** Admissions as they settle, in order, by name. */
function track(queue: RenderQueue, names: string[], signals: Record<string, AbortSignal> = {}) {
  const settled: string[] = []
  const admissions: Record<string, Admission> = {}
  for (const name of names) {
    void queue.enter(signals[name]).then((admission) => {
      admissions[name] = admission
      settled.push(admission.admitted ? name : `${name}:${admission.reason}`)
    })
  }
  const release = (name: string) => {
    const admission = admissions[name]
    if (!admission?.admitted) throw new Error(`${name} was not admitted`)
    admission.release()
  }
  return { settled, release }
}

describe('RenderQueue', () => {
  it('admits up to its bound at once, then the others in arrival order as turns end', async () => {
    const queue = queueOf(2)
    const { settled, release } = track(queue, ['a', 'b', 'c', 'd', 'e'])
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toEqual(['a', 'b'])
    expect(queue.inFlight).toBe(2)
    expect(queue.waitingCount).toBe(3)
    release('b')
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toEqual(['a', 'b', 'c'])
    release('a')
    release('c')
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(queue.queued).toBe(3)
    expect(queue.rejected).toBe(0)
  })

  it('refuses a request that waited past its deadline, and it leaves the line', async () => {
    const queue = queueOf(1, 10, 1000)
    const { settled, release } = track(queue, ['a', 'b'])
    await vi.advanceTimersByTimeAsync(999)
    expect(settled).toEqual(['a'])
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toEqual(['a', 'b:deadline'])
    expect(queue.waitingCount).toBe(0)
    expect(queue.rejected).toBe(1)
    // The turn b would have had goes back: the next request is admitted at once.
    release('a')
    expect(queue.inFlight).toBe(0)
    const late = await queue.enter()
    expect(late.admitted).toBe(true)
  })

  it('refuses at once a request that finds the line full', async () => {
    const queue = queueOf(1, 2)
    const { settled } = track(queue, ['a', 'b', 'c', 'd'])
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toEqual(['a', 'd:full'])
    expect(queue.waitingCount).toBe(2)
    expect(queue.rejected).toBe(1)
  })

  it('takes a request whose client left out of the line, without counting it refused', async () => {
    const queue = queueOf(1)
    const left = new AbortController()
    const { settled, release } = track(queue, ['a', 'b', 'c'], { b: left.signal })
    await vi.advanceTimersByTimeAsync(0)
    left.abort()
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toEqual(['a', 'b:aborted'])
    expect(queue.waitingCount).toBe(1)
    release('a')
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toEqual(['a', 'b:aborted', 'c'])
    expect(queue.rejected).toBe(0)
    // Its deadline passing later changes nothing.
    await vi.advanceTimersByTimeAsync(5000)
    expect(settled).toEqual(['a', 'b:aborted', 'c'])
  })

  it('gives a turn back once, however often it is released', async () => {
    const queue = queueOf(1)
    const { settled, release } = track(queue, ['a', 'b', 'c'])
    await vi.advanceTimersByTimeAsync(0)
    release('a')
    release('a')
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toEqual(['a', 'b'])
    expect(queue.inFlight).toBe(1)
  })

  it('starts the next render only after the event loop has read what arrived meanwhile', async () => {
    const queue = queueOf(1)
    const { settled, release } = track(queue, ['a', 'b', 'c'])
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toEqual(['a'])
    release('a')
    // However many promise turns pass (a render's PGlite queries resolve as promises, never
    // as I/O), b does not start before the loop's next round: a request that arrived
    // meanwhile (a health check, a page) is read first.
    for (let i = 0; i < 50; i++) await Promise.resolve()
    expect(settled).toEqual(['a'])
    // Its turn is b's already: a second turn given back in the meantime goes to c, not to b.
    expect(queue.waitingCount).toBe(1)
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toEqual(['a', 'b'])
    release('b')
    await vi.advanceTimersByTimeAsync(0)
    expect(settled).toEqual(['a', 'b', 'c'])
    expect(queue.inFlight).toBe(1)
  })
})

/** A response as far as the middleware uses it: events, its head, `destroyed`, `writableFinished`. */
function fakeResponse() {
  const res = new EventEmitter() as EventEmitter & {
    destroyed: boolean
    writableFinished: boolean
    headSent: boolean
    writeHead(): unknown
    close(): void
  }
  res.destroyed = false
  res.writableFinished = false
  res.headSent = false
  res.writeHead = () => {
    res.headSent = true
    return res
  }
  res.close = () => {
    res.destroyed = true
    res.emit('close')
  }
  return res
}

describe('RenderQueue.middleware', () => {
  function through(queue: RenderQueue) {
    const refused: string[] = []
    const rendering: string[] = []
    const middleware = queue.middleware((req) => refused.push(String(req.url)))
    const request = (url: string, method = 'GET') => {
      const res = fakeResponse()
      const next = vi.fn(() => rendering.push(url)) as unknown as NextFunction
      middleware({ url, method } as Request, res as unknown as Response, next)
      return res
    }
    return { request, refused, rendering }
  }

  it('gives the turn back when the response closes: finished, failed or cut off', async () => {
    const queue = queueOf(1)
    const { request, rendering } = through(queue)
    const first = request('/1')
    request('/2')
    request('/3')
    await vi.advanceTimersByTimeAsync(0)
    expect(rendering).toEqual(['/1'])
    // An error answered by the error handler, or the client gone: the response closes.
    first.close()
    await vi.advanceTimersByTimeAsync(0)
    expect(rendering).toEqual(['/1', '/2'])
    expect(queue.inFlight).toBe(1)
  })

  it('gives the turn back once the answer’s head goes out: a long body holds none', async () => {
    const queue = queueOf(1)
    const { request, rendering } = through(queue)
    const download = request('/export')
    request('/2')
    await vi.advanceTimersByTimeAsync(0)
    expect(rendering).toEqual(['/export'])
    download.writeHead()
    expect(download.headSent).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(rendering).toEqual(['/export', '/2'])
    // The download's end later gives back nothing more.
    download.close()
    expect(queue.inFlight).toBe(1)
  })

  it('lets writes pass by without a turn', async () => {
    const queue = queueOf(1)
    const { request, rendering } = through(queue)
    request('/1')
    request('/2')
    await vi.advanceTimersByTimeAsync(0)
    request('/save', 'POST')
    expect(rendering).toEqual(['/1', '/save'])
    expect(queue.inFlight).toBe(1)
    expect(queue.waitingCount).toBe(1)
  })

  it('sends a refused request to its answer; a client gone while waiting leaves the line', async () => {
    const queue = queueOf(1, 10, 1000)
    const { request, refused, rendering } = through(queue)
    const first = request('/1')
    const gone = request('/2')
    request('/3')
    await vi.advanceTimersByTimeAsync(0)
    gone.close()
    await vi.advanceTimersByTimeAsync(0)
    expect(queue.waitingCount).toBe(1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(refused).toEqual(['/3'])
    first.close()
    await vi.advanceTimersByTimeAsync(0)
    expect(rendering).toEqual(['/1'])
    expect(queue.inFlight).toBe(0)
  })
})
