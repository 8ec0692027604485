/**
 * `npm run bench:election-night`: a night a whole region reads the paper, compressed into
 * minutes (issue 43; results: docs/performance.md, "Election night", between its
 * bench:election-night markers; decision 0058).
 *
 *   BUILD_DIR=build npm run build
 *   BUILD_DIR=build npm run bench:election-night            # 3 minutes at 100 requests a second
 *
 * What runs, all on 127.0.0.1:
 * - PostgreSQL: the primary of BENCH_PRIMARY_URL (an archive made by `npm run bench:data`,
 *   200,000 articles), and a streaming replica made of it with pg_basebackup for the night
 *   (BENCH_REPLICA_PORT), removed at the end;
 * - two production instances (build/server/main.js) writing to the primary and reading public
 *   pages from the replica (DATABASE_READ_URL), purging Varnish (VARNISH_URL);
 * - Varnish with deploy/varnish/broadsheet.vcl in front of both (BENCH_VARNISH_PORT).
 *
 * The night: BENCH_RATE requests a second for BENCH_SECONDS, each drawn from a mix (MIX
 * below): a few hot stories taking most of the traffic, the home page and the live results
 * article (its page and its /api/live polls) followed by many, section pages, search, the
 * archive (log-uniform over its ranks: recent stories more than old ones), and 2 % signed-in
 * readers. Meanwhile the desk, through Varnish, publishes a story every BENCH_PUBLISH_EVERY
 * s, posts a live entry every 10 s and keeps the breaking-news bar (every 30 s); instance B is
 * stopped (SIGTERM) and started again half-way.
 *
 * Figures: the share of anonymous requests that reached an instance (Varnish's backend
 * fetches, background refreshes included, over the anonymous requests); time from a publish
 * or a live entry being saved to its first appearance at the edge (a prober asks every 100 ms
 * for the home page and for the live feed, p50/p99); errors at the edge (5xx, resets,
 * timeouts); the replica's replay lag; CPU and memory of each part; what a 10-million-page-
 * view day means for the origin.
 *
 * Needs Debian's varnish and varnish-modules, PostgreSQL 15's tools, and root (the replica is
 * made and run as the postgres user, through su); the primary must allow replication
 * connections from 127.0.0.1 (pg_hba.conf) with wal_level replica (the default).
 *
 * Environment: BENCH_PRIMARY_URL (postgres://postgres@127.0.0.1:55440/bench_200k), PG_BIN
 * (else the folder of the postgres server on the PATH, else /usr/lib/postgresql/15/bin), BENCH_VARNISH_PORT (6100), BENCH_PORT (6101 and 6102),
 * BENCH_REPLICA_PORT (6150), BENCH_RATE (100), BENCH_SECONDS (180), BENCH_PUBLISH_EVERY (30),
 * BENCH_DOC=false to print without writing docs/performance.md, BUILD_DIR (build).
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { liveSinceParam } from '../app/lib/live-cursor'
import { restart, spawnInstance, startS3, terminate, waitUntilServing } from './support/cluster'
import { writeDocSection } from './support/doc'
import { BENCH_ADMIN } from './support/server'
import { BROWSER_PAGE_HEADERS, wholeNumber } from './support/settings'
import { postgresBin, startStreamingReplica } from './support/replica'
import { hasVarnish, startVarnish } from './support/varnish'
import {
  describeMachine,
  loadAverage,
  markdownTable,
  processCpuMs,
  residentMemoryMiB,
} from './machine'

const PRIMARY_URL =
  process.env.BENCH_PRIMARY_URL ?? 'postgres://postgres@127.0.0.1:55440/bench_200k'
const PG_BIN = postgresBin()
const VARNISH_PORT = wholeNumber('BENCH_VARNISH_PORT', 6100)
const PORT = wholeNumber('BENCH_PORT', 6101)
const REPLICA_PORT = wholeNumber('BENCH_REPLICA_PORT', 6150)
const RATE = Math.max(1, wholeNumber('BENCH_RATE', 100))
const SECONDS = Math.max(30, wholeNumber('BENCH_SECONDS', 180))
const PUBLISH_EVERY_S = Math.max(5, wholeNumber('BENCH_PUBLISH_EVERY', 30))
const LIVE_EVERY_S = 10
const BREAKING_EVERY_S = 30
const WRITE_DOC = process.env.BENCH_DOC !== 'false'
const SITE = `http://127.0.0.1:${VARNISH_PORT}`

/** What a reader asks for, and how often (shares of all requests). */
const MIX = {
  hot: 0.4,
  home: 0.15,
  livePage: 0.1,
  livePoll: 0.2,
  section: 0.08,
  search: 0.04,
  archive: 0.01,
  signedIn: 0.02,
} as const
type Kind = keyof typeof MIX

