/**
 * `npm run bench:soak`: SOAK_MINUTES of mixed traffic at a moderate rate against the production
 * server (the mix of bench/security/load.ts), its resident memory (VmRSS) read every 10 s. Passes
 * when the memory grows by at most SOAK_MAX_GROWTH_MIB between a sixth of the run (minute 5 of
 * 30) and its end, and the traffic met no error, no 5xx and no answer outside what each kind
 * should give. Each of the two points is the median of the three samples around it, so that one
 * collection of garbage more or less does not decide. Exits 1 on failure. Results:
 * docs/security.md, "Load and soak".
 *
 *   BUILD_DIR=/tmp/me/build npx react-router build
 *   BUILD_DIR=/tmp/me/build npm run bench:soak                # 30 minutes
 *   SOAK_MINUTES=3 BUILD_DIR=/tmp/me/build npm run bench:soak # the form run in CI
 *
 * The window starts at a sixth of the run but never before SOAK_WARMUP_SECONDS (90): the server's
 * memory climbs by about 100 MiB in its first 90 s of traffic whatever the run's length (the
 * page cache and the in-memory reads filling, the database's buffers, the allocator's arenas of
 * the password hashing threads), then more slowly or not at all (docs/security.md, "Load and
 * soak"); a window opened at 30 s of a 3-minute run would measure that climb, not a leak.
 *
 * Environment: BENCH_PORT (3602), SOAK_MINUTES (30), SOAK_RATE requests a second (10),
 * SOAK_CONNECTIONS (10), SOAK_MAX_GROWTH_MIB (50), SOAK_SAMPLE_SECONDS (10),
 * SOAK_WARMUP_SECONDS (90), SOAK_JSON a file for the samples, BUILD_DIR (build),
 * BENCH_DATABASE_URL an EMPTY throw-away PostgreSQL database instead of PGlite.
 */
import { describeMachine, loadAverage, median, residentMemoryMiB } from '../machine'
import { stopServer } from '../support/server'
import { wholeNumber } from '../support/settings'
import {
  buildEnv,
  judge,
  prepare,
  runTraffic,
  startWarmServer,
  statusesText,
  TRAFFIC_SERVER_ENV,
} from './support/traffic'

const PORT = wholeNumber('BENCH_PORT', 3602)
const MINUTES = Math.max(1, wholeNumber('SOAK_MINUTES', 30))
const RATE = Math.max(1, wholeNumber('SOAK_RATE', 10))
const CONNECTIONS = Math.max(1, wholeNumber('SOAK_CONNECTIONS', 10))
const MAX_GROWTH_MIB = wholeNumber('SOAK_MAX_GROWTH_MIB', 50)
const SAMPLE_S = Math.max(1, wholeNumber('SOAK_SAMPLE_SECONDS', 10))
const WARMUP_S = wholeNumber('SOAK_WARMUP_SECONDS', 90)
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? ''

interface Sample {
  /** Seconds since the traffic began. */
  at: number
  rss: number
}

/** The median of the (up to) three samples nearest to `at` seconds. */
function rssAround(samples: Sample[], at: number) {
  const nearest = [...samples].sort((a, b) => Math.abs(a.at - at) - Math.abs(b.at - at))
  return median(nearest.slice(0, 3).map((s) => s.rss))
}

async function main() {
  const buildDir = process.env.BUILD_DIR ?? 'build'
  const machine = describeMachine()
  const loadBefore = loadAverage()
  const seconds = MINUTES * 60
  console.log(
    `Soak: ${MINUTES} min of mixed traffic at about ${RATE} req/s over ${CONNECTIONS} connections, ` +
      `RSS every ${SAMPLE_S} s; ${machine.cores} cores, Node ${machine.node}, ` +
      `${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; load average ${loadBefore}`,
  )
  const server = await startWarmServer({
    port: PORT,
    buildDir,
    env: { ...buildEnv(buildDir), ...TRAFFIC_SERVER_ENV, DATABASE_URL },
  })
  const samples: Sample[] = []
  let failed = false
  try {
    const plan = await prepare(server, { readers: 5, lockTargets: 3, editable: 3 })
    const started = performance.now()
    const sample = () => {
      const rss = residentMemoryMiB(server.pid)?.rss
      if (rss === undefined) return
      const at = (performance.now() - started) / 1000
      samples.push({ at, rss })
      if (samples.length % 6 === 1) {
        console.log(
          `  ${(at / 60).toFixed(1).padStart(5)} min  RSS ${rss.toFixed(0)} MiB  load ${loadAverage()}`,
        )
      }
    }
    sample()
    const timer = setInterval(sample, SAMPLE_S * 1000)
    const result = await runTraffic(plan, {
      connections: CONNECTIONS,
      seconds,
      ratePerSecond: RATE,
    }).finally(() => clearInterval(timer))
    sample()
    const loadAfter = loadAverage()
    const verdict = judge(result)

    const from = Math.min(Math.max(seconds / 6, WARMUP_S), seconds / 2)
    const startRss = rssAround(samples, from)
    const endRss = rssAround(samples, samples[samples.length - 1].at)
    const growth = endRss - startRss
    const peak = Math.max(...samples.map((s) => s.rss))
    console.log('')
    for (const [kind, stats] of result.byKind) console.log(`  ${kind}: ${statusesText(stats)}`)
    console.log(
      `\n${verdict.requests} requests in ${(result.seconds / 60).toFixed(1)} min ` +
        `(${(verdict.requests / result.seconds).toFixed(1)} req/s); errors ${verdict.errors}, ` +
        `5xx ${verdict.fiveXx}, expected 429s ${verdict.limited}, unexpected answers ` +
        `${verdict.unexpected.length ? verdict.unexpected.join('; ') : 'none'}; ` +
        `p50 ${verdict.p50.toFixed(0)} ms, p99 ${verdict.p99.toFixed(0)} ms; ` +
        `sent again on a new socket ${result.retried}`,
    )
    console.log(
      `RSS at ${(from / 60).toFixed(1)} min ${startRss.toFixed(0)} MiB → at the end ` +
        `${endRss.toFixed(0)} MiB: growth ${growth.toFixed(1)} MiB (limit ${MAX_GROWTH_MIB}); ` +
        `first sample ${samples[0].rss.toFixed(0)} MiB, highest ${peak.toFixed(0)} MiB; ` +
        `load average ${loadBefore} → ${loadAfter}`,
    )
    if (process.env.SOAK_JSON) {
      const { writeFileSync } = await import('node:fs')
      writeFileSync(process.env.SOAK_JSON, JSON.stringify({ samples, verdict }, null, 2))
    }
    const logged = /"level":(50|60)/.test(server.output())
    if (logged) console.log(`The server logged errors:\n${server.output().slice(-4000)}`)
    failed =
      growth > MAX_GROWTH_MIB ||
      verdict.errors > 0 ||
      verdict.fiveXx > 0 ||
      verdict.unexpected.length > 0 ||
      logged
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
