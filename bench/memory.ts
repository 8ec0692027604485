/**
 * Memory benchmark of the production server on PGlite with demo content (results:
 * docs/performance.md, "Start-up and memory").
 *
 *   BUILD_DIR=build npm run build
 *   npm run bench:memory
 *   BENCH_LOADS=sustained BENCH_BUILDS=before=/tmp/old/build,after=build npm run bench:memory
 *
 * For every build in BENCH_BUILDS (label=folder, comma-separated; default the one in BUILD_DIR),
 * round by round so that the shared machine's load falls on all of them alike, and for every
 * load below: a server on that build's data folder (seeded once, at the build's first start, so
 * the measured starts are warm), its resident memory (VmRSS) BENCH_SETTLE seconds after /healthz
 * first answers, then BENCH_DURATION seconds of autocannon (BENCH_CONNECTIONS connections, a
 * browser's user agent and encodings), its memory sampled every half second during the load
 * (the highest sample), at the load's end, BENCH_IDLE seconds after it and its peak (VmHWM),
 * the V8 heap in use after the idle time (/metrics), and the load's req/s and p99.
 *
 * Loads: `cached` (page cache on: home, an article and a category, taking turns), `uncached`
 * (page cache off: home and an article) and `crawl` (page cache on: 2,000 different addresses,
 * an article with a query string each time, as a crawler or a link with tracking parameters
 * makes them, so that the page cache fills up to its bound) and `sustained` (page cache off:
 * home and an article, SUSTAINED_ROUNDS runs of SUSTAINED_SECONDS on the same server, as the
 * memory target is stated: resident memory at most 400 MiB under any sustained load).
 * BENCH_LOADS=sustained,cached picks some of them (all by default). BENCH_PLAIN_NODE=before
 * starts the builds so labelled with Node's defaults, as they were started before the heap
 * limit (bench/support/server.ts, SERVER_NODE_FLAGS).
 *
 * A build from another checkout (`/tmp/old/build`) must carry its compiled server
 * (`<build>/server/main.js`); its migrations are read from its checkout (`<build>/../db`).
 * BENCH_DOC=false only prints; otherwise the tables replace the `bench:memory` part of
 * docs/performance.md. BENCH_JSON=file keeps the raw results.
 */
import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import { describeMachine, loadAverage, markdownTable, resetPeakMemory } from './machine'
import { BROWSER_PAGE_HEADERS, wholeNumber } from './support/settings'
import { writeDocSection } from './support/doc'
import { startServer, stopServer, type RunningServer } from './support/server'

const PORT = wholeNumber('BENCH_PORT', 3205)
const DURATION = Math.max(1, wholeNumber('BENCH_DURATION', 60))
const CONNECTIONS = Math.max(1, wholeNumber('BENCH_CONNECTIONS', 50))
const ROUNDS = Math.max(1, wholeNumber('BENCH_ROUNDS', 1))
const SETTLE_S = wholeNumber('BENCH_SETTLE', 5)
const IDLE_S = wholeNumber('BENCH_IDLE', 15)
const SUSTAINED_ROUNDS = 3
const SUSTAINED_SECONDS = 20
const SAMPLE_MS = 500
const WRITE_DOC = process.env.BENCH_DOC !== 'false'
const CRAWL_ADDRESSES = 2000

// What a reader's browser sends: a user agent (so views are counted) and the encodings it takes
// (so the server compresses, and keeps compressed copies, as it does for readers).
const BROWSER_HEADERS: Record<string, string> = {
  ...BROWSER_PAGE_HEADERS,
  'accept-encoding': 'gzip, deflate, br',
}

type LoadName = 'cached' | 'uncached' | 'crawl' | 'sustained'
interface Load {
  name: LoadName
  pageCache: boolean
  describe: string
  /** Runs of autocannon on the same server, and seconds each (default 1 × BENCH_DURATION). */
  runs?: number
  seconds?: number
}
const ALL_LOADS: Load[] = [
  { name: 'cached', pageCache: true, describe: 'home, article, category; page cache on' },
  { name: 'uncached', pageCache: false, describe: 'home, article; page cache off' },
  { name: 'crawl', pageCache: true, describe: `${CRAWL_ADDRESSES} addresses; page cache on` },
  {
    name: 'sustained',
    pageCache: false,
    describe: `home, article; page cache off; ${SUSTAINED_ROUNDS} × ${SUSTAINED_SECONDS} s`,
    runs: SUSTAINED_ROUNDS,
    seconds: SUSTAINED_SECONDS,
  },
]
const chosen = process.env.BENCH_LOADS?.split(',').map((name) => name.trim())
const LOADS = chosen ? ALL_LOADS.filter((load) => chosen.includes(load.name)) : ALL_LOADS
if (LOADS.length === 0) throw new Error(`BENCH_LOADS names none of ${ALL_LOADS.map((l) => l.name)}`)

