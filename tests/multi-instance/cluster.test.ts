/**
 * Production instances (build/server/main.js) on one PostgreSQL database and one S3 server
 * (s3rver), started together on an empty database: A, B and C behind a load balancer, and D
 * with PAGE_CACHE=false. What one instance does, the others see. Run after `npm run build` with TEST_DATABASE_URL set
 * (scripts/test.sh); bench/restart-under-load.ts is the full form of the last case.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CLUSTER_ADMIN,
  restart,
  spawnInstance,
  startNodeBalancer,
  startS3,
  terminate,
  waitUntilServing,
  type Balancer,
  type Instance,
  type RunningS3,
} from '../../bench/support/cluster'
import { freshDatabase } from '../../bench/support/fresh-database'
import { DEMO_ARTICLES } from '../../app/domain/seed/demo-content'

const baseUrl = process.env.TEST_DATABASE_URL
if (!baseUrl) throw new Error('tests/multi-instance needs TEST_DATABASE_URL (a PostgreSQL server)')

/** Generous next to the instant a NOTIFY takes, far below the 60 s a stale cached page lives. */
const SEEN_WITHIN_MS = 10_000

async function freePort() {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Each instance's CDN purge calls arrive here, tagged with the instance's name. */
const purges: { from: string; body: { keys: string[] | 'all' } }[] = []
const purgeReceiver = http.createServer((req, res) => {
  let raw = ''
  req.on('data', (chunk) => (raw += chunk))
  req.on('end', () => {
    purges.push({
      from: new URL(req.url!, 'http://x').searchParams.get('from')!,
      body: JSON.parse(raw),
    })
    res.end()
  })
})

let database: Awaited<ReturnType<typeof freshDatabase>>
let db: pg.Client
let s3: RunningS3
let balancer: Balancer
let siteUrl: string
let A: Instance
let B: Instance
let C: Instance
/** Outside the balancer, with PAGE_CACHE=false: it keeps no pages, only the chrome and reads. */
let D: Instance

beforeAll(async () => {
  database = await freshDatabase(baseUrl, 'broadsheet_multi_instance')
  s3 = await startS3()
  await new Promise<void>((resolve) => purgeReceiver.listen(0, '127.0.0.1', resolve))
  const receiver = `http://127.0.0.1:${(purgeReceiver.address() as AddressInfo).port}/purge`
  const [balancerPort, ...ports] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ])
  siteUrl = `http://127.0.0.1:${balancerPort}`
  // All at once on the empty database: they race to migrate, create the admin and seed.
  const started = performance.now()
  ;[A, B, C, D] = ['A', 'B', 'C', 'D'].map((name, i) =>
    spawnInstance({
      name,
      port: ports[i],
      siteUrl,
      databaseUrl: database.url,
      s3,
      seedDemo: true,
      env: {
        CDN_PURGE_URL: `${receiver}?from=${name}`,
        ...(name === 'D' ? { PAGE_CACHE: 'false' } : {}),
      },
    }),
  )
  await Promise.all([A, B, C, D].map((instance) => waitUntilServing(instance, started)))
  balancer = await startNodeBalancer(balancerPort, ports.slice(0, 3))
  db = new pg.Client({ connectionString: database.url })
  await db.connect()
})

afterAll(async () => {
  await db?.end()
  await balancer?.close()
  await Promise.all([A, B, C, D].filter(Boolean).map((instance) => terminate(instance)))
  await s3?.close()
  purgeReceiver.closeAllConnections()
  await new Promise((resolve) => purgeReceiver.close(resolve))
  await database?.drop()
})

interface Call {
  method?: string
  cookie?: string
  /** The reader's address as the balancer would pass it (TRUST_PROXY=1). */
  from?: string
  form?: Record<string, string>
  body?: FormData
}

/**
 * One request to an instance, as the balancer passes it on: the site's Host (React Router
 * compares a form's Origin with it) and the reader's address in X-Forwarded-For.
 */
async function call(instance: Instance | Balancer, path: string, options: Call = {}) {
  const method = options.method ?? (options.form || options.body ? 'POST' : 'GET')
  const headers: Record<string, string> = {
    host: new URL(siteUrl).host,
    'x-forwarded-for': options.from ?? '192.0.2.1',
  }
  if (options.cookie) headers.cookie = options.cookie
  if (method !== 'GET') headers.origin = siteUrl
  let body: Buffer | undefined
  if (options.form || options.body) {
    const encoded = new Response(options.form ? new URLSearchParams(options.form) : options.body)
    body = Buffer.from(await encoded.arrayBuffer())
    headers['content-type'] = encoded.headers.get('content-type')!
    headers['content-length'] = String(body.length)
  }
  const target = new URL(path, instance.base)
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>(
    (resolve, reject) => {
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method,
          headers,
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
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)))
      req.on('error', reject)
      req.end(body)
    },
  )
}

