import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newspaperEditions } from '@db/schema/index'
import { addCorrection } from '~/domain/articles/corrections.server'
import { createIntegration } from '~/domain/integrations/integrations.server'
import { postEntry, startCoverage } from '~/domain/live/live.server'
import { updateEdition } from '~/domain/newspapers/editions.server'
import { listSchema } from '~/domain/newsletter/lists-schema'
import { updateList } from '~/domain/newsletter/lists.server'
import { staticPageSchema } from '~/domain/pages/pages-schema'
import { saveStaticPage } from '~/domain/pages/pages.server'
import { socialLinkSchema } from '~/domain/settings/settings-schema'
import { addSocialLink } from '~/domain/settings/settings.server'
import { tagSchema } from '~/domain/tags/tags-schema'
import { updateTag } from '~/domain/tags/tags.server'
import { updateUsername } from '~/domain/users/profile.server'
import { onContentChanged, readCacheKeys, touches, type CacheKey } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { startTestServer, type TestServer } from '../setup/app-server'
import { insertEdition, insertIssue, insertNewsletterList } from '../setup/content-api-fixtures'
import { insertArticle, insertCategory, insertStaff, insertTag } from '../setup/content-fixtures'

/*
 * The Content API over HTTP, through the whole server (docs/content-api.md): what a CDN in
 * front of it sees. Every answer a CDN may keep names what it shows (`Surrogate-Key`,
 * `Cache-Tag`), and a change made through the domain announces a key the answer showing it
 * named, so the purge (infra/cdn-purge.server.ts, which sends exactly the announced keys)
 * empties it; the CORS preflight passes the server's own checks from any origin.
 */

let server: TestServer
let key = ''
let bearerKey = ''
const seed = {} as {
  slug: string
  articleId: number
  tagId: number
  coAuthorId: string
  editionId: number
  listId: number
  issueId: number
}

beforeAll(async () => {
  server = await startTestServer()
  key = (await createIntegration({ name: 'CDN partner', fullText: false, createdBy: null })).key
  bearerKey = (await createIntegration({ name: 'App', fullText: false, createdBy: null })).key
  const lead = await insertStaff({ displayName: 'Lead Hand' })
  const second = await insertStaff({ displayName: 'Second Hand' })
  const category = await insertCategory({ name: 'Harbour', slug: 'harbour-http' })
  const tag = await insertTag({ name: 'Tides', slug: 'tides-http' })
  const article = await insertArticle({
    title: 'Tide story',
    authorId: lead.id,
    coAuthorIds: [second.id],
    categoryId: category.id,
    tagIds: [tag.id],
  })
  const edition = await insertEdition({ editionDate: '2026-05-01' })
  const list = await insertNewsletterList('http-brief', 'HTTP brief')
  const issue = await insertIssue(list.id, { status: 'sent', subject: 'HTTP issue' })
  Object.assign(seed, {
    slug: article.slug,
    articleId: article.id,
    tagId: tag.id,
    coAuthorId: second.id,
    editionId: edition.id,
    listId: list.id,
    issueId: issue.id,
  })
})

afterAll(() => server?.close())

const PATHS = () => [
  'articles',
  `articles/${seed.slug}`,
  'articles?tag=tides-http',
  'categories',
  'tags',
  'authors',
  'pages',
  'editions',
  'editions/2026-05-01',
  'newsletter-issues',
  `newsletter-issues/${seed.issueId}`,
  'site',
]

async function get(path: string, headers: Record<string, string> = {}) {
  const sep = path.includes('?') ? '&' : '?'
  const response = await server.fetch(`/api/content/v1/${path}${sep}key=${key}`, { headers })
  await response.text()
  return response
}

/** The keys an answer names for a CDN. */
async function shownKeys(path: string): Promise<CacheKey[]> {
  const response = await get(path)
  expect(response.status, path).toBe(200)
  const keys = readCacheKeys(response.headers.get('surrogate-key') ?? '')
  expect(keys, path).not.toBeNull()
  return keys!
}

/** The keys a write announces once it has committed (what the CDN purge is sent). */
async function announcedBy(write: () => Promise<unknown>): Promise<Set<CacheKey>> {
  const heard = new Set<CacheKey>()
  const stop = onContentChanged((keys) => keys.forEach((k) => heard.add(k)))
  try {
    await write()
  } finally {
    stop()
  }
  return heard
}

