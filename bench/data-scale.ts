/**
 * Data-scale benchmark of the read models (results: docs/performance.md).
 *
 *   npm run bench:data
 *   BENCH_DATABASE_URL=postgres://…/bench_x npm run bench:data   # also on PostgreSQL
 *   BENCH_ARTICLES=100000 BENCH_PGLITE_DIR=/tmp/bench-100k BENCH_DATABASE_URL=… npm run bench:data
 *
 * On a fresh embedded PGlite in a temp folder (and on PostgreSQL when BENCH_DATABASE_URL
 * names an EMPTY throw-away database), seeds the demo content plus BENCH_ARTICLES (10,000)
 * published articles, runs VACUUM (ANALYZE) as autovacuum or the server's maintenance would,
 * then times each public read model and the admin list called directly (no HTTP, no
 * rendering): the median (p50) and p95 of BENCH_RUNS (15) runs after two warm-up runs.
 * BENCH_VACUUM=false runs only ANALYZE; MIGRATIONS_DIR (an older copy of db/migrations)
 * compares schemas.
 *
 * Seeding 100,000 articles takes 10–20 minutes per database on a 2-core machine. To keep a
 * run bounded, BENCH_PGLITE_DIR keeps the embedded database in that folder, and a database
 * (PGlite folder or BENCH_DATABASE_URL) that a previous run seeded with BENCH_ARTICLES
 * articles is migrated and measured again without seeding: the second run takes minutes.
 * BENCH_ONLY=pglite or BENCH_ONLY=postgres measures (and seeds) one of them, so two processes
 * can seed both at once on two cores before one run measures both.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { SitemapMonth } from '~/domain/feeds/sitemap-index.server'
import type { DatabaseHandle } from '~/infra/db.server'
import { describeMachine, loadAverage, markdownTable, median } from './machine'
import { wholeNumber } from './support/settings'

const ARTICLES = wholeNumber('BENCH_ARTICLES', 10_000)
const RUNS = Math.max(1, wholeNumber('BENCH_RUNS', 15))
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? ''
const VACUUM = process.env.BENCH_VACUUM !== 'false'
// "pglite" or "postgres": one database only, so that two processes can seed both at once.
const ONLY = process.env.BENCH_ONLY ?? ''
if (ONLY && ONLY !== 'pglite' && ONLY !== 'postgres')
  throw new Error('BENCH_ONLY is "pglite" or "postgres"')
const COMMON_TERM = 'council'
// One demo article is about it; the bulk bodies never mention it.
const RARE_TERM = process.env.BENCH_RARE_TERM ?? 'ransomware'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-bench-data-'))
const PGLITE_DIR = process.env.BENCH_PGLITE_DIR || path.join(dataDir, 'pglite')
// As-you-type: the dialog asks for each prefix of the word being typed.
const PREFIX = 'coun'
const PHRASE_PREFIX = 'transit lev'
// Set before any app module reads the environment (they are imported below, dynamically).
process.env.DATA_DIR = dataDir
process.env.LOG_LEVEL = 'warn'
process.env.BETTER_AUTH_SECRET ??= 'bench-secret-bench-secret-bench-secret-0123'
delete process.env.DATABASE_URL

const { resetEnvCache } = await import('~/infra/env.server')
resetEnvCache()
const { sql } = await import('drizzle-orm')
const db = await import('~/infra/db.server')
const { seedBenchmarkArticles, seedDemoContent } = await import('~/domain/seed/seed.server')
const { createOrPromoteAdmin } = await import('~/domain/users/users.server')
const articlesQueries = await import('~/domain/articles/articles-queries.server')
const { listTrendingArticles, listTrendingTags } =
  await import('~/domain/articles/trending-queries.server')
const { listNewspaperEditions } = await import('~/domain/newspapers/newspapers-queries.server')
const { getAboutSummary } = await import('~/domain/pages/pages-queries.server')
const { getSiteIdentity } = await import('~/domain/seo/seo.server')
const { getSiteSettings, listActiveSocialLinks } =
  await import('~/domain/settings/settings-queries.server')
const { listAdminArticles, parseAdminArticleFilters } =
  await import('~/domain/articles/admin-articles-queries.server')
const { searchArticles } = await import('~/domain/search/search-queries.server')
const { listCategories, listPublicCategories } =
  await import('~/domain/categories/categories-queries.server')
const { getFrontPage } = await import('~/domain/front-page/front-page.server')
const { getArticleEndings } = await import('~/domain/articles/related-queries.server')
const { searchNewspaperEditions } = await import('~/domain/newspapers/newspapers-queries.server')
const { listTags } = await import('~/domain/tags/tags-queries.server')
const { monthSitemapChunks, sitemapMonths } = await import('~/domain/feeds/sitemap-index.server')

interface Timing {
  name: string
  rows: string
  median: number
  p95: number
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

async function time(name: string, run: () => Promise<unknown>, describe: (r: never) => string) {
  let result: unknown
  for (let i = 0; i < 2; i++) result = await run()
  const samples: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    result = await run()
    samples.push(performance.now() - started)
  }
  const timing: Timing = {
    name,
    rows: describe(result as never),
    median: median(samples),
    p95: percentile(samples, 95),
  }
  console.log(
    `  ${name.padEnd(44)} p50 ${timing.median.toFixed(2).padStart(8)} ms  p95 ${timing.p95.toFixed(2).padStart(8)} ms  (${timing.rows})`,
  )
  return timing
}

async function homePageReads() {
  return Promise.all([
    getSiteSettings(),
    listPublicCategories('navigation'),
    getFrontPage(),
    listTrendingTags(12),
    listNewspaperEditions(3),
    getSiteIdentity(),
    getAboutSummary(),
    listActiveSocialLinks(),
  ])
}

const pageRows = (p: { items: unknown[]; total: number }) => `${p.items.length} of ${p.total}`
const searchRows = (r: { results: unknown[]; total: number; more: boolean }) =>
  `${r.results.length} of ${r.total}${r.more ? '+' : ''}`

async function measure(label: string, handle: DatabaseHandle) {
  await db.migrateDatabase(handle)
  db.installDatabase(handle)
  const database = db.getDb()
  const [{ n: existing }] = (
    await database.execute<{ n: number }>(sql`select count(*)::int as n from articles`)
  ).rows
  let demoMs = NaN
  let bulkMs = NaN
  // The demo content adds a few dozen articles to the bench's.
  if (existing > ARTICLES && existing < ARTICLES + 1000) {
    console.log(`${label}: already seeded by a previous run (${existing} articles), reused`)
  } else if (existing > 0) {
    throw new Error(`${label}: the database already has articles; use an empty throw-away one`)
  } else {
    const seedStarted = performance.now()
    await createOrPromoteAdmin('bench-admin@example.com', 'bench-admin-password')
    await seedDemoContent()
    demoMs = performance.now() - seedStarted
    const bulkStarted = performance.now()
    await seedBenchmarkArticles(ARTICLES)
    bulkMs = performance.now() - bulkStarted
  }
  // The steady state: autovacuum does this on PostgreSQL, the server's daily maintenance on
  // PGlite (server/embedded-maintenance.ts). BENCH_VACUUM=false: statistics only, as a site
  // that is never vacuumed.
  await database.execute(VACUUM ? sql`vacuum (analyze)` : sql`analyze`)
  console.log(
    `${label}: demo content ${(demoMs / 1000).toFixed(1)} s, ${ARTICLES} articles ` +
      `${(bulkMs / 1000).toFixed(1)} s (load average ${loadAverage()})`,
  )

  const categories = await listCategories()
  const tags = await listTags()
  const counts = (
    await database.execute<{ category_id: number; n: number }>(
      sql`select category_id, count(*)::int as n from articles group by category_id order by n desc`,
    )
  ).rows
  const category = categories.find((c) => c.id === counts[0]?.category_id) ?? categories[0]
  const tagCounts = (
    await database.execute<{ tag_id: number; n: number }>(
      sql`select tag_id, count(*)::int as n from article_tags group by tag_id order by n desc`,
    )
  ).rows
  const tag = tags.find((t) => t.id === tagCounts[0]?.tag_id) ?? tags[0]
  const [{ slug, id: articleId, category_id: articleCategoryId }] = (
    await database.execute<{ slug: string; id: number; category_id: number | null }>(
      sql`select a.slug, a.id, a.category_id from articles a where a.status = 'published' and exists (select 1 from article_tags t where t.article_id = a.id) order by a.id desc offset ${Math.floor(ARTICLES / 4)} limit 1`,
    )
  ).rows

  const timings: Timing[] = []
  const q = articlesQueries
  timings.push(
    await time('listPublishedArticles page 1', () => q.listPublishedArticles(), pageRows),
    await time(
      'listPublishedArticles page 50',
      () => q.listPublishedArticles({ page: 50 }),
      pageRows,
    ),
    await time(
      `category page 1 (${category.slug})`,
      () => q.listPublishedArticles({ categoryId: category.id }),
      pageRows,
    ),
    await time(
      `tag page 1 (${tag.slug})`,
      () => q.listPublishedArticles({ tagId: tag.id }),
      pageRows,
    ),
    await time(
      'getPublishedArticleBySlug',
      () => q.getPublishedArticleBySlug(slug),
      (a: { tags: unknown[] } | null) => (a ? `1 article, ${a.tags.length} tags` : 'not found'),
    ),
    await time(`search "${COMMON_TERM}" (common)`, () => searchArticles(COMMON_TERM), searchRows),
    await time(
      `search "${COMMON_TERM}", page 5`,
      () => searchArticles(COMMON_TERM, { offset: 40 }),
      searchRows,
    ),
    await time(
      `search as you type "${PREFIX}"`,
      () => searchArticles(PREFIX, { limit: 8 }),
      searchRows,
    ),
    await time(`search as you type "c"`, () => searchArticles('c', { limit: 8 }), searchRows),
    await time(
      `search as you type "${PHRASE_PREFIX}"`,
      () => searchArticles(PHRASE_PREFIX, { limit: 8 }),
      searchRows,
    ),
    await time(`search "${RARE_TERM}" (rare)`, () => searchArticles(RARE_TERM), searchRows),
    await time(
      'admin article list page 1',
      () => listAdminArticles(parseAdminArticleFilters(new URLSearchParams())),
      pageRows,
    ),
    await time(
      'admin article list page 20',
      () => listAdminArticles(parseAdminArticleFilters(new URLSearchParams({ page: '20' }))),
      pageRows,
    ),
    await time(
      'admin article list, published first',
      () =>
        listAdminArticles(
          parseAdminArticleFilters(new URLSearchParams({ sort: 'published-desc' })),
        ),
      pageRows,
    ),
    await time(
      `admin article list, title contains "${COMMON_TERM}"`,
      () => listAdminArticles(parseAdminArticleFilters(new URLSearchParams({ q: COMMON_TERM }))),
      pageRows,
    ),
    await time(
      `admin article list, title contains "${RARE_TERM}"`,
      () => listAdminArticles(parseAdminArticleFilters(new URLSearchParams({ q: RARE_TERM }))),
      pageRows,
    ),
    // The home page's own queries, run on every view the page cache does not answer.
    await time(
      'home: getFeaturedArticle',
      () => q.getFeaturedArticle(),
      (a: unknown) => (a ? '1 article' : 'none'),
    ),
    await time(
      'home: listLatestPerCategory(3)',
      () => q.listLatestPerCategory(3),
      (m: Map<number, unknown[]>) => `${[...m.values()].flat().length} articles`,
    ),
    await time(
      'home: listTrendingArticles(6)',
      () => listTrendingArticles(6),
      (a: unknown[]) => `${a.length} articles`,
    ),
    await time(
      'home: listTrendingTags(12)',
      () => listTrendingTags(12),
      (a: unknown[]) => `${a.length} tags`,
    ),
    await time(
      'home: getFrontPage (a story once)',
      () => getFrontPage(),
      (f: { trending: unknown[]; sections: unknown[] }) =>
        `${f.trending.length} trending, ${f.sections.length} sections`,
    ),
    await time(
      'article endings (more in, related)',
      () => getArticleEndings({ id: articleId, categoryId: articleCategoryId }),
      (e: { moreInCategory: unknown[]; related: unknown[] }) =>
        `${e.moreInCategory.length} + ${e.related.length} articles`,
    ),
    await time(
      `print editions, search "${COMMON_TERM}"`,
      () => searchNewspaperEditions(COMMON_TERM),
      (r: unknown[]) => `${r.length} editions`,
    ),
    // Everything the home page reads, as root.tsx and the route's loader call it.
    await time('home: all its queries (root + loader)', homePageReads, () => 'home page'),
    await time(
      'sitemap index (the months)',
      () => sitemapMonths(),
      (m: SitemapMonth[]) => `${m.length} months`,
    ),
  )
  // The month with the most articles, its whole file read as the route streams it.
  const months = await sitemapMonths()
  const busiest = months.reduce((a, b) => (b.count > a.count ? b : a), months[0])
  timings.push(
    await time(
      "sitemap: the busiest month's file, streamed",
      async () => {
        let bytes = 0
        for await (const chunk of monthSitemapChunks('https://bench.example', busiest.month, 1))
          bytes += chunk.length
        return bytes
      },
      (bytes: number) => `${busiest.count} URLs, ${(bytes / 1e6).toFixed(1)} MB`,
    ),
  )
  return { label, demoMs, bulkMs, timings }
}

async function main() {
  const machine = describeMachine()
  console.log(
    `Broadsheet data-scale benchmark — ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; ` +
      `demo + ${ARTICLES} articles; median of ${RUNS} runs; load average ${machine.loadAverage}`,
  )
  const reports: Awaited<ReturnType<typeof measure>>[] = []
  if (ONLY !== 'postgres') {
    const pglite = await db.openPglite(PGLITE_DIR)
    try {
      reports.push(await measure('PGlite', pglite))
    } finally {
      await pglite.close()
    }
  }
  if (DATABASE_URL && ONLY !== 'pglite') {
    const postgres = db.openPostgres(DATABASE_URL, 4)
    try {
      reports.push(await measure('PostgreSQL', postgres))
    } finally {
      await postgres.close()
    }
  }

  const names = reports[0].timings.map((t) => t.name)
  const header = [
    'read model',
    'rows',
    ...reports.flatMap((r) => [`${r.label} p50 ms`, `${r.label} p95 ms`]),
  ]
  const rows = names.map((name, i) => [
    name,
    reports[0].timings[i].rows,
    ...reports.flatMap((r) => [r.timings[i].median.toFixed(2), r.timings[i].p95.toFixed(2)]),
  ])
  console.log(
    `\n### Read models over demo + ${ARTICLES} articles (p50 and p95 of ${RUNS})\n\n${markdownTable(header, rows)}`,
  )
  console.log(
    `\n${markdownTable(
      ['seeding', ...reports.map((r) => `${r.label} s`)],
      [
        ['demo content (incl. images)', ...reports.map((r) => (r.demoMs / 1000).toFixed(1))],
        [`${ARTICLES} articles`, ...reports.map((r) => (r.bulkMs / 1000).toFixed(1))],
      ],
    )}\n\nload average at the end: ${loadAverage()}`,
  )
  if (process.env.BENCH_JSON) {
    fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify({ machine, reports }, null, 2))
  }
}

try {
  await main()
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exitCode = 1
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true })
}
