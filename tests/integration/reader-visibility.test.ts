import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articleCorrections } from '@db/schema/index'
import { createIntegration } from '~/domain/integrations/integrations.server'
import { getDb } from '~/infra/db.server'
import { startTestServer } from '../setup/app-server'
import { createTestUser, sessionCookie, TEST_SITE_URL } from '../setup/auth-fixtures'
import { insertEdition, insertIssue, insertNewsletterList } from '../setup/content-api-fixtures'
import { insertArticle, insertCategory, insertTag } from '../setup/content-fixtures'

/*
 * What readers never see: an article that is not published, or published for a later time,
 * answers 404 by its address (page, single-fetch data request and Content API) and shows up
 * nowhere a reader can look — search (page and API), the feeds, the sitemaps, the listings of
 * its section, tag and author (pages and Content API), the front page, the breaking-news bar
 * and the corrections page.
 * One published article with the same section, tag, author and a correction is the control:
 * every place that must not show the others shows it (so a place that shows nothing at all
 * cannot pass).
 */

const HIDDEN = {
  draft: { status: 'draft' },
  review: { status: 'review' },
  hidden: { status: 'hidden' },
  archived: { status: 'archived' },
  // Published, for tomorrow.
  scheduled: { status: 'published', hoursAgo: -24 },
} as const
type Kind = keyof typeof HIDDEN | 'control'

/**
 * A word of each article's title, unique to it, that search finds. A place shows an article
 * when its title or its address is in the answer (search echoes the word alone).
 */
const WORD: Record<Kind, string> = {
  draft: 'quokkadraft',
  review: 'quokkareview',
  hidden: 'quokkahidden',
  archived: 'quokkaarchived',
  scheduled: 'quokkascheduled',
  control: 'quokkacontrol',
}

let server: Awaited<ReturnType<typeof startTestServer>>
const slugs = {} as Record<Kind, string>
let section = ''
let tag = ''
let author = ''
let viewerCookie = ''
/** A Content API key (of a "full text" integration: it too sees only what is public). */
let contentKey = ''

beforeAll(async () => {
  server = await startTestServer()
  const category = await insertCategory({ name: 'Quokka affairs', slug: 'quokka-affairs' })
  const ownTag = await insertTag({ name: 'Quokkas', slug: 'quokkas' })
  const breaking = await insertTag({ name: 'Breaking News', slug: 'breaking-news' })
  const writer = await createTestUser({ role: 'author', email: 'quokka-writer@example.com' })
  section = category.slug
  tag = ownTag.slug
  author = 'quokka-writer'
  for (const kind of [...(Object.keys(HIDDEN) as (keyof typeof HIDDEN)[]), 'control' as const]) {
    const fields = kind === 'control' ? { status: 'published' as const } : HIDDEN[kind]
    const row = await insertArticle({
      ...fields,
      title: `The ${WORD[kind]} story`,
      slug: `story-${kind}-${kind.length}`,
      excerpt: `All about ${WORD[kind]}.`,
      categoryId: category.id,
      authorId: writer.id,
      isFeatured: true,
      tagIds: [ownTag.id, breaking.id],
    })
    slugs[kind] = row.slug
    await getDb()
      .insert(articleCorrections)
      .values({ articleId: row.id, text: `An earlier version misspelt ${WORD[kind]}.` })
  }
  const viewer = await createTestUser({ role: 'viewer' })
  viewerCookie = await sessionCookie(viewer)
  contentKey = (await createIntegration({ name: 'Visibility', fullText: true, createdBy: null }))
    .key
})

afterAll(() => server?.close())

const shows = (body: string, kind: Kind) =>
  body.includes(`The ${WORD[kind]} story`) || body.includes(`/article/${slugs[kind]}`)

const READERS = [
  ['anonymous', () => null],
  ['viewer', () => viewerCookie],
] as const

