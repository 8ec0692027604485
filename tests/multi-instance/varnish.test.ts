/**
 * Varnish (deploy/varnish/broadsheet.vcl, as shipped) in front of two production instances on
 * one PostgreSQL database, the instances purging it by key (VARNISH_URL): the reduced form of
 * bench/election-night.ts. Needs Debian's `varnish` and `varnish-modules` (.ci/run installs
 * them) and TEST_DATABASE_URL, after `npm run build`.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CLUSTER_ADMIN,
  restart,
  spawnInstance,
  startS3,
  terminate,
  waitUntilServing,
  type Instance,
  type RunningS3,
} from '../../bench/support/cluster'
import { freshDatabase } from '../../bench/support/fresh-database'
import { hasVarnish, startVarnish, type RunningVarnish } from '../../bench/support/varnish'

const baseUrl = process.env.TEST_DATABASE_URL
if (!baseUrl) throw new Error('tests/multi-instance needs TEST_DATABASE_URL (a PostgreSQL server)')

/** A publish is seen at the edge well within this (the purge is sent within 200 ms). */
const SEEN_WITHIN_MS = 5000

async function freePort() {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

let database: Awaited<ReturnType<typeof freshDatabase>>
let db: pg.Client
let s3: RunningS3
let varnish: RunningVarnish
let A: Instance
let B: Instance

beforeAll(async () => {
  if (!hasVarnish()) {
    throw new Error(
      'Varnish is missing: apt-get install -y varnish varnish-modules (.ci/run does it)',
    )
  }
  database = await freshDatabase(baseUrl, 'broadsheet_varnish')
  s3 = await startS3()
  const [varnishPort, portA, portB] = await Promise.all([freePort(), freePort(), freePort()])
  const siteUrl = `http://127.0.0.1:${varnishPort}`
  const started = performance.now()
  ;[A, B] = [
    ['A', portA],
    ['B', portB],
  ].map(([name, port]) =>
    spawnInstance({
      name: String(name),
      port: Number(port),
      siteUrl,
      databaseUrl: database.url,
      s3,
      seedDemo: true,
      env: { VARNISH_URL: siteUrl },
    }),
  )
  await Promise.all([A, B].map((instance) => waitUntilServing(instance, started)))
  varnish = await startVarnish(varnishPort, [portA, portB], '64m')
  db = new pg.Client({ connectionString: database.url })
  await db.connect()
})

afterAll(async () => {
  await db?.end()
  await varnish?.close()
  await Promise.all([A, B].filter(Boolean).map((instance) => terminate(instance)))
  await s3?.close()
  await database?.drop()
})

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
}

/** One request to Varnish, as a reader's browser sends it. */
function call(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
) {
  const target = new URL(path, varnish.base)
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.from,
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error(`${path}: no answer in 30 s`)))
    req.on('error', reject)
    req.end(options.body)
  })
}

function form(values: Record<string, string>, cookie?: string) {
  const body = new URLSearchParams(values).toString()
  return {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength(body)),
      origin: varnish.base,
      ...(cookie ? { cookie } : {}),
    },
  }
}

