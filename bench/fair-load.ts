/**
 * `npm run bench:fair`: uncached renders under overload, with the render queue and without
 * (issue 39, "Fair under overload"; decision 0047; results: docs/performance.md, "Fair under
 * overload").
 *
 *   BUILD_DIR=build npm run build
 *   BENCH_PORT=3700 npm run bench:fair
 *   BENCH_FAIR_VARIANTS=queue:1,queue:2,queue:4,off,default-heap npm run bench:fair
 *
 * One server per variant, all on the same build, each on its own data folder (demo content),
 * the page cache off: `queue:N` the render queue with N renders in flight (`queue` alone: the
 * server's default; `queue:N:MS` with a deadline of MS ms; `…@--flag` with a Node flag), `off` no queue (RENDER_QUEUE=false), both on the heap bound of `npm run
 * serve`; `default-heap` no queue on Node's defaults (the throughput reference of the issue).
 * After a short warm-up of each, BENCH_ROUNDS rounds in which every variant in turn takes
 * BENCH_SECONDS of autocannon (BENCH_CONNECTIONS connections, a browser's headers and encodings)
 * on the article and then on the home page. Each run reports p50 and p99 (every answer,
 * 503s included), answers a second and good (2xx) answers a second, the share refused (503),
 * the highest resident memory sampled during the run, and the slowest /healthz asked every half
 * second meanwhile (the health check must answer under overload). BENCH_JSON=file keeps them.
 * While one server is measured the others are paused (SIGSTOP, then SIGCONT and BENCH_RESUME
 * seconds of load before their own run): an idle server's timers (view counts, digests, the
 * checkpoint) would otherwise take the core the measured one runs on. BENCH_PAUSE_IDLE=0 keeps
 * them all running, as runs before 2026-11-29 did.
 * BENCH_DATABASE_URL=postgres://… runs each server on a fresh database of that PostgreSQL
 * server instead of PGlite.
 */
import fs from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import { describeMachine, loadAverage, markdownTable, median, residentMemoryMiB } from './machine'
import { BROWSER_PAGE_HEADERS, wholeNumber } from './support/settings'
import { freshDatabase } from './support/fresh-database'
import { nodeFlagList, startServer, stopServer, type RunningServer } from './support/server'

const PORT = wholeNumber('BENCH_PORT', 3700)
const SECONDS = Math.max(1, wholeNumber('BENCH_SECONDS', 10))
const ROUNDS = Math.max(1, wholeNumber('BENCH_ROUNDS', 2))
const CONNECTIONS = Math.max(1, wholeNumber('BENCH_CONNECTIONS', 50))
const WARMUP_SECONDS = wholeNumber('BENCH_WARMUP_SECONDS', 3)
const SAMPLE_MS = 500
const PAUSE_IDLE = process.env.BENCH_PAUSE_IDLE !== '0'
/** Seconds of load after a paused server resumes: its overdue timers fire then, not measured. */
const RESUME_SECONDS = wholeNumber('BENCH_RESUME', 3)
/**
 * Seconds from the last server's start to the first measured run: on PGlite the embedded
 * database's vacuum runs a minute after start (server/jobs.ts) and holds the one thread for
 * seconds, in every server at once; measured after it, the runs compare the servers, not it.
 */
const SETTLE_SECONDS = wholeNumber('BENCH_SETTLE', process.env.BENCH_DATABASE_URL ? 0 : 70)

const HEADERS: Record<string, string> = { ...BROWSER_PAGE_HEADERS, 'accept-encoding': 'gzip, br' }

interface Variant {
  label: string
  env: Record<string, string>
  plainNode: boolean
  /** More Node flags for this server (`variant@--flag` in BENCH_FAIR_VARIANTS). */
  flags?: string
  /** Variables of `npm run serve` left out (`variant~NAME` in BENCH_FAIR_VARIANTS). */
  unsetEnv?: string[]
}