async function get(path: string, cookie: string | null) {
  const headers: Record<string, string> = { origin: TEST_SITE_URL }
  if (cookie) headers.cookie = cookie
  const response = await server.fetch(path, { headers })
  return { status: response.status, body: await response.text() }
}

/** Every place a reader can find an article other than its own address. */
const PLACES = (word: string) => [
  `/search?q=${word}`,
  `/search.data?q=${word}`,
  `/api/search?q=${word}`,
  '/rss.xml',
  `/category/${section}/rss.xml`,
  `/tag/${tag}/rss.xml`,
  `/author/${author}/rss.xml`,
  // The sitemap index names the month's file; the control was published an hour ago.
  `/sitemaps/articles-${new Date(Date.now() - 3_600_000).toISOString().slice(0, 7)}.xml`,
  '/news-sitemap.xml',
  `/category/${section}`,
  `/category/${section}.data`,
  `/tag/${tag}`,
  `/tag/${tag}.data`,
  `/author/${author}`,
  `/author/${author}.data`,
  '/',
  '/_.data',
  '/api/breaking-news',
  '/corrections',
  '/corrections.data',
  // The Content API (docs/content-api.md): its lists, filtered as the pages above.
  `/api/content/v1/articles?key=${contentKey}`,
  `/api/content/v1/articles?category=${section}&key=${contentKey}`,
  `/api/content/v1/articles?tag=${tag}&key=${contentKey}`,
  `/api/content/v1/articles?author=${author}&key=${contentKey}`,
]

/** An article's own address in the Content API, by slug. */
const apiArticle = (slug: string) => `/api/content/v1/articles/${slug}?key=${contentKey}`

/** Every Content API endpoint's list or page, whatever it gives (OpenAPI document included). */
const API_ENDPOINTS = () =>
  [
    'articles',
    'categories',
    'tags',
    'authors',
    'pages',
    'editions',
    'newsletter-issues',
    'site',
    'openapi.json',
  ].map((path) => `/api/content/v1/${path}?key=${contentKey}`)

describe.each(READERS)('as %s', (_who, cookieOf) => {
  it('a published article is found everywhere (the control)', async () => {
    const missing: string[] = []
    expect((await get(`/article/${slugs.control}`, cookieOf())).status).toBe(200)
    expect((await get(`/article/${slugs.control}.data`, cookieOf())).status).toBe(200)
    expect((await get(apiArticle(slugs.control), cookieOf())).status).toBe(200)
    for (const place of PLACES(WORD.control)) {
      const { status, body } = await get(place, cookieOf())
      expect(status, place).toBe(200)
      if (!shows(body, 'control')) missing.push(place)
    }
    expect(missing).toEqual([])
  })

  it.each(Object.keys(HIDDEN))('a %s article answers 404 and is found nowhere', async (kind) => {
    const slug = slugs[kind as Kind]
    const word = WORD[kind as Kind]
    const page = await get(`/article/${slug}`, cookieOf())
    expect(page.status).toBe(404)
    expect(shows(page.body, kind as Kind)).toBe(false)
    const data = await get(`/article/${slug}.data`, cookieOf())
    expect(data.status).toBe(404)
    expect(shows(data.body, kind as Kind)).toBe(false)
    const api = await get(apiArticle(slug), cookieOf())
    expect(api.status).toBe(404)
    expect(shows(api.body, kind as Kind)).toBe(false)
    const shown: string[] = []
    for (const place of PLACES(word)) {
      const { status, body } = await get(place, cookieOf())
      expect(status, place).toBe(200)
      if (shows(body, kind as Kind)) shown.push(place)
    }
    expect(shown).toEqual([])
    // No Content API endpoint names it either (the lists above are filtered versions of one).
    for (const place of API_ENDPOINTS()) {
      const { status, body } = await get(place, cookieOf())
      expect(status, place).toBe(200)
      if (shows(body, kind as Kind) || body.includes(word)) shown.push(place)
    }
    expect(shown).toEqual([])
  })
})

