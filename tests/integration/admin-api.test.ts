// ajv 6 (draft-07) is what node_modules holds: the schemas zod writes for these answers use no
// keyword draft-07 lacks (as for the Content API's contract test).
import Ajv from 'ajv'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { apiTokens, articleBylines, articles, profiles, rateLimits } from '@db/schema/index'
import * as schemas from '~/domain/admin-api/admin-api-schemas'
import { adminApiDocument, OPERATIONS } from '~/domain/admin-api/openapi'
import { createApiTokenSchema, type ApiTokenScope } from '~/domain/api-tokens/api-tokens-schema'
import { createApiToken, revokeApiToken } from '~/domain/api-tokens/api-tokens.server'
import { claimEditLock } from '~/domain/articles/edit-lock.server'
import { getDb } from '~/infra/db.server'
import * as articleRoute from '~/routes/api.admin.v1.articles_.$id'
import * as articlesRoute from '~/routes/api.admin.v1.articles'
import * as mediaRoute from '~/routes/api.admin.v1.media'
import * as openapiRoute from '~/routes/api.admin.v1.openapi[.]json'
import { adminApiRateLimitKey } from '~/routes/+shared/admin-api.server'
import { createTestUser, sessionCookie } from '../setup/auth-fixtures'
import { clearContent, insertArticle, insertCategory } from '../setup/content-fixtures'

// The Admin API (docs/admin-api.md) through its route modules: tokens (none, unknown, revoked,
// expired, a banned or demoted owner, a session cookie), scopes, the roles' rules on every
// endpoint (a contributor cannot publish, an author cannot edit someone else's article, a
// co-author can), edit locks and conflicts, hostile bodies, the rate limit, and every answer
// against the OpenAPI document.

type Handler = (args: never) => Promise<Response> | Response
type Role = 'viewer' | 'contributor' | 'author' | 'editor'

interface Member {
  id: string
  role: Role
  email: string
  password: string
}

async function member(role: Role): Promise<Member> {
  const user = await createTestUser({ role, email: `${role}-${crypto.randomUUID()}@example.com` })
  return { ...user, role }
}

const ALL_SCOPES: ApiTokenScope[] = ['drafts:read', 'articles:write', 'media:upload']

async function tokenFor(owner: Member, scopes: ApiTokenScope[] = ALL_SCOPES, expiresIn = '90') {
  const fields: Record<string, string> = { intent: 'create-token', tokenName: 'Test', expiresIn }
  if (scopes.includes('drafts:read')) fields.scopeDraftsRead = 'on'
  if (scopes.includes('articles:write')) fields.scopeArticlesWrite = 'on'
  if (scopes.includes('media:upload')) fields.scopeMediaUpload = 'on'
  return createApiToken(owner, createApiTokenSchema.parse(fields))
}

interface Call {
  token?: string | null
  body?: unknown
  raw?: BodyInit
  headers?: Record<string, string>
}

/** One call to the route module the path names, as React Router would make it. */
async function call(method: string, path: string, { token, body, raw, headers = {} }: Call = {}) {
  const url = new URL(`http://localhost/api/admin/v1/${path}`)
  const init: RequestInit & { duplex?: 'half' } = {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
  }
  if (body !== undefined) init.body = JSON.stringify(body)
  if (raw !== undefined) {
    init.body = raw
    init.duplex = 'half'
  }
  const request = new Request(url, init)
  const [name, id] = url.pathname.replace('/api/admin/v1/', '').split('/')
  const route = name === 'media' ? mediaRoute : id ? articleRoute : articlesRoute
  const handler = (method === 'GET' ? route.loader : route.action) as Handler
  const response = await handler({ request, params: { id } } as never)
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : null) as {
      data: Record<string, unknown> & Record<string, unknown>[]
      next: string | null
      error: { code: string; message: string; fields?: Record<string, string[]> }
    },
  }
}

const DRAFT = { title: 'Wire copy', html: '<p>Words from the wire.</p>' }

let contributor: Member
let author: Member
let coAuthor: Member
let editor: Member
let tokens: Record<'contributor' | 'author' | 'coAuthor' | 'editor', string>

beforeAll(async () => {
  contributor = await member('contributor')
  author = await member('author')
  coAuthor = await member('author')
  editor = await member('editor')
})

