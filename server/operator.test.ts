import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import type { ServerBuild } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { getDatabaseHandle, getDb, installDatabase, openPostgres } from '~/infra/db.server'
import { resetEnvCache } from '~/infra/env.server'
import { createLogger } from '~/infra/logger.server'
import { addMetricsCollector, metrics } from '~/infra/metrics.server'
import { createApp } from './app'

/** What the test logger wrote, one parsed object per line. */
const lines: Record<string, unknown>[] = []
const testLogger = createLogger({
  level: 'info',
  destination: new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  }),
})

/** A build with one resource route, /article/:slug, whose loader writes a log line. */
function build(): ServerBuild {
  return {
    entry: { module: { default: () => new Response('no documents here', { status: 500 }) } },
    routes: {
      root: { id: 'root', path: '', module: {} },
      'routes/count': {
        id: 'routes/count',
        parentId: 'root',
        path: 'count',
        module: {
          loader: async () => {
            const { rows } = await getDb().execute<{ n: number }>(sql`select 41 + 1 as n`)
            return new Response(`count ${rows[0]!.n}`)
          },
        },
      },
      'routes/article': {
        id: 'routes/article',
        parentId: 'root',
        path: 'article/:slug',
        module: {
          loader: async ({ params }: { params: { slug: string } }) => {
            await new Promise((resolve) => setImmediate(resolve))
            testLogger.info({ slug: params.slug }, 'loader ran')
            return new Response(`article ${params.slug}`)
          },
        },
      },
    },
    assets: { entry: { module: '/e.js', imports: [] }, routes: {}, url: '/m.js', version: 't' },
    basename: '/',
    publicPath: '/',
    assetsBuildDirectory: fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-operator-')),
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild
}

const saved = { ...process.env }
let base = ''
let close = () => {}

function startApp() {
  const server = createApp({ mode: 'production', getBuild: build }).listen(0, '127.0.0.1')
  return new Promise<{ url: string; close(): void }>((resolve) =>
    server.once('listening', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => server.close(),
      }),
    ),
  )
}

function setEnv(values: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
  resetEnvCache()
}

beforeAll(async () => {
  ;({ url: base, close } = await startApp())
})
afterAll(() => close())
afterEach(() => {
  setEnv({
    METRICS_TOKEN: saved.METRICS_TOKEN,
    METRICS_ALLOW: saved.METRICS_ALLOW,
    TRUST_PROXY: saved.TRUST_PROXY,
  })
})

