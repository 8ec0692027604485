/**
 * `npm run bench`: the site against Debian's nginx serving the same bytes, in one bounded run on
 * 127.0.0.1 (results: docs/performance.md, "HTTP", between its bench:http markers, or
 * bench:http-wrk for wrk).
 *
 *   BUILD_DIR=build npm run build
 *   BUILD_DIR=build npm run bench                                   # the full run, ~7 min
 *   BENCH_DURATION=5 BENCH_ROUNDS=1 BENCH_RENDERS=60 BENCH_DOC=false npm run bench  # a quick look
 *
 * 1. Start-up: the production server on a fresh data folder (migrations, demo content), then
 *    warm starts on that folder: spawn → first 200 from /healthz, and → the home page.
 * 2. Load: a server with the page cache on; the home page and an article are fetched once with
 *    a browser's headers and their exact bytes and content type saved; nginx serves those copies
 *    at the same paths. autocannon then runs nginx and the site on each page, target by target,
 *    round by round (interleaved, so the shared machine's changing load falls on all alike):
 *    BENCH_CONNECTIONS connections, a browser's user agent, a warm-up, then BENCH_DURATION s.
 *    Resident memory is read after start and after the load.
 * 3. Render cost: a server with the page cache off; after a warm-up (RENDER_WARMUP renders of
 *    each page: the steady state of a running server, once V8 has compiled the render's hot
 *    paths, which takes several hundred renders), BENCH_RENDERS sequential
 *    requests per page from one client, the pages taking turns in BENCH_ROUNDS batches; CPU is
 *    the server process's user + system time from /proc, divided by the requests.
 *
 * The load tool: autocannon (Node, in this process) by default; BENCH_LOAD_TOOL=wrk runs Debian's
 * wrk instead (C, one thread: `apt-get install -y wrk`), which asks far less of the shared
 * cores, so that the figures say more about the servers and less about the client.
 *
 * Compression: each page is measured once per encoding of BENCH_ENCODINGS (identity,br by
 * default), both targets asked alike. identity sends no accept-encoding: the same bytes go over
 * the wire from both. br sends a browser's `accept-encoding: br, gzip`: the site answers from its
 * page cache's once-compressed br copy, and nginx sends the site's own br bytes (brotli_static,
 * Debian's libnginx-mod-http-brotli-static), so that neither compresses per request; gzip asks
 * both for gzip alone (gzip_static).
 *
 * Environment: BENCH_PORT (3201), BENCH_NGINX_PORT (8201), BENCH_DURATION s per run (20),
 * BENCH_WARMUP s before each run (2), BENCH_CONNECTIONS (50), BENCH_ROUNDS (3), BENCH_RENDERS
 * per page (300, after 50 uncounted), BENCH_STARTS warm starts (3, at least 2), BENCH_ENCODINGS
 * (a comma-separated list of identity, br, gzip), BENCH_DATABASE_URL an EMPTY throw-away PostgreSQL database instead of PGlite,
 * BENCH_DOC=false to print without writing docs/performance.md, BENCH_JSON a file for the raw
 * numbers, NGINX_PATH (/usr/sbin/nginx), BUILD_DIR (build).
 */
import { execFile, execSync } from 'node:child_process'
import { promisify } from 'node:util'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import autocannon from 'autocannon'
import { writeDocSection } from './support/doc'
import {
  childPids,
  nginxVersion,
  startNginx,
  stopNginx,
  type RunningNginx,
  type SavedPage,
} from './support/nginx'
import { startServer, stopServer, type RunningServer } from './support/server'
import {
  describeMachine,
  loadAverage,
  markdownTable,
  median,
  processCpuMs,
  residentMemoryMiB,
} from './machine'
import { BROWSER_PAGE_HEADERS, wholeNumber } from './support/settings'

