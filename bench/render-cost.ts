/**
 * `npm run bench:render`: CPU per request of two or more builds taking turns (results:
 * docs/performance.md, "Render cost"), so that the shared machine's load falls on all alike.
 *
 *   BENCH_BUILDS=before=/tmp/ref/build,after=build npm run bench:render
 *
 * For each build a server on its own data folder (demo content), the page cache off; each page
 * (an article, the home page) warmed up with BENCH_RENDER_WARMUP renders; then BENCH_ROUNDS
 * rounds in which every build in turn answers BENCH_RENDERS sequential keep-alive requests per
 * page. CPU is the server process's user + system time (/proc) over those requests. Then, with
 * `wrk` installed, the same pages from the page cache: a server per build with the cache on,
 * BENCH_WRK_SECONDS of wrk (2 threads, 50 connections) per page, CPU per request again.
 * BENCH_PARTS=uncached or BENCH_PARTS=cached runs one of the two; BENCH_JSON=file keeps the raw
 * numbers; BENCH_PLAIN_NODE=label starts that build's server on Node's defaults instead of the
 * heap bound of `npm run serve` (BENCH_BUILDS=bounded=build,plain=build BENCH_PLAIN_NODE=plain);
 * `label=dir@--flag` adds Node flags to that build's server.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { describeMachine, loadAverage, median, processCpuMs } from './machine'
import { BROWSER_PAGE_HEADERS, wholeNumber } from './support/settings'
import { nodeFlagList, startServer, stopServer, type RunningServer } from './support/server'

const PORT = wholeNumber('BENCH_PORT', 3206)
const ROUNDS = Math.max(1, wholeNumber('BENCH_ROUNDS', 6))
const RENDERS = Math.max(1, wholeNumber('BENCH_RENDERS', 200))
const WARMUP = wholeNumber('BENCH_RENDER_WARMUP', 1000)
const WRK_SECONDS = wholeNumber('BENCH_WRK_SECONDS', 10)
const PARTS = (process.env.BENCH_PARTS ?? 'uncached,cached').split(',')

const builds = (process.env.BENCH_BUILDS || `current=${process.env.BUILD_DIR ?? 'build'}`)
  .split(',')
  .map((entry) => {
    // label=dir@--flag --flag: more Node flags for that build's server (the same build twice,
    // with and without a flag, compares the flag).
    const [named = '', flags = ''] = entry.split('@')
    const [label, dir] = named.includes('=') ? named.split('=') : [named, named]
    const nodeFlags = nodeFlagList(flags)
    const buildDir = path.resolve(dir!)
    const checkout = path.dirname(buildDir)
    const migrations = path.join(checkout, 'db/migrations')
    const env: Record<string, string> = fs.existsSync(migrations)
      ? { MIGRATIONS_DIR: migrations }
      : {}
    // BENCH_PLAIN_NODE=label: that build's server on Node's defaults (no heap bound).
    const plainNode = (process.env.BENCH_PLAIN_NODE ?? '').split(',').includes(label!)
    return { label: label!, buildDir, env, plainNode, nodeFlags }
  })

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
function getOnce(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: BROWSER_PAGE_HEADERS }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(Buffer.concat(chunks).toString())
            : reject(new Error(`${url}: ${res.statusCode}`)),
        )
      })
      .on('error', reject)
  })
}

/** A kept-alive socket the server closed while idle (during a wrk run) fails once: ask again. */
async function get(url: string): Promise<string> {
  try {
    return await getOnce(url)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') throw error
    return getOnce(url)
  }
}

async function pagesOf(base: string) {
  const home = await get(`${base}/`)
  const article = /href="(\/article\/[^"#?]+)"/.exec(home)?.[1]
  if (!article) throw new Error('The home page links no article')
  return { article, home: '/' }
}

async function cpuPerRequest(server: RunningServer, pagePath: string, count: number) {
  const before = processCpuMs(server.pid)!
  for (let i = 0; i < count; i++) await get(server.base + pagePath)
  return (processCpuMs(server.pid)! - before) / count
}

