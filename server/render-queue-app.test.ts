import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app'
import { resourceRouteBuild } from '../tests/setup/resource-route-build'
import { PageCache } from './page-cache'
import { metrics } from '~/infra/metrics.server'
import { BUSY_RETRY_AFTER_SECONDS, RenderQueue, reportRenderQueue } from './render-queue'

/** Renders that end when the test says so, in the order they started. */
const held: { url: string; finish: () => void }[] = []
let clock = Date.now()
const pageCache = new PageCache({ now: () => clock, staleMs: 60_000 })
const queue = new RenderQueue({ inFlight: 1, maxWaiting: 10, deadlineMs: 150 })
let base = ''
let close = () => {}

const slow = async ({ request }: { request: Request }) => {
  await new Promise<void>((finish) => held.push({ url: request.url, finish }))
  return new Response(`drawn ${new URL(request.url).pathname}`, {
    headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'public, max-age=0, s-maxage=1' },
  })
}

beforeAll(async () => {
  const build = resourceRouteBuild({ slow: { loader: slow }, page: { loader: slow } })
  const app = createApp({
    mode: 'production',
    getBuild: () => build,
    pageCache,
    renderQueue: queue,
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => server.close()
})
afterAll(() => close())

/** Resolves once `check` holds (the server's side of a request runs apart from the test's). */
async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5))
}

/** The render started `n`-th, once it has started. */
async function render(n: number) {
  await until(() => held.length > n)
  return held[n]!
}

describe('renders in flight, bounded (server/app.ts with a render queue)', () => {
  it('lets a second request wait its turn and answers a third past its deadline with a 503', async () => {
    held.length = 0
    const first = fetch(`${base}/slow?n=1`)
    await render(0)
    const second = fetch(`${base}/slow?n=2`)
    await until(() => queue.waitingCount === 1)
    // The second renders only once the first is over.
    expect(held).toHaveLength(1)
    held[0]!.finish()
    expect((await first).status).toBe(200)
    await render(1)
    const rejectedBefore = queue.rejected
    // The second renders (held); a third waits past its deadline.
    const third = await fetch(`${base}/slow?n=3`)
    expect(third.status).toBe(503)
    expect(third.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_SECONDS))
    expect(third.headers.get('cache-control')).toBe('no-store')
    expect(await third.text()).toContain('Please try again')
    expect(queue.rejected).toBe(rejectedBefore + 1)
    held[1]!.finish()
    const answered = await second
    expect(answered.status).toBe(200)
    expect(await answered.text()).toBe('drawn /slow')
    // The health check never waits for a turn.
    held.length = 0
    const busy = fetch(`${base}/slow?n=4`)
    await render(0)
    expect((await fetch(`${base}/healthz`)).status).toBe(200)
    held[0]!.finish()
    await busy
  })

  it('answers a refused request with the expired copy the page cache still keeps', async () => {
    held.length = 0
    const stored = fetch(`${base}/page`)
    ;(await render(0)).finish()
    expect(await (await stored).text()).toBe('drawn /page')
    await pageCache.settled()
    // Its life (s-maxage=1) is over; the copy is kept for refused requests only.
    clock += 5_000
    const busy = fetch(`${base}/slow?n=5`)
    await render(1)
    const stale = await fetch(`${base}/page`)
    expect(stale.status).toBe(200)
    expect(stale.headers.get('x-cache')).toBe('STALE')
    expect(stale.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1')
    expect(await stale.text()).toBe('drawn /page')
    expect(pageCache.staleServed).toBe(1)
    // Never to a request a stored page would not answer fresh: a session, a gift link.
    const signedIn = await fetch(`${base}/page`, { headers: { cookie: 'broadsheet.session=x' } })
    expect(signedIn.status).toBe(503)
    expect((await fetch(`${base}/page?gift=abc`)).status).toBe(503)
    held[1]!.finish()
    expect((await busy).status).toBe(200)
    // The stale answer was not stored again as fresh: the next request renders.
    const fresh = fetch(`${base}/page`)
    ;(await render(2)).finish()
    const answered = await fresh
    expect(answered.headers.get('x-cache')).not.toBe('HIT')
    expect(pageCache.staleServed).toBe(1)
  })

  it('reports what waited and what was refused in /metrics', async () => {
    const stop = reportRenderQueue(queue)
    try {
      const text = await metrics.render()
      expect(text).toMatch(
        new RegExp(`^broadsheet_render_queue_queued_total ${queue.queued}$`, 'm'),
      )
      expect(text).toMatch(
        new RegExp(`^broadsheet_render_queue_rejected_total ${queue.rejected}$`, 'm'),
      )
      expect(queue.rejected).toBeGreaterThanOrEqual(4)
      expect(text).toMatch(/^broadsheet_render_queue_in_flight 0$/m)
    } finally {
      stop()
    }
  })
})
