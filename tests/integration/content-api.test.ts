// ajv 6 (draft-07) is what node_modules holds: the schemas zod writes for these answers use no
// keyword draft-07 lacks, and the document's references are resolved the same way.
import Ajv from 'ajv'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  articles,
  integrations,
  newsletterLists,
  newspaperEditions,
  rateLimits,
  siteSettings,
  socialLinks,
} from '@db/schema/index'
import * as schemas from '~/domain/content-api/content-api-schemas'
import { contentApiDocument, ENDPOINTS } from '~/domain/content-api/openapi'
import { createIntegration, revokeIntegration } from '~/domain/integrations/integrations.server'
import { announceChanged, EVERYTHING } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import * as articleRoute from '~/routes/api.content.v1.articles_.$idOrSlug'
import * as articlesRoute from '~/routes/api.content.v1.articles'
import * as authorsRoute from '~/routes/api.content.v1.authors'
import * as categoriesRoute from '~/routes/api.content.v1.categories'
import * as editionRoute from '~/routes/api.content.v1.editions_.$slug'
import * as editionsRoute from '~/routes/api.content.v1.editions'
import * as issueRoute from '~/routes/api.content.v1.newsletter-issues_.$id'
import * as issuesRoute from '~/routes/api.content.v1.newsletter-issues'
import * as pagesRoute from '~/routes/api.content.v1.pages'
import * as siteRoute from '~/routes/api.content.v1.site'
import * as tagsRoute from '~/routes/api.content.v1.tags'
import { contentApiRateLimitKey } from '~/routes/+shared/content-api.server'
import { insertEdition, insertIssue, insertNewsletterList } from '../setup/content-api-fixtures'
import {
  clearContent,
  insertArticle,
  insertCategory,
  insertStaff,
  insertTag,
} from '../setup/content-fixtures'

// The Content API (docs/content-api.md) through its route modules: keys, filters, cursor
// pages, fields, ETag, CORS, the rate limit, what never leaves (unpublished states, the text
// of a members story past its preview), and every answer against the OpenAPI document.

type Loader = (args: never) => Promise<Response>
/** Each list's route, and its one-item route with the name of its parameter. */
const ROUTES: Record<string, Loader> = {
  articles: articlesRoute.loader as Loader,
  categories: categoriesRoute.loader as Loader,
  tags: tagsRoute.loader as Loader,
  authors: authorsRoute.loader as Loader,
  pages: pagesRoute.loader as Loader,
  editions: editionsRoute.loader as Loader,
  'newsletter-issues': issuesRoute.loader as Loader,
  site: siteRoute.loader as Loader,
}
const ITEM_ROUTES: Record<string, [string, Loader]> = {
  articles: ['idOrSlug', articleRoute.loader as Loader],
  editions: ['slug', editionRoute.loader as Loader],
  'newsletter-issues': ['id', issueRoute.loader as Loader],
}

let key = ''
let fullKey = ''

async function call(
  path: string,
  {
    headers = {},
    withKey = key,
  }: { headers?: Record<string, string>; withKey?: string | null } = {},
) {
  const url = new URL(`http://localhost/api/content/v1/${path}`)
  if (withKey) url.searchParams.set('key', withKey)
  const request = new Request(url, { headers })
  const [name, ...rest] = path.split('?')[0].split('/')
  const item = rest.length ? ITEM_ROUTES[name] : undefined
  const response = item
    ? await item[1]({ request, params: { [item[0]]: rest.join('/') } } as never)
    : await ROUTES[name]({ request, params: {} } as never)
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    // Null for a 304 (no body): only that test reads it so.
    body: (text ? JSON.parse(text) : null) as Record<string, unknown> & {
      data: never
      next: string | null
    },
  }
}

beforeEach(async () => {
  await clearContent()
  await getDb().delete(integrations)
  await getDb().delete(newspaperEditions)
  await getDb().delete(newsletterLists)
  key = (await createIntegration({ name: 'Partner', fullText: false, createdBy: null })).key
  fullKey = (await createIntegration({ name: 'Our app', fullText: true, createdBy: null })).key
})

