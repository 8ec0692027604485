/**
 * Time until the article editor is usable (results: docs/performance.md, "Article editor: time
 * to usable"), in Chromium driven by Playwright, on a warm browser cache.
 *
 *   BUILD_DIR=build-bench npm run build
 *   BUILD_DIR=build-bench npm run bench:editor
 *   BENCH_BUILDS=build-before,build-bench npm run bench:editor   # before/after, same runs
 *
 * "Usable" is the moment the rich-text editor's toolbar has an enabled button and its
 * contenteditable is in the page (so a click or Tab puts the caret in it). Two ways in:
 * - direct: the form opened by its address (a full page load), timed from navigation start;
 * - from the dashboard: the back office open for a moment (BENCH_DWELL_MS, as a person reads
 *   it), then "Create New Article" clicked (a client-side navigation), timed from the click.
 * Each build runs its own server (ports BENCH_PORT, BENCH_PORT + 1, …) and browser profile, and
 * gets one uncounted visit of each kind first, so its HTTP cache is warm; then the builds take
 * turns, run by run, so that a shared machine's changing load falls on all of them alike.
 * Prints median, p90, min and max per build and way in, the JavaScript the form loads (files
 * and decoded bytes, from the first visit), and the load average. Every server it starts is
 * stopped when it ends, fails or is interrupted.
 *
 * Environment: BENCH_PORT (3203), BENCH_RUNS (15), BENCH_DWELL_MS (2000), BUILD_DIR (build) or
 * BENCH_BUILDS (comma-separated build folders, compared side by side), BENCH_JSON a file for
 * the raw numbers, CHROMIUM_PATH (/usr/bin/chromium).
 */
import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { describeMachine, loadAverage, markdownTable, median } from './machine'
import { wholeNumber } from './support/settings'
import {
  BENCH_ADMIN as ADMIN,
  startServer,
  stopServer,
  tempDir,
  type RunningServer,
} from './support/server'

const PORT = wholeNumber('BENCH_PORT', 3203)
const RUNS = Math.max(1, wholeNumber('BENCH_RUNS', 15))
const DWELL_MS = wholeNumber('BENCH_DWELL_MS', 2000)
const BUILDS = (process.env.BENCH_BUILDS ?? process.env.BUILD_DIR ?? 'build')
  .split(',')
  .map((dir) => dir.trim())
  .filter(Boolean)
const READY_TIMEOUT_MS = 30_000

// ---------------------------------------------------------------------------------------------
// In the page
// ---------------------------------------------------------------------------------------------

declare global {
  interface Window {
    __editorReadyAt?: number
    __clickedAt?: number
  }
}

/**
 * Runs in every document before its own scripts: notes `performance.now()` (ms since the
 * navigation started) at the first DOM change after which the editor is usable. A string, not
 * a function: tsx's helpers (`__name`) do not exist in the page.
 */
const WATCH_FOR_EDITOR = `(() => {
  const usable = () =>
    document.querySelector('[role="toolbar"][aria-label="Formatting"] button:not(:disabled)') !== null &&
    document.querySelector('[contenteditable="true"]') !== null
  const observer = new MutationObserver(() => {
    if (window.__editorReadyAt === undefined && usable()) window.__editorReadyAt = performance.now()
  })
  const start = () =>
    observer.observe(document.documentElement, {
      childList: true, subtree: true, attributes: true,
      attributeFilter: ['disabled', 'contenteditable'],
    })
  if (document.documentElement) start()
  else document.addEventListener('readystatechange', start, { once: true })
})()`

async function readyAt(page: Page) {
  try {
    await page.waitForFunction(() => window.__editorReadyAt !== undefined, null, {
      timeout: READY_TIMEOUT_MS,
      polling: 50,
    })
  } catch (error) {
    throw new Error(`The editor was not usable within ${READY_TIMEOUT_MS} ms at ${page.url()}`, {
      cause: error,
    })
  }
  return page.evaluate(() => window.__editorReadyAt!)
}

/** The form opened by its address: navigation start → usable. */
async function direct(context: BrowserContext, base: string) {
  const page = await context.newPage()
  try {
    await page.goto(`${base}/admin/new-article`, { waitUntil: 'commit' })
    const ms = await readyAt(page)
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\.m?js(?:$|\?)/.test(entry.name))
        .map((entry) => (entry as PerformanceResourceTiming).decodedBodySize),
    )
    return { ms, scripts: scripts.length, scriptBytes: scripts.reduce((a, b) => a + b, 0) }
  } finally {
    await page.close()
  }
}