const PORT = wholeNumber('BENCH_PORT', 3201)
const NGINX_PORT = wholeNumber('BENCH_NGINX_PORT', 8201)
const DURATION = Math.max(1, wholeNumber('BENCH_DURATION', 20))
const WARMUP = wholeNumber('BENCH_WARMUP', 2)
const CONNECTIONS = Math.max(1, wholeNumber('BENCH_CONNECTIONS', 50))
const ROUNDS = Math.max(1, wholeNumber('BENCH_ROUNDS', 3))
const RENDERS = Math.max(ROUNDS, wholeNumber('BENCH_RENDERS', 300))
const RENDER_WARMUP = Math.max(0, wholeNumber('BENCH_RENDER_WARMUP', 1000))
const STARTS = Math.max(2, wholeNumber('BENCH_STARTS', 3))
const ENCODINGS = (process.env.BENCH_ENCODINGS ?? process.env.BENCH_ENCODING ?? 'identity,br')
  .split(',')
  .map((name) => name.trim())
const encodings = ENCODINGS as Encoding[]
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? ''
const WRITE_DOC = process.env.BENCH_DOC !== 'false'
const LOAD_TOOL = process.env.BENCH_LOAD_TOOL ?? 'autocannon'
type Encoding = 'identity' | 'br' | 'gzip'
const isEncoding = (name: string): name is Encoding => ['identity', 'br', 'gzip'].includes(name)
if (ENCODINGS.length === 0 || !ENCODINGS.every(isEncoding)) {
  throw new Error('BENCH_ENCODINGS must list identity, br or gzip')
}
if (LOAD_TOOL !== 'autocannon' && LOAD_TOOL !== 'wrk') {
  throw new Error('BENCH_LOAD_TOOL must be autocannon or wrk')
}

// What a reader's browser sends (so the site counts views, as for real readers), without
// compression; `headersFor` adds the encoding a run asks for.
const BROWSER_HEADERS: Record<string, string> = {
  ...BROWSER_PAGE_HEADERS,
  'accept-language': 'en-US,en;q=0.9',
}
const ACCEPT_ENCODING: Record<Encoding, string | null> = {
  identity: null,
  br: 'br, gzip',
  gzip: 'gzip',
}
function headersFor(encoding: Encoding): Record<string, string> {
  const accept = ACCEPT_ENCODING[encoding]
  return accept ? { ...BROWSER_HEADERS, 'accept-encoding': accept } : BROWSER_HEADERS
}
const describeEncoding = (encoding: Encoding) =>
  encoding === 'identity' ? 'no compression' : `accept-encoding: ${ACCEPT_ENCODING[encoding]}`

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

interface RawResponse {
  status: number
  headers: http.IncomingHttpHeaders
  /** The bytes as sent, still encoded if they were. */
  body: Buffer
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 })

function rawGet(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: keepAlive, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error(`${url} took longer than 30 s`)))
    req.on('error', reject)
  })
}

