/**
 * `npm run bench:content-api`: what a Content API request costs the origin (issue 41), CPU per
 * request of one production server (demo content, the page cache on), in one run, beside two
 * references measured the same way in the same run:
 *
 * - `cached article page` (reference): a story from the page cache;
 * - `uncached article render` (reference): the same story drawn by the app (a cookie named like
 *   the session's: the page cache passes it by);
 * - `API list, uncached`: `GET /api/content/v1/articles?limit=20&key=…`, read and written whole
 *   (the server's page cache never keeps the API: a revoked key must stop at once);
 * - `API list, 304`: the same with `If-None-Match` (the ETag matched: no body sent);
 * - `API article, uncached`: one story with its body (`/articles/{slug}`).
 *
 * An answer a CDN keeps (`?key=`, `s-maxage=60`) costs the origin nothing until the minute is
 * up or the purge drops it: that case is not measured here.
 *
 * BENCH_API_REQUESTS (default 300) sequential keep-alive requests per kind, after as many to
 * warm up; BENCH_ROUNDS rounds (default 3), kinds taking turns; medians printed, with the ratio
 * of each to the cached page (the machine is shared: ratios hold better than milliseconds).
 * BENCH_DOC=false prints only; otherwise the section `bench:content-api` of
 * docs/performance.md is rewritten. CPU is the server process's user + system time (/proc).
 */
import http from 'node:http'
import os from 'node:os'
import { describeMachine, markdownTable, median, processCpuMs } from './machine'
import { writeDocSection } from './support/doc'
import { signInAsBenchAdmin, startServer, stopServer } from './support/server'
import { BROWSER_PAGE_HEADERS, wholeNumber } from './support/settings'

const PORT = wholeNumber('BENCH_PORT', 3211)
const REQUESTS = Math.max(1, wholeNumber('BENCH_API_REQUESTS', 300))
const ROUNDS = Math.max(1, wholeNumber('BENCH_ROUNDS', 3))

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

interface Answer {
  status: number
  body: string
  etag: string | undefined
}

function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { ...BROWSER_PAGE_HEADERS, ...headers } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            etag: res.headers.etag,
          }),
        )
      })
      .on('error', reject)
  })
}

async function expectStatus(answer: Promise<Answer>, status: number, what: string) {
  const got = await answer
  if (got.status !== status) throw new Error(`${what} answered ${got.status}, not ${status}`)
  return got
}

/** An integration made by the admin in the back office; its content key (shown once). */
async function createContentKey(base: string) {
  const cookie = await signInAsBenchAdmin(base)
  const response = await fetch(`${base}/admin/integrations`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'create', name: 'Bench partner' }),
    redirect: 'manual',
  })
  const page = await response.text()
  const key = /bsc_[A-Za-z0-9_-]{20,}/.exec(page)?.[0]
  if (!key) throw new Error(`Creating an integration answered ${response.status} without a key`)
  return key
}

async function main() {
  const machine = describeMachine()
  console.log(
    `Content API cost — ${machine.cores} cores, ${machine.node}, load ${machine.loadAverage}`,
  )
  const server = await startServer({ port: PORT })
  try {
    const key = await createContentKey(server.base)
    const home = await get(`${server.base}/`)
    const story = /href="(\/article\/[^"#?]+)"/.exec(home.body)?.[1]
    if (!story) throw new Error('The home page links no story')
    const list = `${server.base}/api/content/v1/articles?limit=20&key=${key}`
    const article = `${server.base}/api/content/v1/articles/${story.slice('/article/'.length)}?key=${key}`
    const first = await expectStatus(get(list), 200, 'The API list')
    if (!first.etag) throw new Error('The API list sent no ETag')
    const items = (JSON.parse(first.body) as { data: unknown[] }).data.length
    await expectStatus(
      get(list, { 'if-none-match': first.etag }),
      304,
      'The API list with its ETag',
    )
    await expectStatus(get(article), 200, 'The API article')
    const kinds: Record<string, () => Promise<unknown>> = {
      'cached article page': () => get(server.base + story),
      'uncached article render': () => get(server.base + story, { cookie: 'broadsheet.bench=1' }),
      [`API list (${items} articles), uncached`]: () => get(list),
      'API list, 304 (If-None-Match)': () => get(list, { 'if-none-match': first.etag! }),
      'API article, uncached': () => get(article),
    }
    const results: Record<string, number[]> = {}
    for (const run of Object.values(kinds)) for (let i = 0; i < REQUESTS; i++) await run()
    const loads: string[] = []
    for (let round = 0; round < ROUNDS; round++) {
      loads.push(os.loadavg()[0]!.toFixed(2))
      for (const [name, run] of Object.entries(kinds)) {
        const before = processCpuMs(server.pid)!
        for (let i = 0; i < REQUESTS; i++) await run()
        ;(results[name] ??= []).push((processCpuMs(server.pid)! - before) / REQUESTS)
      }
    }
    const reference = median(results['cached article page']!)
    const rows = Object.entries(results).map(([name, values]) => [
      name,
      median(values).toFixed(3),
      `${(median(values) / reference).toFixed(1)}×`,
    ])
    const table = markdownTable(['request', 'CPU ms per request (median)', 'vs cached page'], rows)
    console.log(table)
    const when = new Date().toISOString().slice(0, 10)
    const text =
      `Measured ${when} with \`npm run bench:content-api\`: ${REQUESTS} sequential keep-alive ` +
      `requests per kind, ${ROUNDS} rounds taking turns, medians; ${machine.cores} cores, ` +
      `${machine.node}, 1-minute load average ${loads.join(' / ')} at the rounds' starts (a shared ` +
      `machine: read the ratios). PGlite, demo content.\n\n${table}\n`
    if (process.env.BENCH_DOC !== 'false') await writeDocSection('content-api', text)
  } finally {
    await stopServer(server)
  }
}

await main()