describe('keys', () => {
  it('answers 401 invalid_key without a key, with a wrong one and with a revoked one', async () => {
    await insertArticle({ title: 'Open story' })
    for (const withKey of [null, 'bsc_nope', 'nothing']) {
      const answer = await call('articles', { withKey })
      expect(answer.status).toBe(401)
      expect(answer.body).toMatchObject({ error: { code: 'invalid_key' } })
      expect(answer.headers.get('access-control-allow-origin')).toBe('*')
    }
    const made = await createIntegration({ name: 'Gone', fullText: false, createdBy: null })
    expect((await call('articles', { withKey: made.key })).status).toBe(200)
    await revokeIntegration(made.integration.id)
    expect((await call('articles', { withKey: made.key })).status).toBe(401)
  })

  it('takes the key as a Bearer header, answered privately; in the address publicly', async () => {
    await insertArticle({ title: 'Open story' })
    const bearer = await call('articles', {
      withKey: null,
      headers: { Authorization: `Bearer ${key}` },
    })
    expect(bearer.status).toBe(200)
    expect(bearer.headers.get('cache-control')).toBe('private, no-store')
    const inAddress = await call('articles')
    expect(inAddress.headers.get('cache-control')).toMatch(/^public, max-age=\d+, s-maxage=\d+$/)
    const [row] = await getDb().select().from(integrations).where(eq(integrations.name, 'Partner'))
    expect(row.lastUsedAt).not.toBeNull()
    expect(row.keyHash).not.toContain(key)
  })

  it('answers 429 rate_limited with Retry-After once the key spent its minute', async () => {
    const [row] = await getDb().select().from(integrations).where(eq(integrations.name, 'Partner'))
    await getDb()
      .insert(rateLimits)
      .values({
        id: crypto.randomUUID(),
        key: `app:${contentApiRateLimitKey(row.id)}`,
        count: 10_000,
        lastRequest: Date.now(),
      })
    const answer = await call('articles')
    expect(answer.status).toBe(429)
    expect(answer.body).toMatchObject({ error: { code: 'rate_limited' } })
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another key has its own budget.
    expect((await call('articles', { withKey: fullKey })).status).toBe(200)
  })
})