const SEARCH_TERMS = [
  'election',
  'council',
  'results',
  'vote',
  'turnout',
  'mayor',
  'storm',
  'budget',
]

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })

function request(
  method: string,
  pathname: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: VARNISH_PORT,
        method,
        path: pathname,
        headers,
        agent,
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error(`${pathname}: no answer in 15 s`)))
    req.on('error', reject)
    req.end(body)
  })
}

function post(pathname: string, cookie: string, form: Record<string, string | string[]>) {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(form))
    for (const v of Array.isArray(value) ? value : [value]) params.append(name, v)
  const body = params.toString()
  return request(
    'POST',
    pathname,
    {
      cookie,
      origin: SITE,
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength(body)),
    },
    body,
  )
}

async function signIn(): Promise<string> {
  const body = JSON.stringify(BENCH_ADMIN)
  const res = await request(
    'POST',
    '/api/auth/sign-in/email',
    {
      'content-type': 'application/json',
      origin: SITE,
      'content-length': String(Buffer.byteLength(body)),
    },
    body,
  )
  if (res.status !== 200)
    throw new Error(`The admin's sign-in answered ${res.status}: ${res.body.slice(0, 200)}`)
  return (res.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ')
}

function percentile(values: number[], p: number) {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** A process and every process under it: CPU ms used so far and resident memory, MiB. */
function treeUsage(pid: number): { cpuMs: number; rssMiB: number } {
  let cpuMs = 0
  let rssMiB = 0
  const visit = (p: number) => {
    cpuMs += processCpuMs(p) ?? 0
    const rss = residentMemoryMiB(p)?.rss
    if (rss !== undefined && Number.isFinite(rss)) rssMiB += rss
    let children: number[] = []
    try {
      children = fs
        .readFileSync(`/proc/${p}/task/${p}/children`, 'utf8')
        .split(' ')
        .filter(Boolean)
        .map(Number)
    } catch {
      // Gone meanwhile.
    }
    for (const child of children) visit(child)
  }
  visit(pid)
  return { cpuMs, rssMiB }
}

/** The server's usage, as treeUsage's; nothing once it has stopped. */
function postgresUsage(dataDir: string) {
  try {
    return treeUsage(
      Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]),
    )
  } catch {
    return { cpuMs: 0, rssMiB: 0 }
  }
}

