import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { profiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import * as article from '~/routes/_site.article.$slug'
import * as authorPage from '~/routes/_site.author.$username'
import * as authorRss from '~/routes/author.$username.rss[.]xml'
import * as sitemap from '~/routes/sitemaps.$name'
import {
  createTestUser,
  requestAs,
  settleRoute,
  TEST_SITE_URL,
} from '../../tests/setup/auth-fixtures'
import { clearContent, insertArticle } from '../../tests/setup/content-fixtures'

const get = (url: string) => requestAs(null, url)

// A thrown data() (404, 400) is the route's error: read like a returned answer.
function runRoute(handler: (args: never) => unknown, url: string, params: Record<string, string>) {
  return settleRoute(handler, get(url), { params })
}

type Meta = Record<string, unknown>[]
const metaTag = (meta: Meta, key: string, value: string) =>
  meta.find((m) => m[key] === value) as Record<string, string> | undefined
const jsonLd = (meta: Meta) =>
  meta.find((m) => 'script:ld+json' in m)?.['script:ld+json'] as Record<string, unknown>

async function writer(fields: { displayName?: string; bio?: string } = {}, role = 'author') {
  const user = await createTestUser({ role: role as 'author' })
  await getDb()
    .update(profiles)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(profiles.id, user.id))
  const [row] = await getDb().select().from(profiles).where(eq(profiles.id, user.id))
  return { ...user, username: row.username! }
}

async function feed(username: string) {
  const response = (await authorRss.loader({
    request: get(`/author/${username}/rss.xml`),
    params: { username },
    context: { clientIp: null, requestId: 'x' },
  } as never)) as Response
  return { response, body: await response.text() }
}

beforeEach(clearContent)

describe('/author/{username}', () => {
  it('shows the name, bio and public articles, newest first, and never the address', async () => {
    const maya = await writer({ displayName: 'Maya Okafor', bio: 'Covers the harbour.' })
    await insertArticle({ authorId: maya.id, title: 'Older story', hoursAgo: 5 })
    await insertArticle({ authorId: maya.id, title: 'Newer story', hoursAgo: 1 })
    await insertArticle({ authorId: maya.id, title: 'Unfinished', status: 'draft' })
    const out = await runRoute(authorPage.loader, `/author/${maya.username}`, {
      username: maya.username,
    })
    expect(out.status).toBe(200)
    expect(out.data.author).toEqual({
      name: 'Maya Okafor',
      username: maya.username,
      bio: 'Covers the harbour.',
      image: null,
      jobTitle: null,
      socialLinks: [],
    })
    expect(out.data.articles.map((a: { title: string }) => a.title)).toEqual([
      'Newer story',
      'Older story',
    ])
    expect(out.data.total).toBe(2)
    const everything = JSON.stringify(out.data)
    expect(everything).not.toContain(maya.email)
    expect(everything).not.toContain(maya.id)

    const url = `${TEST_SITE_URL}/author/${maya.username}`
    expect(out.data.meta.find((m: Meta[number]) => 'title' in m)?.title).toMatch(/^Maya Okafor \| /)
    expect(metaTag(out.data.meta, 'rel', 'canonical')?.href).toBe(url)
    expect(metaTag(out.data.meta, 'name', 'description')?.content).toBe('Covers the harbour.')
    expect(metaTag(out.data.meta, 'rel', 'alternate')).toMatchObject({
      type: 'application/rss+xml',
      href: `/author/${maya.username}/rss.xml`,
    })
    expect(jsonLd(out.data.meta)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url,
      mainEntity: {
        '@type': 'Person',
        name: 'Maya Okafor',
        url,
        description: 'Covers the harbour.',
      },
    })
  })

  it('pages the list twelve at a time', async () => {
    const maya = await writer()
    for (let i = 1; i <= 13; i++) await insertArticle({ authorId: maya.id, hoursAgo: i })
    const path = `/author/${maya.username}`
    const first = await runRoute(authorPage.loader, path, { username: maya.username })
    expect(first.data.articles).toHaveLength(12)
    expect(first.data).toMatchObject({ page: 1, pageCount: 2 })
    const second = await runRoute(authorPage.loader, `${path}?page=2`, {
      username: maya.username,
    })
    expect(second.data.articles).toHaveLength(1)
    expect(metaTag(second.data.meta, 'rel', 'canonical')?.href).toBe(
      `${TEST_SITE_URL}${path}?page=2`,
    )
    const beyond = await runRoute(authorPage.loader, `${path}?page=3`, {
      username: maya.username,
    })
    expect(beyond).toMatchObject({ status: 404, data: { code: 'PAGE_OUT_OF_RANGE' } })
    const bad = await runRoute(authorPage.loader, `${path}?page=0`, { username: maya.username })
    expect(bad.status).toBe(400)
  })

  it('finds the username ignoring case and sends the reader to its one address', async () => {
    const maya = await writer()
    await insertArticle({ authorId: maya.id })
    const shouted = maya.username.toUpperCase()
    const out = await runRoute(authorPage.loader, `/author/${shouted}?page=1`, {
      username: shouted,
    })
    expect(out.status).toBe(301)
    expect(out.location).toBe(`/author/${maya.username}`)
  })

  it('is "Author not found" for an unknown name, a reader, or a writer with nothing public', async () => {
    const reader = await writer({}, 'viewer')
    const unpublished = await writer()
    await insertArticle({ authorId: unpublished.id, status: 'draft' })
    await insertArticle({ authorId: unpublished.id, hoursAgo: -2 })
    for (const username of ['nobody-here', reader.username, unpublished.username]) {
      const out = await runRoute(authorPage.loader, `/author/${username}`, { username })
      expect(out, username).toMatchObject({
        status: 404,
        data: { ok: false, code: 'NOT_FOUND', message: 'Author not found' },
      })
      const rss = await feed(username)
      expect(rss.response.status, username).toBe(404)
    }
  })
})