describe('articles', () => {
  it('gives only published, live articles on every endpoint (unpublished states: 0 leaks)', async () => {
    const author = await insertStaff({ displayName: 'Dana Desk' })
    const category = await insertCategory({ slug: 'hidden-section' })
    const tag = await insertTag({ slug: 'hidden-tag' })
    const secret: { slug: string; id: number }[] = []
    for (const status of ['draft', 'review', 'archived', 'hidden'] as const) {
      secret.push(
        await insertArticle({
          status,
          title: `Secret ${status}`,
          authorId: author.id,
          categoryId: category.id,
          tagIds: [tag.id],
        }),
      )
    }
    // Scheduled: published, its time not come.
    secret.push(
      await insertArticle({
        title: 'Secret scheduled',
        hoursAgo: -5,
        authorId: author.id,
        categoryId: category.id,
        tagIds: [tag.id],
      }),
    )
    for (const path of ['articles', 'categories', 'tags', 'authors', 'pages']) {
      const answer = await call(path)
      expect(answer.status).toBe(200)
      expect(JSON.stringify(answer.body)).not.toMatch(/Secret|hidden-section|hidden-tag|Dana Desk/)
    }
    for (const row of secret) {
      expect((await call(`articles/${row.slug}`)).status).toBe(404)
      expect((await call(`articles/${row.id}`)).status).toBe(404)
    }
    expect((await call(`articles?category=hidden-section`)).body.data).toEqual([])
    expect((await call(`articles?tag=hidden-tag`)).body.data).toEqual([])
  })

  it('filters by category, tag, author and updated_since', async () => {
    const author = await insertStaff({ displayName: 'Ravi Reporter' })
    const category = await insertCategory({ name: 'Science', slug: 'science' })
    const tag = await insertTag({ name: 'Space', slug: 'space' })
    const a = await insertArticle({ title: 'In science', categoryId: category.id })
    const b = await insertArticle({ title: 'Tagged space', tagIds: [tag.id] })
    const c = await insertArticle({ title: 'By Ravi', authorId: author.id })
    const [{ username }] = (await call('authors')).body.data as { username: string }[]
    const ids = async (query: string) =>
      ((await call(`articles?${query}`)).body.data as { id: number }[]).map((r) => r.id)
    expect(await ids('category=science')).toEqual([a.id])
    expect(await ids('tag=space')).toEqual([b.id])
    expect(await ids(`author=${username}`)).toEqual([c.id])
    await getDb()
      .update(articles)
      .set({ updatedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(articles.id, a.id))
    const since = new Date(Date.now() - 3_600_000).toISOString()
    expect((await ids(`updated_since=${encodeURIComponent(since)}`)).sort()).toEqual(
      [b.id, c.id].sort(),
    )
    expect((await call('articles?category=nowhere')).status).toBe(404)
    for (const bad of [
      'limit=0',
      'limit=101',
      'limit=x',
      'cursor=zzz',
      'updated_since=yesterday',
    ]) {
      const answer = await call(`articles?${bad}`)
      expect(answer.status, bad).toBe(400)
      expect(answer.body).toMatchObject({ error: { code: 'bad_request' } })
    }
  })

  it('pages by cursor, stable when an article is published between two pages', async () => {
    const made = []
    for (let i = 0; i < 5; i++)
      made.push(await insertArticle({ title: `Story ${i}`, hoursAgo: 10 - i }))
    const first = await call('articles?limit=2')
    expect((first.body.data as { id: number }[]).map((r) => r.id)).toEqual([made[4].id, made[3].id])
    await insertArticle({ title: 'Breaking meanwhile', hoursAgo: 0 })
    const seen = [...(first.body.data as { id: number }[]).map((r) => r.id)]
    let next = first.body.next
    while (next) {
      const page = await call(`articles?limit=2&cursor=${next}`)
      seen.push(...(page.body.data as { id: number }[]).map((r) => r.id))
      next = page.body.next
    }
    expect(seen).toEqual([...made].reverse().map((r) => r.id))
  })

  it("counts co-authors in the author filter, as the author's page does", async () => {
    const first = await insertStaff({ displayName: 'Lead Writer' })
    const second = await insertStaff({ displayName: 'Second Writer' })
    const together = await insertArticle({
      title: 'Written together',
      authorId: first.id,
      coAuthorIds: [second.id],
    })
    const alone = await insertArticle({ title: 'Written alone', authorId: first.id })
    const authors = (await call('authors')).body.data as { username: string; name: string }[]
    const username = (name: string) => authors.find((a) => a.name === name)!.username
    const ids = async (author: string) =>
      ((await call(`articles?author=${author}`)).body.data as { id: number }[]).map((r) => r.id)
    expect(await ids(username('Second Writer'))).toEqual([together.id])
    expect((await ids(username('Lead Writer'))).sort()).toEqual([together.id, alone.id].sort())
    const detail = (await call(`articles/${together.slug}`)).body.data as {
      bylines: { name: string }[]
    }
    expect(detail.bylines.map((b) => b.name)).toEqual(['Lead Writer', 'Second Writer'])
  })

  it('pages by cursor through concurrent publishing: every article once, none skipped', async () => {
    // Ties on the publication time are broken by id: three share one instant.
    const at = new Date('2026-03-01T12:00:00.123Z')
    const before: number[] = []
    for (let i = 0; i < 12; i++) {
      const row = await insertArticle({ title: `Older ${i}`, hoursAgo: 48 + i })
      if (i < 3)
        await getDb().update(articles).set({ publishedAt: at }).where(eq(articles.id, row.id))
      before.push(row.id)
    }
    const expected = (
      await getDb().select({ id: articles.id, at: articles.publishedAt }).from(articles)
    )
      .filter((r) => before.includes(r.id))
      .sort((a, b) => b.at!.getTime() - a.at!.getTime() || b.id - a.id)
      .map((r) => r.id)
    const seen: number[] = []
    let next: string | null = null
    let round = 0
    do {
      // Each page is asked for while two more stories are published, newer than any page.
      const cursor: string = next ? `&cursor=${next}` : ''
      const [page] = await Promise.all([
        call(`articles?limit=3${cursor}`),
        insertArticle({ title: `Meanwhile ${round}a`, hoursAgo: 0 }),
        insertArticle({ title: `Meanwhile ${round}b`, hoursAgo: 0 }),
      ])
      expect(page.status).toBe(200)
      seen.push(...(page.body.data as { id: number }[]).map((r) => r.id))
      next = page.body.next
      round++
    } while (next)
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.filter((id) => before.includes(id))).toEqual(expected)
  })

  it('trims to fields=, and refuses a field it does not have', async () => {
    await insertArticle({ title: 'Trimmed' })
    const answer = await call('articles?fields=id,title')
    expect(answer.body.data).toEqual([{ id: expect.any(Number), title: 'Trimmed' }])
    expect((await call('articles?fields=id,email')).status).toBe(400)
  })

  it('answers 304 to If-None-Match with its ETag', async () => {
    const row = await insertArticle({ title: 'Etag story' })
    const first = await call(`articles/${row.slug}`)
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^W\/"/)
    const again = await call(`articles/${row.slug}`, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    expect(again.body).toBeNull()
    await getDb()
      .update(articles)
      .set({ title: 'Etag story, changed' })
      .where(eq(articles.id, row.id))
    expect(
      (await call(`articles/${row.slug}`, { headers: { 'If-None-Match': etag } })).status,
    ).toBe(200)
  })

  it('answers the CORS preflight and refuses writes', async () => {
    const preflight = (await articlesRoute.action({
      request: new Request('http://localhost/api/content/v1/articles', { method: 'OPTIONS' }),
    } as never)) as Response
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/)
    const post = (await articlesRoute.action({
      request: new Request('http://localhost/api/content/v1/articles', { method: 'POST' }),
    } as never)) as Response
    expect(post.status).toBe(405)
  })
})