beforeEach(async () => {
  await clearContent()
  await getDb().delete(apiTokens)
  await getDb().delete(rateLimits)
  tokens = {
    contributor: (await tokenFor(contributor)).token,
    author: (await tokenFor(author)).token,
    coAuthor: (await tokenFor(coAuthor)).token,
    editor: (await tokenFor(editor)).token,
  }
})

describe('tokens', () => {
  it('answers 401 invalid_token without a token, with an unknown, revoked or expired one', async () => {
    for (const token of [null, 'bst_nope', 'bsc_content-key']) {
      const answer = await call('GET', 'articles', { token })
      expect(answer.status).toBe(401)
      expect(answer.body.error.code).toBe('invalid_token')
      expect(answer.headers.get('www-authenticate')).toBe('Bearer')
    }
    const made = await tokenFor(author)
    expect((await call('GET', 'articles', { token: made.token })).status).toBe(200)
    await revokeApiToken(author.id, made.item.id)
    expect((await call('GET', 'articles', { token: made.token })).body.error).toMatchObject({
      code: 'invalid_token',
      message: 'This token was revoked.',
    })
    const old = await tokenFor(author)
    await getDb()
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, old.item.id))
    expect((await call('GET', 'articles', { token: old.token })).body.error.message).toBe(
      'This token has expired.',
    )
  })

  it('never opens to a signed-in session: a cookie without a token is 401', async () => {
    const cookie = await sessionCookie(editor)
    const answer = await call('POST', 'articles', { body: DRAFT, headers: { cookie } })
    expect(answer.status).toBe(401)
    expect(await getDb().select().from(articles).where(eq(articles.title, DRAFT.title))).toEqual([])
  })

  it('stops at once for a banned owner (401) and a demoted one (403)', async () => {
    const reporter = await member('author')
    const { token } = await tokenFor(reporter)
    expect((await call('GET', 'articles', { token })).status).toBe(200)
    await getDb().update(profiles).set({ banned: true }).where(eq(profiles.id, reporter.id))
    expect((await call('GET', 'articles', { token })).status).toBe(401)
    await getDb()
      .update(profiles)
      .set({ banned: false, role: 'viewer' })
      .where(eq(profiles.id, reporter.id))
    const demoted = await call('POST', 'articles', { token, body: DRAFT })
    expect(demoted.status).toBe(403)
    expect(demoted.body.error.code).toBe('forbidden')
  })

  it('keeps each call within the token’s scopes', async () => {
    const readOnly = (await tokenFor(author, ['drafts:read'])).token
    const writeOnly = (await tokenFor(author, ['articles:write'])).token
    expect((await call('GET', 'articles', { token: readOnly })).status).toBe(200)
    const write = await call('POST', 'articles', { token: readOnly, body: DRAFT })
    expect(write.status).toBe(403)
    expect(write.body.error.code).toBe('insufficient_scope')
    expect((await call('GET', 'articles', { token: writeOnly })).body.error.code).toBe(
      'insufficient_scope',
    )
    expect((await call('POST', 'articles', { token: writeOnly, body: DRAFT })).status).toBe(201)
    const upload = await call('POST', 'media', { token: writeOnly, raw: 'x' })
    expect(upload.body.error.code).toBe('insufficient_scope')
  })

  it('answers 429 rate_limited with Retry-After once the token spent its minute', async () => {
    const made = await tokenFor(author)
    await getDb()
      .insert(rateLimits)
      .values({
        id: crypto.randomUUID(),
        key: `app:${adminApiRateLimitKey(made.item.id)}`,
        count: 10_000,
        lastRequest: Date.now(),
      })
    const answer = await call('GET', 'articles', { token: made.token })
    expect(answer.status).toBe(429)
    expect(answer.body.error.code).toBe('rate_limited')
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another token of the same owner has its own budget.
    expect((await call('GET', 'articles', { token: tokens.author })).status).toBe(200)
  })
})