describe('/author/{username}/rss.xml', () => {
  it('lists the author’s public articles with the byline, escaped', async () => {
    const maya = await writer({ displayName: 'Maya <Ok> & Co', bio: 'Tides & "weather".' })
    await insertArticle({ authorId: maya.id, title: 'Fish & <chips>', slug: 'fish-chips' })
    await insertArticle({ authorId: maya.id, title: 'Not yet', status: 'review' })
    const { response, body } = await feed(maya.username)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/rss+xml')
    expect(response.headers.get('cache-control')).toMatch(/public/)
    expect(body).toContain('<title>Maya &lt;Ok&gt; &amp; Co | ')
    expect(body).toContain('<description>Tides &amp;amp; &quot;weather&quot;.</description>')
    expect(body).toContain('<title>Fish &amp; &lt;chips&gt;</title>')
    expect(body).toContain(`<link>${TEST_SITE_URL}/article/fish-chips</link>`)
    expect(body).toContain('<dc:creator>Maya &lt;Ok&gt; &amp; Co</dc:creator>')
    expect(body).toContain(`<link>${TEST_SITE_URL}/author/${maya.username}</link>`)
    expect(body).toContain(`href="${TEST_SITE_URL}/author/${maya.username}/rss.xml" rel="self"`)
    expect(body).not.toContain('Not yet')
    expect(body).not.toContain(maya.email)
    // Every element opened is closed: one <item> per public article.
    expect(body.match(/<item>/g)).toHaveLength(1)
    expect(body.match(/<\/item>/g)).toHaveLength(1)
    expect(body.replace(/&(amp|lt|gt|quot|apos);/g, '')).not.toMatch(/&|<[^a-zA-Z/?!]/)
  })
})

