/**
 * Lighthouse on the reader's pages (results: docs/performance.md, "Lighthouse").
 *
 *   BUILD_DIR=build-bench npm run build
 *   BUILD_DIR=build-bench npm run bench:lighthouse
 *
 * Builds nothing: starts the production server of BUILD_DIR on 127.0.0.1 with a throw-away
 * data folder (demo content, as the e2e server), then runs Lighthouse's default (mobile)
 * preset BENCH_RUNS times on the home page, a category and an article, the pages taking turns
 * run by run, each run in a fresh headless Chromium (Debian's, CHROMIUM_PATH). Writes the
 * median performance, accessibility, best-practices and SEO scores with FCP, LCP, TBT and CLS into
 * docs/performance.md between its markers (BENCH_DOC=false only prints them), with the date and
 * the load average. Every process it starts is stopped when it ends, fails or is interrupted;
 * each Lighthouse run is bounded (RUN_TIMEOUT_MS).
 *
 * Environment: BENCH_PORT (3204), BENCH_RUNS (5), BUILD_DIR (build), CHROMIUM_PATH
 * (/usr/bin/chromium), BENCH_JSON a file for the raw numbers, BENCH_REPORTS a folder for each
 * run's JSON report (to see what an audit flagged).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import lighthouse from 'lighthouse'
import { describeMachine, loadAverage, markdownTable, median } from './machine'
import { wholeNumber } from './support/settings'
import { writeDocSection } from './support/doc'
import { startServer, stopServer } from './support/server'

const PORT = wholeNumber('BENCH_PORT', 3204)
const RUNS = Math.max(1, wholeNumber('BENCH_RUNS', 5))
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const WRITE_DOC = process.env.BENCH_DOC !== 'false'
const REPORTS_DIR = process.env.BENCH_REPORTS
const BASE = `http://127.0.0.1:${PORT}`
const RUN_TIMEOUT_MS = 180_000
const RETRIES = 2

// Demo content (app/domain/seed/demo-content.ts), as tests/e2e/site/site-support.ts names it.
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/category/politics' },
  {
    name: 'article',
    path: '/article/council-sends-48-million-transit-levy-to-the-november-ballot',
  },
]
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

// ---------------------------------------------------------------------------------------------
// Processes
// ---------------------------------------------------------------------------------------------

const children = new Set<ChildProcess>()
const tempDirs = new Set<string>()

function track(child: ChildProcess) {
  children.add(child)
  child.once('exit', () => children.delete(child))
  return child
}

function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  tempDirs.add(dir)
  return dir
}

async function stop(child: ChildProcess) {
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
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true })
  tempDirs.clear()
}

/** A fresh headless Chromium with its DevTools port on the loopback interface. */
async function startChromium(): Promise<{ child: ChildProcess; port: number }> {
  const profile = tempDir('broadsheet-lighthouse-chromium-')
  const child = track(
    spawn(
      CHROMIUM,
      [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-extensions',
        '--disable-component-update',
        '--disable-default-apps',
        '--no-first-run',
        '--no-default-browser-check',
        '--remote-debugging-address=127.0.0.1',
        '--remote-debugging-port=0',
        `--user-data-dir=${profile}`,
        'about:blank',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    ),
  )
  let err = ''
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${err}`)), 30_000)
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString()
      const match = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(err)
      if (match) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Chromium exited (code ${code}):\n${err}`))
    })
  })
  return { child, port }
}

// ---------------------------------------------------------------------------------------------
// Runs
// ---------------------------------------------------------------------------------------------

interface RunResult {
  scores: Record<(typeof CATEGORIES)[number], number>
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** Audits that did not pass, for reading what to fix. */
  flagged: string[]
}

async function runLighthouse(url: string, label: string): Promise<RunResult> {
  const chromium = await startChromium()
  try {
    const run = lighthouse(url, {
      port: chromium.port,
      hostname: '127.0.0.1',
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      maxWaitForLoad: 60_000,
    })
    const timeout = sleep(RUN_TIMEOUT_MS).then(() => {
      throw new Error(`Lighthouse on ${url} took longer than ${RUN_TIMEOUT_MS / 1000} s`)
    })
    const result = await Promise.race([run, timeout])
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`)
    if (REPORTS_DIR) {
      fs.mkdirSync(REPORTS_DIR, { recursive: true })
      fs.writeFileSync(path.join(REPORTS_DIR, `${label}.json`), JSON.stringify(lhr))
    }
    const score = (id: (typeof CATEGORIES)[number]) =>
      Math.round((lhr.categories[id]?.score ?? 0) * 100)
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN
    const flagged = Object.values(lhr.audits)
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 0.9 &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'manual' &&
          audit.scoreDisplayMode !== 'notApplicable',
      )
      .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`)
    return {
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
      },
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      flagged,
    }
  } finally {
    await stop(chromium.child)
  }
}

