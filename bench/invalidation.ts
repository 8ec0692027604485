/**
 * `npm run bench:invalidation`: does a write empty only the pages that show what it changed?
 * (issue 21, "One invalidation story"; results: docs/performance.md, "Invalidation").
 *
 *   BUILD_DIR=build npm run build
 *   BUILD_DIR=build npm run bench:invalidation      # 30 s
 *
 * The production server (page cache on, as in production) on a fresh data folder with the demo
 * content. The admin signs in and publishes one article of its own; then, for BENCH_SECONDS,
 * readers ask for a mix of pages (the home page, several articles, categories and tags, and the
 * saved article's own page) at about BENCH_RATE requests a second in all, while the admin saves
 * that article once a second through the back office's own action (POST /admin/edit-article/:id,
 * its text changed, its title, category and tags not: the save names `article:<id>`).
 *
 * Each answer is a hit when the page cache served it (`X-Cache: HIT`). A page "shows the saved
 * article" when its `Surrogate-Key` header (the keys the page cache and a CDN empty it by) names
 * the article. The run fails unless every page group that does not show it stays at ≥ 95 %
 * hits, and unless the pages that do show it missed after saves (else the saves emptied
 * nothing, and the first figure proves nothing).
 *
 * Environment: BENCH_PORT (3219), BENCH_SECONDS (30), BENCH_RATE requests a second (200),
 * BENCH_READERS concurrent readers (8), BENCH_DOC=false to print without writing
 * docs/performance.md, BUILD_DIR (build).
 */
import { writeDocSection } from './support/doc'
import { signInAsBenchAdmin, startServer, stopServer } from './support/server'
import { BROWSER_PAGE_HEADERS, wholeNumber } from './support/settings'
import { Client, type Answer } from './security/support/traffic'
import { describeMachine, loadAverage, markdownTable } from './machine'

const PORT = wholeNumber('BENCH_PORT', 3219)
const SECONDS = wholeNumber('BENCH_SECONDS', 30)
const RATE = Math.max(1, wholeNumber('BENCH_RATE', 200))
const READERS = Math.max(1, wholeNumber('BENCH_READERS', 8))
const SAVE_EVERY_MS = 1000
const WRITE_DOC = process.env.BENCH_DOC !== 'false'
/** The least share of hits a page that does not show the saved article keeps. */
const MIN_HIT_RATE = 0.95

type Group = 'home' | 'article' | 'category' | 'tag'

interface Page {
  path: string
  group: Group
  /** Its Surrogate-Key names the saved article. */
  showsSaved: boolean
}

interface Tally {
  requests: number
  hits: number
}

function unique<T>(values: T[]) {
  return [...new Set(values)]
}

function linksOf(html: string, prefix: string) {
  return unique(
    [...html.matchAll(new RegExp(`href="(/${prefix}/[^"#?/]+)"`, 'g'))].map((m) => m[1]!),
  )
}

function header(answer: Answer, name: string) {
  const value = answer.headers[name]
  return Array.isArray(value) ? value.join(', ') : (value ?? '')
}

function expectStatus(answer: Answer, statuses: number[], what: string) {
  if (!statuses.includes(answer.status)) {
    throw new Error(`${what} answered ${answer.status}: ${answer.body.slice(0, 300)}`)
  }
}

/** The form the edit page posts: the same title (so the same slug), a new text each save. */
function articleForm(title: string, n: number): Record<string, string> {
  return {
    title,
    excerpt: 'An article saved once a second while readers read.',
    content: `<p>Save number ${n}.</p><p>${'Lorem ipsum dolor sit amet. '.repeat(20)}</p>`,
    status: 'published',
    overwrite: 'on',
  }
}