async function main() {
  if (!hasVarnish())
    throw new Error('Varnish is missing: apt-get install -y varnish varnish-modules')
  const machine = describeMachine()
  console.log(`Machine: ${JSON.stringify(machine)}`)
  const primary = new pg.Client({ connectionString: PRIMARY_URL })
  await primary.connect()
  const primaryDir = String((await primary.query('show data_directory')).rows[0].data_directory)
  const archiveSize = Number(
    (await primary.query(`select count(*)::int as n from articles`)).rows[0].n,
  )

  // The replica, made for the night.
  const replica = startStreamingReplica(PRIMARY_URL, REPLICA_PORT, PG_BIN)
  const { basebackupS } = replica
  const replicaUrl = new URL(replica.url)
  console.log(`replica: pg_basebackup ${basebackupS.toFixed(1)} s, on port ${REPLICA_PORT}`)

  const s3 = await startS3()
  const stopReplica = () => replica.stop()
  const created: number[] = []
  let instances: Awaited<ReturnType<typeof waitUntilServing>>[] = []
  let varnish: Awaited<ReturnType<typeof startVarnish>> | undefined
  try {
    const started = performance.now()
    instances = await Promise.all(
      ['A', 'B'].map((name, i) =>
        waitUntilServing(
          spawnInstance({
            name,
            port: PORT + i,
            siteUrl: SITE,
            databaseUrl: PRIMARY_URL,
            s3,
            env: {
              DATABASE_READ_URL: replicaUrl.href,
              VARNISH_URL: SITE,
              LOG_LEVEL: process.env.BENCH_INSTANCE_LOG ? 'info' : 'warn',
              // As docs/deploy.md runs them behind Varnish: out of the rotation before draining.
              STOP_DELAY: '3',
            },
          }),
          started,
        ),
      ),
    )
    varnish = await startVarnish(VARNISH_PORT, [PORT, PORT + 1], '256m')
    const desk = await signIn()
    const reader = await signIn()

    // What readers ask for.
    const breakingTag = (await primary.query(`select id from tags where slug = 'breaking-news'`))
      .rows[0]?.id
    const categories = (await primary.query(`select slug from categories order by id`)).rows.map(
      (r) => String(r.slug),
    )
    const archive = (
      await primary.query(
        `select slug from articles where status = 'published' and published_at <= now() order by published_at desc nulls last, id desc`,
      )
    ).rows.map((r) => String(r.slug))
    const hot = archive.slice(0, 12)

    // The live results article, on the breaking-news bar, its coverage started.
    const marker = `night${Date.now().toString(36)}`
    const made = await post('/admin/new-article', desk, {
      title: `${marker} live: results as they come in`,
      excerpt: 'Every declaration, as it happens.',
      content: `<p>${'The count goes on. '.repeat(30)}</p>`,
      status: 'published',
      ...(breakingTag ? { tags: String(breakingTag) } : {}),
      overwrite: 'on',
    })
    if (made.status !== 302)
      throw new Error(`Creating the live article: ${made.status} ${made.body.slice(0, 300)}`)
    const live = (
      await primary.query(`select id, slug from articles where title like $1`, [`${marker}%`])
    ).rows[0]
    created.push(live.id)
    const liveStart = await post(`/admin/articles/${live.id}/live`, desk, { intent: 'start' })
    if (![200, 204, 302, 303].includes(liveStart.status))
      throw new Error(`Starting coverage: ${liveStart.status}`)
    const livePath = `/article/${live.slug}`

    // The night.
    const counts: Record<Kind, number> = {
      hot: 0,
      home: 0,
      livePage: 0,
      livePoll: 0,
      section: 0,
      search: 0,
      archive: 0,
      signedIn: 0,
    }
    const byCache: Record<string, number> = {}
    let anonymous = 0
    let edgeErrors = 0
    let notFound = 0
    let shed = 0
    let inFlight = 0
    const latencies: number[] = []
    /** Each kind of error at the edge, with how many times it was met. */
    const errorsSeen: Record<string, number> = {}
    const noteError = (what: string) => {
      errorsSeen[what] = (errorsSeen[what] ?? 0) + 1
    }
    const pick = (): Kind => {
      let r = Math.random()
      for (const [kind, share] of Object.entries(MIX) as [Kind, number][]) {
        if ((r -= share) < 0) return kind
      }
      return 'hot'
    }
    const pathFor = (kind: Kind): string => {
      switch (kind) {
        case 'hot': {
          // A few stories take most of it: weights 1/rank over the hot list.
          const rank = Math.floor(Math.pow(hot.length + 1, Math.random())) - 1
          return `/article/${hot[Math.min(rank, hot.length - 1)]}`
        }
        case 'home':
          return '/'
        case 'livePage':
          return livePath
        case 'livePoll':
          // A follower asks since the cursor its last answer gave (the page's, at first).
          return `/api/live/${live.id}?since=${sinces[Math.floor(Math.random() * sinces.length)]}`
        case 'section': {
          const slug = categories[Math.floor(Math.random() * categories.length)]
          return Math.random() < 0.8 ? `/category/${slug}` : `/category/${slug}?page=2`
        }
        case 'search':
          return `/search?q=${SEARCH_TERMS[Math.floor(Math.random() * SEARCH_TERMS.length)]}`
        case 'archive': {
          // Log-uniform over the archive's ranks: a story of last week far more than one of 2019.
          const rank = Math.floor(Math.pow(archive.length, Math.random())) - 1
          return `/article/${archive[rank]}?utm_source=social`
        }
        case 'signedIn':
          return Math.random() < 0.5 ? '/' : `/article/${hot[0]}`
      }
    }
    const fire = (kind: Kind) => {
      if (inFlight >= 400) {
        shed++
        return
      }
      inFlight++
      counts[kind]++
      if (kind !== 'signedIn') anonymous++
      const t0 = performance.now()
      const headers: Record<string, string> =
        kind === 'livePoll'
          ? { accept: 'application/json' }
          : { ...BROWSER_PAGE_HEADERS, 'accept-encoding': 'gzip' }
      if (kind === 'signedIn') headers.cookie = reader
      request('GET', pathFor(kind), headers)
        .then((res) => {
          latencies.push(performance.now() - t0)
          if (kind === 'livePoll' && res.status === 200) noteCursor(res.body)
          const cache = String(res.headers['x-varnish-cache'] ?? 'none')
          byCache[`${kind === 'signedIn' ? 'signed-in' : 'anonymous'} ${cache}`] =
            (byCache[`${kind === 'signedIn' ? 'signed-in' : 'anonymous'} ${cache}`] ?? 0) + 1
          if (res.status >= 500) {
            edgeErrors++
            noteError(
              `${res.status} ${kind} (${res.headers['x-varnish-cache'] ? `from an instance, ${String(res.headers['x-varnish-cache'])}` : 'from Varnish: the fetch failed or was refused'})`,
            )
          } else if (res.status === 404) notFound++
        })
        .catch((error: Error) => {
          edgeErrors++
          noteError(`${kind}: ${error.message}`)
        })
        .finally(() => inFlight--)
    }

    // Samplers: replica lag, CPU and memory of each part.
    const lagSamples: { ms: number; bytes: number }[] = []
    const lagTimer = setInterval(() => {
      primary
        .query(
          `select coalesce(extract(epoch from replay_lag) * 1000, 0)::float as ms,
                  pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::float as bytes
             from pg_stat_replication`,
        )
        .then((r) => {
          if (r.rows[0])
            lagSamples.push({ ms: Number(r.rows[0].ms), bytes: Number(r.rows[0].bytes) })
        })
        .catch(() => {})
    }, 1000)
    const parts = () => ({
      'instance A': treeUsage(instances[0].child.pid!),
      'instance B': treeUsage(instances[1].child.pid!),
      varnish: (() => {
        const u = varnish!.usage()
        return { cpuMs: u.cpuSeconds * 1000, rssMiB: u.rssKiB / 1024 }
      })(),
      'PostgreSQL primary': postgresUsage(primaryDir),
      'PostgreSQL replica': postgresUsage(replica.dataDir),
      'load generator': {
        cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
        rssMiB: process.memoryUsage().rss / 2 ** 20,
      },
    })
    const peakRss: Record<string, number> = {}
    const cpuTotals: Record<string, number> = {}
    let lastParts = parts()
    const usageTimer = setInterval(() => {
      // Instance B's process changes at the restart: its CPU is summed over both.
      const now = parts()
      for (const [name, usage] of Object.entries(now)) {
        peakRss[name] = Math.max(peakRss[name] ?? 0, usage.rssMiB)
        const before = lastParts[name as keyof typeof now].cpuMs
        cpuTotals[name] = (cpuTotals[name] ?? 0) + Math.max(0, usage.cpuMs - before)
      }
      lastParts = now
    }, 1000)

    // The live feed's cursors readers hold: the page's, then what each answer gives.
    // A cold page may take long on a loaded machine: asked again until it is there.
    let livePage: Answer | undefined
    for (let tries = 0; livePage?.status !== 200 && tries < 6; tries++) {
      livePage = await request('GET', livePath, BROWSER_PAGE_HEADERS).catch(() => undefined)
    }
    if (!livePage) throw new Error(`${livePath}: no answer`)
    const pageCursor = Number(/data-cursor="(\d+)"/.exec(livePage.body)?.[1])
    if (!Number.isFinite(pageCursor)) throw new Error('The live article carries no live cursor')
    const sinces = [liveSinceParam(pageCursor)]
    const noteCursor = (body: string) => {
      const since = liveSinceParam(Number((JSON.parse(body) as { cursor: number }).cursor))
      if (Number.isFinite(since) && !sinces.includes(since)) {
        sinces.push(since)
        if (sinces.length > 3) sinces.shift()
      }
    }
    // The site was up before the night: its hot pages are at the edge already.
    const warm = [
      '/',
      livePath,
      `/api/live/${live.id}?since=${sinces[0]}`,
      ...hot.map((slug) => `/article/${slug}`),
      ...categories.map((slug) => `/category/${slug}`),
      ...SEARCH_TERMS.map((term) => `/search?q=${term}`),
    ]
    for (const pathname of warm)
      await request('GET', pathname, BROWSER_PAGE_HEADERS).catch(() => {})

    // CPU and memory are the night's, not the start's or the warm-up's.
    lastParts = parts()
    for (const name of Object.keys(cpuTotals)) cpuTotals[name] = 0
    for (const name of Object.keys(peakRss)) peakRss[name] = 0
    const countersBefore = await varnish.counters()
    const loadBefore = loadAverage()
    const nightStarted = performance.now()
    const endsAt = nightStarted + SECONDS * 1000
    let stopped = false

    // The generator: RATE a second, in 20 ms ticks.
    const generator = (async () => {
      let due = 0
      let last = performance.now()
      while (performance.now() < endsAt) {
        await sleep(20)
        const now = performance.now()
        due += ((now - last) / 1000) * RATE
        last = now
        while (due >= 1) {
          fire(pick())
          due--
        }
      }
    })()

    /** Polls `check` every 100 ms until it holds: the time it took, ms. */
    const firstSeen = async (check: () => Promise<boolean>, from: number) => {
      while (!stopped && performance.now() - from < 60_000) {
        // The prober is an anonymous reader too.
        anonymous++
        try {
          if (await check()) return performance.now() - from
        } catch {
          // Counted by the readers' side; the prober only times.
        }
        await sleep(100)
      }
      return NaN
    }
    const publishSeen: number[] = []
    const entrySeen: number[] = []
    const waits: Promise<void>[] = []
    const deskErrors: string[] = []

    const publisher = (async () => {
      for (let k = 0; ; k++) {
        const at = nightStarted + (k + 1) * PUBLISH_EVERY_S * 1000
        if (at >= endsAt) return
        await sleep(at - performance.now())
        const title = `${marker} declaration ${k + 1}`
        const res = await post('/admin/new-article', desk, {
          title,
          excerpt: 'A result declared.',
          content: `<p>${'The returning officer read the figures. '.repeat(10)}</p>`,
          status: 'published',
          overwrite: 'on',
        })
        const saved = performance.now()
        if (res.status !== 302) {
          deskErrors.push(`publish ${res.status}`)
          continue
        }
        const row = (await primary.query(`select id, slug from articles where title = $1`, [title]))
          .rows[0]
        if (row) {
          created.push(row.id)
          hot.unshift(row.slug)
          hot.length = 12
        }
        waits.push(
          firstSeen(
            async () => (await request('GET', '/', BROWSER_PAGE_HEADERS)).body.includes(title),
            saved,
          ).then((ms) => void publishSeen.push(ms)),
        )
      }
    })()

    const liveDesk = (async () => {
      for (let k = 0; ; k++) {
        const at = nightStarted + (k + 1) * LIVE_EVERY_S * 1000
        if (at >= endsAt) return
        await sleep(at - performance.now())
        const since = sinces[sinces.length - 1]
        const res = await post(`/admin/articles/${live.id}/live`, desk, {
          intent: 'publish',
          headline: `Declaration ${k + 1}`,
          content: `<p>night-entry-${k}: ${'The figures are in. '.repeat(8)}</p>`,
        })
        const saved = performance.now()
        if (![200, 204, 302, 303].includes(res.status)) {
          deskErrors.push(`live entry ${res.status}`)
          continue
        }
        waits.push(
          firstSeen(async () => {
            const answer = await request('GET', `/api/live/${live.id}?since=${since}`, {
              accept: 'application/json',
            })
            return answer.status === 200 && answer.body.includes(`night-entry-${k}:`)
          }, saved).then((ms) => void entrySeen.push(ms)),
        )
      }
    })()

    const breaking = (async () => {
      let changes = 0
      for (let k = 0; ; k++) {
        const at = nightStarted + (k + 1) * BREAKING_EVERY_S * 1000 + 5000
        if (at >= endsAt || !breakingTag) return changes
        await sleep(at - performance.now())
        const res = await post(`/admin/articles/${live.id}/breaking-news`, desk, { intent: 'keep' })
        if (res.status >= 400) deskErrors.push(`breaking bar ${res.status}`)
        else changes++
      }
    })()

    // Half-way, instance B is stopped and started again (a deploy).
    await sleep(nightStarted + (SECONDS * 1000) / 2 - performance.now())
    const stoppedB = await terminate(instances[1])
    const restartStarted = performance.now()
    instances[1] = await restart(instances[1])
    const restartMs = performance.now() - restartStarted
    console.log(
      `B stopped in ${Math.round(stoppedB.ms)} ms (code ${stoppedB.code}), back in ${Math.round(restartMs)} ms`,
    )

    await Promise.all([generator, publisher, liveDesk])
    const breakingChanges = await breaking
    while (inFlight > 0) await sleep(50)
    const nightSeconds = (performance.now() - nightStarted) / 1000
    await Promise.all(waits)
    stopped = true
    clearInterval(lagTimer)
    clearInterval(usageTimer)
    const loadAfter = loadAverage()
    const countersAfter = await varnish.counters()
    const delta = (name: string) => (countersAfter[name] ?? 0) - (countersBefore[name] ?? 0)

    // Anonymous requests that reached an instance: Varnish's fetches from the instances (misses
    // and background refreshes), less the signed-in and desk requests it passed.
    const fetches = delta('backend_req')
    const passes = delta('s_pass')
    const anonymousFetches = Math.max(0, fetches - passes)
    const total = Object.values(counts).reduce((a, b) => a + b, 0)
    const share = anonymousFetches / anonymous
    const lagMs = lagSamples.map((s) => s.ms)
    const lagBytes = lagSamples.map((s) => s.bytes)

    const cpuRows = Object.keys(cpuTotals).map((name) => [
      name,
      ((cpuTotals[name] ?? 0) / 1000).toFixed(1),
      (((cpuTotals[name] ?? 0) / 1000 / nightSeconds) * 100).toFixed(0) + ' %',
      Math.round(peakRss[name] ?? 0),
    ])
    const instanceCpuS = ((cpuTotals['instance A'] ?? 0) + (cpuTotals['instance B'] ?? 0)) / 1000
    const dbCpuS =
      ((cpuTotals['PostgreSQL primary'] ?? 0) + (cpuTotals['PostgreSQL replica'] ?? 0)) / 1000
    // A 10-million-page-view day, its busiest hour a tenth of it (a night like this one).
    const dayViews = 10_000_000
    const peakPerSecond = (dayViews * 0.1) / 3600
    const originPerSecond = peakPerSecond * share
    const originCpuPerFetchMs = ((instanceCpuS + dbCpuS) * 1000) / Math.max(1, fetches)

    const result = {
      machine,
      archiveSize,
      basebackupS,
      seconds: nightSeconds,
      total,
      counts,
      byCache,
      fetches,
      passes,
      share,
      edgeErrors,
      errorsSeen,
      notFound,
      shed,
      deskErrors,
      breakingChanges,
      publishSeen,
      entrySeen,
      lagMs: { p50: percentile(lagMs, 50), max: Math.max(...lagMs) },
      lagBytes: { p50: percentile(lagBytes, 50), max: Math.max(...lagBytes) },
      latency: { p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
      restart: { stopMs: stoppedB.ms, code: stoppedB.code, backMs: restartMs },
      loadBefore,
      loadAfter,
      cpuRows,
    }
    console.log(JSON.stringify(result, null, 2))

    const fmt = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'not seen')
    const doc = `Run ${machine.date.slice(0, 16).replace('T', ' ')} UTC: \`npm run bench:election-night\` (BENCH_RATE=${RATE}, BENCH_SECONDS=${SECONDS}, BENCH_PUBLISH_EVERY=${PUBLISH_EVERY_S}) on the ${archiveSize.toLocaleString('en')}-article archive; ${machine.cores} cores shared with other work, load average ${loadBefore} before and ${loadAfter} after; ${machine.node}. The replica: \`pg_basebackup\` took ${basebackupS.toFixed(0)} s.

${markdownTable(
  ['figure', 'measured', 'goal'],
  [
    [
      'requests at the edge (readers)',
      `${total} in ${nightSeconds.toFixed(0)} s (${(total / nightSeconds).toFixed(0)}/s)`,
      '',
    ],
    [
      'anonymous requests reaching an instance',
      `${anonymousFetches} of ${anonymous}: ${(share * 100).toFixed(2)} %`,
      '≤ 1 %',
    ],
    [
      'publish → on the home page at the edge, p50 / p99',
      `${fmt(percentile(publishSeen, 50))} / ${fmt(percentile(publishSeen, 99))} (${publishSeen.length} stories)`,
      'p99 ≤ 5 s',
    ],
    [
      'live entry → in the live feed at the edge, p50 / p99',
      `${fmt(percentile(entrySeen, 50))} / ${fmt(percentile(entrySeen, 99))} (${entrySeen.length} entries)`,
      'p99 ≤ 5 s',
    ],
    [
      'errors at the edge (5xx, resets, timeouts), restart included',
      `${edgeErrors}${edgeErrors ? ` (${describeErrors(errorsSeen)})` : ''}`,
      '0',
    ],
    ['requests not sent (400 in flight already)', String(shed), ''],
    [
      'edge latency, p50 / p99',
      `${latencies.length ? percentile(latencies, 50).toFixed(1) : '–'} / ${latencies.length ? percentile(latencies, 99).toFixed(1) : '–'} ms`,
      '',
    ],
    [
      'replica replay lag, p50 / max',
      `${percentile(lagMs, 50).toFixed(0)} / ${Math.max(...lagMs).toFixed(0)} ms (${percentile(lagBytes, 50).toFixed(0)} / ${Math.max(...lagBytes).toFixed(0)} bytes behind)`,
      '',
    ],
    [
      'instance B restarted half-way',
      `stopped in ${(stoppedB.ms / 1000).toFixed(1)} s (exit ${stoppedB.code}), serving again ${(restartMs / 1000).toFixed(1)} s later`,
      '',
    ],
    [
      'the desk',
      `${publishSeen.length} stories, ${entrySeen.length} live entries, ${breakingChanges} changes of the breaking bar${deskErrors.length ? `; refused: ${deskErrors.join(', ')}` : ''}`,
      '',
    ],
  ],
)}

By kind of request: ${Object.entries(counts)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}. As Varnish answered them: ${Object.entries(byCache)
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join(
        ', ',
      )}. Varnish fetched ${fetches} times from the instances (${passes} of them signed-in or desk requests passed on).

${markdownTable(['part', 'CPU s', 'of one core', 'peak RSS MiB'], cpuRows)}

**A 10-million-page-view day.** With its busiest hour a tenth of the day, ${peakPerSecond.toFixed(0)} page views a second at the edge; at this night's ratio ${originPerSecond.toFixed(1)} a second reach the instances, about ${originCpuPerFetchMs.toFixed(0)} ms of instance and database CPU each here (their CPU over Varnish's fetches): ${((originPerSecond * originCpuPerFetchMs) / 1000).toFixed(2)} cores at the origin for the peak hour, before the signed-in share (${(MIX.signedIn * 100).toFixed(0)} %: ${(peakPerSecond * MIX.signedIn).toFixed(1)} a second, never cached).`
    console.log(doc)
    if (WRITE_DOC) await writeDocSection('election-night', doc)
  } finally {
    if (created.length > 0) {
      // The archive stays as it was for the other benchmarks.
      await primary
        .query(`delete from articles where id = any($1::int[])`, [created])
        .catch((error: Error) => {
          console.error(
            `Could not delete the night's articles (${created.join(', ')}): ${error.message}`,
          )
        })
    }
    await varnish?.close()
    await Promise.all(instances.map((instance) => terminate(instance)))
    // BENCH_INSTANCE_LOG=<file>: what the instances wrote, to see why one refused a request.
    if (process.env.BENCH_INSTANCE_LOG) {
      fs.writeFileSync(
        process.env.BENCH_INSTANCE_LOG,
        instances.map((instance) => `== ${instance.name}\n${instance.output()}`).join('\n'),
      )
    }
    await s3.close()
    stopReplica()
    await primary.end()
    agent.destroy()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})

/** The kinds of errors met, the most frequent first: "503 section (…) × 812; …". */
function describeErrors(seen: Record<string, number>) {
  return Object.entries(seen)
    .sort((a, b) => b[1] - a[1])
    .map(([what, count]) => `${what} × ${count}`)
    .join('; ')
}