interface Build {
  label: string
  buildDir: string
  /** Seeded at the first start, then reused: every measured start is warm. */
  dataDir?: string
  env: Record<string, string>
  plainNode: boolean
}

function builds(): Build[] {
  const spec = process.env.BENCH_BUILDS || `current=${process.env.BUILD_DIR ?? 'build'}`
  return spec.split(',').map((entry) => {
    const [label, dir] = entry.includes('=') ? entry.split('=') : [entry, entry]
    const buildDir = path.resolve(dir)
    // /metrics from this machine: the V8 heap in use, read after the load.
    const env: Record<string, string> = { METRICS_ALLOW: '127.0.0.1' }
    // Another checkout's build: its own migrations, and only its compiled server will do.
    const checkout = path.dirname(buildDir)
    if (checkout !== process.cwd()) {
      if (!fs.existsSync(path.join(buildDir, 'server/main.js'))) {
        throw new Error(`${buildDir} has no compiled server (server/main.js): build it first`)
      }
      const migrations = path.join(checkout, 'db/migrations')
      if (fs.existsSync(migrations)) env.MIGRATIONS_DIR = migrations
    }
    const plainNode = (process.env.BENCH_PLAIN_NODE ?? '').split(',').includes(label)
    return { label, buildDir, env, plainNode }
  })
}

/** VmRSS and VmHWM in MiB. */
function memory(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const mib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) / 1024
  return { rss: mib('VmRSS'), peak: mib('VmHWM') }
}

async function discoverPaths(base: string) {
  const home = await (await fetch(`${base}/`, { headers: BROWSER_HEADERS })).text()
  const article = /href="(\/article\/[^"#?]+)"/.exec(home)?.[1]
  const category = /href="(\/category\/[^"#?]+)"/.exec(home)?.[1]
  if (!article || !category) throw new Error('No article or category link on the home page')
  return { article, category }
}

interface Result {
  build: string
  load: LoadName
  round: number
  loadAverage: string
  startMs: number
  rssStart: number
  /** The highest of the samples taken during the load. */
  rssDuring: number
  rssAfter: number
  /** BENCH_IDLE seconds after the load. */
  rssIdle: number
  peak: number
  /** V8 heap in use after the idle time, MiB (NaN if /metrics did not say). */
  heapUsed: number
  requestsPerSecond: number
  p99: number
  errors: number
}

/** The V8 heap in use, MiB, from /metrics (the hand-written and prom-client formats alike). */
async function heapUsedMiB(base: string) {
  const text = await fetch(`${base}/metrics`).then(
    (r) => (r.ok ? r.text() : ''),
    () => '',
  )
  const value = /^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1]
  return value === undefined ? NaN : Math.round(Number(value) / 2 ** 20)
}