describe('members stories (leak suite)', () => {
  it('gives the preview only, unless the integration is full text', async () => {
    const row = await insertArticle({
      title: 'Members scoop',
      content: '<p>First paragraph open.</p><p>Second paragraph leakword-zq.</p>',
    })
    await getDb()
      .update(articles)
      .set({ access: 'members', previewParagraphs: 1 })
      .where(eq(articles.id, row.id))
    const partner = await call(`articles/${row.slug}`)
    expect(partner.status).toBe(200)
    expect(partner.body.data).toMatchObject({ previewOnly: true, access: 'members' })
    expect(JSON.stringify(partner.body)).toContain('First paragraph open.')
    expect(JSON.stringify(partner.body)).not.toContain('leakword-zq')
    expect(JSON.stringify((await call('articles')).body)).not.toContain('leakword-zq')
    const app = await call(`articles/${row.slug}`, { withKey: fullKey })
    expect(app.body.data).toMatchObject({ previewOnly: false })
    expect(JSON.stringify(app.body)).toContain('leakword-zq')
    // The full text is no one else's: no shared cache keeps it.
    expect(app.headers.get('cache-control')).toBe('private, no-store')
  })
})

describe('contract: every answer against the OpenAPI document', () => {
  it('is generated from the zod schemas, and every endpoint answers what it says', async () => {
    const category = await insertCategory({ name: 'World', slug: 'world' })
    const tag = await insertTag({ name: 'Rain', slug: 'rain' })
    const author = await insertStaff({ displayName: 'Ana Author' })
    const row = await insertArticle({
      title: 'Contract story',
      categoryId: category.id,
      tagIds: [tag.id],
      authorId: author.id,
      featuredImage: '/media/media/photo.jpg',
    })
    const document = contentApiDocument('http://localhost')
    // Generated, not written: each property of the Article component is zod's JSON Schema of
    // the same property of articleSchema (a field added to the schema appears in the document).
    const article = document.components.schemas.Article as {
      properties: Record<string, unknown>
      required: string[]
    }
    expect(Object.keys(article.properties).sort()).toEqual(
      Object.keys(schemas.articleSchema.shape).sort(),
    )
    const { $schema: _s, ...previewOnly } = z.toJSONSchema(schemas.articleSchema.shape.previewOnly)
    expect(article.properties.previewOnly).toEqual(previewOnly)
    const ajv = new Ajv({ unknownFormats: 'ignore' })
    ajv.addSchema({ $id: 'doc', components: document.components }, 'doc')
    const validate = (schemaRef: string, body: unknown) => {
      const check = ajv.compile({ $ref: `doc${schemaRef}` })
      const ok = check(body)
      return ok ? [] : check.errors
    }
    await insertEdition({ editionDate: '2026-04-01', pages: ['Contract front'] })
    const list = await insertNewsletterList('contract-brief')
    const issue = await insertIssue(list.id, { status: 'sent', subject: 'Contract issue' })
    // A real answer for every path of the document (each with content, not an empty list).
    const paths: Record<string, string> = {
      '/articles': 'articles',
      '/articles/{idOrSlug}': `articles/${row.slug}`,
      '/categories': 'categories',
      '/tags': 'tags',
      '/authors': 'authors',
      '/pages': 'pages',
      '/editions': 'editions',
      '/editions/{slug}': 'editions/2026-04-01',
      '/newsletter-issues': 'newsletter-issues',
      '/newsletter-issues/{id}': `newsletter-issues/${issue.id}`,
      '/site': 'site',
    }
    expect(Object.keys(document.paths).sort()).toEqual(Object.keys(paths).sort())
    expect(ENDPOINTS.map((e) => e.path).sort()).toEqual(Object.keys(paths).sort())
    type Operation = {
      parameters: { name: string; in: string }[]
      responses: Record<string, { content?: { 'application/json': { schema: { $ref: string } } } }>
    }
    const schemaOf = (operation: Operation, status: string) =>
      operation.responses[status].content!['application/json'].schema.$ref
    for (const endpoint of ENDPOINTS) {
      const operation = (document.paths[endpoint.path] as { get: Operation }).get
      const answer = await call(paths[endpoint.path])
      expect(answer.status, endpoint.path).toBe(200)
      const data = answer.body.data as unknown
      expect(Array.isArray(data) ? data.length : 1, endpoint.path).toBeGreaterThan(0)
      expect(validate(schemaOf(operation, '200'), answer.body), endpoint.path).toEqual([])
      expect(endpoint.answer.safeParse(answer.body).success, endpoint.path).toBe(true)
      // The path's own parameter is declared as a path parameter.
      for (const name of /\{(\w+)\}/.exec(endpoint.path)?.slice(1) ?? []) {
        expect(operation.parameters, endpoint.path).toContainEqual(
          expect.objectContaining({ name, in: 'path' }),
        )
      }
      // Its refusals: 401 without a key and 400 for a field it does not have, as Error says.
      const refused = await call(paths[endpoint.path], { withKey: null })
      expect(refused.status, endpoint.path).toBe(401)
      expect(validate(schemaOf(operation, '401'), refused.body), endpoint.path).toEqual([])
      const sep = paths[endpoint.path].includes('?') ? '&' : '?'
      const badField = await call(`${paths[endpoint.path]}${sep}fields=nosuchfield`)
      expect(badField.status, endpoint.path).toBe(400)
      expect(validate(schemaOf(operation, '400'), badField.body), endpoint.path).toEqual([])
      // A paged list takes the document's `limit`.
      if (operation.parameters.some((p) => p.name === 'limit')) {
        const one = await call(`${paths[endpoint.path]}${sep}limit=1`)
        expect((one.body.data as unknown[]).length, endpoint.path).toBe(1)
        expect(validate(schemaOf(operation, '200'), one.body), endpoint.path).toEqual([])
      }
    }
    const error = await call('articles/no-such-story')
    expect(error.status).toBe(404)
    expect(validate('#/components/schemas/Error', error.body)).toEqual([])
    const detail = (await call(`articles/${row.slug}`)).body.data as Record<string, unknown>
    expect(detail).toMatchObject({
      category: { slug: 'world' },
      tags: [{ slug: 'rain' }],
      author: { name: 'Ana Author' },
      bylines: [{ name: 'Ana Author' }],
      image: {
        url: expect.stringMatching(/^http:\/\/[^/]+\/media\/media\/photo\.jpg$/),
        // An image the library does not know: no credit, cut around its centre.
        credit: '',
        focalPoint: { x: 0.5, y: 0.5 },
        sizes: expect.arrayContaining([expect.objectContaining({ width: 640 })]),
      },
    })
  })
})