/**
 * Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP): such
 * a run is repeated, up to RETRIES more times, in a fresh browser.
 */
async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      if (attempt >= RETRIES) throw error
      console.log(`    retrying: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
}

function summarize(runs: RunResult[]) {
  return {
    performance: median(runs.map((r) => r.scores.performance)),
    accessibility: median(runs.map((r) => r.scores.accessibility)),
    bestPractices: median(runs.map((r) => r.scores['best-practices'])),
    seo: median(runs.map((r) => r.scores.seo)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    performanceRange: `${Math.min(...runs.map((r) => r.scores.performance))}–${Math.max(
      ...runs.map((r) => r.scores.performance),
    )}`,
  }
}

async function main() {
  const machine = describeMachine()
  console.log(`Lighthouse ${RUNS}× on ${PAGES.length} pages; build ${BUILD_DIR}; ${CHROMIUM}`)
  console.log(machine)
  const loadBefore = loadAverage()
  // A fresh data folder with the demo content, as the e2e server's.
  const server = await startServer({ port: PORT, buildDir: BUILD_DIR })
  const results = new Map<string, RunResult[]>(PAGES.map((page) => [page.name, []]))
  try {
    // One uncounted visit per page, so each page's first counted run is not its first render.
    for (const page of PAGES) await fetch(BASE + page.path).then((res) => res.arrayBuffer())
    for (let run = 1; run <= RUNS; run++) {
      for (const page of PAGES) {
        const result = await withRetries(() =>
          runLighthouse(BASE + page.path, `${page.name}-${run}`),
        )
        results.get(page.name)!.push(result)
        const s = result.scores
        console.log(
          `  ${page.name} #${run}: perf ${s.performance} a11y ${s.accessibility} bp ${s['best-practices']} seo ${s.seo}; FCP ${Math.round(result.fcpMs)} ms, LCP ${Math.round(result.lcpMs)} ms, TBT ${Math.round(result.tbtMs)} ms, CLS ${result.cls.toFixed(3)}`,
        )
        if (result.flagged.length) console.log(`    flagged: ${result.flagged.join(', ')}`)
      }
    }
  } finally {
    await stopServer(server)
  }
  const loadAfter = loadAverage()

  const rows = PAGES.map((page) => {
    const s = summarize(results.get(page.name)!)
    return [
      `${page.name} (\`${page.path.length > 40 ? `${page.path.slice(0, 37)}…` : page.path}\`)`,
      `${s.performance} (${s.performanceRange})`,
      s.accessibility,
      s.bestPractices,
      s.seo,
      `${Math.round(s.fcpMs).toLocaleString('en-US')} ms`,
      `${Math.round(s.lcpMs).toLocaleString('en-US')} ms`,
      `${Math.round(s.tbtMs)} ms`,
      s.cls.toFixed(3),
    ]
  })
  const table = markdownTable(
    [
      'page',
      'performance (range)',
      'accessibility',
      'best practices',
      'SEO',
      'FCP',
      'LCP',
      'TBT',
      'CLS',
    ],
    rows,
  )
  const markdown = [
    `Run ${machine.date.slice(0, 10)} (\`npm run bench:lighthouse\`, Lighthouse ${lighthouseVersion()}, mobile preset, median of ${RUNS}; ${machine.cores} cores, Node ${machine.node}). Load average ${loadBefore} → ${loadAfter}.`,
    '',
    table,
  ].join('\n')
  console.log(`\n${markdown}\n`)
  if (process.env.BENCH_JSON) {
    fs.writeFileSync(
      process.env.BENCH_JSON,
      JSON.stringify(
        { machine, loadBefore, loadAfter, results: Object.fromEntries(results) },
        null,
        2,
      ),
    )
  }
  if (WRITE_DOC) {
    await writeDocSection('lighthouse', markdown)
    console.log('Written to docs/performance.md')
  }
}

function lighthouseVersion() {
  const pkg = JSON.parse(
    fs.readFileSync(path.resolve('node_modules/lighthouse/package.json'), 'utf8'),
  ) as { version: string }
  return pkg.version
}

process.on('exit', cleanUpNow)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    cleanUpNow()
    process.exit(130)
  })
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