describe('articles', () => {
  it('lists a contributor’s own drafts only, and everyone’s for an author and up', async () => {
    const own = await insertArticle({ status: 'draft', authorId: contributor.id, title: 'Mine' })
    const others = await insertArticle({ status: 'draft', authorId: author.id, title: 'Theirs' })
    await insertArticle({ status: 'published', authorId: contributor.id, title: 'Out' })
    const ids = async (token: string, query = '') =>
      (await call('GET', `articles${query}`, { token })).body.data.map((a) => a.id)
    expect(await ids(tokens.contributor)).toEqual([own.id])
    expect(await ids(tokens.author)).toEqual(expect.arrayContaining([own.id, others.id]))
    expect(await ids(tokens.author, '?mine=true')).toEqual([others.id])
    expect(await ids(tokens.author, '?status=review')).toEqual([])
    const bad = await call('GET', 'articles?limit=500', { token: tokens.author })
    expect(bad.status).toBe(400)
    expect(bad.body.error.code).toBe('bad_request')
  })

  it('pages with a cursor', async () => {
    for (let i = 0; i < 3; i++) {
      await insertArticle({ status: 'draft', authorId: editor.id, title: `Page ${i}` })
    }
    const first = await call('GET', 'articles?mine=true&limit=2', { token: tokens.editor })
    expect(first.body.data).toHaveLength(2)
    expect(first.body.next).toMatch(/^\d+$/)
    const second = await call('GET', `articles?mine=true&limit=2&cursor=${first.body.next}`, {
      token: tokens.editor,
    })
    expect(second.body.data.map((a) => a.title)).toEqual(['Page 0'])
    expect(second.body.next).toBeNull()
  })

  it('opens an article for whoever may open it in the back office', async () => {
    const draft = await insertArticle({ status: 'draft', authorId: contributor.id })
    expect((await call('GET', `articles/${draft.id}`, { token: tokens.contributor })).status).toBe(
      200,
    )
    const refused = await call('GET', `articles/${draft.id}`, { token: tokens.author })
    expect(refused.status).toBe(403)
    expect((await call('GET', `articles/${draft.id}`, { token: tokens.editor })).status).toBe(200)
    for (const id of ['999999', 'abc', '0']) {
      const missing = await call('GET', `articles/${id}`, { token: tokens.editor })
      expect(missing.status).toBe(404)
      expect(missing.body.error.code).toBe('not_found')
    }
  })

  it('creates a draft as the back office does: tags, category, image, the body sanitised', async () => {
    const category = await insertCategory({ name: 'Wire' })
    const answer = await call('POST', 'articles', {
      token: tokens.contributor,
      body: {
        title: 'Flood warning',
        html: '<p onclick="alert(1)">Rivers rise.<script>alert(1)</script><img src=x onerror=alert(1)></p>',
        excerpt: 'Rivers rise.',
        tags: ['Weather', 'Rivers'],
        categoryId: category.id,
        featuredImage: '/media/media/river.webp',
      },
    })
    expect(answer.status).toBe(201)
    expect(answer.body.data).toMatchObject({
      title: 'Flood warning',
      status: 'draft',
      categoryId: category.id,
      featuredImage: '/media/media/river.webp',
      authorId: contributor.id,
    })
    const html = answer.body.data.html as string
    expect(html).toContain('Rivers rise.')
    expect(html).not.toMatch(/script|onclick|onerror/i)
    expect((answer.body.data.tags as { name: string }[]).map((t) => t.name).sort()).toEqual([
      'Rivers',
      'Weather',
    ])
  })

  it('refuses a contributor’s publish with the rule’s code; an author publishes their own', async () => {
    const refused = await call('POST', 'articles', {
      token: tokens.contributor,
      body: { ...DRAFT, status: 'published' },
    })
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('STATUS_REFUSED')
    const review = await call('POST', 'articles', {
      token: tokens.contributor,
      body: { ...DRAFT, status: 'review' },
    })
    expect(review.body.data.status).toBe('review')
    const published = await call('POST', 'articles', {
      token: tokens.author,
      body: { ...DRAFT, status: 'published' },
    })
    expect(published.status).toBe(201)
    expect(published.body.data).toMatchObject({ status: 'published' })
    expect(published.body.data.publishedAt).not.toBeNull()
  })

  it('updates only the named fields, for its writers and the desk, not another author', async () => {
    const made = await call('POST', 'articles', {
      token: tokens.author,
      body: { ...DRAFT, tags: ['Kept'] },
    })
    const id = made.body.data.id as number
    const other = await call('PATCH', `articles/${id}`, {
      token: tokens.coAuthor,
      body: { title: 'Taken' },
    })
    expect(other.status).toBe(403)
    expect(other.body.error.code).toBe('EDIT_REFUSED')
    // Made a co-author (the byline table), the same person may.
    await getDb().insert(articleBylines).values({ articleId: id, userId: coAuthor.id, position: 1 })
    const changed = await call('PATCH', `articles/${id}`, {
      token: tokens.coAuthor,
      body: { title: 'Rewritten' },
    })
    expect(changed.status).toBe(200)
    expect(changed.body.data).toMatchObject({
      title: 'Rewritten',
      html: DRAFT.html,
      authorId: author.id,
      coAuthorIds: [coAuthor.id],
    })
    expect((changed.body.data.tags as { name: string }[]).map((t) => t.name)).toEqual(['Kept'])
    const desk = await call('PATCH', `articles/${id}`, {
      token: tokens.editor,
      body: { tags: [], status: 'published' },
    })
    expect(desk.body.data).toMatchObject({ status: 'published', tags: [] })
  })

  it('refuses a contributor publishing her draft through an update', async () => {
    const draft = await insertArticle({ status: 'draft', authorId: contributor.id })
    const answer = await call('PATCH', `articles/${draft.id}`, {
      token: tokens.contributor,
      body: { status: 'published' },
    })
    expect(answer.status).toBe(403)
    expect(answer.body.error.code).toBe('STATUS_REFUSED')
    const [row] = await getDb().select().from(articles).where(eq(articles.id, draft.id))
    expect(row.status).toBe('draft')
  })

  it('answers 409 for an edit lock held by someone else and for a stale version', async () => {
    const made = await call('POST', 'articles', { token: tokens.author, body: DRAFT })
    const id = made.body.data.id as number
    const stale = await call('PATCH', `articles/${id}`, {
      token: tokens.author,
      body: { title: 'Late', expectedUpdatedAt: '2020-01-01T00:00:00.000Z' },
    })
    expect(stale.status).toBe(409)
    expect(stale.body.error.code).toBe('CONFLICT')
    const fresh = await call('PATCH', `articles/${id}`, {
      token: tokens.author,
      body: { title: 'On time', expectedUpdatedAt: made.body.data.updatedAt },
    })
    expect(fresh.status).toBe(200)
    await claimEditLock(id, { id: editor.id, role: 'editor' })
    const locked = await call('PATCH', `articles/${id}`, {
      token: tokens.author,
      body: { title: 'Blocked' },
    })
    expect(locked.status).toBe(409)
    expect(locked.body.error.code).toBe('LOCKED')
  })
})