/** The cookies a response sets, as a Cookie header. */
function cookiesOf(headers: http.IncomingHttpHeaders) {
  return (headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ')
}

async function signIn(instance: Instance, from = '192.0.2.10') {
  const res = await call(instance, '/signin', {
    form: { email: CLUSTER_ADMIN.email, password: CLUSTER_ADMIN.password },
    from,
  })
  expect(res.status).toBe(302)
  const cookie = cookiesOf(res.headers)
  expect(cookie).toMatch(/session_token=/)
  return cookie
}

/** Polls until `check` holds; the time it took, or a failure naming what was last seen. */
async function within(what: string, check: () => Promise<boolean>) {
  const started = performance.now()
  while (performance.now() - started < SEEN_WITHIN_MS) {
    if (await check()) return performance.now() - started
    await sleep(20)
  }
  throw new Error(`${what}: not seen within ${SEEN_WITHIN_MS} ms`)
}

/** Until the instance answers `path` from its page cache (a page is kept once it is sent). */
function untilCached(instance: Instance, path: string) {
  return within(`${path} cached on ${instance.name}`, async () => {
    return (await call(instance, path)).headers['x-cache'] === 'HIT'
  })
}

const seenAfter: Record<string, number> = {}

describe('four instances started together on an empty database', () => {
  it('migrated once, made one admin, seeded once, and all serve', async () => {
    const migrations = await db.query(
      'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
    )
    expect(migrations.rows.length).toBeGreaterThan(0)
    expect(migrations.rows.every((row) => row.n === 1)).toBe(true)
    const admins = await db.query(`select count(*)::int as n from profiles where role = 'admin'`)
    expect(admins.rows[0].n).toBe(1)
    const seeded = await db.query('select count(*)::int as n from articles')
    // The demo's articles and its live article, once.
    expect(seeded.rows[0].n).toBe(DEMO_ARTICLES.length + 1)
    for (const instance of [A, B, C, D]) {
      const home = await call(instance, '/')
      expect(home.status).toBe(200)
    }
  })
})

describe('the page caches stay in step', () => {
  const title = `Cluster dispatch ${Date.now().toString(36)}`
  const slug = title.toLowerCase().replaceAll(' ', '-')
  let cookie: string
  let id: number

  it('publish through A: the article and the home page on B, C and D show it', async () => {
    cookie = await signIn(A)
    // B and C keep their home pages in memory first: seeing the article proves they were told.
    for (const instance of [B, C]) await untilCached(instance, '/')
    // D keeps no pages, but the lists a page is drawn from (for up to a minute).
    expect((await call(D, '/')).status).toBe(200)
    // The sign-in's own clear may still be on its way to the receiver.
    await sleep(1000)
    purges.length = 0
    const created = await call(A, '/admin/new-article', {
      cookie,
      form: {
        title,
        content: '<p>Filed from instance A.</p>',
        status: 'published',
        categoryId: 'none',
      },
    })
    expect(created.status).toBe(302)
    const [row] = (await db.query('select id from articles where slug = $1', [slug])).rows
    id = row.id
    for (const instance of [B, C, D]) {
      seenAfter[`article on ${instance.name}`] = await within(
        `article on ${instance.name}`,
        async () => {
          return (await call(instance, `/article/${slug}`)).status === 200
        },
      )
      seenAfter[`home on ${instance.name}`] = await within(`home on ${instance.name}`, async () =>
        (await call(instance, '/')).text.includes(title),
      )
    }
  })

  it('the CDN is told once, by the instance that took the write', async () => {
    await within('the purge call', async () => purges.length > 0)
    await sleep(500)
    expect(purges.map((p) => p.from)).toEqual(['A'])
    // The keys of what the publication changed (the lists it joins), or everything when it is
    // its category's first public article (the navigation changes).
    const { keys } = purges[0].body
    expect(keys === 'all' || keys.includes('front')).toBe(true)
  })

  it('unpublish through B: gone from A, C and D', async () => {
    for (const instance of [A, C]) await untilCached(instance, `/article/${slug}`)
    expect((await call(D, `/article/${slug}`)).status).toBe(200)
    const hidden = await call(B, '/admin?index', {
      cookie,
      form: { intent: 'hide', id: String(id) },
    })
    expect(hidden.status).toBe(200)
    for (const instance of [A, C, D]) {
      seenAfter[`gone on ${instance.name}`] = await within(`gone on ${instance.name}`, async () => {
        return (await call(instance, `/article/${slug}`)).status === 404
      })
      await within(
        `home on ${instance.name}`,
        async () => !(await call(instance, '/')).text.includes(title),
      )
    }
  })

  afterAll(() => {
    console.log(
      `multi-instance: seen after (ms) ${JSON.stringify(seenAfter, (_, v) => (typeof v === 'number' ? Math.round(v) : v))}`,
    )
  })
})

describe('sessions and limits are shared', () => {
  it('signed in through A, the session works on B and C; signed out on B, A refuses it', async () => {
    expect((await call(B, '/admin')).status).toBe(302)
    const cookie = await signIn(A)
    for (const instance of [B, C])
      expect((await call(instance, '/admin', { cookie })).status).toBe(200)
    const out = await call(B, '/signout', { cookie, form: {} })
    expect(out.status).toBe(302)
    const refused = await call(A, '/admin', { cookie })
    expect(refused.status).toBe(302)
    expect(refused.headers.location).toMatch(/^\/signin/)
  })

  it('five failed sign-ins spread over A, B and C: the next one is refused with 429', async () => {
    const from = '198.51.100.77'
    for (const instance of [A, B, C, A, B]) {
      const failed = await call(instance, '/signin', {
        form: { email: CLUSTER_ADMIN.email, password: 'not the password' },
        from,
      })
      expect(failed.status).toBe(401)
    }
    const blocked = await call(C, '/signin', {
      form: { email: CLUSTER_ADMIN.email, password: CLUSTER_ADMIN.password },
      from,
    })
    expect(blocked.status).toBe(429)
  })
})

describe('files and backups are shared', () => {
  it('an image uploaded through B is served by A and C', async () => {
    const cookie = await signIn(B)
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#aa3300' },
    })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cluster.png')
    const uploaded = await call(B, '/admin/api/media?kind=image', { cookie, body: form })
    expect(uploaded.status).toBe(201)
    const { item } = JSON.parse(uploaded.text) as { item: { url: string } }
    for (const instance of [A, C]) {
      const res = await fetch(instance.base + item.url)
      expect(res.status).toBe(200)
      expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true)
    }
  })

  it('a backup made on C restores on A', async () => {
    const cookie = await signIn(C)
    const made = await call(C, '/admin/backups', { cookie, form: { intent: 'create' } })
    expect(made.status).toBe(200)
    const list = await call(A, '/admin/backups', { cookie })
    const name = /broadsheet-backup-[\w-]+\.tar\.gz/.exec(list.text)?.[0]
    expect(name).toBeDefined()
    // A category made after the backup: the restore on A takes it away, for B too.
    await db.query(
      `insert into categories (name, slug) values ('After the backup', 'after-the-backup')`,
    )
    expect((await call(B, '/category/after-the-backup')).status).toBe(200)
    const restored = await call(A, '/admin/backups', {
      cookie,
      form: { intent: 'restore', name: name!, confirm: 'RESTORE' },
    })
    expect(restored.status).toBe(200)
    const left = await db.query(`select 1 from categories where slug = 'after-the-backup'`)
    expect(left.rows).toHaveLength(0)
    await within(
      'category gone on B',
      async () => (await call(B, '/category/after-the-backup')).status === 404,
    )
  })
})

