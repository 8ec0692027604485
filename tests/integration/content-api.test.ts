// ajv 6 (draft-07) is what node_modules holds: the schemas zod writes for these answers use no
// keyword draft-07 lacks, and the document's references are resolved the same way.
import Ajv from 'ajv'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { articles, integrations, rateLimits } from '@db/schema/index'
import * as schemas from '~/domain/content-api/content-api-schemas'
import { contentApiDocument, ENDPOINTS } from '~/domain/content-api/openapi'
import { createIntegration, revokeIntegration } from '~/domain/integrations/integrations.server'
import { getDb } from '~/infra/db.server'
import * as articleRoute from '~/routes/api.content.v1.articles_.$idOrSlug'
import * as articlesRoute from '~/routes/api.content.v1.articles'
import * as authorsRoute from '~/routes/api.content.v1.authors'
import * as categoriesRoute from '~/routes/api.content.v1.categories'
import * as pagesRoute from '~/routes/api.content.v1.pages'
import * as tagsRoute from '~/routes/api.content.v1.tags'
import { contentApiRateLimitKey } from '~/routes/+shared/content-api.server'
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
const ROUTES: Record<string, Loader> = {
  articles: articlesRoute.loader as Loader,
  categories: categoriesRoute.loader as Loader,
  tags: tagsRoute.loader as Loader,
  authors: authorsRoute.loader as Loader,
  pages: pagesRoute.loader as Loader,
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
  const response =
    name === 'articles' && rest.length
      ? await (articleRoute.loader as Loader)({
          request,
          params: { idOrSlug: rest.join('/') },
        } as never)
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
    const paths: Record<string, string> = {
      '/articles': 'articles',
      '/articles/{idOrSlug}': `articles/${row.slug}`,
      '/categories': 'categories',
      '/tags': 'tags',
      '/authors': 'authors',
      '/pages': 'pages',
    }
    for (const endpoint of ENDPOINTS) {
      const answer = await call(paths[endpoint.path])
      expect(answer.status, endpoint.path).toBe(200)
      const operation = (
        document.paths[endpoint.path] as {
          get: {
            responses: Record<
              string,
              { content: { 'application/json': { schema: { $ref: string } } } }
            >
          }
        }
      ).get
      expect(
        validate(operation.responses['200'].content['application/json'].schema.$ref, answer.body),
        endpoint.path,
      ).toEqual([])
      expect(endpoint.answer.safeParse(answer.body).success, endpoint.path).toBe(true)
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
        sizes: expect.arrayContaining([expect.objectContaining({ width: 640 })]),
      },
    })
  })
})
