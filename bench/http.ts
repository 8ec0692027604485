/**
 * HTTP load benchmark of the production server (results: docs/performance.md).
 *
 *   BUILD_DIR=build-bench npm run build
 *   BUILD_DIR=build-bench npm run bench
 *
 * Starts `server/main.ts` in production mode on 127.0.0.1 with a throw-away data folder,
 * measures start-up time (fresh folder with seeding, then warm restarts), runs bounded
 * autocannon loads against the public pages with the page cache on and then off, and prints
 * markdown tables. Every server it starts is stopped when it ends, fails or is interrupted.
 *
 * Environment: BENCH_PORT (3201), BENCH_DURATION seconds per run (10), BENCH_CONNECTIONS (20),
 * BENCH_ROUNDS (1): on a shared machine, run every target that many times, round by round, and
 * report the run with the median req/s (and the range),
 * BENCH_ARTICLES extra published articles added before the load runs (0),
 * BENCH_DATABASE_URL an EMPTY throw-away PostgreSQL database instead of the embedded PGlite,
 * BENCH_JSON a file to write the raw numbers to, BENCH_SERVER another server entry file.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import {
  describeMachine,
  loadAverage,
  markdownTable,
  processCpuMs,
  resetPeakMemory,
  residentMemoryMiB,
} from './machine'

const PORT = positiveInt('BENCH_PORT', 3201)
const DURATION = positiveInt('BENCH_DURATION', 10)
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 20)
const ROUNDS = Math.max(1, positiveInt('BENCH_ROUNDS', 1))
const BULK_ARTICLES = positiveInt('BENCH_ARTICLES', 0)
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
// Another server entry (e.g. a copy with a change undone) for before/after comparisons.
const SERVER_ENTRY = process.env.BENCH_SERVER ?? 'server/main.ts'
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? ''
const BASE = `http://127.0.0.1:${PORT}`
const START_TIMEOUT_MS = 180_000

// What a reader's browser sends: a user agent (so views are counted, as for real readers)
// and compressed encodings (so the server compresses, as it does for real readers).
const BROWSER_HEADERS = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'accept-encoding': 'gzip, deflate, br',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
}

function positiveInt(name: string, fallback: number) {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`)
  return value
}

// ---------------------------------------------------------------------------------------------
// Servers
// ---------------------------------------------------------------------------------------------

interface RunningServer {
  child: ChildProcess
  pid: number
  /** Spawn to the first 200 from /healthz. */
  startMs: number
  output(): string
}

const children = new Set<ChildProcess>()
const tempDirs = new Set<string>()

function serverEnv(dataDir: string, pageCache: boolean): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SITE_URL: BASE,
    LOG_LEVEL: 'warn',
    BUILD_DIR,
    PAGE_CACHE: String(pageCache),
    DATABASE_URL,
    SEED_DEMO: 'true',
    ADMIN_EMAIL: 'bench-admin@example.com',
    ADMIN_PASSWORD: 'bench-admin-password',
    BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  }
  // Local disk and the mail outbox: a benchmark never talks to outside services.
  for (const name of Object.keys(env)) if (/^(S3_|SMTP_)/.test(name)) delete env[name]
  return env
}

async function startServer(dataDir: string, pageCache: boolean): Promise<RunningServer> {
  let log = ''
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: serverEnv(dataDir, pageCache),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  child.once('exit', () => children.delete(child))
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)

  while (performance.now() - started < START_TIMEOUT_MS) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited during start-up (code ${child.exitCode}):\n${log}`)
    }
    try {
      const res = await fetch(`${BASE}/healthz`, { signal: AbortSignal.timeout(2000) })
      if (res.status === 200) {
        return {
          child,
          pid: child.pid!,
          startMs: performance.now() - started,
          output: () => log,
        }
      }
    } catch {}
    await sleep(25)
  }
  await stopServer(child)
  throw new Error(`The server did not answer /healthz within ${START_TIMEOUT_MS / 1000} s:\n${log}`)
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  const stopped = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)])
  if (!stopped) {
    child.kill('SIGKILL')
    await exited
  }
}

/** Synchronous, so it also works from an 'exit' or signal handler. */
function cleanUpNow() {
  for (const child of children) child.kill('SIGKILL')
  // PostgreSQL data is the caller's throw-away database; only local folders go here.
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true })
  tempDirs.clear()
}

async function assertPortFree() {
  const answered = await fetch(`${BASE}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  )
  if (answered) throw new Error(`Something already answers on ${BASE}; set BENCH_PORT.`)
}

