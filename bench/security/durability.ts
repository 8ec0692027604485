/**
 * Durability under kill -9 (issue 13, item 5), on the production build:
 *
 * 1. Article saves through the back office's own action (POST /admin/new-article, answered by
 *    a redirect once committed) and article views (GET /article/…, counted in memory and
 *    written every VIEW_FLUSH_INTERVAL_MS), several writers at once; the server is killed
 *    with SIGKILL at a random moment, several times. After each kill, before the restart, the
 *    database is read directly: every acknowledged save must be there, and the stored views
 *    may lack at most the views acknowledged within one flush interval of the kill (the
 *    documented bound), and never count more than were sent.
 * 2. A large PDF edition upload, killed at random moments from the first byte to the answer:
 *    after the kill and again after the restart, no temporary or half file is left in the data
 *    folder or the bucket, and no edition, media row or PDF of that upload exists.
 *
 * Embedded database by default; PostgreSQL too when TEST_DATABASE_URL is set (a fresh
 * database on that server). Settings: BUILD_DIR, BENCH_PORT (3310), DURABILITY_WRITES (1000),
 * DURABILITY_KILLS (5), DURABILITY_UPLOAD_KILLS (5), DURABILITY_UPLOAD_MB (50),
 * DURABILITY_DATABASES (pglite,postgres).
 *
 *   BUILD_DIR=/tmp/x/build node --import tsx bench/security/durability.ts
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { pathToFileURL } from 'node:url'
import { sql } from 'drizzle-orm'
import { VIEW_FLUSH_INTERVAL_MS } from '~/domain/articles/view-counter.server'
import { buildPdf } from '~/domain/seed/seed.server'
import { openPglite, openPostgres, type DatabaseHandle } from '~/infra/db.server'
import { IMAGE_WIDTHS } from '~/lib/image-variants'
import { slugify } from '~/lib/slugify'
import { freshDatabase } from '../support/fresh-database'
import { wholeNumber, BROWSER_PAGE_HEADERS } from '../support/settings'
import { signInAsBenchAdmin, startServer, tempDir, type RunningServer } from '../support/server'

export interface DurabilityOptions {
  port: number
  buildDir?: string
  /** Acknowledged article saves to reach, in all. */
  writes: number
  /** Kills during the writes (the writes are spread over kills + 1 runs of the server). */
  kills: number
  uploadKills: number
  uploadMb: number
  /** Demo content on the first start (the default); off, the first start is quicker. */
  seed?: boolean
  /** PostgreSQL (a fresh, empty database) instead of the embedded one. */
  databaseUrl?: string
  log?: (line: string) => void
}

export interface DurabilityReport {
  database: 'pglite' | 'postgres'
  acknowledgedSaves: number
  unacknowledgedSaves: number
  /** Acknowledged saves missing after a kill: must be 0. */
  lostSaves: number
  kills: number
  /** Per kill: views acknowledged, stored after the kill, acknowledged within one interval of it. */
  views: { sent: number; stored: number; lastInterval: number }[]
  viewBoundBroken: number
  /** Per kill during the upload: what was there right after it, and what a restart left. */
  uploadKills: {
    kind: string
    atMs: number
    phase: string
    afterKill: string[]
    leftovers: string[]
  }[]
  /** A whole upload of each kind, ms. */
  uploadMs: Record<string, number>
  restartMs: number[]
}

const WRITERS = 4
const READERS = 2
// A flush started just before the kill may still be writing: one interval, plus its own time.
const FLUSH_SLACK_MS = 1500

interface Client {
  base: string
  cookie: string
}

async function signIn(base: string): Promise<Client> {
  return { base, cookie: await signInAsBenchAdmin(base) }
}

/** One article save through the new-article action: true once acknowledged (the redirect). */
async function saveArticle(client: Client, title: string, content: string) {
  const response = await fetch(`${client.base}/admin/new-article`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie: client.cookie,
      origin: client.base,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ title, content, status: 'published' }).toString(),
  })
  await response.arrayBuffer()
  if (response.status !== 302) throw new Error(`save answered ${response.status}`)
}

/** The id of a published article, found by its exact title through the public search API. */
async function articleIdOf(base: string, title: string): Promise<number> {
  const response = await fetch(`${base}/api/search?q=${encodeURIComponent(`"${title}"`)}`)
  const body = (await response.json()) as { results?: { id: number; title: string }[] }
  const found = body.results?.find((result) => result.title === title)
  if (!found) throw new Error(`search did not find "${title}" (answered ${response.status})`)
  return found.id
}

