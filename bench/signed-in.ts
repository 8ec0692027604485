/**
 * `npm run bench:signed-in`: the pages staff and signed-in readers get, which no cache holds
 * (results: docs/performance.md "Signed-in pages", between its bench:signed-in markers).
 *
 *   BUILD_DIR=build npm run build
 *   npm run bench:signed-in                               # PGlite, demo content
 *   BENCH_ARTICLES=200000 BENCH_ONLY=postgres BENCH_DATABASE_URL=postgres://…/bench_200k \
 *     npm run bench:data                                  # seeds 200,000 articles once
 *   BENCH_DATABASE_URL=postgres://…/bench_200k npm run bench:signed-in
 *
 * One server (`npm run serve`'s heap and allocator settings), signed in as the bench's admin
 * and as a reader who signs up here. Each page in turn, round by round: autocannon with
 * BENCH_CONNECTIONS (10) connections for BENCH_DURATION s after a warm-up, a browser's headers
 * and `accept-encoding: br, gzip`, the session's cookie; a signed-in reader's story may be
 * answered from the page cache's copies kept per kind of reader (decision 0046), which the
 * table says. Figures: req/s, p50 and p99, p99 ÷ p50
 * (the fairness figure of the anonymous pages: ≤ 3), and the server's CPU per request from /proc.
 * The reference in the same run: the same article drawn for an anonymous reader whose request
 * no stored page answers (a cookie the page cache passes by), as `npm run bench`'s render cost.
 *
 * BENCH_DATABASE_URL names a database that `npm run bench:data` seeded (used as it is, nothing
 * dropped) or an empty one (the server seeds the demo content); without it, a fresh PGlite
 * folder with the demo content. BENCH_WARMUP_REQUESTS (200) sequential requests per page before
 * the runs, BENCH_WARMUP s of load before each; BENCH_PORT (3208), BENCH_ROUNDS (3), BENCH_DOC=false prints
 * without writing docs/performance.md.
 */
import os from 'node:os'
import autocannon from 'autocannon'
import { writeDocSection } from './support/doc'
import { describeMachine, loadAverage, markdownTable, median, processCpuMs } from './machine'
import { BROWSER_PAGE_HEADERS, wholeNumber } from './support/settings'
import { signInAsBenchAdmin, startServer, stopServer } from './support/server'

const PORT = wholeNumber('BENCH_PORT', 3208)
const CONNECTIONS = Math.max(1, wholeNumber('BENCH_CONNECTIONS', 10))
const DURATION = Math.max(1, wholeNumber('BENCH_DURATION', 10))
const WARMUP = wholeNumber('BENCH_WARMUP', 2)
const WARMUP_REQUESTS = Math.max(1, wholeNumber('BENCH_WARMUP_REQUESTS', 200))
const ROUNDS = Math.max(1, wholeNumber('BENCH_ROUNDS', 3))
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? ''
const WRITE_DOC = process.env.BENCH_DOC !== 'false'

const HEADERS = { ...BROWSER_PAGE_HEADERS, 'accept-encoding': 'br, gzip' }

interface Target {
  name: string
  path: string
  cookie: string
  /** A text the page must show, so that a sign-in page or an error is never measured. */
  shows: RegExp
  /** How it was answered when checked: `X-Cache` (a signed-in reader's story may be a kept reader page, decision 0046). */
  answeredBy?: string
}

interface Run {
  target: string
  answeredBy: string
  reqPerSec: number
  p50: number
  p99: number
  cpuMsPerRequest: number
  errors: number
  load: number
}

async function signUpReader(base: string) {
  const email = `bench-reader-${Date.now()}@example.com`
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: 'bench-reader-password-1', name: 'Bench Reader' }),
  })
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`The reader's sign-up answered ${response.status}`)
  return cookieOf(response)
}

function cookieOf(response: Response) {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
}

/** A database seeded by bench:data has an admin without a display name: the back office asks. */
async function nameTheAdmin(base: string, cookie: string) {
  const response = await fetch(`${base}/admin/display-name`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ displayName: 'Bench Admin', redirectTo: '/admin' }),
    redirect: 'manual',
  })
  await response.arrayBuffer()
}

async function page(base: string, target: Target) {
  const response = await fetch(base + target.path, {
    headers: { ...BROWSER_PAGE_HEADERS, cookie: target.cookie },
    redirect: 'manual',
  })
  const body = await response.text()
  if (response.status !== 200 || !target.shows.test(body)) {
    throw new Error(
      `${target.name} (${target.path}) answered ${response.status} without ${target.shows}: ` +
        body.slice(0, 300),
    )
  }
  target.answeredBy = response.headers.get('x-cache') === 'HIT' ? 'kept copy' : 'rendered'
}

async function loadRun(base: string, pid: number, target: Target): Promise<Run> {
  const options = {
    url: base + target.path,
    connections: CONNECTIONS,
    timeout: 10,
    headers: { ...HEADERS, cookie: target.cookie },
  }
  if (WARMUP > 0) await autocannon({ ...options, duration: WARMUP })
  const before = processCpuMs(pid) ?? NaN
  const result = await autocannon({ ...options, duration: DURATION })
  const cpu = (processCpuMs(pid) ?? NaN) - before
  const run: Run = {
    target: target.name,
    answeredBy: target.answeredBy ?? '–',
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: result.requests.total > 0 ? cpu / result.requests.total : NaN,
    errors: result.errors + result.timeouts + result.non2xx,
    load: os.loadavg()[0],
  }
  console.log(
    `  ${target.name.padEnd(34)} ${run.reqPerSec.toFixed(0).padStart(5)} req/s  p50 ${run.p50} ms  ` +
      `p99 ${run.p99} ms  ${run.cpuMsPerRequest.toFixed(2)} CPU ms/req  errors ${run.errors}  ` +
      `(load ${run.load.toFixed(2)})`,
  )
  return run
}