async function main() {
  const machine = describeMachine()
  console.log(`Machine: ${JSON.stringify(machine)}`)
  const server = await startServer({ port: PORT, pageCache: true })
  const loadBefore = loadAverage()
  const admin = new Client(server.base, 2)
  const readers = new Client(server.base, READERS)
  try {
    const cookie = await signInAsBenchAdmin(server.base)

    // The article the admin saves: published, in no category and with no tag of its own.
    const marker = `invalidation${Date.now().toString(36)}`
    const title = `${marker} saved once a second`
    const made = await admin.request('POST', '/admin/new-article', {
      headers: { cookie },
      form: articleForm(title, 0),
    })
    expectStatus(made, [302], 'Creating the article')
    const list = await admin.request('GET', `/admin/articles?q=${marker}`, {
      keep: true,
      headers: { cookie },
    })
    const ids = unique([...list.body.matchAll(/\/admin\/edit-article\/(\d+)/g)].map((m) => m[1]))
    if (ids.length !== 1) throw new Error(`Found ${ids.length} articles for ${marker}`)
    const id = Number(ids[0])
    const savedKey = `article:${id}`

    const home = await readers.request('GET', '/', { keep: true, headers: BROWSER_PAGE_HEADERS })
    expectStatus(home, [200], 'The home page')
    const savedPath = linksOf(home.body, 'article').find((path) => path.includes(marker))
    if (!savedPath) throw new Error('The home page does not link the saved article')
    const articles = linksOf(home.body, 'article')
      .filter((path) => path !== savedPath)
      .slice(0, 6)
    let tags: string[] = []
    for (const path of articles) {
      const page = await readers.request('GET', path, { keep: true, headers: BROWSER_PAGE_HEADERS })
      tags = unique([...tags, ...linksOf(page.body, 'tag')])
    }
    const paths: [string, Group][] = [
      ['/', 'home'],
      [savedPath, 'article'],
      ...articles.map((path): [string, Group] => [path, 'article']),
      ...linksOf(home.body, 'category')
        .slice(0, 3)
        .map((path): [string, Group] => [path, 'category']),
      ...tags.slice(0, 3).map((path): [string, Group] => [path, 'tag']),
    ]

    // Each page once, to learn what it shows (and to fill the cache before the count starts).
    const pages: Page[] = []
    for (const [path, group] of paths) {
      const answer = await readers.request('GET', path, { headers: BROWSER_PAGE_HEADERS })
      expectStatus(answer, [200], path)
      const shown = header(answer, 'surrogate-key').split(/\s+/).filter(Boolean)
      if (shown.length === 0) throw new Error(`${path} names no Surrogate-Key`)
      pages.push({ path, group, showsSaved: shown.includes(savedKey) })
    }
    console.log(`Saved article ${savedKey} (${savedPath}); pages:`)
    for (const page of pages) {
      console.log(`  ${page.path} (${page.group})${page.showsSaved ? ' shows it' : ''}`)
    }

    const tallies = new Map<string, Tally>()
    /** Each page's misses, seconds into the run: printed, to tell a save's from any other. */
    const misses = new Map<string, string[]>()
    const count = (page: Page, hit: boolean) => {
      if (!hit) {
        const at = ((performance.now() - started) / 1000).toFixed(1)
        misses.set(page.path, [...(misses.get(page.path) ?? []), at])
      }
      const name = `${page.group}, ${page.showsSaved ? 'shows' : 'does not show'} the saved article`
      const tally = tallies.get(name) ?? { requests: 0, hits: 0 }
      tally.requests++
      if (hit) tally.hits++
      tallies.set(name, tally)
    }

    const started = performance.now()
    const endsAt = started + SECONDS * 1000
    const saveTimes: number[] = []
    const writer = (async () => {
      for (let n = 1; performance.now() < endsAt; n++) {
        const next = started + n * SAVE_EVERY_MS
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())))
        if (performance.now() >= endsAt) break
        const before = performance.now()
        const saved = await admin.request('POST', `/admin/edit-article/${id}`, {
          headers: { cookie },
          form: articleForm(title, n),
        })
        expectStatus(saved, [302], `Save ${n}`)
        saveTimes.push(performance.now() - before)
      }
    })()
    // Each reader walks the pages from its own place, one request every READERS / RATE s.
    const interval = (READERS * 1000) / RATE
    const reader = async (r: number) => {
      for (let n = 0; ; n++) {
        const next = started + (r / READERS + n) * interval
        if (next >= endsAt) return
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())))
        const page = pages[(r + n) % pages.length]!
        const answer = await readers.request('GET', page.path, { headers: BROWSER_PAGE_HEADERS })
        expectStatus(answer, [200], page.path)
        count(page, header(answer, 'x-cache') === 'HIT')
      }
    }
    await Promise.all([writer, ...Array.from({ length: READERS }, (_, r) => reader(r))])
    const loadAfter = loadAverage()
    console.log('Misses, seconds into the run:')
    for (const page of pages) {
      console.log(`  ${page.path}: ${(misses.get(page.path) ?? []).join(' ') || 'none'}`)
    }

    const rows = [...tallies.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, t]) => ({ name, ...t, rate: t.hits / t.requests }))
    const table = markdownTable(
      ['pages', 'requests', 'hits', 'hit rate'],
      rows.map((row) => [row.name, row.requests, row.hits, `${(row.rate * 100).toFixed(1)} %`]),
    )
    const meanSave = saveTimes.reduce((sum, ms) => sum + ms, 0) / (saveTimes.length || 1)
    const failures: string[] = []
    for (const row of rows) {
      if (row.name.includes('does not show') && row.rate < MIN_HIT_RATE) {
        failures.push(`${row.name}: ${(row.rate * 100).toFixed(1)} % hits (< 95 %)`)
      }
    }
    const showing = rows.filter((row) => !row.name.includes('does not show'))
    const showingMisses = showing.reduce((sum, row) => sum + row.requests - row.hits, 0)
    if (saveTimes.length > 1 && showingMisses < saveTimes.length / 2) {
      failures.push(
        `The pages showing the saved article missed ${showingMisses} times in ${saveTimes.length} saves: the saves empty nothing`,
      )
    }
    const summary = [
      `Run ${machine.date.slice(0, 10)} (\`npm run bench:invalidation\`, ${SECONDS} s, ${READERS} readers at ${RATE} requests a second in all, ${pages.length} pages; ${machine.cores} cores, Node ${machine.node}). Load average ${loadBefore} → ${loadAfter}.`,
      `${saveTimes.length} saves of ${savedKey} through POST /admin/edit-article/:id, one a second (mean ${meanSave.toFixed(0)} ms each). A page shows the saved article when its \`Surrogate-Key\` names it; a hit is an answer with \`X-Cache: HIT\`.`,
      table,
      failures.length
        ? `Failed: ${failures.join('; ')}.`
        : `Every page that does not show the saved article stayed at ≥ ${MIN_HIT_RATE * 100} % hits.`,
    ].join('\n\n')
    console.log(`\n${summary}\n`)
    if (WRITE_DOC) await writeDocSection('invalidation', summary)
    if (failures.length) process.exitCode = 1
  } finally {
    admin.close()
    readers.close()
    await stopServer(server)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