describe('print editions', () => {
  it('lists ready editions newest first, by cursor; one by slug with its page texts', async () => {
    await insertEdition({ editionDate: '2026-02-01', pages: ['Feb front', 'Feb two'] })
    await insertEdition({ editionDate: '2026-02-03', pages: ['Third front'] })
    await insertEdition({ editionDate: '2026-02-02' })
    await insertEdition({ editionDate: '2026-02-04', status: 'processing' })
    await insertEdition({ editionDate: '2026-02-05', status: 'failed' })
    const first = await call('editions?limit=2')
    expect(first.status).toBe(200)
    expect((first.body.data as { slug: string }[]).map((e) => e.slug)).toEqual([
      '2026-02-03',
      '2026-02-02',
    ])
    const second = await call(`editions?limit=2&cursor=${first.body.next}`)
    expect((second.body.data as { slug: string }[]).map((e) => e.slug)).toEqual(['2026-02-01'])
    expect(second.body.next).toBeNull()
    const one = await call('editions/2026-02-01')
    expect(one.body.data).toMatchObject({
      slug: '2026-02-01',
      pageCount: 2,
      membersOnly: false,
      textLocked: false,
      pages: [
        { number: 1, text: 'Feb front' },
        { number: 2, text: 'Feb two' },
      ],
      url: expect.stringMatching(/\/newspapers\/2026-02-01$/),
      pdfUrl: expect.stringMatching(/\/media\/pdf_newspapers\/edition-2026-02-01-\d+\.pdf$/),
    })
    for (const slug of ['2026-02-04', '2026-02-05', 'nothing']) {
      const answer = await call(`editions/${slug}`)
      expect(answer.status, slug).toBe(404)
      expect(answer.body).toMatchObject({ error: { code: 'not_found' } })
    }
    expect((await call('editions?cursor=nope')).status).toBe(400)
  })

  it("gives a members edition's page texts only to a full-text integration", async () => {
    await insertEdition({
      editionDate: '2026-02-10',
      access: 'members',
      pages: ['Members front', 'Members page two zebraword'],
    })
    const partner = await call('editions/2026-02-10')
    expect(partner.body.data).toMatchObject({ membersOnly: true, textLocked: true, pages: [] })
    expect(JSON.stringify(partner.body)).not.toContain('zebraword')
    // Its stored PDF name is sent to no one: its route asks who reads.
    expect((partner.body.data as { pdfUrl: string }).pdfUrl).toMatch(
      /\/newspapers\/2026-02-10\/pdf$/,
    )
    const app = await call('editions/2026-02-10', { withKey: fullKey })
    expect(JSON.stringify(app.body)).toContain('zebraword')
    expect(app.headers.get('cache-control')).toBe('private, no-store')
  })
})