let readers = 0

/**
 * A reader's view as a browser makes it: the page, then the page's own beacon
 * (components/site/view-beacon.tsx), which is what counts the view. Each view is another
 * reader (an address of its own, through the proxy the server trusts): a view counts once per
 * reader and story a day, and one reader's pace is bounded.
 */
async function viewArticle(base: string, slug: string, articleId: number) {
  const reader = readers++
  const forwarded = { 'x-forwarded-for': `198.18.${(reader >> 8) & 255}.${reader & 255}` }
  const response = await fetch(`${base}/article/${slug}`, {
    headers: { ...BROWSER_PAGE_HEADERS, ...forwarded },
  })
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`view answered ${response.status}`)
  const beacon = await fetch(`${base}/api/views`, {
    method: 'POST',
    headers: { ...BROWSER_PAGE_HEADERS, ...forwarded, origin: base },
    body: new URLSearchParams({ article: String(articleId) }),
  })
  await beacon.arrayBuffer()
  if (beacon.status !== 204) throw new Error(`view beacon answered ${beacon.status}`)
}

/** The database of a stopped (or killed) server, read directly. */
async function openStopped(server: RunningServer, databaseUrl?: string): Promise<DatabaseHandle> {
  if (databaseUrl) return openPostgres(databaseUrl, 2)
  // The killed server's lock names a dead process: the data folder is free.
  return openPglite(path.join(server.dataDir, 'db'))
}

async function rowsOf<T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) {
  return (await handle.db.execute(query)).rows as T[]
}

function killNow(server: RunningServer) {
  try {
    process.kill(-server.pid, 'SIGKILL')
  } catch {}
  return new Promise<void>((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) resolve()
    else server.child.once('exit', () => resolve())
  })
}