describe('restarts under load (reduced: bench/restart-under-load.ts is the full form)', () => {
  it('an instance stopped with SIGTERM and started again: no failed request', async () => {
    const paths = ['/', '/search?q=council', '/healthz']
    const articles = await db.query(`select slug from articles where status = 'published' limit 5`)
    for (const row of articles.rows) paths.push(`/article/${row.slug}`)
    const load = autocannon({
      url: balancer.base,
      connections: 10,
      duration: 10,
      timeout: 10,
      headers: { 'x-forwarded-for': '192.0.2.50' },
      requests: paths.map((path) => ({ method: 'GET', path })),
    })
    await sleep(1500)
    const restarts: { name: string; stopMs: number; code: number | null }[] = []
    // One restart here (B); the bench restarts each instance in turn for 60 s.
    const stopped = await terminate(B)
    restarts.push({ name: B.name, stopMs: Math.round(stopped.ms), code: stopped.code })
    B = await restart(B)
    const result = await load
    console.log(
      `multi-instance restarts under load: ${result.requests.total} requests, ${result.errors} errors, ` +
        `${result.timeouts} timeouts, ${result.non2xx} non-2xx, balancer retries ${balancer.retries()}, ` +
        `restarts ${JSON.stringify(restarts)}`,
    )
    expect(restarts.every((r) => r.code === 0)).toBe(true)
    expect(result.requests.total).toBeGreaterThan(0)
    expect(result.errors).toBe(0)
    expect(result.timeouts).toBe(0)
    expect(result.non2xx).toBe(0)
  })
})