/** Adds bulk published articles while no server holds the data folder. */
async function addBulkArticles(dataDir: string, n: number) {
  process.env.DATA_DIR = dataDir
  process.env.LOG_LEVEL = 'warn'
  const { resetEnvCache } = await import('~/infra/env.server')
  resetEnvCache()
  const { installDatabase, openPglite, openPostgres } = await import('~/infra/db.server')
  const { lockDataDir } = await import('~/infra/data-dir-lock.server')
  const { seedBenchmarkArticles } = await import('~/domain/seed/seed.server')
  const release = DATABASE_URL ? () => {} : lockDataDir(dataDir, 'bench')
  const handle = DATABASE_URL
    ? openPostgres(DATABASE_URL, 2)
    : await openPglite(path.join(dataDir, 'db'))
  try {
    installDatabase(handle)
    const started = performance.now()
    await seedBenchmarkArticles(n)
    // What autovacuum (PostgreSQL) or the server's maintenance (PGlite) soon does anyway.
    const { sql } = await import('drizzle-orm')
    await handle.db.execute(sql`vacuum (analyze)`)
    console.log(`  added ${n} articles in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  } finally {
    await handle.close()
    release()
  }
}

// ---------------------------------------------------------------------------------------------
// Load runs
// ---------------------------------------------------------------------------------------------

interface Target {
  name: string
  path: string
  headers?: Record<string, string>
}

interface RunResult {
  target: string
  path: string
  cache: 'on' | 'off'
  xCache: string
  status: number
  reqPerSec: number
  /** The server's highest resident memory during the run. */
  peakRssMiB: number
  /** Server CPU time (user + system, all its threads) per response during the run. */
  cpuMsPerRequest: number
  p50: number
  p975: number
  p99: number
  errors: number
  non2xx: number
  bytesPerRequest: number
  total: number
  load: string
  /** Lowest and highest req/s over the rounds. */
  range: [number, number]
}

async function probe(target: Target) {
  const headers = { ...BROWSER_HEADERS, ...target.headers }
  // A cacheable page is stored just after its first response; a later request can hit.
  let res = await fetch(BASE + target.path, { headers })
  for (let attempt = 0; attempt < 3; attempt++) {
    await res.arrayBuffer()
    await sleep(100)
    res = await fetch(BASE + target.path, { headers })
    if (res.headers.get('x-cache') === 'HIT') break
  }
  await res.arrayBuffer()
  return { status: res.status, xCache: res.headers.get('x-cache') ?? '-' }
}

async function load(target: Target, cache: 'on' | 'off', pid: number): Promise<RunResult> {
  const { status, xCache } = await probe(target)
  const options = {
    url: BASE + target.path,
    connections: CONNECTIONS,
    timeout: 10,
    headers: { ...BROWSER_HEADERS, ...target.headers },
  }
  await autocannon({ ...options, duration: 2 })
  const peakReset = resetPeakMemory(pid)
  const cpuBefore = processCpuMs(pid)
  const result = await autocannon({ ...options, duration: DURATION })
  const cpuAfter = processCpuMs(pid)
  const memory = residentMemoryMiB(pid)
  const row: RunResult = {
    target: target.name,
    path: target.path,
    cache,
    xCache,
    status,
    peakRssMiB: peakReset && memory ? memory.peak : NaN,
    cpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
        ? (cpuAfter - cpuBefore) / result.requests.total
        : NaN,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerRequest: result.requests.total ? result.throughput.total / result.requests.total : 0,
    total: result.requests.total,
    load: loadAverage(),
    range: [result.requests.average, result.requests.average],
  }
  console.log(
    `  ${cache === 'on' ? 'cache on ' : 'cache off'} ${target.name.padEnd(24)} ` +
      `${row.reqPerSec.toFixed(0).padStart(6)} req/s  ${row.cpuMsPerRequest.toFixed(2)} CPU ms/req  ` +
      `p50 ${row.p50} ms  p99 ${row.p99} ms  ` +
      `errors ${row.errors}  non-2xx ${row.non2xx}  (load ${row.load})`,
  )
  return row
}

async function discoverTargets(): Promise<Target[]> {
  const home = await fetch(`${BASE}/`).then((r) => r.text())
  const article = /href="(\/article\/[^"#?]+)"/.exec(home)?.[1]
  const category = /href="(\/category\/[^"#?]+)"/.exec(home)?.[1]
  if (!article || !category) throw new Error('The home page links no article or category')
  return [
    { name: 'home', path: '/' },
    { name: 'article', path: article },
    { name: 'category', path: category },
    { name: 'search API', path: '/api/search?q=council' },
    { name: 'RSS', path: '/rss.xml' },
  ]
}

async function referenceTargets(): Promise<Target[]> {
  const home = await fetch(`${BASE}/`).then((r) => r.text())
  const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1]
  return [
    // How much of a cached page's cost is compressing it again for every response.
    { name: 'home, uncompressed', path: '/', headers: { 'accept-encoding': 'identity' } },
    // The ceiling of this stack on this machine: a static file, no React, no database.
    ...(stylesheet ? [{ name: 'static CSS asset', path: stylesheet }] : []),
  ]
}

/** The run with the median req/s, carrying the whole range. */
function medianRun(runs: RunResult[]): RunResult {
  const sorted = [...runs].sort((a, b) => a.reqPerSec - b.reqPerSec)
  const middle = sorted[Math.floor((sorted.length - 1) / 2)]
  return { ...middle, range: [sorted[0].reqPerSec, sorted[sorted.length - 1].reqPerSec] }
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const round = (n: number, digits = 0) => n.toFixed(digits)

function resultsTable(rows: RunResult[]) {
  return markdownTable(
    [
      'target',
      'page cache',
      'X-Cache',
      'req/s',
      ...(ROUNDS > 1 ? [`req/s range (${ROUNDS} runs)`] : []),
      'server CPU ms/req',
      'p50 ms',
      'p97.5 ms',
      'p99 ms',
      'errors',
      'non-2xx',
      'KiB/resp',
      'peak RSS MiB',
      'load avg',
    ],
    rows.map((r) => [
      r.target,
      r.cache,
      r.xCache,
      round(r.reqPerSec),
      ...(ROUNDS > 1 ? [`${round(r.range[0])}–${round(r.range[1])}`] : []),
      round(r.cpuMsPerRequest, 2),
      r.p50,
      r.p975,
      r.p99,
      r.errors,
      r.non2xx,
      round(r.bytesPerRequest / 1024, 1),
      round(r.peakRssMiB),
      r.load,
    ]),
  )
}

interface MemoryRow {
  server: string
  startMs: number
  rssIdle: number
  rssAfter: number
  peak: number
}

async function main() {
  const serverBuild = path.resolve(BUILD_DIR, 'server/index.js')
  if (!fs.existsSync(serverBuild)) {
    throw new Error(
      `No build at ${serverBuild}: run \`BUILD_DIR=${BUILD_DIR} npm run build\` first`,
    )
  }
  await assertPortFree()
  const machine = describeMachine()
  console.log(
    `Broadsheet HTTP benchmark — ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ` +
      `Node ${machine.node}; ${DURATION} s × ${CONNECTIONS} connections per run, ${ROUNDS} round(s); ` +
      `database: ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; load average ${machine.loadAverage}`,
  )

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-bench-http-'))
  tempDirs.add(dataDir)
  const results: RunResult[] = []
  const memory: MemoryRow[] = []
  const starts: { kind: string; ms: number }[] = []
  try {
    // 1. Fresh data folder: migrations, first admin, demo content (images included).
    const cold = await startServer(dataDir, true)
    starts.push({ kind: 'fresh data folder (migrate + seed demo content)', ms: cold.startMs })
    console.log(`  cold start ${round(cold.startMs)} ms`)
    await stopServer(cold.child)

    if (BULK_ARTICLES > 0) await addBulkArticles(dataDir, BULK_ARTICLES)

    for (const cache of ['on', 'off'] as const) {
      const server = await startServer(dataDir, cache === 'on')
      starts.push({ kind: `warm restart (page cache ${cache})`, ms: server.startMs })
      console.log(`  warm start ${round(server.startMs)} ms (page cache ${cache})`)
      const idle = residentMemoryMiB(server.pid)
      const targets = await discoverTargets()
      if (cache === 'on') targets.push(...(await referenceTargets()))
      const runs = new Map<Target, RunResult[]>(targets.map((t) => [t, []]))
      for (let round = 0; round < ROUNDS; round++) {
        for (const target of targets) runs.get(target)!.push(await load(target, cache, server.pid))
      }
      for (const list of runs.values()) results.push(medianRun(list))
      const after = residentMemoryMiB(server.pid)
      memory.push({
        server: `page cache ${cache}`,
        startMs: server.startMs,
        rssIdle: idle?.rss ?? NaN,
        rssAfter: after?.rss ?? NaN,
        peak: after?.peak ?? NaN,
      })
      if (/"level":(50|60)/.test(server.output())) {
        console.log(`  the server logged errors:\n${server.output().slice(-4000)}`)
      }
      await stopServer(server.child)
    }
  } finally {
    cleanUpNow()
  }

  const report = [
    `### Throughput and latency (${DURATION} s, ${CONNECTIONS} connections, ${
      BULK_ARTICLES ? `demo + ${BULK_ARTICLES} articles` : 'demo content'
    }, ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    '',
    resultsTable(results),
    '',
    '### Start-up (spawn to first 200 from /healthz)',
    '',
    markdownTable(
      ['start', 'ms'],
      starts.map((s) => [s.kind, round(s.ms)]),
    ),
    '',
    '### Server memory (VmRSS, MiB)',
    '',
    markdownTable(
      ['server', 'after start', 'after the load runs', 'peak (VmHWM)'],
      memory.map((m) => [m.server, round(m.rssIdle), round(m.rssAfter), round(m.peak)]),
    ),
  ].join('\n')
  console.log(`\n${report}\n\nload average at the end: ${loadAverage()}`)
  if (process.env.BENCH_JSON) {
    fs.writeFileSync(
      process.env.BENCH_JSON,
      JSON.stringify({ machine, results, starts, memory }, null, 2),
    )
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanUpNow()
    process.exit(130)
  })
}
process.once('exit', cleanUpNow)

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    cleanUpNow()
    process.exit(1)
  },
)