describe('hostile bodies', () => {
  it('answers 400, 413, 415 and 422 with their codes, and never writes', async () => {
    const token = tokens.author
    const before = (await getDb().select({ id: articles.id }).from(articles)).length
    const post = (raw: BodyInit, type = 'application/json') =>
      call('POST', 'articles', { token, raw, headers: { 'Content-Type': type } })
    expect((await post('{"title": ')).body.error.code).toBe('invalid_json')
    expect((await post('title=x', 'application/x-www-form-urlencoded')).status).toBe(415)
    const huge = await post(JSON.stringify({ ...DRAFT, html: 'x'.repeat(3 * 1024 * 1024) }))
    expect(huge.status).toBe(413)
    expect(huge.body.error.code).toBe('payload_too_large')
    const wrong = await post(JSON.stringify({ title: 5, html: ['x'], status: 'live', extra: 1 }))
    expect(wrong.status).toBe(422)
    expect(wrong.body.error.code).toBe('invalid_body')
    expect(Object.keys(wrong.body.error.fields ?? {}).sort()).toEqual([
      'body',
      'html',
      'status',
      'title',
    ])
    for (const body of ['[]', 'null', '"text"']) expect((await post(body)).status).toBe(422)
    const blank = await post(JSON.stringify({ title: ' ', html: '<p></p>' }))
    expect(blank.body.error.fields).toMatchObject({
      title: ['Title is required'],
      html: ['Content is required'],
    })
    const onlyScript = await post(JSON.stringify({ title: 'x', html: '<script>alert(1)</script>' }))
    expect(onlyScript.status).toBe(422)
    expect(onlyScript.body.error.code).toBe('EMPTY_CONTENT')
    const badImage = await post(JSON.stringify({ ...DRAFT, featuredImage: 'javascript:alert(1)' }))
    expect(badImage.body.error.fields?.featuredImage).toBeTruthy()
    expect(await getDb().select({ id: articles.id }).from(articles)).toHaveLength(before)
  })
})

