/**
 * Faults, measured on one production instance with its own PostgreSQL cluster (started here,
 * on 127.0.0.1:55441, in a throw-away folder) and s3rver:
 *
 * 1. The page cache's LISTEN connection killed (pg_terminate_backend): time until it listens
 *    again (/metrics broadsheet_page_cache_listener_up) and whether the caches were emptied.
 * 2. PostgreSQL stopped for OUTAGE_S seconds (10) under load (CONNECTIONS workers, 10, asking for
 *    cached pages and uncached searches): what the requests answered during the outage and how
 *    fast; after `pg_ctl start`, the time to the first 200 of an uncached page and to the last
 *    failure, with no restart of the app.
 * 3. S3 stopped: the home page and an article still answer 200, and a stored file answers 503.
 * 4. SIGTERM under load: time from the signal to the process's exit, requests in flight then,
 *    and any of them that failed.
 *
 * Needs a build: `BUILD_DIR=/tmp/x/build npx react-router build`, then
 * `BUILD_DIR=/tmp/x/build node --import tsx bench/faults.ts`. Run as root (the cluster runs as
 * the postgres user) or as a user that may run initdb. Prints a JSON summary at the end.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { startInstance, startS3, terminate } from './support/cluster'
import { freshDatabase } from './support/fresh-database'

const PG_PORT = Number(process.env.FAULTS_PG_PORT ?? 55441)
const APP_PORT = Number(process.env.FAULTS_PORT ?? 3441)
const OUTAGE_S = Number(process.env.OUTAGE_S ?? 10)
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10)
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'

// ---------------------------------------------------------------- a PostgreSQL of our own
const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-faults-pg-'))
const asPostgres = process.getuid?.() === 0
function pgCommand(args: string[]) {
  const command = `${PG_BIN}/${args[0]}`
  if (asPostgres) {
    const line = [command, ...args.slice(1)].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ')
    execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', line], { stdio: 'ignore' })
  } else execFileSync(command, args.slice(1), { stdio: 'ignore' })
}
const pgData = path.join(pgDir, 'data')
if (asPostgres) execFileSync('chown', ['postgres:postgres', pgDir])
pgCommand(['initdb', '-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'])
const pgStart = () =>
  pgCommand([
    'pg_ctl',
    '-D',
    pgData,
    '-o',
    `-h 127.0.0.1 -p ${PG_PORT} -k /tmp`,
    '-l',
    `${pgData}/log`,
    '-w',
    'start',
  ])
const pgStop = () => pgCommand(['pg_ctl', '-D', pgData, '-m', 'fast', '-w', 'stop'])
pgStart()
process.on('exit', () => {
  try {
    pgStop()
  } catch {
    // stopped already
  }
  fs.rmSync(pgDir, { recursive: true, force: true })
})

const baseUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`
const database = await freshDatabase(baseUrl, 'broadsheet_faults')
const s3 = await startS3()
const siteUrl = `http://127.0.0.1:${APP_PORT}`
const instance = await startInstance({
  name: 'faults',
  port: APP_PORT,
  siteUrl,
  databaseUrl: database.url,
  s3,
  seedDemo: true,
  env: { METRICS_ALLOW: '127.0.0.1', DRAIN_TIMEOUT: '10', TRUST_PROXY: '0' },
})
console.log(`instance up in ${Math.round(instance.startMs)} ms`)
let expectExit = false
instance.child.once('exit', (code, signal) => {
  if (expectExit) return
  console.error(
    `the instance exited (code ${code}, signal ${signal}):\n${instance.output().slice(-20_000)}`,
  )
  process.exit(1)
})

async function metric(name: string): Promise<number | undefined> {
  const text = await fetch(`${siteUrl}/metrics`).then((r) => r.text())
  const line = text.split('\n').find((l) => l.startsWith(`${name} `))
  return line ? Number(line.split(' ')[1]) : undefined
}

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: baseUrl })
  await client.connect()
  try {
    return (await client.query<T>(sql, params)).rows
  } finally {
    await client.end()
  }
}

async function queryApp<T extends pg.QueryResultRow>(sql: string) {
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    return (await client.query<T>(sql)).rows
  } finally {
    await client.end()
  }
}

const [{ slug: articleSlug }] = (await queryApp<{ slug: string }>(
  `select slug from articles where status = 'published' order by id limit 1`,
)) as [{ slug: string }]

// ---------------------------------------------------------------- 1. LISTEN killed
const reconnectMs: number[] = []
for (let round = 0; round < 5; round++) {
  // A cached page, to see the cache emptied.
  await fetch(`${siteUrl}/`)
  await fetch(`${siteUrl}/`)
  const before = (await metric('broadsheet_page_cache_listener_reconnects_total')) ?? 0
  const entriesBefore = (await metric('broadsheet_page_cache_entries')) ?? 0
  const [listener] = await query<{ pid: number }>(
    `select pid from pg_stat_activity where application_name = 'broadsheet-page-cache-listener'`,
  )
  const killedAt = performance.now()
  await query('select pg_terminate_backend($1)', [listener!.pid])
  for (;;) {
    if ((await metric('broadsheet_page_cache_listener_reconnects_total')) === before + 1) break
    if (performance.now() - killedAt > 15_000) throw new Error('the listener did not come back')
    await sleep(5)
  }
  reconnectMs.push(Math.round(performance.now() - killedAt))
  const entriesAfter = (await metric('broadsheet_page_cache_entries')) ?? -1
  console.log(
    `listener killed: listening again after ${reconnectMs.at(-1)} ms; cached pages ${entriesBefore} → ${entriesAfter}`,
  )
}

// ---------------------------------------------------------------- load
interface Outcome {
  at: number
  ms: number
  status: number | string
  kind: 'cached' | 'uncached'
}
const t0 = performance.now()
const now = () => performance.now() - t0
function load(outcomes: Outcome[], until: () => boolean, paths: () => [string, Outcome['kind']]) {
  let n = 0
  return Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (!until()) {
        const [p, kind] = paths()
        const started = now()
        const status = await fetch(`${siteUrl}${p}`, { signal: AbortSignal.timeout(15_000) }).then(
          async (res) => {
            await res.arrayBuffer()
            return res.status
          },
          (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.name,
        )
        outcomes.push({ at: started, ms: now() - started, status, kind })
        n++
      }
    }),
  ).then(() => n)
}
const mixed = (): [string, Outcome['kind']] =>
  Math.random() < 0.5
    ? [Math.random() < 0.5 ? '/' : `/article/${articleSlug}`, 'cached']
    : [`/search?q=word${Math.floor(Math.random() * 1e9)}`, 'uncached']

function percentile(values: number[], p: number) {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!)
}
function statuses(outcomes: Outcome[]) {
  const counts: Record<string, number> = {}
  for (const o of outcomes)
    counts[`${o.kind} ${o.status}`] = (counts[`${o.kind} ${o.status}`] ?? 0) + 1
  return counts
}

// ---------------------------------------------------------------- 2. PostgreSQL stopped
const outcomes: Outcome[] = []
let loading = true
const readiness: { at: number; status: number }[] = []
const readyWatch = (async () => {
  while (loading) {
    const status = await fetch(`${siteUrl}/readyz`).then(
      (r) => r.status,
      () => 0,
    )
    readiness.push({ at: now(), status })
    await sleep(100)
  }
})()
const running = load(outcomes, () => !loading, mixed)
await sleep(5000)
const stopAt = now()
pgStop()
const stoppedAt = now()
await sleep(OUTAGE_S * 1000 - (stoppedAt - stopAt))
const startAt = now()
pgStart()
const backAt = now()
await sleep(10_000)
loading = false
await Promise.all([running, readyWatch])

const during = outcomes.filter((o) => o.at >= stoppedAt && o.at + o.ms < startAt)
const after = outcomes.filter((o) => o.at >= backAt)
const firstUncached200 = after.find((o) => o.kind === 'uncached' && o.status === 200)
const lastFailure = outcomes.filter((o) => o.status !== 200 && o.at >= backAt).at(-1)
const firstReady = readiness.find((r) => r.at >= backAt && r.status === 200)
const outage = {
  outageS: Math.round((startAt - stopAt) / 100) / 10,
  during: statuses(during),
  duringFailedMs: {
    p50: percentile(
      during.filter((o) => o.status !== 200).map((o) => o.ms),
      50,
    ),
    p99: percentile(
      during.filter((o) => o.status !== 200).map((o) => o.ms),
      99,
    ),
    max: percentile(
      during.filter((o) => o.status !== 200).map((o) => o.ms),
      100,
    ),
  },
  nonFast: during.filter((o) => o.status !== 200 && o.status !== 503).length,
  firstUncached200AfterStartMs: firstUncached200
    ? Math.round(firstUncached200.at + firstUncached200.ms - backAt)
    : null,
  lastFailureAfterStartMs: lastFailure ? Math.round(lastFailure.at + lastFailure.ms - backAt) : 0,
  readyAgainAfterStartMs: firstReady ? Math.round(firstReady.at - backAt) : null,
  pgStartMs: Math.round(backAt - startAt),
  after: statuses(after),
}
console.log('PostgreSQL outage:', JSON.stringify(outage, null, 2))

// ---------------------------------------------------------------- 3. S3 stopped
await s3.close()
const s3Pages = {
  home: (await fetch(`${siteUrl}/?s3=${Date.now()}`)).status,
  article: (await fetch(`${siteUrl}/article/${articleSlug}?s3=${Date.now()}`)).status,
}
const mediaName = (
  await queryApp<{ bucket: string; name: string }>(
    'select bucket, name from media_files limit 1',
  ).catch(() => [])
)[0]
const s3Media = mediaName
  ? (await fetch(`${siteUrl}/media/${mediaName.bucket}/${mediaName.name}`)).status
  : null
console.log('S3 stopped:', { ...s3Pages, media: s3Media })

// ---------------------------------------------------------------- 4. SIGTERM under load
const drainOutcomes: Outcome[] = []
let draining = false
let signalAt = Infinity
const drainLoad = load(
  drainOutcomes,
  () => draining && now() > signalAt + 2000,
  () => [`/search?q=drain${Math.floor(Math.random() * 1e9)}`, 'uncached'],
)
await sleep(3000)
draining = true
signalAt = now()
expectExit = true
const ended = await terminate(instance, 30_000)
await drainLoad
// The instance's own account: when it began draining, how long the drain took, when it stopped.
const shutdownLog = instance
  .output()
  .split('\n')
  .filter((line) => /"msg":"(draining|drained|stopped)"/.test(line))
  .map(
    (line) =>
      JSON.parse(line) as { time: number; msg: string; ms?: number } & Record<string, unknown>,
  )
const drainingAt = shutdownLog.find((l) => l.msg === 'draining')?.time
const stoppedAt2 = shutdownLog.find((l) => l.msg === 'stopped')?.time
const inFlight = drainOutcomes.filter((o) => o.at < signalAt && o.at + o.ms > signalAt)
const drain = {
  exitMs: Math.round(ended.ms),
  exitCode: ended.code,
  killed: ended.killed,
  httpDrainMs: shutdownLog.find((l) => l.msg === 'drained')?.ms,
  signalToStoppedMs: drainingAt && stoppedAt2 ? stoppedAt2 - drainingAt : undefined,
  steps: shutdownLog.find((l) => l.msg === 'stopped'),
  inFlightAtSignal: inFlight.length,
  inFlightFailed: inFlight.filter((o) => o.status !== 200).length,
  afterSignal: statuses(drainOutcomes.filter((o) => o.at >= signalAt)),
}
console.log('SIGTERM under load:', drain)

const summary = {
  machine: { cpus: os.cpus().length, load: os.loadavg().map((l) => Math.round(l * 10) / 10) },
  connections: CONNECTIONS,
  listenerReconnectMs: reconnectMs,
  outage,
  s3: { ...s3Pages, media: s3Media },
  drain,
}
console.log(JSON.stringify(summary))
process.exit(0)