/** The page as the site's cache serves it to a browser: asked until it is a HIT. */
async function cachedCopy(base: string, pagePath: string, headers: Record<string, string>) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const res = await rawGet(base + pagePath, headers)
    if (res.status !== 200) throw new Error(`${pagePath} answered ${res.status}`)
    if (res.headers['x-cache'] === 'HIT') return res
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${pagePath} never came from the page cache (no X-Cache: HIT)`)
}

/** The pages measured: the home page and the first article it links. */
async function discoverPages(base: string) {
  const home = (await rawGet(`${base}/`, { 'user-agent': BROWSER_HEADERS['user-agent'] })).body
  const article = /href="(\/article\/[^"#?]+)"/.exec(home.toString())?.[1]
  if (!article) throw new Error('The home page links no article')
  return [
    { name: 'article', path: article },
    { name: 'home', path: '/' },
  ]
}

async function savePages(base: string, pages: { path: string }[]): Promise<SavedPage[]> {
  const saved: SavedPage[] = []
  for (const page of pages) {
    const plain = await cachedCopy(base, page.path, BROWSER_HEADERS)
    if (plain.headers['content-encoding']) throw new Error(`${page.path} came encoded unasked`)
    const copy: SavedPage = {
      path: page.path,
      contentType: String(plain.headers['content-type']),
      body: plain.body,
    }
    // nginx gets the site's own compressed bytes of every encoding measured, and br's client
    // (`br, gzip`) takes gzip too, so both are saved whenever either is asked for.
    if (encodings.some((encoding) => encoding !== 'identity')) {
      copy.gzipBody = await encodedCopy(base, page.path, 'gzip')
      if (encodings.includes('br')) copy.brBody = await encodedCopy(base, page.path, 'br')
    }
    saved.push(copy)
  }
  return saved
}

async function encodedCopy(base: string, pagePath: string, encoding: 'br' | 'gzip') {
  const res = await cachedCopy(base, pagePath, headersFor(encoding))
  if (res.headers['content-encoding'] !== encoding) {
    throw new Error(`${pagePath} did not come as ${encoding} when asked`)
  }
  return res.body
}

/** Both targets must answer a run's request with the same encoding, or the run compares nothing. */
async function expectEncoding(target: Target) {
  const res = await rawGet(target.url, headersFor(target.encoding))
  const sent = res.headers['content-encoding'] ?? 'identity'
  const wanted = target.encoding === 'identity' ? 'identity' : target.encoding
  if (res.status !== 200 || sent !== wanted) {
    throw new Error(
      `${target.server} ${target.path} answered ${res.status} in ${sent}, not ${wanted}`,
    )
  }
}

// ---------------------------------------------------------------------------------------------
// Load runs
// ---------------------------------------------------------------------------------------------

interface Target {
  server: 'nginx' | 'site'
  page: string
  encoding: Encoding
  path: string
  url: string
  /** Processes whose CPU time is the server's. */
  pids: number[]
}

interface LoadRun {
  server: 'nginx' | 'site'
  page: string
  encoding: Encoding
  round: number
  reqPerSec: number
  p50: number
  p99: number
  cpuMsPerRequest: number
  bytesPerResponse: number
  errors: number
  non2xx: number
  /** The 1-minute load average when the run ended. */
  load: number
}

function cpuMs(pids: number[]) {
  return pids.reduce((sum, pid) => sum + (processCpuMs(pid) ?? NaN), 0)
}

/** What one load run measured, from either tool. */
interface LoadResult {
  reqPerSec: number
  p50: number
  p99: number
  total: number
  bytes: number
  errors: number
  non2xx: number
}

async function autocannonLoad(
  url: string,
  seconds: number,
  headers: Record<string, string>,
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    timeout: 10,
    headers,
    duration: seconds,
  })
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    bytes: result.throughput.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

const execFileAsync = promisify(execFile)
const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 }
const UNIT_BYTES: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }

async function wrkLoad(
  url: string,
  seconds: number,
  asked: Record<string, string>,
): Promise<LoadResult> {
  const headers = Object.entries(asked).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  const { stdout } = await execFileAsync(
    'wrk',
    ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '10s', '--latency', ...headers, url],
    { maxBuffer: 1024 * 1024 },
  )
  const latency = (percent: string) => {
    const m = new RegExp(`^\\s+${percent}%\\s+([\\d.]+)(us|ms|s|m)$`, 'm').exec(stdout)
    return m ? Number(m[1]) * UNIT_MS[m[2]] : NaN
  }
  const done = /(\d+) requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/.exec(stdout)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout)
  return {
    reqPerSec: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? NaN),
    p50: latency('50'),
    p99: latency('99'),
    total: done ? Number(done[1]) : 0,
    bytes: done ? Number(done[2]) * UNIT_BYTES[done[3]] : NaN,
    errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0),
  }
}

const load = LOAD_TOOL === 'wrk' ? wrkLoad : autocannonLoad

async function loadRun(target: Target, round: number): Promise<LoadRun> {
  const headers = headersFor(target.encoding)
  if (WARMUP > 0) await load(target.url, WARMUP, headers)
  const cpuBefore = cpuMs(target.pids)
  const result = await load(target.url, DURATION, headers)
  const cpuAfter = cpuMs(target.pids)
  const total = result.total
  const run: LoadRun = {
    server: target.server,
    page: target.page,
    encoding: target.encoding,
    round,
    reqPerSec: result.reqPerSec,
    p50: result.p50,
    p99: result.p99,
    cpuMsPerRequest: total > 0 ? (cpuAfter - cpuBefore) / total : NaN,
    bytesPerResponse: total > 0 ? result.bytes / total : NaN,
    errors: result.errors,
    non2xx: result.non2xx,
    load: os.loadavg()[0],
  }
  console.log(
    `  round ${round + 1} ${`${target.server} ${target.page} ${target.encoding}`.padEnd(23)} ` +
      `${run.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms  ` +
      `${run.cpuMsPerRequest.toFixed(3)} CPU ms/req  errors ${run.errors}  non-2xx ${run.non2xx}  ` +
      `(load ${run.load.toFixed(2)})`,
  )
  return run
}

// ---------------------------------------------------------------------------------------------
// Render cost
// ---------------------------------------------------------------------------------------------

interface RenderCost {
  page: string
  requests: number
  cpuMsPerRender: number
  medianMs: number
}

async function renderCost(server: RunningServer, pages: { name: string; path: string }[]) {
  for (const page of pages) {
    for (let i = 0; i < RENDER_WARMUP; i++) await expectRendered(server.base + page.path)
  }
  const cpu = new Map(pages.map((page) => [page.name, 0]))
  const times = new Map<string, number[]>(pages.map((page) => [page.name, []]))
  const batch = Math.ceil(RENDERS / ROUNDS)
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of pages) {
      const before = processCpuMs(server.pid) ?? NaN
      for (let i = 0; i < batch; i++) {
        const started = performance.now()
        await expectRendered(server.base + page.path)
        times.get(page.name)!.push(performance.now() - started)
      }
      cpu.set(page.name, cpu.get(page.name)! + (processCpuMs(server.pid) ?? NaN) - before)
    }
  }
  return pages.map((page): RenderCost => ({
    page: page.name,
    requests: times.get(page.name)!.length,
    cpuMsPerRender: cpu.get(page.name)! / times.get(page.name)!.length,
    medianMs: median(times.get(page.name)!),
  }))
}

async function expectRendered(url: string) {
  const res = await rawGet(url, BROWSER_HEADERS)
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`)
  if (res.headers['x-cache'] === 'HIT') throw new Error(`${url} came from the page cache`)
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

