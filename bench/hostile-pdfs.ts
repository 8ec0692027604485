/**
 * Hostile PDF editions against the production build (results: docs/security.md, "PDF
 * editions and images").
 *
 *   npm run build && npm run bench:pdfs
 *
 * Starts the built server on a fresh embedded database, signs the admin in and, for each of the
 * audit's crafted files (tests/setup/hostile-pdf-run.ts), uploads the file while two readers
 * ask for `/` and `/healthz` without pause, until its edition is ready or failed; then watches
 * the same readers for as long again (at least BENCH_IDLE_SECONDS, 3) with no PDF being read:
 * the reference, in the same run. Reported per file: how the edition ended and when, the
 * readers' wait (p50, p99, longest) beside the reference's, and the server's growth and the PDF
 * reader's peak resident memory. The issue's bound is a longest wait of 200 ms. The server's own limits apply (60 s of
 * the reader's CPU), so the nested-forms file takes about a minute.
 *
 * Environment: BUILD_DIR, BENCH_PORT (3760), BENCH_IDLE_SECONDS (3), BENCH_PDF (only the files
 * whose name holds it).
 */
import { describeMachine, loadAverage, markdownTable, residentMemoryMiB } from './machine'
import { percentile } from './security/support/traffic'
import { childPids } from './support/nginx'
import { signInAsBenchAdmin, startServer, stopServer } from './support/server'
import { wholeNumber } from './support/settings'
import {
  HOSTILE_PDFS,
  readHostilePdf,
  watchTheSite,
  type SiteFetch,
} from '../tests/setup/hostile-pdf-run'

const PORT = wholeNumber('BENCH_PORT', 3760)
const IDLE_SECONDS = wholeNumber('BENCH_IDLE_SECONDS', 3)
/** Only the files whose name holds this text (all by default). */
const ONLY = process.env.BENCH_PDF ?? ''
const LONGEST_WAIT_GOAL_MS = 200

const ms = (value: number) => `${Math.round(value)} ms`

async function main() {
  console.log(JSON.stringify(describeMachine()))
  const server = await startServer({ port: PORT })
  const site: SiteFetch = (path, init) =>
    fetch(`${server.base}${path}`, { ...init, redirect: 'manual' })
  const session = { cookie: await signInAsBenchAdmin(server.base), origin: server.base }
  const residentBytes = () => (residentMemoryMiB(server.pid)?.rss ?? 0) * 2 ** 20
  // The PDF reader is a child of the server while it reads: its peak is sampled from outside.
  let readerPeakMiB = 0
  const sampleReader = setInterval(() => {
    for (const pid of childPids(server.pid)) {
      const peak = residentMemoryMiB(pid)?.peak
      // NaN or missing when the reader ended between listing and reading.
      if (peak !== undefined && Number.isFinite(peak)) readerPeakMiB = Math.max(readerPeakMiB, peak)
    }
  }, 50)

  const rows: (string | number)[][] = []
  try {
    // The first renders compile and fill caches: not what is measured.
    for (let i = 0; i < 20; i++) await (await site('/')).arrayBuffer()
    for (const file of HOSTILE_PDFS.filter(({ name }) => name.includes(ONLY))) {
      readerPeakMiB = 0
      const run = await readHostilePdf(site, session, file, residentBytes)
      // The reference: the same readers for as long again, with no PDF being read. A shorter
      // window would see fewer of the machine's own hiccups and flatter the idle figure.
      const stopIdle = watchTheSite(site, residentBytes)
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(IDLE_SECONDS * 1000, run.totalMs)),
      )
      const idle = await stopIdle()
      const { watched, edition } = run
      const row = [
        `${file.name} (${Math.round(run.bytes / 1024)} KB)`,
        edition.status === 'ready' ? 'ready' : `failed: "${edition.failure}"`,
        `${(run.totalMs / 1000).toFixed(1)} s`,
        `${ms(percentile(watched.waitsMs, 50))} / ${ms(percentile(watched.waitsMs, 99))} / ${ms(watched.longestWaitMs)} at ${(watched.longestWaitAtMs / 1000).toFixed(1)} s`,
        `${ms(percentile(idle.waitsMs, 50))} / ${ms(percentile(idle.waitsMs, 99))} / ${ms(idle.longestWaitMs)}`,
        watched.waitsMs.length,
        `${Math.round((watched.peakResidentBytes - run.residentBefore) / 2 ** 20)} MiB`,
        `${Math.round(readerPeakMiB)} MiB`,
        watched.failures.length === 0 ? 'none' : watched.failures.join('; '),
      ]
      console.log(row.join(' | '))
      rows.push(row)
    }
  } finally {
    clearInterval(sampleReader)
    await stopServer(server)
  }

  console.log(
    `\nLoad average after: ${loadAverage()}; the goal: a longest wait of ${LONGEST_WAIT_GOAL_MS} ms.\n`,
  )
  console.log(
    markdownTable(
      [
        'File',
        'Edition',
        'Settled after',
        'Readers’ wait p50 / p99 / longest',
        'Same readers, no PDF',
        'Answers',
        'Server growth',
        'PDF reader peak',
        'Errors',
      ],
      rows,
    ),
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
