import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articleCorrections, newspaperEditions, newspaperPages } from '@db/schema/index'
import { viewCounter } from '~/domain/articles/view-counter.server'
import { getDb } from '~/infra/db.server'
import { startTestServer } from '../setup/app-server'
import { createTestUser, sessionCookie } from '../setup/auth-fixtures'
import { insertArticle, insertCategory, insertTag } from '../setup/content-fixtures'
import { fakeParams } from '../setup/route-manifest'

/*
 * No GET changes the database: a digest of every table, a crawl of every GET route of the
 * route manifest (as a document and as a single-fetch data request, with params that name
 * real rows) as an admin, a reader and nobody, then the digest again — equal, table by table.
 * Sign-ins happen before the first digest (a sign-in is a POST).
 */

/**
 * Tables a GET may change, and why. Each is a count kept on purpose by a request, not a
 * change of content.
 */
const MAY_CHANGE: Record<string, string> = {
  // better-auth's own limiter (storage "database") counts every request under /api/auth,
  // GETs included: that is what a rate limit is.
  'public.rate_limits': 'better-auth counts every /api/auth request, GET included',
}
// Not in the list: article_views. A page view is counted in memory (viewCounter) and written
// by the counter's own timer, never by the GET; sessions.updated_at is touched at most once an
// hour, and the sessions here are minutes old.

async function tables(): Promise<string[]> {
  const result = await getDb().execute<{ name: string }>(sql`
    select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
    from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
    order by 1`)
  return result.rows.map((row) => row.name)
}

