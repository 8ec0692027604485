/**
 * `npm run bench:load`: the production server under LOAD_CONNECTIONS connections of mixed
 * traffic for LOAD_SECONDS (bench/security/support/traffic.ts: reads, searches, sign-ins right
 * and wrong, an editor saving articles). Passes with 0 network errors, 0 5xx and no answer
 * outside what each kind should give (429s to wrong passwords are the lock-out working, counted
 * apart). Results: docs/security.md, "Load and soak".
 *
 *   BUILD_DIR=/tmp/me/build npx react-router build
 *   BUILD_DIR=/tmp/me/build npm run bench:load                      # 60 s × 100 connections
 *   LOAD_SECONDS=10 LOAD_CONNECTIONS=20 BUILD_DIR=… npm run bench:load   # a quick look
 *
 * Environment: BENCH_PORT (3601), LOAD_SECONDS (60), LOAD_CONNECTIONS (100), LOAD_READERS
 * accounts signing in (20), BUILD_DIR (build), BENCH_DATABASE_URL an EMPTY throw-away
 * PostgreSQL database instead of PGlite.
 */
import { describeMachine, loadAverage, residentMemoryMiB } from '../machine'
import { stopServer } from '../support/server'
import { wholeNumber } from '../support/settings'
import {
  buildEnv,
  judge,
  MIX,
  percentile,
  prepare,
  runTraffic,
  startWarmServer,
  statusesText,
  TRAFFIC_SERVER_ENV,
  type Kind,
} from './support/traffic'

const PORT = wholeNumber('BENCH_PORT', 3601)
const SECONDS = Math.max(1, wholeNumber('LOAD_SECONDS', 60))
const CONNECTIONS = Math.max(1, wholeNumber('LOAD_CONNECTIONS', 100))
const READERS = Math.max(1, wholeNumber('LOAD_READERS', 20))
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? ''

async function main() {
  const buildDir = process.env.BUILD_DIR ?? 'build'
  const machine = describeMachine()
  const loadBefore = loadAverage()
  console.log(
    `Load: ${SECONDS} s × ${CONNECTIONS} connections of mixed traffic; ${machine.cores} cores, ` +
      `Node ${machine.node}, ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; load average ${loadBefore}`,
  )
  const server = await startWarmServer({
    port: PORT,
    buildDir,
    env: { ...buildEnv(buildDir), ...TRAFFIC_SERVER_ENV, DATABASE_URL },
  })
  let failed = false
  try {
    const plan = await prepare(server, { readers: READERS, lockTargets: 5, editable: 5 })
    console.log(
      `  ${plan.articles.length} articles, ${plan.categories.length} categories, ` +
        `${plan.tags.length} tags, ${plan.readers.length} reader accounts, ` +
        `${plan.editable.length} articles to save; RSS ${residentMemoryMiB(server.pid)?.rss.toFixed(0)} MiB`,
    )
    // Requests that took over 5 s, by the second they were sent: one stall of the whole server
    // shows as a block of them sent together, a slow kind as a spread.
    const slow = new Map<number, number>()
    const result = await runTraffic(plan, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      onResult: (_kind, sentAtS, ms) => {
        if (ms > 5000) slow.set(Math.floor(sentAtS), (slow.get(Math.floor(sentAtS)) ?? 0) + 1)
      },
    })
    const loadAfter = loadAverage()
    const verdict = judge(result)
    const rss = residentMemoryMiB(server.pid)
    console.log('')
    console.log('| kind | share | requests | answers | p50 ms | p99 ms |')
    console.log('| --- | --- | --- | --- | --- | --- |')
    const total = Object.values(MIX).reduce((a, b) => a + b, 0)
    for (const [kind, stats] of result.byKind) {
      console.log(
        `| ${kind} | ${Math.round((MIX[kind as Kind] / total) * 100)} % | ${stats.sent} | ` +
          `${statusesText(stats)} | ${percentile(stats.latencies, 50).toFixed(0)} | ` +
          `${percentile(stats.latencies, 99).toFixed(0)} |`,
      )
    }
    console.log('')
    console.log(
      `${verdict.requests} requests in ${result.seconds.toFixed(1)} s ` +
        `(${(verdict.requests / result.seconds).toFixed(0)} req/s); errors ${verdict.errors}, ` +
        `5xx ${verdict.fiveXx}, expected 429s ${verdict.limited}, unexpected answers ` +
        `${verdict.unexpected.length ? verdict.unexpected.join('; ') : 'none'}; ` +
        `p50 ${verdict.p50.toFixed(0)} ms, p99 ${verdict.p99.toFixed(0)} ms; ` +
        `sent again on a new socket ${result.retried}; RSS ${rss?.rss.toFixed(0)} MiB (peak ${rss?.peak.toFixed(0)}); ` +
        `load average ${loadBefore} → ${loadAfter}`,
    )
    if (slow.size) {
      const seconds = [...slow].sort(([a], [b]) => a - b)
      console.log(
        `Over 5 s, by second sent: ${seconds.map(([at, n]) => `${at} s × ${n}`).join(', ')}`,
      )
    }
    const logged = /"level":(50|60)/.test(server.output())
    if (logged) console.log(`The server logged errors:\n${server.output().slice(-4000)}`)
    failed = verdict.errors > 0 || verdict.fiveXx > 0 || verdict.unexpected.length > 0 || logged
  } finally {
    await stopServer(server)
  }
  console.log(failed ? 'FAIL' : 'PASS')
  return failed ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error)
    process.exit(1)
  },
)