async function main() {
  const machine = describeMachine()
  const loadBefore = loadAverage()
  const server = await startServer({
    port: PORT,
    ...(DATABASE_URL ? { env: { DATABASE_URL } } : {}),
  })
  const runs: Run[] = []
  let articleCount = NaN
  try {
    const base = server.base
    const admin = await signInAsBenchAdmin(base)
    await nameTheAdmin(base, admin)
    const reader = await signUpReader(base)
    const home = await (await fetch(`${base}/`, { headers: BROWSER_PAGE_HEADERS })).text()
    const article = /href="(\/article\/[^"#?]+)"/.exec(home)?.[1]
    if (!article) throw new Error('The home page links no article')
    const list = await (
      await fetch(`${base}/admin/articles`, { headers: { ...BROWSER_PAGE_HEADERS, cookie: admin } })
    ).text()
    // "Total articles: 200046": the list's size, as the back office shows it.
    articleCount = Number(
      /Total articles: (?:<!-- -->)?([\d,]+)/.exec(list)?.[1]?.replace(/,/g, '') ?? NaN,
    )
    const targets: Target[] = [
      {
        name: 'article, anonymous, not stored (reference)',
        path: article,
        cookie: 'broadsheet.bench=1',
        shows: /<article/,
      },
      { name: 'article, signed-in reader', path: article, cookie: reader, shows: /Profile/ },
      { name: 'home, signed-in reader', path: '/', cookie: reader, shows: /Profile/ },
      { name: '/profile, reader', path: '/profile', cookie: reader, shows: /bench-reader-/ },
      { name: 'article, signed-in admin', path: article, cookie: admin, shows: /<article/ },
      { name: '/admin, admin', path: '/admin', cookie: admin, shows: /Dashboard/ },
      { name: '/admin/articles, admin', path: '/admin/articles', cookie: admin, shows: /Articles/ },
    ]
    // Each page drawn WARMUP_REQUESTS times first: the steady state of a running server, once
    // V8 has compiled the render's hot paths (as `npm run bench`'s render cost).
    for (const target of targets) {
      for (let i = 0; i < WARMUP_REQUESTS; i++) await page(base, target)
    }
    if (targets[0]!.answeredBy !== 'rendered') throw new Error('The reference came stored')
    console.log(
      `Signed-in pages: ${CONNECTIONS} connections, ${ROUNDS} round(s) × ${DURATION} s, ` +
        `${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${articleCount.toLocaleString('en-US')} articles; ` +
        `load ${loadBefore}`,
    )
    for (let round = 0; round < ROUNDS; round++) {
      for (const target of targets) runs.push(await loadRun(base, server.pid, target))
    }
  } finally {
    await stopServer(server)
  }
  const report = buildReport(machine, loadBefore, loadAverage(), articleCount, runs)
  console.log(`\n${report}\n`)
  if (WRITE_DOC) {
    await writeDocSection('signed-in', report)
    console.log('Written to docs/performance.md')
  }
}

function buildReport(
  machine: ReturnType<typeof describeMachine>,
  loadBefore: string,
  loadAfter: string,
  articleCount: number,
  runs: Run[],
) {
  const names = [...new Set(runs.map((run) => run.target))]
  const of = (name: string) => runs.filter((run) => run.target === name)
  const reference = median(of(names[0]).map((run) => run.cpuMsPerRequest))
  const n = (value: number, digits = 0) =>
    Number.isFinite(value)
      ? value.toLocaleString('en-US', {
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        })
      : '–'
  const rows = names.map((name) => {
    const mine = of(name)
    const cpu = median(mine.map((run) => run.cpuMsPerRequest))
    const p50 = median(mine.map((run) => run.p50))
    const p99 = median(mine.map((run) => run.p99))
    return [
      name,
      mine[0]?.answeredBy ?? '–',
      n(median(mine.map((run) => run.reqPerSec))),
      n(p50),
      n(p99),
      `**${n(p99 / p50, 1)}**`,
      n(cpu, 2),
      `${n(cpu / reference, 2)}×`,
      String(mine.reduce((sum, run) => sum + run.errors, 0)),
      n(Math.max(...mine.map((run) => run.load)), 1),
    ]
  })
  return [
    `Run ${machine.date.slice(0, 10)} (\`npm run bench:signed-in\`; ${machine.cores} cores, ` +
      `Node ${machine.node}, ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ` +
      `${n(articleCount)} articles). Load average ${loadBefore} → ${loadAfter}. ` +
      `${CONNECTIONS} connections, ${ROUNDS} round(s) × ${DURATION} s per page, medians; ` +
      "a browser's headers with `accept-encoding: br, gzip`; CPU is the server's per request.",
    '',
    markdownTable(
      [
        'page',
        'answered',
        'req/s',
        'p50 ms',
        'p99 ms',
        'p99 ÷ p50 (≤ 3)',
        'CPU ms/req',
        '÷ reference',
        'errors',
        'load (max)',
      ],
      rows,
    ),
  ].join('\n')
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