describe('newsletter issues', () => {
  it("gives the archive's issues only (sending or sent), latest first, as their web versions", async () => {
    const list = await insertNewsletterList('morning-brief', 'Morning brief')
    const other = await insertNewsletterList('evening-brief', 'Evening brief')
    const sent = await insertIssue(list.id, {
      status: 'sent',
      subject: 'Sent issue',
      startedAt: new Date('2026-03-01T06:00:00Z'),
    })
    const sending = await insertIssue(other.id, {
      status: 'sending',
      subject: 'Sending issue',
      startedAt: new Date('2026-03-02T06:00:00Z'),
    })
    const hidden = [
      await insertIssue(list.id, { status: 'draft', subject: 'Secret draft' }),
      await insertIssue(list.id, {
        status: 'scheduled',
        subject: 'Secret scheduled',
        frozen: false,
      }),
      await insertIssue(list.id, { status: 'failed', subject: 'Secret failed', frozen: false }),
      await insertIssue(list.id, {
        status: 'cancelled',
        subject: 'Secret cancelled',
        frozen: false,
      }),
    ]
    const all = await call('newsletter-issues')
    expect((all.body.data as { id: number }[]).map((i) => i.id)).toEqual([sending.id, sent.id])
    expect(JSON.stringify(all.body)).not.toContain('Secret')
    const paged = await call('newsletter-issues?limit=1')
    const rest = await call(`newsletter-issues?limit=1&cursor=${paged.body.next}`)
    expect((rest.body.data as { id: number }[]).map((i) => i.id)).toEqual([sent.id])
    expect(rest.body.next).toBeNull()
    const mine = await call('newsletter-issues?list=morning-brief')
    expect((mine.body.data as { id: number }[]).map((i) => i.id)).toEqual([sent.id])
    expect((await call('newsletter-issues?list=nowhere')).status).toBe(404)
    const one = await call(`newsletter-issues/${sent.id}`)
    expect(one.body.data).toMatchObject({
      id: sent.id,
      subject: 'Sent issue',
      list: { slug: 'morning-brief', name: 'Morning brief' },
      url: expect.stringMatching(new RegExp(`/newsletters/morning-brief/${sent.id}$`)),
      text: 'Sent issue\n',
    })
    // The web version: no placeholder of a reader's own links is left in it.
    const html = (one.body.data as { html: string }).html
    expect(html).toContain('<h1>Sent issue</h1>')
    expect(html).not.toContain('{{')
    for (const issue of hidden) {
      expect((await call(`newsletter-issues/${issue.id}`)).status).toBe(404)
    }
    expect((await call('newsletter-issues/abc')).status).toBe(404)
  })
})