describe('bylines lead to the author page', () => {
  it('links the article page’s byline and names the author in its JSON-LD', async () => {
    const maya = await writer({ displayName: 'Maya Okafor' })
    await insertArticle({ authorId: maya.id, slug: 'harbour-story' })
    await insertArticle({ authorId: null, slug: 'unsigned-story' })
    const out = await runRoute(article.loader, '/article/harbour-story', { slug: 'harbour-story' })
    // The byline in the server-drawn page links the author's page under their byline name.
    expect(out.data.html).toMatch(
      new RegExp(`<a[^>]*href="/author/${maya.username}"[^>]*>[^<]*Maya Okafor`),
    )
    expect(jsonLd(out.data.meta).author).toEqual({
      '@type': 'Person',
      name: 'Maya Okafor',
      url: `${TEST_SITE_URL}/author/${maya.username}`,
    })
    expect(JSON.stringify(out.data)).not.toContain(maya.email)

    const unsigned = await runRoute(article.loader, '/article/unsigned-story', {
      slug: 'unsigned-story',
    })
    expect(unsigned.data.html).not.toContain('/author/')
    expect(jsonLd(unsigned.data.meta).author).toMatchObject({ '@type': 'Organization' })
  })

  it('lists author pages in the sitemap', async () => {
    const maya = await writer()
    await insertArticle({ authorId: maya.id })
    const response = (await sitemap.loader({
      request: get('/sitemaps/pages.xml'),
      params: { name: 'pages.xml' },
      context: { clientIp: null, requestId: 'x' },
    } as never)) as Response
    expect(await response.text()).toContain(`<loc>${TEST_SITE_URL}/author/${maya.username}</loc>`)
  })
})

describe('co-written stories (issue 40)', () => {
  it('reads "By A and B" with both linked, lists the story on both author pages and feeds, and names both in JSON-LD', async () => {
    const ana = await writer({ displayName: 'Ana Lim' })
    const ben = await writer({ displayName: 'Ben Ode' }, 'contributor')
    await insertArticle({
      authorId: ana.id,
      coAuthorIds: [ben.id],
      slug: 'shared-story',
      title: 'Shared story',
    })
    const out = await runRoute(article.loader, '/article/shared-story', { slug: 'shared-story' })
    const text = out.data.html.replace(/<[^>]+>/g, '')
    expect(text).toContain('By Ana Lim and Ben Ode')
    expect(out.data.html).toContain(`href="/author/${ben.username}"`)
    expect(jsonLd(out.data.meta).author).toEqual([
      { '@type': 'Person', name: 'Ana Lim', url: `${TEST_SITE_URL}/author/${ana.username}` },
      { '@type': 'Person', name: 'Ben Ode', url: `${TEST_SITE_URL}/author/${ben.username}` },
    ])
    // The co-author has a page because of the co-written story, and it lists it.
    const page = await runRoute(authorPage.loader, `/author/${ben.username}`, {
      username: ben.username,
    })
    expect(page.status).toBe(200)
    expect(JSON.stringify(page.data)).toContain('Shared story')
    const rss = await feed(ben.username)
    expect(rss.body).toContain('<title>Shared story</title>')
    expect(rss.body).toContain('<dc:creator>Ana Lim</dc:creator>')
    expect(rss.body).toContain('<dc:creator>Ben Ode</dc:creator>')
  })

  it('keeps the bylines’ order: "By A, B and C"', async () => {
    const [a, b, c] = [
      await writer({ displayName: 'Cai Ross' }),
      await writer({ displayName: 'Ana Lim' }),
      await writer({ displayName: 'Ben Ode' }),
    ]
    await insertArticle({ authorId: a.id, coAuthorIds: [b.id, c.id], slug: 'three-bylines' })
    const out = await runRoute(article.loader, '/article/three-bylines', {
      slug: 'three-bylines',
    })
    expect(out.data.html.replace(/<[^>]+>/g, '')).toContain('By Cai Ross, Ana Lim and Ben Ode')
  })
})