/** The dashboard open for a moment, then "Create New Article": click → usable. */
async function fromDashboard(context: BrowserContext, base: string) {
  const page = await context.newPage()
  try {
    await page.goto(`${base}/admin`, { waitUntil: 'load' })
    await page.waitForLoadState('networkidle')
    await sleep(DWELL_MS)
    const link = page.getByRole('link', { name: 'Create New Article' })
    await link.evaluate((element) =>
      element.addEventListener('click', () => (window.__clickedAt = performance.now()), {
        capture: true,
      }),
    )
    await page.evaluate(() => (window.__editorReadyAt = undefined))
    await link.click()
    const ready = await readyAt(page)
    const clicked = await page.evaluate(() => window.__clickedAt!)
    return { ms: ready - clicked }
  } finally {
    await page.close()
  }
}

async function signIn(context: BrowserContext, base: string) {
  const page = await context.newPage()
  await page.goto(`${base}/signin`)
  await page.getByRole('main').getByLabel('Email address').fill(ADMIN.email)
  await page.getByRole('main').getByLabel('Your Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'))
  await page.close()
}

// ---------------------------------------------------------------------------------------------
// Runs
// ---------------------------------------------------------------------------------------------

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

interface BuildResult {
  build: string
  direct: number[]
  fromDashboard: number[]
  firstVisit: { ms: number; scripts: number; scriptBytes: number }
}

interface Subject {
  base: string
  server: RunningServer
  context: BrowserContext
  result: BuildResult
}

/** A server and a signed-in browser profile for one build, its cache warmed by a first visit. */
async function prepare(build: string, port: number): Promise<Subject> {
  const server = await startServer({ port, buildDir: build })
  const base = server.base
  const profile = tempDir('bench-editor-profile-')
  // A persistent profile: its HTTP cache is what "warm" means here.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    viewport: { width: 1366, height: 768 },
  })
  await context.addInitScript({ content: WATCH_FOR_EDITOR })
  await signIn(context, base)
  const firstVisit = await direct(context, base)
  await fromDashboard(context, base)
  return { base, server, context, result: { build, direct: [], fromDashboard: [], firstVisit } }
}

async function main() {
  console.log(describeMachine())
  for (const build of BUILDS) {
    if (!fs.existsSync(path.resolve(build, 'server/main.js'))) {
      throw new Error(`No build in ${build}: run BUILD_DIR=${build} npm run build first.`)
    }
  }
  const subjects: Subject[] = []
  try {
    for (const [i, build] of BUILDS.entries()) subjects.push(await prepare(build, PORT + i))
    const loadBefore = loadAverage()
    console.log(`${RUNS} runs of each way in, the builds in turn: ${BUILDS.join(', ')}`)
    for (let run = 0; run < RUNS; run++) {
      for (const { context, base, result } of subjects) {
        result.direct.push((await direct(context, base)).ms)
        result.fromDashboard.push((await fromDashboard(context, base)).ms)
      }
      process.stdout.write('.')
    }
    process.stdout.write('\n')
    report(
      subjects.map((subject) => subject.result),
      `${loadBefore} → ${loadAverage()}`,
    )
  } finally {
    for (const { context, server } of subjects) {
      await context.close()
      await stopServer(server)
    }
  }
}

function report(results: BuildResult[], load: string) {
  const ms = (n: number) => Math.round(n).toLocaleString('en-US')
  const rows = results.flatMap((r) =>
    (
      [
        ['direct (full load)', r.direct],
        ['from the dashboard', r.fromDashboard],
      ] as const
    ).map(([way, values]) => [
      r.build,
      way,
      values.length,
      ms(median(values)),
      ms(percentile(values, 90)),
      ms(Math.min(...values)),
      ms(Math.max(...values)),
    ]),
  )
  console.log(
    '\n' +
      markdownTable(['build', 'way in', 'runs', 'median ms', 'p90 ms', 'min ms', 'max ms'], rows) +
      `\n\nLoad average (1, 5, 15 min) before → after the runs: ${load}`,
  )
  console.log(
    '\n' +
      markdownTable(
        ['build', 'first visit ms', 'JS files', 'JS KB (decoded)'],
        results.map((r) => [
          r.build,
          ms(r.firstVisit.ms),
          r.firstVisit.scripts,
          ms(r.firstVisit.scriptBytes / 1024),
        ]),
      ),
  )
  if (process.env.BENCH_JSON) {
    fs.writeFileSync(
      process.env.BENCH_JSON,
      JSON.stringify({ machine: describeMachine(), load, results }),
    )
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