/*
 * The Content API's other resources in every state readers must not see (docs/content-api.md):
 * a print edition still being read or failed, a newsletter issue not sent (draft, scheduled,
 * failed or cancelled before its send), a section or tag whose only article is unpublished.
 * Each has a control readers see, which the same endpoint must give.
 */
describe('the Content API: unpublished states of every resource × every endpoint', () => {
  const editions = { control: '2026-06-01', processing: '2026-06-02', failed: '2026-06-03' }
  const issues = {} as Record<'control' | 'draft' | 'scheduled' | 'failed' | 'cancelled', number>

  beforeAll(async () => {
    for (const [state, day] of Object.entries(editions)) {
      await insertEdition({
        editionDate: day,
        title: `The wombat${state} edition`,
        status: state === 'control' ? 'ready' : (state as 'processing' | 'failed'),
        pages: [`Page text wombat${state}page`],
      })
    }
    const list = await insertNewsletterList('wombat-brief', 'Wombat brief')
    issues.control = (
      await insertIssue(list.id, { status: 'sent', subject: 'wombatcontrol issue' })
    ).id
    issues.draft = (
      await insertIssue(list.id, { status: 'draft', subject: 'wombatdraft issue' })
    ).id
    for (const status of ['scheduled', 'failed', 'cancelled'] as const) {
      issues[status] = (
        await insertIssue(list.id, { status, subject: `wombat${status} issue`, frozen: false })
      ).id
    }
    // A section and a tag whose only article is a draft: no reader can open them.
    const section = await insertCategory({ name: 'Wombat secrets', slug: 'wombat-secrets' })
    const secretTag = await insertTag({ name: 'Wombattag', slug: 'wombat-tag' })
    await insertArticle({
      status: 'draft',
      title: 'The wombatarticle story',
      categoryId: section.id,
      tagIds: [secretTag.id],
    })
  })

  const api = (path: string) =>
    `/api/content/v1/${path}${path.includes('?') ? '&' : '?'}key=${contentKey}`

  it.each(READERS)(
    'as %s: the lists give the controls and none of the others',
    async (_who, cookieOf) => {
      const leaks: string[] = []
      for (const place of API_ENDPOINTS()) {
        const { status, body } = await get(place, cookieOf())
        expect(status, place).toBe(200)
        for (const word of [
          'wombatprocessing',
          'wombatfailed',
          'wombatdraft',
          'wombatscheduled',
          'wombatcancelled',
          'wombatarticle',
          'wombat-secrets',
          'Wombattag',
        ]) {
          if (body.includes(word)) leaks.push(`${place}: ${word}`)
        }
      }
      expect(leaks).toEqual([])
      expect((await get(api('editions'), cookieOf())).body).toContain('wombatcontrol')
      expect((await get(api('newsletter-issues'), cookieOf())).body).toContain('wombatcontrol')
    },
  )

  it.each(READERS)(
    'as %s: each one by its address answers 404, the control 200',
    async (_who, cookieOf) => {
      expect((await get(api(`editions/${editions.control}`), cookieOf())).body).toContain(
        'wombatcontrolpage',
      )
      for (const day of [editions.processing, editions.failed]) {
        const { status, body } = await get(api(`editions/${day}`), cookieOf())
        expect(status, day).toBe(404)
        expect(body, day).not.toContain('wombat')
      }
      expect((await get(api(`newsletter-issues/${issues.control}`), cookieOf())).status).toBe(200)
      for (const state of ['draft', 'scheduled', 'failed', 'cancelled'] as const) {
        const { status, body } = await get(api(`newsletter-issues/${issues[state]}`), cookieOf())
        expect(status, state).toBe(404)
        expect(body, state).not.toContain('wombat')
      }
      const category = await get(api('articles?category=wombat-secrets'), cookieOf())
      expect(JSON.parse(category.body)).toEqual({ data: [], next: null })
    },
  )
})