interface Start {
  healthzMs: number
  /** The server's CPU time until /healthz answered. */
  cpuMs: number
  homeMs: number
}

/** A warm start: spawn → /healthz, and → the home page's first 200 (rendered). */
async function warmStart(dataDir: string, pageCache: boolean) {
  const server = await startServer({
    port: PORT,
    dataDir,
    pageCache,
    env: { DATABASE_URL },
  })
  const rssAfterStart = residentMemoryMiB(server.pid)?.rss ?? NaN
  const before = performance.now()
  const home = await rawGet(`${server.base}/`, BROWSER_HEADERS)
  if (home.status !== 200) throw new Error(`The home page answered ${home.status}`)
  const start: Start = {
    healthzMs: server.startMs,
    cpuMs: server.startCpuMs,
    homeMs: server.startMs + performance.now() - before,
  }
  console.log(
    `  warm start: /healthz ${Math.round(start.healthzMs)} ms (${Math.round(start.cpuMs)} CPU ms), home page ${Math.round(start.homeMs)} ms ` +
      `(page cache ${pageCache ? 'on' : 'off'}, ${rssAfterStart.toFixed(0)} MiB)`,
  )
  return { server, start, rssAfterStart }
}

function serverErrors(server: RunningServer) {
  return /"level":(50|60)/.test(server.output()) ? server.output().slice(-4000) : ''
}