export async function runDurability(options: DurabilityOptions): Promise<DurabilityReport> {
  const log = options.log ?? (() => {})
  const run = `d${Date.now().toString(36)}`
  const dataDir = tempDir('broadsheet-durability-')
  const env: Record<string, string> = {
    // The views' readers come through one trusted proxy hop (viewArticle).
    TRUST_PROXY: '1',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.seed === false ? { SEED_DEMO: 'false' } : {}),
  }
  const start = async () => {
    const began = performance.now()
    const server = await startServer({
      port: options.port,
      buildDir: options.buildDir,
      dataDir,
      env,
    })
    report.restartMs.push(Math.round(performance.now() - began))
    return server
  }
  const report: DurabilityReport = {
    database: options.databaseUrl ? 'postgres' : 'pglite',
    acknowledgedSaves: 0,
    unacknowledgedSaves: 0,
    lostSaves: 0,
    kills: 0,
    views: [],
    viewBoundBroken: 0,
    uploadKills: [],
    uploadMs: {},
    restartMs: [],
  }

  let server = await start()
  // One session for the whole run: it lives in the database, so it outlasts every restart (and
  // signing in again after each would trip the sign-in rate limit).
  const client = await signIn(server.base)
  const acknowledged: string[] = []
  let next = 0

  const perRun = Math.ceil(options.writes / (options.kills + 1))
  for (let cycle = 0; cycle <= options.kills; cycle++) {
    // This run's views go to articles of its own, which start at none.
    const viewTargets: string[] = []
    for (let i = 0; i < 3; i++) {
      const title = `Durable ${run} ${next++}`
      await saveArticle(client, title, `<p>${run} viewed</p>`)
      acknowledged.push(title)
      viewTargets.push(title)
    }
    const slugs = viewTargets.map((title) => slugify(title))
    const ids = await Promise.all(viewTargets.map((title) => articleIdOf(server.base, title)))
    const killing = cycle < options.kills
    const target = killing
      ? acknowledged.length + perRun * (0.6 + Math.random() * 0.8)
      : options.writes
    let alive = true
    const cycleStart = performance.now()
    // Long enough that views from before the last interval must have been written: the bound
    // is then tested, not met by losing everything.
    const minCycleMs = killing ? (2 + Math.random()) * VIEW_FLUSH_INTERVAL_MS : 0
    const going = () => alive && (killing || acknowledged.length < target)
    const viewsAt: number[] = []
    const writer = async () => {
      while (going()) {
        const n = next++
        const title = `Durable ${run} ${n}`
        try {
          await saveArticle(client, title, `<p>${run} body ${n}</p>`)
          if (alive) acknowledged.push(title)
        } catch {
          report.unacknowledgedSaves++
          if (alive) throw new Error(`a save failed while the server was up: ${title}`)
        }
      }
    }
    const reader = async () => {
      let i = 0
      while (going()) {
        try {
          const target = i++ % slugs.length
          await viewArticle(server.base, slugs[target], ids[target])
          viewsAt.push(performance.now())
        } catch {
          if (alive) throw new Error('a view failed while the server was up')
        }
      }
    }
    const work = Promise.all([
      ...Array.from({ length: WRITERS }, writer),
      ...Array.from({ length: READERS }, reader),
    ])
    if (!killing) {
      await work
      break
    }
    let crashed: unknown
    const settled = work.catch((error: unknown) => {
      crashed = error
    })
    // The kill comes at a random moment of this run's writes.
    while (
      (acknowledged.length < target || performance.now() - cycleStart < minCycleMs) &&
      !crashed
    ) {
      await sleep(5)
    }
    if (crashed) throw crashed
    const killedAt = performance.now()
    alive = false
    await killNow(server)
    report.kills++
    await settled
    const db = await openStopped(server, options.databaseUrl)
    try {
      const titles = new Set(
        (
          await rowsOf<{ title: string }>(
            db,
            sql`select title from articles where title like ${`Durable ${run} %`}`,
          )
        ).map((row) => row.title),
      )
      const lost = acknowledged.filter((title) => !titles.has(title))
      report.lostSaves += lost.length
      const [{ stored }] = await rowsOf<{ stored: number }>(
        db,
        sql`select coalesce(sum(v.views), 0)::integer as stored
            from article_views v join articles a on a.id = v.article_id
            where a.title in (${sql.join(
              viewTargets.map((title) => sql`${title}`),
              sql`, `,
            )})`,
      )
      const sent = viewsAt.length
      const lastInterval = viewsAt.filter(
        (at) => at > killedAt - VIEW_FLUSH_INTERVAL_MS - FLUSH_SLACK_MS,
      ).length
      report.views.push({ sent, stored, lastInterval })
      if (stored > sent || sent - stored > lastInterval) report.viewBoundBroken++
      log(
        `kill ${report.kills}: ${acknowledged.length} saves acknowledged, ${lost.length} missing; ` +
          `views ${sent} acknowledged, ${stored} stored, ${lastInterval} in the last interval`,
      )
    } finally {
      await db.close()
    }
    server = await start()
  }
  report.acknowledgedSaves = acknowledged.length

  // Each upload: once whole (its time sets the window), then killed at random moments.
  const pdf = largePdf(options.uploadMb)
  const image = await largeImage()
  const uploads: { kind: string; send: (client: Client, title: string) => Promise<number> }[] = [
    { kind: 'PDF edition', send: (client, title) => uploadEdition(client, pdf, title) },
    { kind: 'image', send: (client) => uploadImage(client, image) },
  ]
  for (const { kind, send } of uploads) {
    const began = performance.now()
    const whole = await send(client, `Whole ${run}`)
    const wholeMs = Math.round(performance.now() - began)
    report.uploadMs[kind] = wholeMs
    if (whole !== 201) throw new Error(`the whole ${kind} upload answered ${whole}`)
    await editionsRead(client)
    let baseline = await uploadCensus(server, client, options.databaseUrl, true)
    for (let k = 0; k < options.uploadKills; k++) {
      // Spread over the whole upload, from the first bytes to the answer.
      const atMs = Math.round((wholeMs * (k + 0.25 + Math.random() * 0.5)) / options.uploadKills)
      const upload = send(client, `Killed ${run} ${k}`).catch(() => 'cut' as const)
      await sleep(atMs)
      await killNow(server)
      const status = await upload
      const afterKill = await uploadCensus(server, client, options.databaseUrl, false)
      server = await start()
      // Start-up work (the sweep, then adopting stored PDFs) runs once the server answers; the
      // editions list waits for it. The library lists (and records) any image without a record.
      for (const api of ['/admin/api/editions', '/admin/api/media?kind=image']) {
        const listed = await fetch(`${server.base}${api}`, { headers: { cookie: client.cookie } })
        await listed.arrayBuffer()
      }
      // An edition's pages and cover are read in the background, after its answer (a read the
      // kill cut short runs again now): a census taken before they settle would call the
      // cover stored later a leftover of the next upload.
      await editionsRead(client)
      const afterRestart = await uploadCensus(server, client, options.databaseUrl, true)
      // Right after the kill a whole stored file, its media row or a received body may still
      // be there (nobody has cleaned up yet); after the restart nothing of the upload may be.
      // An upload the kill cut off from its answer may still have committed whole (like a save
      // in flight): that is allowed; anything in between is not.
      const whole = status === 201 || isWholeUpload(kind, baseline, afterRestart)
      const expected = whole ? afterRestart : baseline
      const afterKillNote = [...differences('', afterKill, expected), ...afterKill.temporary]
      const leftovers = [
        ...differences('after the restart', afterRestart, expected),
        ...afterRestart.temporary.map((name) => `temporary file after the restart: ${name}`),
      ]
      const phase =
        status !== 'cut' ? `answered ${status}` : whole ? 'cut after it committed' : 'cut'
      report.uploadKills.push({ kind, atMs, phase, afterKill: afterKillNote, leftovers })
      log(
        `${kind} upload killed at ${atMs} of ${wholeMs} ms (${phase}): after the kill ` +
          `${afterKillNote.join(', ') || 'nothing'}; after the restart ${leftovers.join('; ') || 'nothing'}`,
      )
      // One that finished before the kill is the new baseline.
      if (status === 201) baseline = afterRestart
    }
  }
  process.kill(-server.pid, 'SIGTERM')
  await new Promise((resolve) => server.child.once('exit', resolve))
  return report
}