describe('site', () => {
  it('gives what every page shows of the site, and no other setting', async () => {
    await getDb()
      .insert(siteSettings)
      .values({
        id: 1,
        logoType: 'image',
        logoText: 'The Harbour Times',
        logoImageUrl: '/media/media/logo.png',
        timeZone: 'Europe/Lisbon',
        requireAdminTwoFactor: true,
        currency: 'EUR',
      })
      .onConflictDoUpdate({
        target: siteSettings.id,
        set: { logoType: 'image', logoText: 'The Harbour Times', timeZone: 'Europe/Lisbon' },
      })
    await getDb().delete(socialLinks)
    await getDb()
      .insert(socialLinks)
      .values([
        { platform: 'mastodon', url: 'https://social.example/@harbour', icon: 'mastodon' },
        { platform: 'x', url: 'https://x.example/old', icon: 'x', isActive: false },
      ])
    announceChanged([EVERYTHING])
    const answer = await call('site')
    expect(answer.status).toBe(200)
    expect(answer.body.data).toEqual({
      name: 'The Harbour Times',
      description: expect.any(String),
      url: expect.stringMatching(/^https?:\/\//),
      locale: 'en',
      timeZone: 'Europe/Lisbon',
      logo: {
        type: 'image',
        text: 'The Harbour Times',
        imageUrl: expect.stringMatching(/^https?:\/\/[^/]+\/media\/media\/logo\.png$/),
      },
      socialLinks: [{ platform: 'mastodon', url: 'https://social.example/@harbour' }],
    })
    expect(JSON.stringify(answer.body)).not.toMatch(
      /"EUR"|requireAdminTwoFactor|meterMode|newsletter|editionsAccess|x\.example/,
    )
  })
})