async function signIn() {
  const res = await call(
    '/signin',
    form({ email: CLUSTER_ADMIN.email, password: CLUSTER_ADMIN.password }),
  )
  expect(res.status).toBe(302)
  const cookie = (res.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ')
  expect(cookie).toMatch(/session_token=/)
  return cookie
}

/** Asks for `path` until Varnish answers it from its cache. */
async function untilHit(path: string) {
  for (let i = 0; i < 10; i++) {
    const res = await call(path)
    expect(res.status).toBe(200)
    if (res.headers['x-varnish-cache'] === 'HIT') return res
    await sleep(50)
  }
  throw new Error(`${path}: never a hit`)
}

async function publishedSlugs() {
  const rows = await db.query(
    `select a.slug, a.category_id from articles a where a.status = 'published' order by a.id`,
  )
  return rows.rows as { slug: string; category_id: number | null }[]
}

describe('Varnish in front of two instances', () => {
  it('keeps a public page, with its Vary, and answers it without tracking parameters', async () => {
    const first = await call('/')
    expect(first.status).toBe(200)
    expect(first.headers['cache-control']).toMatch(/public/)
    expect(first.headers.vary).toMatch(/Accept-Encoding/i)
    const hit = await untilHit('/')
    expect(Number(hit.headers.age)).toBeGreaterThanOrEqual(0)
    const tracked = await call('/?utm_source=newsletter&fbclid=abc')
    expect(tracked.headers['x-varnish-cache']).toBe('HIT')
    expect(tracked.text).toBe(hit.text)
  })

  it('never keeps a signed-in reader’s request, nor answers it from the kept copy', async () => {
    const cookie = await signIn()
    for (let i = 0; i < 2; i++) {
      const res = await call('/', { headers: { cookie } })
      expect(res.status).toBe(200)
      expect(res.headers['x-varnish-cache']).toBe('PASS')
      expect(res.headers['cache-control']).toMatch(/private/)
    }
  })

  it('accepts a purge from the site’s addresses only', async () => {
    const refused = await call('/', {
      method: 'PURGE',
      headers: { xkey: 'front' },
      from: '127.0.0.2',
    })
    expect(refused.status).toBe(403)
    expect((await call('/')).headers['x-varnish-cache']).toBe('HIT')
    const accepted = await call('/', { method: 'PURGE', headers: { xkey: 'no-such-key' } })
    expect(accepted.status).toBe(200)
  })

  it('a publish drops the pages that show it and keeps an unrelated page a hit', async () => {
    // The new story goes into a category that has public stories already (its first would
    // change the navigation: every page); the unrelated story is in another one.
    const stories = await publishedSlugs()
    const into = stories.find((s) => s.category_id !== null)!.category_id
    const story = stories.find((s) => s.category_id !== null && s.category_id !== into)!
    const unrelated = `/article/${story.slug}`
    const keptBefore = await untilHit(unrelated)
    await untilHit('/')
    const cookie = await signIn()
    const title = `Edge dispatch ${Date.now().toString(36)}`
    const created = await call(
      '/admin/new-article',
      form(
        {
          title,
          content: '<p>Filed behind Varnish.</p>',
          status: 'published',
          categoryId: String(into),
        },
        cookie,
      ),
    )
    expect(created.status).toBe(302)
    const started = performance.now()
    for (;;) {
      const home = await call('/')
      if (home.text.includes(title)) break
      if (performance.now() - started > SEEN_WITHIN_MS)
        throw new Error(`the new story not on the home page at the edge in ${SEEN_WITHIN_MS} ms`)
      await sleep(50)
    }
    console.log(
      `varnish: publish seen on the home page at the edge after ${Math.round(performance.now() - started)} ms`,
    )
    // The purge arrives within a fraction of a second, and a soft purge's refresh follows the
    // first request after it: ask twice, with time for both to land.
    await sleep(500)
    await call(unrelated)
    await sleep(500)
    const keptAfter = await call(unrelated)
    // `X-Varnish: <this request> <the request that fetched the copy>`: the same copy still.
    const copyOf = (answer: Answer) => String(answer.headers['x-varnish']).split(' ')[1]
    expect(copyOf(keptBefore)).toMatch(/^\d+$/)
    expect(
      copyOf(keptAfter),
      `${unrelated} (${String(keptBefore.headers['surrogate-key'])}) was fetched again`,
    ).toBe(copyOf(keptBefore))
    expect(keptAfter.headers['x-varnish-cache']).toBe('HIT')
    expect(Number(keptAfter.headers.age)).toBeGreaterThanOrEqual(Number(keptBefore.headers.age))
  })

  it('an instance restarted under load: no request lost at the edge', async () => {
    const slugs = (await publishedSlugs()).slice(0, 5)
    const paths = ['/', '/search?q=council', '/healthz', ...slugs.map((s) => `/article/${s.slug}`)]
    const load = autocannon({
      url: varnish.base,
      connections: 8,
      duration: 8,
      timeout: 10,
      requests: paths.map((path) => ({ method: 'GET', path })),
    })
    await sleep(1500)
    const stopped = await terminate(B)
    B = await restart(B)
    const result = await load
    const counters = await varnish.counters()
    console.log(
      `varnish restart under load: ${result.requests.total} requests, ${result.errors} errors, ` +
        `${result.timeouts} timeouts, ${result.non2xx} non-2xx; B stopped in ${Math.round(stopped.ms)} ms; ` +
        `hits ${counters.cache_hit}, misses ${counters.cache_miss}, passes ${counters.s_pass}, ` +
        `backend connections refused (asked again of the other) ${counters.backend_fail}`,
    )
    expect(stopped.code).toBe(0)
    expect(result.requests.total).toBeGreaterThan(0)
    expect(result.errors).toBe(0)
    expect(result.timeouts).toBe(0)
    expect(result.non2xx).toBe(0)
  })
})