describe('/readyz', () => {
  it('answers 200 when the database answers and holds every migration', async () => {
    const res = await fetch(`${base}/readyz`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect((await res.json()).status).toBe('ready')
  })
})

describe('/metrics', () => {
  it('is a 404 for anyone without the token or an allowed address', async () => {
    setEnv({ METRICS_TOKEN: undefined, METRICS_ALLOW: undefined })
    const refused = await fetch(`${base}/metrics`)
    expect(refused.status).toBe(404)
    expect(await refused.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' })
    setEnv({ METRICS_TOKEN: 'a-long-enough-metrics-token', METRICS_ALLOW: '10.0.0.9' })
    expect((await fetch(`${base}/metrics`)).status).toBe(404)
    const wrong = await fetch(`${base}/metrics`, {
      headers: { authorization: 'Bearer not-the-metrics-token-at-all' },
    })
    expect(wrong.status).toBe(404)
  })

  it('answers with the token, counting requests by route pattern and not by address', async () => {
    setEnv({ METRICS_TOKEN: 'a-long-enough-metrics-token', METRICS_ALLOW: undefined })
    for (const slug of ['one', 'two', 'three']) {
      expect(await (await fetch(`${base}/article/${slug}`)).text()).toBe(`article ${slug}`)
    }
    const res = await fetch(`${base}/metrics`, {
      headers: { authorization: 'Bearer a-long-enough-metrics-token' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = await res.text()
    expect(text).toMatch(
      /^broadsheet_http_requests_total\{method="GET",route="routes\/article",status="200"\} 3$/m,
    )
    expect(text).toMatch(
      /^broadsheet_http_request_duration_seconds_count\{method="GET",route="routes\/article"\} 3$/m,
    )
    expect(text).toMatch(
      /^broadsheet_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="routes\/article"\} 3$/m,
    )
    expect(text).not.toContain('/article/one')
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m)
    expect(text).toMatch(/^# TYPE broadsheet_http_requests_total counter$/m)
  })

  it('reports the event loop’s delay, and what collectors add, one family each', async () => {
    // Sampled every 20 ms: reported once the sampler has ticked (a busy machine may delay it).
    await vi.waitFor(
      async () =>
        expect(await metrics.render()).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+$/m),
      { timeout: 10_000, interval: 50 },
    )
    const stop = [
      addMetricsCollector(() => [
        {
          name: 'test_pool_things',
          help: 'Things.',
          type: 'gauge',
          value: 1,
          labels: { pool: 'a' },
        },
        { name: 'test_pool_other', help: 'Other.', type: 'gauge', value: 2 },
      ]),
      addMetricsCollector(() => [
        {
          name: 'test_pool_things',
          help: 'Things.',
          type: 'gauge',
          value: 3,
          labels: { pool: 'b' },
        },
        { name: 'test_pool_served_total', help: 'Served.', type: 'counter', value: 5 },
      ]),
    ]
    try {
      const text = await metrics.render()
      // Samples of one metric sit together under one HELP/TYPE, whichever collector gave them.
      expect(text).toContain(
        '# TYPE test_pool_things gauge\ntest_pool_things{pool="a"} 1\ntest_pool_things{pool="b"} 3\n',
      )
      expect(text.match(/# TYPE test_pool_things/g)).toHaveLength(1)
      // A collector's total is reported as it stands at each scrape, not added up.
      expect(text).toContain('# TYPE test_pool_served_total counter\ntest_pool_served_total 5\n')
      expect(await metrics.render()).toContain('\ntest_pool_served_total 5\n')
    } finally {
      for (const remove of stop) remove()
    }
    // A family no collector reports any more leaves the scrape.
    expect(await metrics.render()).not.toContain('test_pool_things')
  })

  it('answers a client from an address in METRICS_ALLOW', async () => {
    setEnv({ METRICS_TOKEN: undefined, METRICS_ALLOW: '192.0.2.1, 127.0.0.1' })
    const res = await fetch(`${base}/metrics`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('# TYPE broadsheet_http_request_duration_seconds histogram')
  })
})

describe('request ids', () => {
  it('names every response, and every log line written while the request is handled', async () => {
    lines.length = 0
    const res = await fetch(`${base}/article/logged`)
    const id = res.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'loader ran', requestId: id }))
  })

  it('keeps the id a trusted proxy sent, and never a client’s own', async () => {
    const headers = { 'x-request-id': 'proxy-7f3a9c21e0' }
    setEnv({ TRUST_PROXY: '0' })
    expect((await fetch(`${base}/healthz`, { headers })).headers.get('x-request-id')).not.toBe(
      'proxy-7f3a9c21e0',
    )
    // The app reads TRUST_PROXY when it is made: a new one behind a proxy.
    setEnv({ TRUST_PROXY: '1' })
    const proxied = await startApp()
    try {
      const kept = await fetch(`${proxied.url}/article/proxied`, { headers })
      expect(kept.headers.get('x-request-id')).toBe('proxy-7f3a9c21e0')
      expect(lines).toContainEqual(
        expect.objectContaining({ msg: 'loader ran', requestId: 'proxy-7f3a9c21e0' }),
      )
      const odd = await fetch(`${proxied.url}/healthz`, {
        headers: { 'x-request-id': 'has spaces <and> more' },
      })
      expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    } finally {
      proxied.close()
    }
  })
})

describe('the database unavailable', () => {
  it('answers 503 with a plain page and Retry-After, and serves again once it is back', async () => {
    expect(await (await fetch(`${base}/count`)).text()).toBe('count 42')
    const real = getDatabaseHandle()
    // A server that refuses connections (as PostgreSQL stopped, or restarting, does).
    const gone = openPostgres('postgres://broadsheet@127.0.0.1:1/gone', 2)
    installDatabase(gone)
    try {
      const res = await fetch(`${base}/count`)
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toBe('5')
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      const page = await res.text()
      expect(page).toContain('cannot reach its database')
      expect(page).not.toMatch(/ECONNREFUSED|at \w+ \(|node_modules/)
      const ready = await fetch(`${base}/readyz`)
      expect(ready.status).toBe(503)
      expect((await ready.json()).status).toBe('database unavailable')
    } finally {
      installDatabase(real)
      await gone.close()
    }
    // No restart: the next request is served.
    expect(await (await fetch(`${base}/count`)).text()).toBe('count 42')
    expect((await fetch(`${base}/readyz`)).status).toBe(200)
  })
})