async function digest(): Promise<Record<string, string>> {
  const digests: Record<string, string> = {}
  for (const table of await tables()) {
    const result = await getDb().execute<{ digest: string; rows: number }>(
      sql.raw(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest, ` +
          `count(*)::int as rows from ${table} t`,
      ),
    )
    digests[table] = `${result.rows[0].digest} (${result.rows[0].rows} rows)`
  }
  return digests
}

/** A reader's browser (a crawler's visits are not counted as views). */
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'

let server: Awaited<ReturnType<typeof startTestServer>>
const cookies: Record<string, string | null> = { anonymous: null }
const real: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  const writer = await createTestUser({ role: 'author', email: 'crawl-writer@example.com' })
  const category = await insertCategory()
  const tag = await insertTag()
  const article = await insertArticle({
    authorId: writer.id,
    categoryId: category.id,
    tagIds: [tag.id],
    title: 'A story the crawler reads',
  })
  const draft = await insertArticle({ authorId: writer.id, status: 'draft' })
  await getDb()
    .insert(articleCorrections)
    .values({ articleId: article.id, text: 'A date was wrong.' })
  const [edition] = await getDb()
    .insert(newspaperEditions)
    .values({
      slug: '2026-03-13',
      title: 'The Friday edition',
      editionDate: '2026-03-13',
      number: 1,
      fileName: 'f-1.pdf',
      size: 2048,
      pageCount: 1,
      coverName: 'f-1-cover.png',
      coverWidth: 612,
      coverHeight: 792,
    })
    .returning()
  await getDb()
    .insert(newspaperPages)
    .values({ editionId: edition.id, pageNumber: 1, text: 'Council meets' })
  Object.assign(real, {
    article: article.slug,
    category: category.slug,
    tag: tag.slug,
    author: 'crawl-writer',
    edition: edition.slug,
    draftId: String(draft.id),
    publishedId: String(article.id),
  })
  const admin = await createTestUser({ role: 'admin' })
  const viewer = await createTestUser({ role: 'viewer' })
  cookies.admin = await sessionCookie(admin)
  cookies.viewer = await sessionCookie(viewer)
})

afterAll(() => server?.close())

/** Params naming real rows, by route file. */
function paramsFor(file: string, pattern: string): Record<string, string> {
  const params = fakeParams(pattern)
  if (file.includes('article.$slug')) params.slug = real.article
  else if (file.includes('category.$slug')) params.slug = real.category
  else if (file.includes('tag.$slug')) params.slug = real.tag
  else if (file.includes('newspapers_.$slug')) params.slug = real.edition
  else if (file.includes('pages.$slug')) params.slug = 'about'
  if ('username' in params) params.username = real.author
  if ('id' in params) {
    params.id = /corrections|breaking-news/.test(file) ? real.publishedId : real.draftId
  }
  return params
}

function pathFor(pattern: string, params: Record<string, string>): string {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') return params['*']
      const bare = segment.replace(/\?$/, '')
      return bare.startsWith(':') ? encodeURIComponent(params[bare.slice(1)]) : bare
    })
  return `/${segments.join('/')}`
}

/** Query strings some GET routes read. */
const QUERIES: Record<string, string[]> = {
  'routes/_site.search.tsx': ['?q=story', '?q=story&page=2'],
  'routes/api.search.tsx': ['?q=story'],
  'routes/_site.reset-password.tsx': ['?token=not-a-token'],
  'routes/_site.newsletter_.confirm.tsx': ['?token=not-a-token'],
  'routes/api.auth.$.tsx': [],
}

describe('no GET changes the database', () => {
  it('leaves every table as it was after a crawl of every GET route as admin, viewer and nobody', async () => {
    const urls: string[] = ['/api/auth/get-session', '/api/auth/ok', '/__manifest?paths=/admin']
    for (const route of server.manifest) {
      const mod = (await import(/* @vite-ignore */ `../../app/${route.file}`)) as Record<
        string,
        unknown
      >
      if (!mod.loader) continue
      const path = pathFor(route.pattern, paramsFor(route.file, route.pattern))
      for (const query of QUERIES[route.file] ?? ['']) {
        urls.push(`${path}${query}`)
        const data = `${path === '/' ? '/_' : path}.data`
        urls.push(`${data}${query}`)
        const routes = `_routes=${encodeURIComponent(route.id)}`
        urls.push(`${data}${query ? `${query}&${routes}` : `?${routes}`}`)
      }
    }
    await viewCounter.flush()
    const before = await digest()
    const statuses: Record<string, number> = {}
    let requests = 0
    for (const [who, cookie] of Object.entries(cookies)) {
      for (const url of urls) {
        const headers: Record<string, string> = { 'user-agent': BROWSER }
        if (cookie) headers.cookie = cookie
        const response = await server.fetch(url, { headers })
        requests += 1
        statuses[`${who} ${url}`] = response.status
      }
    }
    const after = await digest()
    const changed = Object.keys(before).filter(
      (table) => before[table] !== after[table] && !(table in MAY_CHANGE),
    )
    console.info(
      `GET crawl: ${requests} requests over ${urls.length} URLs, ${Object.keys(before).length} tables`,
    )
    expect(Object.keys(after)).toEqual(Object.keys(before))
    expect(changed.map((table) => `${table}: ${before[table]} → ${after[table]}`)).toEqual([])
    // The crawl reached real pages, not only refusals and 404s.
    expect(statuses[`admin /article/${real.article}`]).toBe(200)
    expect(statuses[`admin /admin/edit-article/${real.draftId}`]).toBe(200)
    expect(statuses[`anonymous /newspapers/${real.edition}`]).toBe(200)
    expect(Object.entries(statuses).filter(([, status]) => status >= 500)).toEqual([])
    // Not even a view: views come from the page's beacon (POST /api/views), never a GET.
    expect(viewCounter.pendingViews).toBe(0)
  }, 300_000)

  it('sees a change to any row (the digest is not blind)', async () => {
    const before = await digest()
    await getDb().execute(
      sql`update articles set title = title || '.' where slug = ${real.article}`,
    )
    const after = await digest()
    expect(Object.keys(before).filter((table) => before[table] !== after[table])).toEqual([
      'public.articles',
    ])
  }, 300_000)
})