async function main() {
  const nginxFound = nginxVersion()
  if (!nginxFound) throw new Error('No nginx: apt-get install -y nginx (or set NGINX_PATH).')
  const machine = describeMachine()
  const loadBefore = loadAverage()
  console.log(
    `Broadsheet vs nginx ${nginxFound}: ${ROUNDS} round(s) × ${DURATION} s per target, ` +
      `${CONNECTIONS} connections, ${encodings.map(describeEncoding).join(' and ')}; ` +
      `${RENDERS} renders per page; ${machine.cores} cores, Node ${machine.node}; load ${loadBefore}`,
  )

  // 1. Start-up.
  const cold = await startServer({ port: PORT, env: { DATABASE_URL } })
  const coldMs = cold.startMs
  const coldCpuMs = cold.startCpuMs
  console.log(
    `  fresh data folder (migrate + seed): /healthz ${Math.round(coldMs)} ms (${Math.round(coldCpuMs)} CPU ms)`,
  )
  await stopServer(cold)
  const dataDir = cold.dataDir
  const starts: Start[] = []
  for (let i = 0; i < STARTS - 2; i++) {
    const { server, start } = await warmStart(dataDir, true)
    starts.push(start)
    await stopServer(server)
  }

  // 2. Load: the site's page cache against nginx, same bytes.
  const site = await warmStart(dataDir, true)
  starts.push(site.start)
  let nginx: RunningNginx | undefined
  const runs: LoadRun[] = []
  let pages: { name: string; path: string }[]
  let saved: SavedPage[]
  let rssAfterLoad: { rss: number; peak: number } | null
  try {
    pages = await discoverPages(site.server.base)
    saved = await savePages(site.server.base, pages)
    nginx = await startNginx(NGINX_PORT, saved)
    const nginxPids = [nginx.pid, ...childPids(nginx.pid)]
    console.log(`  nginx ${nginx.version}: ${nginx.workers} worker(s) on ${nginx.base}`)
    const targets: Target[] = pages.flatMap((page) =>
      encodings.flatMap((encoding): Target[] => [
        {
          server: 'nginx',
          page: page.name,
          encoding,
          path: page.path,
          url: nginx!.base + page.path,
          pids: nginxPids,
        },
        {
          server: 'site',
          page: page.name,
          encoding,
          path: page.path,
          url: site.server.base + page.path,
          pids: [site.server.pid],
        },
      ]),
    )
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) {
        // The page may have left the cache (its s-maxage): measure hits, not a render.
        if (target.server === 'site')
          await cachedCopy(site.server.base, target.path, headersFor(target.encoding))
        if (round === 0) await expectEncoding(target)
        runs.push(await loadRun(target, round))
      }
    }
    rssAfterLoad = residentMemoryMiB(site.server.pid)
    const errors = serverErrors(site.server)
    if (errors) console.log(`  the server logged errors:\n${errors}`)
  } finally {
    if (nginx) await stopNginx(nginx)
    await stopServer(site.server)
  }

  // 3. Render cost, page cache off.
  const render = await warmStart(dataDir, false)
  starts.push(render.start)
  let costs: RenderCost[]
  try {
    costs = await renderCost(render.server, pages)
    for (const cost of costs) {
      console.log(
        `  render ${cost.page}: ${cost.cpuMsPerRender.toFixed(2)} CPU ms, ` +
          `${cost.medianMs.toFixed(1)} ms median (${cost.requests} sequential requests)`,
      )
    }
  } finally {
    await stopServer(render.server)
  }
  const loadAfter = loadAverage()

  const report = buildReport({
    machine,
    loadBefore,
    loadAfter,
    nginxVersion: nginxFound,
    nginxWorkers: nginx?.workers ?? NaN,
    pages,
    saved,
    runs,
    costs,
    coldMs,
    coldCpuMs,
    starts,
    rssAfterStart: site.rssAfterStart,
    rssAfterLoad,
  })
  console.log(`\n${report}\n`)
  if (process.env.BENCH_JSON) {
    fs.writeFileSync(
      process.env.BENCH_JSON,
      JSON.stringify(
        {
          machine,
          loadBefore,
          loadAfter,
          pages,
          runs,
          costs,
          coldMs,
          coldCpuMs,
          starts,
          rssAfterLoad,
        },
        null,
        2,
      ),
    )
  }
  if (WRITE_DOC) {
    await writeDocSection(LOAD_TOOL === 'wrk' ? 'http-wrk' : 'http', report)
    console.log('Written to docs/performance.md')
  }
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const number = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '–'
const range = (values: number[], digits = 0) =>
  values.length > 1
    ? `${number(Math.min(...values), digits)}–${number(Math.max(...values), digits)}`
    : number(values[0], digits)

