/**
 * Memory benchmark of the production server on PGlite with demo content (results:
 * docs/performance.md, "Start-up and memory").
 *
 *   BUILD_DIR=build npm run build
 *   node --import tsx bench/memory.ts
 *   BENCH_BUILDS=before=/tmp/old/build,after=build node --import tsx bench/memory.ts
 *
 * For every build in BENCH_BUILDS (label=folder, comma-separated; default the one in BUILD_DIR),
 * round by round so that the shared machine's load falls on all of them alike, and for every
 * load below: a server on that build's data folder (seeded once, at the build's first start, so
 * the measured starts are warm), its resident memory (VmRSS) BENCH_SETTLE seconds after /healthz
 * first answers, then BENCH_DURATION seconds of autocannon (BENCH_CONNECTIONS connections, a
 * browser's user agent and encodings), its memory after and its peak (VmHWM) during the load,
 * and the load's req/s and p99.
 *
 * Loads: `cached` (page cache on: home, an article and a category, taking turns), `uncached`
 * (page cache off: home and an article) and `crawl` (page cache on: 2,000 different addresses,
 * an article with a query string each time, as a crawler or a link with tracking parameters
 * makes them, so that the page cache fills up to its bound).
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
const WRITE_DOC = process.env.BENCH_DOC !== 'false'
const CRAWL_ADDRESSES = 2000

// What a reader's browser sends: a user agent (so views are counted) and the encodings it takes
// (so the server compresses, and keeps compressed copies, as it does for readers).
const BROWSER_HEADERS: Record<string, string> = {
  ...BROWSER_PAGE_HEADERS,
  'accept-encoding': 'gzip, deflate, br',
}

type LoadName = 'cached' | 'uncached' | 'crawl'
const LOADS: { name: LoadName; pageCache: boolean; describe: string }[] = [
  { name: 'cached', pageCache: true, describe: 'home, article, category; page cache on' },
  { name: 'uncached', pageCache: false, describe: 'home, article; page cache off' },
  { name: 'crawl', pageCache: true, describe: `${CRAWL_ADDRESSES} addresses; page cache on` },
]

interface Build {
  label: string
  buildDir: string
  /** Seeded at the first start, then reused: every measured start is warm. */
  dataDir?: string
  env: Record<string, string>
}

function builds(): Build[] {
  const spec = process.env.BENCH_BUILDS || `current=${process.env.BUILD_DIR ?? 'build'}`
  return spec.split(',').map((entry) => {
    const [label, dir] = entry.includes('=') ? entry.split('=') : [entry, entry]
    const buildDir = path.resolve(dir)
    const env: Record<string, string> = {}
    // Another checkout's build: its own migrations, and only its compiled server will do.
    const checkout = path.dirname(buildDir)
    if (checkout !== process.cwd()) {
      if (!fs.existsSync(path.join(buildDir, 'server/main.js'))) {
        throw new Error(`${buildDir} has no compiled server (server/main.js): build it first`)
      }
      const migrations = path.join(checkout, 'db/migrations')
      if (fs.existsSync(migrations)) env.MIGRATIONS_DIR = migrations
    }
    return { label, buildDir, env }
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
  rssAfter: number
  peak: number
  requestsPerSecond: number
  p99: number
  errors: number
}

async function run(build: Build, load: (typeof LOADS)[number], round: number): Promise<Result> {
  const fresh = !build.dataDir
  let server: RunningServer = await startServer({
    port: PORT,
    buildDir: build.buildDir,
    dataDir: build.dataDir,
    pageCache: load.pageCache,
    env: build.env,
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
    const result = await autocannon({
      url: server.base,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: BROWSER_HEADERS,
      requests,
    })
    const after = memory(server.pid)
    return {
      build: build.label,
      load: load.name,
      round,
      loadAverage: loadAverage(),
      startMs: Math.round(server.startMs),
      rssStart: Math.round(atStart.rss),
      rssAfter: Math.round(after.rss),
      peak: Math.round(after.peak),
      requestsPerSecond: Math.round(result.requests.average),
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
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
            `after ${result.rssAfter} MiB, peak ${result.peak} MiB, ` +
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
        pick('rssAfter'),
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
      `RSS after ${DURATION} s`,
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
    `${machine.node}; ${ROUNDS} round(s), builds interleaved; ${DURATION} s of load, ` +
    `${CONNECTIONS} connections, a browser's user agent and encodings; MiB (VmRSS, VmHWM); ` +
    `load average (1 min) ${range(loads.map(Number))} during the runs.\n\n${table}\n`
  console.log(`\n${text}`)
  if (process.env.BENCH_JSON) {
    fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify({ machine, results }, null, 2))
  }
  if (WRITE_DOC) await writeDocSection('memory', text)
}

await main()