const variants: Variant[] = (process.env.BENCH_FAIR_VARIANTS || 'queue,off,default-heap')
  .split(',')
  .map((entry): Variant => {
    const [spec = '', flags] = entry.split('@')
    const [name = '', ...unsetEnv] = spec.split('~')
    return { ...variantOf(name), label: entry, flags, unsetEnv }
  })

function variantOf(name: string): Variant {
  if (name === 'off') return { label: 'off', env: { RENDER_QUEUE: 'false' }, plainNode: false }
  if (name === 'default-heap') {
    return { label: 'default-heap', env: { RENDER_QUEUE: 'false' }, plainNode: true }
  }
  if (name === 'default-heap-queue') {
    return { label: name, env: { RENDER_QUEUE: 'true' }, plainNode: true }
  }
  const [kind, inFlight, timeoutMs] = name.split(':')
  if (kind !== 'queue') throw new Error(`Unknown variant ${name}`)
  return {
    label: name,
    env: {
      RENDER_QUEUE: 'true',
      ...(inFlight ? { RENDERS_IN_FLIGHT: inFlight } : {}),
      ...(timeoutMs ? { RENDER_QUEUE_TIMEOUT_MS: timeoutMs } : {}),
    },
    plainNode: false,
  }
}

interface Run {
  variant: string
  page: string
  round: number
  load: string
  p50: number
  p99: number
  rps: number
  okRps: number
  refusedShare: number
  errors: number
  rssMax: number
  healthzMaxMs: number
}

/** The highest RSS and the slowest /healthz while `during` runs. */
async function watch<T>(server: RunningServer, during: Promise<T>) {
  let rssMax = 0
  let healthzMaxMs = 0
  let done = false
  void during.finally(() => (done = true))
  const sampling = (async () => {
    while (!done) {
      rssMax = Math.max(rssMax, residentMemoryMiB(server.pid)?.rss ?? 0)
      const started = performance.now()
      const ok = await fetch(`${server.base}/healthz`, { signal: AbortSignal.timeout(10_000) })
        .then((res) => res.arrayBuffer().then(() => res.status === 200))
        .catch(() => false)
      healthzMaxMs = Math.max(healthzMaxMs, ok ? performance.now() - started : Infinity)
      await sleep(SAMPLE_MS)
    }
  })()
  const result = await during
  await sampling
  return { result, rssMax, healthzMaxMs }
}

/** The server's whole process group stopped or continued (bench/support/server.ts spawns it detached). */
function signalServer(server: RunningServer, signal: 'SIGSTOP' | 'SIGCONT') {
  try {
    process.kill(-server.pid, signal)
  } catch {
    // Gone already: nothing to pause or resume.
  }
}

/** Only `measured` runs; every other server is paused. */
async function measureAlone(servers: RunningServer[], measured: RunningServer, path: string) {
  if (!PAUSE_IDLE) return
  for (const server of servers) if (server !== measured) signalServer(server, 'SIGSTOP')
  signalServer(measured, 'SIGCONT')
  if (RESUME_SECONDS) await load(measured, path, RESUME_SECONDS)
}

async function load(server: RunningServer, path: string, seconds: number) {
  return autocannon({
    url: server.base + path,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    headers: HEADERS,
  })
}