describe('what a CDN sees', () => {
  it('every endpoint answers ?key= publicly, naming what it shows; a Bearer key privately, naming nothing', async () => {
    for (const path of PATHS()) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toMatch(/^public, max-age=60/)
      const surrogate = response.headers.get('surrogate-key') ?? ''
      expect(surrogate, path).not.toBe('')
      expect(response.headers.get('cache-tag'), path).toBe(surrogate.split(' ').join(','))
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*')
      expect(response.headers.get('etag'), path).toMatch(/^W\//)
      // The server's page cache never keeps it (a revoked key must stop at once).
      expect(response.headers.get('x-cache'), path).toBeNull()
      const bearer = await server.fetch(`/api/content/v1/${path}`, {
        headers: { authorization: `Bearer ${bearerKey}` },
      })
      expect(bearer.status, path).toBe(200)
      expect(bearer.headers.get('cache-control'), path).toBe('private, no-store')
      expect(bearer.headers.get('surrogate-key'), path).toBeNull()
    }
  })

  it('answers If-None-Match with 304 over HTTP, headers kept, and HEAD without a body', async () => {
    const first = await get(`articles/${seed.slug}`)
    const again = await get(`articles/${seed.slug}`, {
      'if-none-match': first.headers.get('etag')!,
    })
    expect(again.status).toBe(304)
    expect(again.headers.get('cache-control')).toMatch(/^public/)
    expect(again.headers.get('surrogate-key')).toBe(first.headers.get('surrogate-key'))
    const head = await server.fetch(`/api/content/v1/articles?key=${key}`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('a change made through the domain announces a key the answers showing it named', async () => {
    const reaches = async (paths: string[], write: () => Promise<unknown>) => {
      const shown = await Promise.all(paths.map(shownKeys))
      const announced = await announcedBy(write)
      paths.forEach((path, i) => expect(touches(announced, shown[i]), path).toBe(true))
    }
    const staff = { id: seed.coAuthorId }
    // A correction: the article and the lists that carry its corrections.
    await reaches(['articles', `articles/${seed.slug}`], () =>
      addCorrection(seed.articleId, { text: 'A date was wrong.', correctedAt: new Date() }, staff),
    )
    // A live entry (live coverage and key events are in the article).
    await reaches([`articles/${seed.slug}`], async () => {
      await startCoverage(seed.articleId, 'Live now')
      await postEntry(
        seed.articleId,
        { headline: 'Key moment', content: '<p>It happened.</p>', isKeyEvent: true },
        staff,
        { publish: true },
      )
    })
    // A tag renamed: its name is in the article, the lists and the tags.
    await reaches(['articles', `articles/${seed.slug}`, 'articles?tag=tides-http', 'tags'], () =>
      updateTag(seed.tagId, tagSchema.parse({ name: 'Tidal' })),
    )
    // A co-author's new username: their byline's address in the article and the lists.
    await reaches(['articles', `articles/${seed.slug}`, 'authors'], () =>
      updateUsername(seed.coAuthorId, 'second-hand-renamed'),
    )
    // An edition retitled.
    const [edition] = await getDb()
      .select()
      .from(newspaperEditions)
      .where(eq(newspaperEditions.id, seed.editionId))
    await reaches(['editions', 'editions/2026-05-01'], () =>
      updateEdition(seed.editionId, {
        title: 'Retitled edition',
        editionDate: edition.editionDate,
        number: null,
      }),
    )
    // A newsletter renamed: its name is on each of its issues.
    await reaches(['newsletter-issues', `newsletter-issues/${seed.issueId}`], () =>
      updateList(seed.listId, listSchema.parse({ name: 'Renamed brief', kind: 'alert' })),
    )
    // The about page (the site's description, and the pages) and the social links.
    await reaches(['site', 'pages'], () =>
      saveStaticPage(
        'about',
        staticPageSchema.parse({ title: 'About us', content: '<p>A new first line.</p>' }),
      ),
    )
    await reaches(['site'], () =>
      addSocialLink(
        socialLinkSchema.parse({
          platform: 'GitHub',
          url: 'https://github.example/tides',
          icon: 'github',
        }),
      ),
    )
  })
})

describe('CORS', () => {
  it('answers a preflight from any origin through the server, and refuses a write with JSON', async () => {
    for (const path of PATHS()) {
      const preflight = await server.fetch(`/api/content/v1/${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://partner.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization, if-none-match',
        },
      })
      expect(preflight.status, path).toBe(204)
      expect(preflight.headers.get('access-control-allow-origin'), path).toBe('*')
      expect(preflight.headers.get('access-control-allow-methods'), path).toMatch(/GET/)
      expect(preflight.headers.get('access-control-allow-headers'), path).toMatch(
        /Authorization.*If-None-Match/,
      )
    }
    // A cross-site write is refused before any route (the site's CSRF check); a same-site one
    // reaches the API, which only reads.
    const write = await server.fetch(`/api/content/v1/articles?key=${key}`, { method: 'POST' })
    expect(write.status).toBe(405)
    expect(await write.json()).toMatchObject({ error: { code: 'method_not_allowed' } })
  })
})
