/**
 * What a 404 pays for old addresses (results: docs/performance.md).
 *
 *   node --import tsx bench/redirect-lookup.ts      # BENCH_REDIRECTS (20,000), BENCH_RUNS (2,000)
 *
 * On a fresh embedded PGlite: BENCH_REDIRECTS redirects, then the lookup a request that found
 * no page makes (`answerForNotFound` → `findRedirect`, one select on the unique index of
 * from_path), timed for an address with no redirect (a plain 404 pays only this) and for one
 * with a redirect: median and p95 of BENCH_RUNS lookups after 200 warm-up ones.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { describeMachine, loadAverage, median } from './machine'
import { wholeNumber } from './support/settings'

const REDIRECTS = wholeNumber('BENCH_REDIRECTS', 20_000)
const RUNS = Math.max(1, wholeNumber('BENCH_RUNS', 2_000))

const db = await import('~/infra/db.server')
const { findRedirect } = await import('~/domain/redirects/redirects.server')
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-bench-redirects-'))
const handle = await db.openPglite(path.join(dir, 'pglite'))
await db.migrateDatabase(handle)
db.installDatabase(handle)
const d = db.getDb()
await d.execute(
  sql`insert into redirects (from_path, to_path, status_code, source)
      select '/' || (2000 + i % 20) || '/' || lpad((i % 12 + 1)::text, 2, '0') || '/old-story-' || i,
             '/article/story-' || i, 301, 'import'
      from generate_series(1, ${REDIRECTS}) as i`,
)
await d.execute(sql`analyze redirects`)

async function time(paths: () => string) {
  for (let i = 0; i < 200; i++) await findRedirect(paths())
  const samples: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = process.hrtime.bigint()
    await findRedirect(paths())
    samples.push(Number(process.hrtime.bigint() - started) / 1e6)
  }
  samples.sort((a, b) => a - b)
  return { p50: median(samples), p95: samples[Math.floor(samples.length * 0.95)] }
}

let n = 0
const miss = await time(() => `/no-such-page-${++n}`)
const hit = await time(() => {
  const i = (++n % REDIRECTS) + 1
  return `/${2000 + (i % 20)}/${String((i % 12) + 1).padStart(2, '0')}/old-story-${i}/`
})
console.log(describeMachine(), `load ${loadAverage()}`)
console.log(`${REDIRECTS} redirects, ${RUNS} lookups each (ms)`)
console.log(`no redirect (plain 404): p50 ${miss.p50.toFixed(3)}  p95 ${miss.p95.toFixed(3)}`)
console.log(`redirect found:          p50 ${hit.p50.toFixed(3)}  p95 ${hit.p95.toFixed(3)}`)
await handle.close()
fs.rmSync(dir, { recursive: true, force: true })