async function run(build: Build, load: Load, round: number): Promise<Result> {
  const fresh = !build.dataDir
  let server: RunningServer = await startServer({
    port: PORT,
    buildDir: build.buildDir,
    dataDir: build.dataDir,
    pageCache: load.pageCache,
    env: build.env,
    plainNode: build.plainNode,
  })
  if (fresh) {
    // The first start seeded the demo content: keep its folder, and measure a warm start.
    build.dataDir = server.dataDir
    await stopServer(server)
    server = await startServer({
      port: PORT,
      buildDir: build.buildDir,
      dataDir: build.dataDir,
      pageCache: load.pageCache,
      env: build.env,
      plainNode: build.plainNode,
    })
  }
  try {
    await sleep(SETTLE_S * 1000)
    const atStart = memory(server.pid)
    const { article, category } = await discoverPaths(server.base)
    let crawled = 0
    const requests =
      load.name === 'crawl'
        ? [
            {
              method: 'GET' as const,
              setupRequest: (req: { method: string; path: string }) => ({
                ...req,
                path: `${article}?utm_source=bench&n=${crawled++ % CRAWL_ADDRESSES}`,
              }),
            },
          ]
        : (load.name === 'cached' ? ['/', article, category] : ['/', article]).map((p) => ({
            method: 'GET' as const,
            path: p,
          }))
    resetPeakMemory(server.pid)
    let rssDuring = 0
    const sampler = setInterval(() => {
      rssDuring = Math.max(rssDuring, memory(server.pid).rss)
    }, SAMPLE_MS)
    const results = []
    try {
      for (let i = 0; i < (load.runs ?? 1); i++) {
        results.push(
          await autocannon({
            url: server.base,
            connections: CONNECTIONS,
            duration: load.seconds ?? DURATION,
            headers: BROWSER_HEADERS,
            requests,
          }),
        )
        console.log(`    run ${i + 1}: ${Math.round(memory(server.pid).rss)} MiB`)
      }
    } finally {
      clearInterval(sampler)
    }
    const after = memory(server.pid)
    const loadAtEnd = loadAverage()
    await sleep(IDLE_S * 1000)
    const idle = memory(server.pid)
    const seconds = results.reduce((sum, r) => sum + r.duration, 0)
    return {
      build: build.label,
      load: load.name,
      round,
      loadAverage: loadAtEnd,
      startMs: Math.round(server.startMs),
      rssStart: Math.round(atStart.rss),
      rssDuring: Math.round(Math.max(rssDuring, after.rss)),
      rssAfter: Math.round(after.rss),
      rssIdle: Math.round(idle.rss),
      peak: Math.round(Math.max(after.peak, idle.peak)),
      heapUsed: await heapUsedMiB(server.base),
      requestsPerSecond: Math.round(
        results.reduce((sum, r) => sum + r.requests.total, 0) / seconds,
      ),
      p99: Math.max(...results.map((r) => r.latency.p99)),
      errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
    }
  } finally {
    await stopServer(server)
  }
}

function range(values: number[]) {
  const low = Math.min(...values)
  const high = Math.max(...values)
  return low === high ? `${low}` : `${low}–${high}`
}

async function main() {
  const machine = describeMachine()
  const list = builds()
  console.log(
    `Memory benchmark — ${machine.cpu}, ${machine.cores} cores, ${machine.node}, ` +
      `load ${machine.loadAverage}; ${list.map((b) => `${b.label}=${b.buildDir}`).join(', ')}`,
  )
  const results: Result[] = []
  for (let round = 1; round <= ROUNDS; round++) {
    for (const load of LOADS) {
      for (const build of list) {
        const result = await run(build, load, round)
        results.push(result)
        console.log(
          `  round ${round} ${build.label} ${load.name}: start ${result.rssStart} MiB, ` +
            `during ≤ ${result.rssDuring} MiB, after ${result.rssAfter} MiB, ` +
            `${IDLE_S} s later ${result.rssIdle} MiB (heap ${result.heapUsed}), peak ${result.peak} MiB, ` +
            `${result.requestsPerSecond} req/s, p99 ${result.p99} ms, ${result.errors} errors ` +
            `(load ${result.loadAverage})`,
        )
      }
    }
  }
  const rows = list.flatMap((build) =>
    LOADS.map((load) => {
      const runs = results.filter((r) => r.build === build.label && r.load === load.name)
      const pick = (key: keyof Result) => range(runs.map((r) => r[key] as number))
      return [
        build.label,
        `${load.name} (${load.describe})`,
        pick('rssStart'),
        pick('rssDuring'),
        pick('rssAfter'),
        pick('rssIdle'),
        pick('heapUsed'),
        pick('peak'),
        pick('requestsPerSecond'),
        pick('p99'),
        pick('errors'),
      ]
    }),
  )
  const table = markdownTable(
    [
      'build',
      'load',
      'RSS after start',
      'RSS during load (max)',
      'RSS at its end',
      `RSS ${IDLE_S} s later`,
      'heap used then',
      'peak RSS',
      'req/s',
      'p99 ms',
      'errors',
    ],
    rows,
  )
  const loads = results.map((r) => r.loadAverage.split(', ')[0])
  const text =
    `Measured ${new Date().toISOString().slice(0, 10)}, ${machine.cores} cores, ` +
    `${machine.node}; ${ROUNDS} round(s), builds interleaved; ${DURATION} s of load ` +
    `(sustained: ${SUSTAINED_ROUNDS} × ${SUSTAINED_SECONDS} s on one server), ` +
    `${CONNECTIONS} connections, a browser's user agent and encodings; MiB (VmRSS, VmHWM); ` +
    `load average (1 min) ${range(loads.map(Number))} during the runs.\n\n${table}\n`
  console.log(`\n${text}`)
  if (process.env.BENCH_JSON) {
    fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify({ machine, results }, null, 2))
  }
  if (WRITE_DOC) await writeDocSection('memory', text)
}

await main()