/** Waits (up to 60 s) until no edition is 'processing': every read queued has run. */
async function editionsRead(client: Client) {
  const until = Date.now() + 60_000
  for (;;) {
    const response = await fetch(`${client.base}/admin/api/editions`, {
      headers: { cookie: client.cookie },
    })
    const { editions } = (await response.json()) as { editions: { status: string }[] }
    if (!editions.some((edition) => edition.status === 'processing')) return
    if (Date.now() > until) throw new Error('editions were still being read after 60 s')
    await sleep(100)
  }
}

/** A valid PDF of about `mb` MiB: a small PDF, a long comment, then its trailer again. */
function largePdf(mb: number) {
  const small = buildPdf([{ heading: 'Durability', lines: ['A large edition'] }], {
    title: 'Durability',
  })
  const startxref = /startxref\s+(\d+)/.exec(small.toString('latin1'))?.[1]
  if (!startxref) throw new Error('no startxref in the generated PDF')
  const padding = Buffer.alloc(mb * 1024 * 1024, 0x20)
  padding[0] = 0x25 // "%": the padding is one comment line
  return Buffer.concat([
    small,
    Buffer.from('\n'),
    padding,
    Buffer.from(`\nstartxref\n${startxref}\n%%EOF\n`),
  ])
}

/** POST the PDF as an edition, 1 MiB at a time; resolves with the status (rejects if cut). */
function uploadEdition(client: Client, pdf: Buffer, title: string, sent?: () => void) {
  const boundary = `----durability${Math.random().toString(16).slice(2)}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="edition.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const body = Buffer.concat([head, pdf, tail])
  const query = new URLSearchParams({ title, editionDate: '2026-11-20' })
  return new Promise<number>((resolve, reject) => {
    const request = http.request(`${client.base}/admin/api/editions?${query}`, {
      method: 'POST',
      headers: {
        cookie: client.cookie,
        origin: client.base,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
      },
    })
    request.on('response', (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
      response.on('error', reject)
    })
    request.on('error', reject)
    const write = (at: number) => {
      if (at >= body.length) {
        request.end(() => sent?.())
        return
      }
      request.write(body.subarray(at, at + 1024 * 1024), () => write(at + 1024 * 1024))
    }
    write(0)
  })
}

/** A noisy PNG of about 10 MB (under the 15 MB limit), slow to turn into its variants. */
async function largeImage() {
  const sharp = (await import('sharp')).default
  return sharp({
    create: {
      width: 2400,
      height: 1600,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer()
}

/** POST the image to the media library; resolves with the status (rejects if cut). */
function uploadImage(client: Client, png: Buffer) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'large.png')
  return fetch(`${client.base}/admin/api/media?kind=image`, {
    method: 'POST',
    headers: { cookie: client.cookie, origin: client.base },
    body: form,
  }).then(async (response) => {
    await response.arrayBuffer()
    return response.status
  })
}

interface Census {
  files: string[]
  temporary: string[]
  editions: string[]
  media: string[]
}

/** What the data folder, the bucket and the tables hold of uploads (read directly). */
async function uploadCensus(
  server: RunningServer,
  client: Client,
  databaseUrl: string | undefined,
  running: boolean,
): Promise<Census> {
  const walk = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.relative(server.dataDir, path.join(e.parentPath, e.name)))
      : []
  const bucket = [
    ...walk(path.join(server.dataDir, 'storage', 'pdf_newspapers')),
    ...walk(path.join(server.dataDir, 'storage', 'media')),
  ]
  const temporary = [
    ...walk(path.join(server.dataDir, 'tmp', 'uploads')),
    ...walk(path.join(server.dataDir, 'storage')).filter((name) => /\.tmp$/.test(name)),
  ]
  let editions: string[] = []
  let media: string[] = []
  // The embedded database can only be read while the server is down; while it runs, its
  // tables are read from the back office's own list (the bucket listing stands for media).
  if (!running || databaseUrl) {
    const db = await openStopped(server, databaseUrl)
    try {
      editions = (
        await rowsOf<{ name: string }>(db, sql`select file_name as name from newspaper_editions`)
      ).map((row) => row.name)
      media = (await rowsOf<{ name: string }>(db, sql`select name from media_files`)).map(
        (row) => row.name,
      )
    } finally {
      await db.close()
    }
  } else {
    const response = await fetch(`${server.base}/admin/api/editions`, {
      headers: { cookie: client.cookie },
    })
    const { editions: list } = (await response.json()) as { editions: { pdfUrl: string }[] }
    editions = list.map((e) => e.pdfUrl.split('/').pop()!)
    // The bucket's originals stand for the media rows (the library records any it lists).
    media = bucket.filter((name) => !name.includes('/_v/')).map((name) => path.basename(name))
  }
  return {
    files: bucket.filter((name) => !/\.tmp$/.test(name)).sort(),
    temporary,
    editions: editions.sort(),
    media: media.sort(),
  }
}

/**
 * Whether what appeared since `before` is exactly one whole upload: an edition with its PDF
 * (and cover), or an image's record with its original and its four variants.
 */
function isWholeUpload(kind: string, before: Census, after: Census) {
  const added = (key: keyof Census) => after[key].filter((name) => !before[key].includes(name))
  const files = added('files').map((name) => path.basename(name))
  const media = added('media')
  if (kind === 'image') {
    if (media.length !== 1 || added('editions').length !== 0) return false
    const base = media[0].replace(/\.[^.]+$/, '')
    const wanted = [media[0], ...IMAGE_WIDTHS.map((w) => `${base}-${w}.webp`)]
    return files.length === wanted.length && wanted.every((name) => files.includes(name))
  }
  const editions = added('editions')
  if (editions.length !== 1 || !files.includes(editions[0])) return false
  const others = files.filter((name) => name !== editions[0])
  return others.length <= 1 && others.every((name) => name.endsWith('.webp'))
}

function differences(when: string, actual: Census, expected: Census) {
  const out: string[] = []
  for (const key of ['files', 'editions', 'media'] as const) {
    const extra = actual[key].filter((name) => !expected[key].includes(name))
    if (extra.length) out.push(`${when}: ${key} ${extra.join(', ')}`)
  }
  return out
}

/** Runs `run` with a new, empty database on the PostgreSQL server of `base`, dropped after. */
export async function withFreshPostgres<T>(base: string, run: (url: string) => Promise<T>) {
  const database = await freshDatabase(base, `broadsheet_durability_${Date.now().toString(36)}`)
  try {
    return await run(database.url)
  } finally {
    await database.drop()
  }
}

async function main() {
  const options = {
    port: wholeNumber('BENCH_PORT', 3310),
    buildDir: process.env.BUILD_DIR,
    writes: wholeNumber('DURABILITY_WRITES', 1000),
    kills: wholeNumber('DURABILITY_KILLS', 5),
    uploadKills: wholeNumber('DURABILITY_UPLOAD_KILLS', 5),
    uploadMb: wholeNumber('DURABILITY_UPLOAD_MB', 50),
    log: (line: string) => process.stdout.write(`${line}\n`),
  }
  // DURABILITY_DATABASES=pglite,postgres (the default: both, PostgreSQL when it is there).
  const wanted = (process.env.DURABILITY_DATABASES ?? 'pglite,postgres').split(',')
  const reports: DurabilityReport[] = []
  if (wanted.includes('pglite')) reports.push(await runDurability(options))
  const base = process.env.TEST_DATABASE_URL
  if (base && wanted.includes('postgres')) {
    reports.push(
      await withFreshPostgres(base, (url) => runDurability({ ...options, databaseUrl: url })),
    )
  }
  process.stdout.write(`${JSON.stringify(reports, null, 2)}\n`)
  const failed = reports.some(
    (r) =>
      r.lostSaves > 0 || r.viewBoundBroken > 0 || r.uploadKills.some((u) => u.leftovers.length > 0),
  )
  process.exit(failed ? 1 : 0)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