function multipart(name: string, body: Buffer, type: string) {
  const boundary = `----admin${crypto.randomUUID()}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  )
  return {
    raw: new Uint8Array(Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)])),
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
  }
}

describe('media', () => {
  it('uploads an image with the library’s checks; other files and bodies are refused', async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer()
    const stored = await call('POST', 'media', {
      token: tokens.contributor,
      ...multipart('river.png', png, 'image/png'),
    })
    expect(stored.status).toBe(201)
    expect(stored.body.data).toMatchObject({ width: 40, height: 30 })
    expect(stored.body.data.url).toMatch(/^\/media\//)
    const text = await call('POST', 'media', {
      token: tokens.contributor,
      ...multipart('notes.png', Buffer.from('not an image at all'), 'image/png'),
    })
    expect(text.status).toBe(415)
    expect(text.body.error.code).toMatch(/INVALID_TYPE|BROKEN_IMAGE/)
    const json = await call('POST', 'media', { token: tokens.contributor, body: { file: 'x' } })
    expect(json.status).toBe(415)
    expect(json.body.error.code).toBe('unsupported_media_type')
  })
})

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1, generated from the schemas, and every answer meets it', async () => {
    const served = (await (openapiRoute.loader as () => Response)()).json() as Promise<{
      openapi: string
    }>
    expect((await served).openapi).toBe('3.1.0')
    const document = adminApiDocument('http://localhost') as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
      components: { schemas: Record<string, { properties: Record<string, unknown> }> }
    }
    // Generated, not written: the component's properties are the zod schema's.
    expect(Object.keys(document.components.schemas.AdminArticle.properties).sort()).toEqual(
      Object.keys(schemas.adminArticleSchema.shape).sort(),
    )
    const ajv = new Ajv({ unknownFormats: 'ignore' })
    ajv.addSchema({ $id: 'doc', components: document.components }, 'doc')
    const validate = (status: string, op: { path: string; method: string }, body: unknown) => {
      const answer = document.paths[op.path][op.method].responses[status] as {
        content: { 'application/json': { schema: { $ref: string } } }
      }
      const check = ajv.compile({ $ref: `doc${answer.content['application/json'].schema.$ref}` })
      return check(body) ? [] : check.errors
    }
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    const made = await call('POST', 'articles', { token: tokens.author, body: DRAFT })
    const id = made.body.data.id as number
    const answers: Record<string, Awaited<ReturnType<typeof call>>> = {
      'get /articles': await call('GET', 'articles', { token: tokens.author }),
      'post /articles': made,
      'get /articles/{id}': await call('GET', `articles/${id}`, { token: tokens.author }),
      'patch /articles/{id}': await call('PATCH', `articles/${id}`, {
        token: tokens.author,
        body: { excerpt: 'Short' },
      }),
      'post /media': await call('POST', 'media', {
        token: tokens.author,
        ...multipart('x.png', png, 'image/png'),
      }),
    }
    for (const op of OPERATIONS) {
      const answer = answers[`${op.method} ${op.path}`]
      expect(answer.status, `${op.method} ${op.path}`).toBe(Number(op.status))
      expect(validate(op.status, op, answer.body), `${op.method} ${op.path}`).toEqual([])
      expect(op.answer.safeParse(answer.body).success).toBe(true)
    }
    const refusals = [
      ['401', await call('GET', 'articles', { token: null })],
      ['403', await call('PATCH', `articles/${id}`, { token: tokens.contributor, body: {} })],
      ['404', await call('GET', 'articles/999999', { token: tokens.author })],
    ] as const
    for (const [status, answer] of refusals) {
      expect(answer.status).toBe(Number(status))
      const op = { path: '/articles/{id}', method: 'get' }
      expect(validate(status, op, answer.body)).toEqual([])
    }
  })
})
