/**
 * Restarts under load: three production instances on one PostgreSQL database and one S3 server
 * (s3rver) behind Debian's nginx, configured as docs/deploy.md says (round robin, a request that
 * meets a closed port, a reset or a 502/503 goes to the next instance). autocannon sends mixed
 * reads (the home page, articles, categories, search, an image, /healthz) for BENCH_DURATION s
 * at BENCH_CONNECTIONS connections while each instance in turn gets SIGTERM and is started again
 * once it has exited, as a rolling deploy does. Counted: every request that did not answer 2xx
 * (errors, timeouts, non-2xx). Results: docs/deploy.md, "Measured".
 *
 *   BUILD_DIR=build npm run build
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/restart-under-load.ts
 *
 * Environment: BENCH_DATABASE_URL (else TEST_DATABASE_URL), a PostgreSQL server on which the
 * database broadsheet_bench_restart is made anew; BENCH_DURATION s (60), BENCH_CONNECTIONS (50),
 * BENCH_PORT the balancer's port (3570; the instances take the next three), BALANCER
 * (nginx | node: the in-process balancer of tests/multi-instance; nginx when installed),
 * BALANCER_RETRY=false (node only: nothing is sent again, so every request an instance drops
 * counts), NGINX_PATH (/usr/sbin/nginx), BUILD_DIR (build), BENCH_JSON a file for the raw numbers.
 */
import fs from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import pg from 'pg'
import { describeMachine, loadAverage } from './machine'
import {
  restart,
  spawnInstance,
  startBalancer,
  startS3,
  terminate,
  waitUntilServing,
  type Instance,
} from './support/cluster'
import { freshDatabase } from './support/fresh-database'
import { BROWSER_PAGE_HEADERS, wholeNumber } from './support/settings'

const DURATION = Math.max(10, wholeNumber('BENCH_DURATION', 60))
const CONNECTIONS = Math.max(1, wholeNumber('BENCH_CONNECTIONS', 50))
const PORT = wholeNumber('BENCH_PORT', 3570)
const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
if (!serverUrl) {
  console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server.')
  process.exit(2)
}

const loadBefore = loadAverage()
const database = await freshDatabase(serverUrl, 'broadsheet_bench_restart')
const s3 = await startS3()
const siteUrl = `http://127.0.0.1:${PORT}`
const ports = [PORT + 1, PORT + 2, PORT + 3]
console.log(`Starting three instances on ${ports.join(', ')} (demo content seeded once) …`)
const started = performance.now()
let instances: Instance[] = ['A', 'B', 'C'].map((name, i) =>
  spawnInstance({ name, port: ports[i], siteUrl, databaseUrl: database.url, s3, seedDemo: true }),
)
await Promise.all(instances.map((instance) => waitUntilServing(instance, started)))
const balancer = await startBalancer(PORT, ports)
console.log(
  `Balancer: ${balancer.kind} on ${balancer.base}` +
    (process.env.BALANCER_RETRY === 'false' && balancer.kind === 'node' ? ', no retries' : ''),
)

// The reads: pages readers ask for, one image, and the health check a balancer would send.
const client = new pg.Client({ connectionString: database.url })
await client.connect()
const articles = await client.query<{ slug: string }>(
  `select slug from articles where status = 'published' order by published_at desc limit 8`,
)
const categories = await client.query<{ slug: string }>(`select slug from categories limit 3`)
const images = await client.query<{ name: string }>(
  `select name from media_files where kind = 'image' limit 1`,
)
await client.end()
const paths = [
  '/',
  '/',
  ...articles.rows.map((row) => `/article/${row.slug}`),
  ...categories.rows.map((row) => `/category/${row.slug}`),
  '/search?q=city',
  ...images.rows.map((row) => `/media/media/${row.name}`),
  '/healthz',
]
for (const path of paths) {
  const res = await fetch(balancer.base + path)
  if (res.status !== 200) throw new Error(`${path} answered ${res.status} before the load`)
  await res.arrayBuffer()
}

console.log(
  `${DURATION} s of reads over ${paths.length} paths at ${CONNECTIONS} connections; ` +
    `each instance restarted in turn …`,
)
const statuses = new Map<number, number>()
const load = autocannon({
  url: balancer.base,
  connections: CONNECTIONS,
  duration: DURATION,
  timeout: 10,
  headers: { ...BROWSER_PAGE_HEADERS },
  requests: paths.map((path) => ({ method: 'GET', path })),
}) as ReturnType<typeof autocannon> & {
  on(event: 'response', listener: (client: unknown, status: number) => void): void
}
load.on('response', (_client, status) => statuses.set(status, (statuses.get(status) ?? 0) + 1))

const loadStarted = performance.now()
const restarts: { name: string; stopMs: number; exitCode: number | null; startMs: number }[] = []
// Spread over the run: at a quarter, a half and three quarters of it.
for (let i = 0; i < instances.length; i++) {
  const at = ((i + 1) * DURATION * 1000) / 4
  await sleep(Math.max(0, at - (performance.now() - loadStarted)))
  const instance = instances[i]
  const stopped = await terminate(instance)
  const again = await restart(instance)
  instances = instances.map((x) => (x === instance ? again : x))
  restarts.push({
    name: instance.name,
    stopMs: Math.round(stopped.ms),
    exitCode: stopped.code,
    startMs: Math.round(again.startMs),
  })
  console.log(
    `  ${instance.name}: SIGTERM → exit ${stopped.code} in ${Math.round(stopped.ms)} ms, ` +
      `serving again ${Math.round(again.startMs)} ms later`,
  )
}
const result = await load
const failed = result.errors + result.timeouts + result.non2xx

const summary = {
  balancer: balancer.kind,
  durationS: DURATION,
  connections: CONNECTIONS,
  requests: result.requests.total,
  requestsPerSecond: Math.round(result.requests.average),
  latencyP50Ms: result.latency.p50,
  latencyP99Ms: result.latency.p99,
  latencyMaxMs: result.latency.max,
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
  failed,
  statuses: Object.fromEntries(statuses),
  balancerRetries: balancer.retries(),
  restarts,
  loadAverage: { before: loadBefore, after: loadAverage() },
  machine: describeMachine(),
}
console.log(JSON.stringify(summary, null, 2))
console.log(
  `\n${failed === 0 ? 'OK' : 'FAILED'}: ${result.requests.total} requests, ${failed} failed ` +
    `(${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx) ` +
    `through ${balancer.kind} while A, B and C were each restarted; ` +
    `${balancer.retries()} upstream failures sent on to another instance`,
)
if (process.env.BENCH_JSON)
  fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(summary, null, 2))

await balancer.close()
await Promise.all(instances.map((instance) => terminate(instance)))
await s3.close()
await database.drop()
process.exit(failed === 0 ? 0 : 1)
