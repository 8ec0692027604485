import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articleCorrections } from '@db/schema/index'
import { createIntegration } from '~/domain/integrations/integrations.server'
import { getDb } from '~/infra/db.server'
import { startTestServer } from '../setup/app-server'
import { createTestUser, sessionCookie, TEST_SITE_URL } from '../setup/auth-fixtures'
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
  })
})