async function main() {
  const machine = describeMachine()
  console.log(`Render cost — ${machine.cores} cores, ${machine.node}, load ${machine.loadAverage}`)
  const uncached = PARTS.includes('uncached') ? await uncachedRenders() : null
  const cached = PARTS.includes('cached') ? await cachedWithWrk() : null
  if (process.env.BENCH_JSON) {
    fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify({ machine, uncached, cached }, null, 2))
  }
}

/** Uncached renders, builds taking turns round by round: CPU ms per render by build and page. */
async function uncachedRenders() {
  const servers: RunningServer[] = []
  const results: Record<string, Record<string, number[]>> = {}
  const loads: string[] = []
  try {
    for (const [i, build] of builds.entries()) {
      servers.push(
        await startServer({
          port: PORT + i,
          buildDir: build.buildDir,
          pageCache: false,
          env: build.env,
          plainNode: build.plainNode,
          nodeFlags: build.nodeFlags,
        }),
      )
    }
    const pages = await pagesOf(servers[0]!.base)
    for (const server of servers) {
      for (const page of Object.values(pages)) await cpuPerRequest(server, page, WARMUP)
    }
    for (let round = 1; round <= ROUNDS; round++) {
      loads.push(loadAverage().split(', ')[0]!)
      for (const [i, build] of builds.entries()) {
        for (const [name, page] of Object.entries(pages)) {
          const ms = await cpuPerRequest(servers[i]!, page, RENDERS)
          ;((results[build.label] ??= {})[name] ??= []).push(ms)
        }
      }
      console.log(
        `  round ${round} (load ${loads.at(-1)}): ` +
          builds
            .map(
              (b) =>
                `${b.label} article ${results[b.label]!.article!.at(-1)!.toFixed(2)}, home ${results[b.label]!.home!.at(-1)!.toFixed(2)}`,
            )
            .join('; '),
      )
    }
  } finally {
    for (const server of servers) await stopServer(server)
  }
  for (const build of builds) {
    for (const [name, values] of Object.entries(results[build.label]!)) {
      const sorted = [...values].sort((a, b) => a - b)
      console.log(
        `${build.label} ${name}: ${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)} ` +
          `(median ${median(values).toFixed(2)}) CPU ms per uncached render`,
      )
    }
  }
  console.log(`load average (1 min) during the rounds: ${loads.join(', ')}`)
  return { results, loads }
}

/** Cached pages under wrk: CPU per request and req/s, per build and page, builds in turn. */
async function cachedWithWrk() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' })
  } catch (error) {
    // wrk prints its version and exits 1; only a missing binary is a reason to skip.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      console.log('wrk is not installed: cached hits not measured')
      return null
    }
  }
  const out: Record<string, Record<string, { cpuMs: number; rps: number }>> = {}
  for (const [i, build] of builds.entries()) {
    // Ports of their own: the client's kept-alive sockets to the uncached servers are stale.
    const server = await startServer({
      port: PORT + builds.length + i,
      buildDir: build.buildDir,
      pageCache: true,
      env: build.env,
      plainNode: build.plainNode,
      nodeFlags: build.nodeFlags,
    })
    try {
      const pages = await pagesOf(server.base)
      for (const [name, page] of Object.entries(pages)) {
        for (let n = 0; n < 3; n++) await get(server.base + page)
        const before = processCpuMs(server.pid)!
        const text = execFileSync(
          'wrk',
          [
            '-t2',
            '-c50',
            `-d${WRK_SECONDS}s`,
            '-H',
            `User-Agent: ${BROWSER_PAGE_HEADERS['user-agent']}`,
            server.base + page,
          ],
          { encoding: 'utf8' },
        )
        const cpu = processCpuMs(server.pid)! - before
        const requests = Number(/(\d+) requests in/.exec(text)?.[1])
        const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1])
        ;(out[build.label] ??= {})[name] = { cpuMs: cpu / requests, rps }
        console.log(
          `${build.label} cached ${name} (wrk, load ${loadAverage().split(', ')[0]}): ` +
            `${(cpu / requests).toFixed(3)} CPU ms/request, ${Math.round(rps)} req/s`,
        )
      }
    } finally {
      await stopServer(server)
    }
  }
  return out
}

await main()