async function main() {
  const machine = describeMachine()
  console.log(
    `Fair under overload — ${machine.cores} cores, ${machine.node}, load ${machine.loadAverage}; ` +
      `${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds, ` +
      (process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'),
  )
  const servers: RunningServer[] = []
  const databases: { drop(): Promise<void> }[] = []
  const runs: Run[] = []
  try {
    for (const [i, variant] of variants.entries()) {
      const postgres = process.env.BENCH_DATABASE_URL
      const database = postgres
        ? await freshDatabase(postgres, `bench_fair_${i}_${Date.now().toString(36)}`)
        : null
      if (database) databases.push(database)
      servers.push(
        await startServer({
          port: PORT + i,
          pageCache: false,
          env: { ...variant.env, ...(database ? { DATABASE_URL: database.url } : {}) },
          plainNode: variant.plainNode,
          unsetEnv: variant.unsetEnv,
          nodeFlags: nodeFlagList(variant.flags),
        }),
      )
    }
    const home = await fetch(`${servers[0]!.base}/`, { headers: HEADERS }).then((r) => r.text())
    const article = /href="(\/article\/[^"#?]+)"/.exec(home)?.[1]
    if (!article) throw new Error('The home page links no article')
    const pages = { article, home: '/' }
    const lastStart = performance.now()
    if (WARMUP_SECONDS) {
      for (const server of servers) {
        for (const path of Object.values(pages)) await load(server, path, WARMUP_SECONDS)
      }
    }
    const settle = SETTLE_SECONDS * 1000 - (performance.now() - lastStart)
    if (settle > 0) await sleep(settle)
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [i, variant] of variants.entries()) {
        const server = servers[i]!
        for (const [page, path] of Object.entries(pages)) {
          await measureAlone(servers, server, path)
          const before = loadAverage().split(', ')[0]!
          const { result, rssMax, healthzMaxMs } = await watch(server, load(server, path, SECONDS))
          const answers = result['2xx'] + result.non2xx
          const run: Run = {
            variant: variant.label,
            page,
            round,
            load: before,
            p50: result.latency.p50,
            p99: result.latency.p99,
            rps: result.requests.average,
            okRps: result['2xx'] / SECONDS,
            refusedShare: answers ? result['5xx'] / answers : 0,
            errors: result.errors + result.timeouts,
            rssMax,
            healthzMaxMs,
          }
          runs.push(run)
          console.log(
            `  round ${round} ${variant.label} ${page} (load ${before}): p50 ${run.p50} ms, ` +
              `p99 ${run.p99} ms (${(run.p99 / Math.max(1, run.p50)).toFixed(1)}×), ` +
              `${Math.round(run.rps)} req/s (${Math.round(run.okRps)} 2xx/s), ` +
              `503 ${(run.refusedShare * 100).toFixed(1)}%, errors ${run.errors}, ` +
              `RSS max ${Math.round(rssMax)} MiB, /healthz max ${Math.round(healthzMaxMs)} ms`,
          )
        }
      }
    }
  } finally {
    for (const server of servers) signalServer(server, 'SIGCONT')
    for (const server of servers) await stopServer(server)
    for (const database of databases) await database.drop()
  }
  const rows: (string | number)[][] = []
  for (const variant of variants) {
    for (const page of ['article', 'home']) {
      const mine = runs.filter((r) => r.variant === variant.label && r.page === page)
      const range = (pick: (r: Run) => number, digits = 0) => {
        const values = mine.map(pick).sort((a, b) => a - b)
        const f = (n: number) => n.toFixed(digits)
        return values[0] === values.at(-1) ? f(values[0]!) : `${f(values[0]!)}–${f(values.at(-1)!)}`
      }
      rows.push([
        variant.label,
        page,
        range((r) => r.p50),
        range((r) => r.p99),
        range((r) => r.p99 / Math.max(1, r.p50), 1),
        range((r) => r.rps),
        range((r) => r.okRps),
        range((r) => r.refusedShare * 100, 1),
        range((r) => r.errors),
        range((r) => r.rssMax),
        range((r) => r.healthzMaxMs),
        median(mine.map((r) => Number(r.load))).toFixed(1),
      ])
    }
  }
  console.log(
    '\n' +
      markdownTable(
        [
          'variant',
          'page',
          'p50 ms',
          'p99 ms',
          'p99 / p50',
          'req/s',
          '2xx/s',
          '503 %',
          'errors',
          'RSS max MiB',
          '/healthz max ms',
          'load (1 min)',
        ],
        rows,
      ),
  )
  console.log(`\nload average at the end: ${loadAverage()}`)
  if (process.env.BENCH_JSON) {
    fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify({ machine, runs }, null, 2))
  }
}

await main()