function commit() {
  try {
    const head = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim()
    // The build may hold changes not committed yet (other work in the same tree).
    const dirty = execSync('git status --porcelain --untracked-files=no', { encoding: 'utf8' })
    return dirty.trim() ? `${head} with uncommitted changes` : head
  } catch {
    return 'unknown'
  }
}

function buildReport(r: {
  machine: ReturnType<typeof describeMachine>
  loadBefore: string
  loadAfter: string
  nginxVersion: string
  nginxWorkers: number
  pages: { name: string; path: string }[]
  saved: SavedPage[]
  runs: LoadRun[]
  costs: RenderCost[]
  coldMs: number
  coldCpuMs: number
  starts: Start[]
  rssAfterStart: number
  rssAfterLoad: { rss: number; peak: number } | null
}) {
  const of = (server: string, page: string, encoding: Encoding) =>
    r.runs.filter((run) => run.server === server && run.page === page && run.encoding === encoding)
  // Each round's site ÷ nginx, the two measured one after the other.
  const ratios = (page: string, encoding: Encoding) => {
    const site = of('site', page, encoding)
    const nginx = of('nginx', page, encoding)
    return site.map((run, i) => run.reqPerSec / nginx[i].reqPerSec)
  }
  const p99 = (server: string, page: string, encoding: Encoding) =>
    median(of(server, page, encoding).map((run) => run.p99))
  const cpuPerRequest = (server: string, page: string, encoding: Encoding) =>
    median(of(server, page, encoding).map((run) => run.cpuMsPerRequest))
  const cost = (page: string) => r.costs.find((c) => c.page === page)?.cpuMsPerRender ?? NaN
  const loadSeconds = r.runs.filter((run) => run.server === 'site').length * (DURATION + WARMUP)
  const healthz = r.starts.map((s) => s.healthzMs)
  const home = r.starts.map((s) => s.homeMs)
  const ratioCell = (page: string, encoding: Encoding) => {
    const values = ratios(page, encoding)
    return `**${number(median(values), 2)}**${values.length > 1 ? ` (${range(values, 2)})` : ''}`
  }
  const asked = (encoding: Encoding) =>
    encoding === 'identity' ? 'same bytes, uncompressed' : `same ${encoding} bytes`
  const cachedFigures = (encoding: Encoding): string[][] => [
    [`cached article req/s ÷ nginx, ${asked(encoding)}`, ratioCell('article', encoding), '≥ 0.5'],
    [`cached home req/s ÷ nginx, ${asked(encoding)}`, ratioCell('home', encoding), '≥ 0.5'],
    [
      `p99, cached article / nginx · cached home / nginx (${describeEncoding(encoding)})`,
      `${number(p99('site', 'article', encoding))} / ${number(p99('nginx', 'article', encoding))} ms · ` +
        `${number(p99('site', 'home', encoding))} / ${number(p99('nginx', 'home', encoding))} ms`,
      '–',
    ],
    [
      `server CPU per cached request, article / home ÷ nginx's (${describeEncoding(encoding)})`,
      `${number(cpuPerRequest('site', 'article', encoding), 3)} / ` +
        `${number(cpuPerRequest('site', 'home', encoding), 3)} ms: ` +
        `**${number(cpuPerRequest('site', 'article', encoding) / cpuPerRequest('nginx', 'article', encoding), 1)}× / ` +
        `${number(cpuPerRequest('site', 'home', encoding) / cpuPerRequest('nginx', 'home', encoding), 1)}×** ` +
        `(nginx ${number(cpuPerRequest('nginx', 'article', encoding), 3)} / ` +
        `${number(cpuPerRequest('nginx', 'home', encoding), 3)} ms)`,
      '≤ 2×',
    ],
  ]

  const figures = markdownTable(
    ['figure', 'this run', 'target'],
    [
      ...encodings.flatMap(cachedFigures),
      [
        'CPU per uncached article / home render',
        `**${number(cost('article'), 1)} / ${number(cost('home'), 1)} ms**`,
        '≤ 3 / ≤ 5 ms',
      ],
      [
        `resident memory after start / after ${loadSeconds} s of load (peak)`,
        `**${number(r.rssAfterStart)} / ${number(r.rssAfterLoad?.rss ?? NaN)} MiB** ` +
          `(${number(r.rssAfterLoad?.peak ?? NaN)})`,
        '≤ 250 / ≤ 350 MiB',
      ],
      [
        'start on an existing data folder, to first 200 from /healthz (its CPU; home page)',
        `**${number(median(healthz))} ms** (${range(healthz)}; ` +
          `${number(median(r.starts.map((s) => s.cpuMs)))} CPU ms; home ${number(median(home))} ms)`,
        '≤ 1,000 ms',
      ],
      [
        'start on a fresh data folder (migrate, seed demo content)',
        `${number(r.coldMs)} ms (${number(r.coldCpuMs)} CPU ms)`,
        '–',
      ],
    ],
  )

  const rows = r.pages.flatMap((page) =>
    encodings.flatMap((encoding) =>
      (['nginx', 'site'] as const).map((server) => {
        const runs = of(server, page.name, encoding)
        const rps = runs.map((run) => run.reqPerSec)
        return [
          `${server === 'nginx' ? 'nginx, saved copy of the' : 'Broadsheet, page cache on,'} ${page.name}` +
            (encoding === 'identity' ? '' : `, ${encoding}`),
          number(median(rps)),
          range(rps),
          number(median(runs.map((run) => run.p50))),
          number(median(runs.map((run) => run.p99))),
          number(median(runs.map((run) => run.cpuMsPerRequest)), 3),
          number(median(runs.map((run) => run.bytesPerResponse)) / 1024, 1),
          runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0),
          range(
            runs.map((run) => run.load),
            1,
          ),
        ]
      }),
    ),
  )
  const loadTable = markdownTable(
    [
      'target',
      `req/s (median of ${ROUNDS})`,
      'range',
      'p50 ms',
      'p99 ms',
      'server CPU ms/req',
      'KiB/resp',
      'errors + non-2xx',
      'load (1 min)',
    ],
    rows,
  )
  const article = r.pages.find((page) => page.name === 'article')?.path ?? ''
  const bodies = r.saved
    .map(
      (copy, i) =>
        `${r.pages[i].name} ${number(copy.body.length / 1024, 1)} KiB` +
        (copy.brBody ? ` (br ${number(copy.brBody.length / 1024, 1)})` : '') +
        (copy.gzipBody ? ` (gzip ${number(copy.gzipBody.length / 1024, 1)})` : ''),
    )
    .join(', ')
  return [
    `Run ${r.machine.date.slice(0, 10)} (\`npm run bench\`, commit ${commit()}; ${r.machine.cores} cores, ` +
      `Node ${r.machine.node}, ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, demo content). ` +
      `Load average ${r.loadBefore} → ${r.loadAfter}.`,
    '',
    `${ROUNDS} round${ROUNDS > 1 ? 's' : ''} × ${DURATION} s per target after a ${WARMUP} s warm-up, ` +
      `${LOAD_TOOL === 'wrk' ? 'wrk (one thread)' : 'autocannon'}, ` +
      `${CONNECTIONS} connections, a browser's user agent, ` +
      `each page ${encodings.map(describeEncoding).join(', then ')}, asked alike of both; ` +
      `nginx ${r.nginxVersion} (${r.nginxWorkers} workers) serving the site's bytes (${bodies}); ` +
      `article \`${article.length > 44 ? `${article.slice(0, 41)}…` : article}\`; ` +
      `${r.costs[0]?.requests ?? 0} sequential uncached requests per page for the render cost, ` +
      `after ${RENDER_WARMUP} per page to warm up.`,
    '',
    figures,
    '',
    loadTable,
  ].join('\n')
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
