import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { articleViews, newsletterSubscribers, socialLinks } from '@db/schema/index'
import { viewCounter } from '~/domain/articles/view-counter.server'
import { getDb } from '~/infra/db.server'
import type { CacheKey } from '~/infra/cache-keys.server'
import { requestContext } from '~/infra/request-context.server'
import { readOutbox } from '~/infra/mail.server'
import * as home from '~/routes/_site._index'
import * as about from '~/routes/_site.about'
import * as article from '~/routes/_site.article.$slug'
import * as category from '~/routes/_site.category.$slug'
import * as newsletter from '~/routes/_site.newsletter'
import * as confirm from '~/routes/_site.newsletter_.confirm'
import * as search from '~/routes/_site.search'
import * as tag from '~/routes/_site.tag.$slug'
import * as layout from '~/routes/_site'
import * as breakingApi from '~/routes/api.breaking-news'
import * as searchApi from '~/routes/api.search'
import * as categoryRss from '~/routes/category.$slug.rss[.]xml'
import * as newsSitemap from '~/routes/news-sitemap[.]xml'
import * as robots from '~/routes/robots[.]txt'
import * as rss from '~/routes/rss[.]xml'
import * as sitemap from '~/routes/sitemap[.]xml'
import * as sitemapFile from '~/routes/sitemaps.$name'
import * as tagRss from '~/routes/tag.$slug.rss[.]xml'
import * as views from '~/routes/api.views'
// React Router renders a thrown data() (a 404, a 400) as the route's error: settleRoute reads
// it like a returned one.
import { formRequest, requestAs, settleRoute as runRoute } from '../setup/auth-fixtures'
import { clearContent, insertArticle, insertCategory, insertTag } from '../setup/content-fixtures'

const BROWSER = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
}

const get = (url: string, headers: Record<string, string> = {}) => requestAs(null, url, { headers })

// The tags a loader hands its meta function, looked up by attribute.
function metaTag(data: { meta: Record<string, unknown>[] }, key: string, value: string) {
  return data.meta.find((m) => m[key] === value) as Record<string, string> | undefined
}

beforeEach(clearContent)

describe('category page', () => {
  it('lists the public articles of a category with its name, description and canonical URL', async () => {
    const politics = await insertCategory({
      name: 'Politics',
      slug: 'politics',
      description: 'City hall.',
    })
    await insertArticle({ title: 'Levy vote', categoryId: politics.id })
    await insertArticle({ title: 'Draft', categoryId: politics.id, status: 'draft' })
    const out = await runRoute(category.loader, get('/category/politics'), {
      params: { slug: 'politics' },
    })
    expect(out.status).toBe(200)
    expect(out.data.category).toMatchObject({ name: 'Politics', description: 'City hall.' })
    expect(out.data.articles.map((a: { title: string }) => a.title)).toEqual(['Levy vote'])
    expect(out.data.articles[0]).toMatchObject({
      readingMinutes: 1,
      relativeTime: 'about 1 hour ago',
    })
    expect(metaTag(out.data, 'rel', 'canonical')?.href).toBe(
      'http://localhost:3000/category/politics',
    )
  })

  it('pages beyond the first page', async () => {
    const c = await insertCategory({ slug: 'busy' })
    for (let i = 0; i < 14; i++) await insertArticle({ categoryId: c.id, hoursAgo: i + 1 })
    const out = await runRoute(category.loader, get('/category/busy?page=2'), {
      params: { slug: 'busy' },
    })
    expect(out.data).toMatchObject({ page: 2, pageCount: 2 })
    expect(out.data.articles).toHaveLength(2)
    expect(metaTag(out.data, 'rel', 'canonical')?.href).toBe(
      'http://localhost:3000/category/busy?page=2',
    )
  })

  it('answers 404 for an unknown category or a page past the end, 400 for a bad page', async () => {
    await insertCategory({ slug: 'quiet' })
    const unknown = await runRoute(category.loader, get('/category/nope'), {
      params: { slug: 'nope' },
    })
    expect(unknown).toMatchObject({
      status: 404,
      data: { ok: false, code: 'NOT_FOUND', message: 'Category not found' },
    })
    const past = await runRoute(category.loader, get('/category/quiet?page=3'), {
      params: { slug: 'quiet' },
    })
    expect(past).toMatchObject({ status: 404, data: { code: 'PAGE_OUT_OF_RANGE' } })
    const bad = await runRoute(category.loader, get('/category/quiet?page=abc'), {
      params: { slug: 'quiet' },
    })
    expect(bad.status).toBe(400)
  })

  it('is a page, not an error, when the category has no articles', async () => {
    await insertCategory({ slug: 'empty' })
    const out = await runRoute(category.loader, get('/category/empty'), {
      params: { slug: 'empty' },
    })
    expect(out.status).toBe(200)
    expect(out.data.articles).toEqual([])
  })
})

describe('tag page', () => {
  it('lists the public articles with a tag', async () => {
    const transit = await insertTag({ name: 'Transit', slug: 'transit' })
    await insertArticle({ title: 'Bus routes', tagIds: [transit.id] })
    await insertArticle({ title: 'Hidden bus', tagIds: [transit.id], status: 'hidden' })
    const out = await runRoute(tag.loader, get('/tag/transit'), { params: { slug: 'transit' } })
    expect(out.data.tag).toEqual({ name: 'Transit', slug: 'transit' })
    expect(out.data.articles.map((a: { title: string }) => a.title)).toEqual(['Bus routes'])
  })

  it('answers 404 "Tag Not Found" for an unknown tag', async () => {
    const out = await runRoute(tag.loader, get('/tag/nope'), { params: { slug: 'nope' } })
    expect(out).toMatchObject({
      status: 404,
      data: { code: 'NOT_FOUND', message: 'Tag not found' },
    })
  })
})

describe('article page', () => {
  it('shows a public article, sanitising its HTML again and dating it "Published MMMM d, yyyy at h:mm a"', async () => {
    await insertArticle({
      slug: 'levy',
      title: 'Levy vote',
      content:
        '<p onclick="x()">Hello <a href="javascript:alert(1)">link</a></p><script>alert(1)</script>',
      publishedAt: new Date('2026-01-05T10:00:00Z'),
    })
    const out = await runRoute(article.loader, get('/article/levy', BROWSER), {
      params: { slug: 'levy' },
    })
    expect(out.status).toBe(200)
    // The page arrives as server-drawn HTML (article-page.server.tsx).
    expect(out.data.html).toContain('Hello')
    expect(out.data.html).not.toMatch(/script|onclick|javascript:/i)
    expect(out.data.html).toContain(
      'Published <time dateTime="2026-01-05T10:00:00.000Z">January 5, 2026 at 10:00 AM</time>',
    )
    const jsonLd = out.data.meta.find((m: Record<string, unknown>) => 'script:ld+json' in m)
    expect(jsonLd['script:ld+json']).toMatchObject({
      '@type': 'NewsArticle',
      headline: 'Levy vote',
    })
  })

  it('turns a YouTube link into an embed', async () => {
    await insertArticle({
      slug: 'video',
      hasVideo: true,
      videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    })
    const out = await runRoute(article.loader, get('/article/video'), { params: { slug: 'video' } })
    expect(out.data.html).toContain('src="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"')
  })

  it('answers 404 for an unknown or unpublished article', async () => {
    await insertArticle({ slug: 'draft', status: 'draft' })
    await insertArticle({ slug: 'later', hoursAgo: -2 })
    for (const slug of ['nope', 'draft', 'later']) {
      const out = await runRoute(article.loader, get(`/article/${slug}`), { params: { slug } })
      expect(out.status, slug).toBe(404)
      // The one not-found answer (lib/not-found.ts), which the page's boundary reads.
      expect(out.data, slug).toEqual({ ok: false, code: 'NOT_FOUND', message: 'Article not found' })
    }
  })

  it('counts a reader’s view by the page’s beacon, not a crawler’s, nor its render', async () => {
    const a = await insertArticle({ slug: 'counted' })
    const out = await runRoute(article.loader, get('/article/counted', BROWSER), {
      params: { slug: 'counted' },
    })
    expect(out.status).toBe(200)
    const beacon = (headers: Record<string, string>) =>
      new Request('http://localhost/api/views', {
        method: 'POST',
        headers,
        body: new URLSearchParams({ article: String(a.id) }),
      })
    // Two readers (by address), the first twice, and a crawler: two views.
    for (const [headers, clientIp] of [
      [BROWSER, '198.51.100.1'],
      [BROWSER, '198.51.100.1'],
      [BROWSER, '198.51.100.2'],
      [{ 'user-agent': 'Googlebot/2.1' }, '198.51.100.3'],
    ] as const) {
      const res = (await views.action({
        request: beacon(headers),
        context: { clientIp },
      } as never)) as Response
      expect(res.status).toBe(204)
    }
    const refused = (await views.action({
      request: new Request('http://localhost/api/views', { method: 'POST', body: 'x' }),
      context: { clientIp: '198.51.100.1' },
    } as never)) as Response
    expect(refused.status).toBe(400)
    await viewCounter.flush()
    const [row] = await getDb().select().from(articleViews).where(eq(articleViews.articleId, a.id))
    expect(row.views).toBe(2)
  })
})

describe('home page', () => {
  it('renders an empty site without failing', async () => {
    const out = await runRoute(home.loader, get('/'))
    expect(out.status).toBe(200)
    expect(out.data).toMatchObject({ featured: null, hasSections: false })
  })

  it('has the featured article, trending, sections per category and WebSite JSON-LD', async () => {
    const c = await insertCategory({ name: 'Sports' })
    const t = await insertTag({ name: 'Baseball' })
    const featured = await insertArticle({
      title: 'Big win',
      isFeatured: true,
      categoryId: c.id,
      tagIds: [t.id],
    })
    await insertArticle({ title: 'Other', categoryId: c.id })
    // A story shows once: enough of them that the section keeps some past the lead and trending.
    for (let i = 0; i < 7; i++) await insertArticle({ categoryId: c.id, hoursAgo: 2 + i })
    const out = await runRoute(home.loader, get('/'))
    expect(out.data.featured.id).toBe(featured.id)
    // Below the lead the page arrives drawn (home-page.server.ts).
    const html: string = out.data.sectionsHtml
    expect(out.data.hasSections).toBe(true)
    const trending = html
      .split('<section aria-labelledby="trending-heading"')[1]!
      .split('</section>')[0]
    expect(trending).toContain('href="/article/')
    expect(trending).not.toContain(`href="/article/${featured.slug}"`)
    expect([...html.matchAll(/href="\/tag\/[^"]+"[^>]*>#([^<]+)</g)].map((m) => m[1])).toEqual([
      'Baseball',
    ])
    const headings = [...html.matchAll(/<h2 id="category-\d+-heading"[^>]*>([^<]+)</g)]
    expect(headings.map((m) => m[1])).toEqual(['Sports'])
    expect(html).toContain(`href="/category/${c.slug}"`)
    const jsonLd = out.data.meta.find((m: Record<string, unknown>) => 'script:ld+json' in m)
    const graph = jsonLd['script:ld+json']['@graph']
    expect(graph.map((node: { '@type': string }) => node['@type'])).toEqual([
      'NewsMediaOrganization',
      'WebSite',
    ])
    expect(graph[1].potentialAction.target.urlTemplate).toBe(
      'http://localhost:3000/search?q={search_term_string}',
    )
  })
})

describe('site layout', () => {
  it('hands the header its breaking news and draws the footer with its active social links', async () => {
    const breaking = await insertTag({ slug: 'breaking-news', name: 'Breaking News' })
    await insertArticle({ title: 'Storm warning', tagIds: [breaking.id] })
    await getDb()
      .insert(socialLinks)
      .values([
        { platform: 'facebook', url: 'https://facebook.com/x', icon: 'facebook' },
        { platform: 'github', url: 'https://github.com/x', icon: 'github', isActive: false },
      ])
    const out = await runRoute(layout.loader, get('/'))
    expect(out.data.breakingNews.map((b: { title: string }) => b.title)).toEqual(['Storm warning'])
    // The footer arrives drawn (site-footer.server.tsx): the active link only, and the year.
    const footer: string = out.data.footerHtml
    expect(footer).toContain('href="https://facebook.com/x"')
    expect(footer).not.toContain('github.com/x')
    expect(footer).toContain(`© ${new Date().getUTCFullYear()} `)
    expect(footer).toMatch(/<form data-newsletter-form="" [^>]*action="\/newsletter" method="post"/)
    await getDb().delete(socialLinks)
  })
})

describe('search', () => {
  it('answers the dialog with JSON for a lower-cased, trimmed query, cacheable by a CDN', async () => {
    await insertArticle({ title: 'Harbour lighthouse restored' })
    await insertArticle({ title: 'Draft lighthouse', status: 'draft' })
    const response = (await searchApi.loader({
      request: get('/api/search?q=%20%20LightHouse%20'),
      params: {},
      context: { clientIp: null, requestId: 'x' },
    } as never)) as Response
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toMatch(/public.*s-maxage/)
    const body = await response.json()
    expect(body.query).toBe('lighthouse')
    expect(body.results.map((r: { title: string }) => r.title)).toEqual([
      'Harbour lighthouse restored',
    ])
    expect(body.results[0]).toEqual(
      expect.objectContaining({
        slug: expect.any(String),
        excerpt: expect.any(String),
        categoryName: null,
        authorUsername: null,
      }),
    )
  })

  it('refuses an overlong query or a bad limit with 400', async () => {
    const long = await runRoute(searchApi.loader, get(`/api/search?q=${'a'.repeat(201)}`))
    expect(long.status).toBe(400)
    expect(long.data.error).toMatch(/at most 200/)
    const limit = await runRoute(searchApi.loader, get('/api/search?q=a&limit=500'))
    expect(limit.status).toBe(400)
  })

  it('serves the full results page without JavaScript', async () => {
    await insertArticle({ title: 'Ferry timetable changes' })
    const out = await runRoute(search.loader, get('/search?q=Ferry'))
    expect(out.data).toMatchObject({ typed: 'Ferry', query: 'ferry', total: 1 })
    const blank = await runRoute(search.loader, get('/search'))
    expect(blank.data).toMatchObject({ query: '', total: 0, results: [] })
    expect(metaTag(out.data, 'name', 'robots')?.content).toBe('noindex, follow')
  })
})

describe('breaking news resource', () => {
  it('answers the ticker’s refresh with JSON, fresh for 30 s', async () => {
    const breaking = await insertTag({ slug: 'breaking-news', name: 'Breaking News' })
    await insertArticle({ title: 'Bridge closed', tagIds: [breaking.id] })
    const response = (await breakingApi.loader()) as Response
    expect(response.headers.get('cache-control')).toContain('s-maxage=30')
    const body = await response.json()
    expect(body.items).toEqual([
      expect.objectContaining({ title: 'Bridge closed', timeLabel: 'about 1 hour ago' }),
    ])
  })
})

describe('feeds and sitemaps', () => {
  async function text(
    loader: (args: never) => unknown,
    url: string,
    params: Record<string, string> = {},
  ) {
    const response = (await loader({ request: get(url), params, context: {} } as never)) as Response
    return { response, body: await response.text() }
  }

  it('serves the site RSS feed with public articles only', async () => {
    await insertArticle({ title: 'Public & proud', slug: 'public' })
    await insertArticle({ title: 'Secret draft', status: 'draft' })
    const { response, body } = await text(rss.loader, '/rss.xml')
    expect(response.headers.get('content-type')).toContain('application/rss+xml')
    expect(response.headers.get('cache-control')).toMatch(/public/)
    expect(response.headers.get('etag')).toBeTruthy()
    expect(body).toContain('<title>Public &amp; proud</title>')
    expect(body).toContain('http://localhost:3000/article/public')
    expect(body).not.toContain('Secret draft')
  })

  it('serves category and tag feeds, 404 for unknown ones', async () => {
    const c = await insertCategory({ name: 'World', slug: 'world' })
    const t = await insertTag({ name: 'Trade', slug: 'trade' })
    await insertArticle({ title: 'In world', categoryId: c.id })
    await insertArticle({ title: 'Tagged trade', tagIds: [t.id] })
    const byCategory = await text(categoryRss.loader, '/category/world/rss.xml', { slug: 'world' })
    expect(byCategory.body).toContain('In world')
    expect(byCategory.body).not.toContain('Tagged trade')
    const byTag = await text(tagRss.loader, '/tag/trade/rss.xml', { slug: 'trade' })
    expect(byTag.body).toContain('Tagged trade')
    expect(
      (await text(categoryRss.loader, '/category/x/rss.xml', { slug: 'x' })).response.status,
    ).toBe(404)
    expect((await text(tagRss.loader, '/tag/x/rss.xml', { slug: 'x' })).response.status).toBe(404)
  })

  it('lists public pages in the sitemap and the last two days in the news sitemap', async () => {
    await insertCategory({ slug: 'science' })
    await insertArticle({ slug: 'fresh', hoursAgo: 2 })
    await insertArticle({ slug: 'older', hoursAgo: 24 * 5 })
    await insertArticle({ slug: 'draft-one', status: 'draft' })
    // The index names pages.xml and one file per month of public articles.
    const index = await text(sitemap.loader, '/sitemap.xml')
    expect(index.body).toContain('<sitemapindex')
    const files = [
      ...index.body.matchAll(/<loc>http:\/\/localhost:3000\/sitemaps\/([^<]+)<\/loc>/g),
    ].map((m) => m[1])
    expect(files[0]).toBe('pages.xml')
    expect(files.slice(1).every((f) => /^articles-\d{4}-\d{2}\.xml$/.test(f))).toBe(true)
    let body = ''
    for (const name of files)
      body += (await text(sitemapFile.loader, `/sitemaps/${name}`, { name })).body
    for (const path of ['/', '/category/science', '/article/fresh', '/article/older', '/about']) {
      expect(body).toContain(`<loc>http://localhost:3000${path}</loc>`)
    }
    expect(body).not.toContain('draft-one')
    expect(
      (
        await text(sitemapFile.loader, '/sitemaps/articles-1999-01.xml', {
          name: 'articles-1999-01.xml',
        })
      ).response.status,
    ).toBe(404)
    const news = await text(newsSitemap.loader, '/news-sitemap.xml')
    expect(news.body).toContain('/article/fresh')
    expect(news.body).not.toContain('/article/older')
    // It shows the news sitemap's own key beside front: a title changed within its two days
    // empties it (app/domain/articles/article-changes.server.ts); and the sitemaps' key, which a
    // live article's entries announce as they move its lastmod.
    const shown = new Set<CacheKey>()
    await requestContext.run({ requestId: 'news-sitemap', shownKeys: shown }, () =>
      text(newsSitemap.loader, '/news-sitemap.xml'),
    )
    expect([...shown].sort()).toEqual(['front', 'news-sitemap', 'sitemap'])
  })

  it('points crawlers at the sitemaps and away from the back office', async () => {
    const { body, response } = await text(robots.loader, '/robots.txt')
    expect(response.headers.get('content-type')).toContain('text/plain')
    expect(body).toContain('Disallow: /admin')
    expect(body).toContain('Disallow: /api')
    expect(body).toContain('Sitemap: http://localhost:3000/sitemap.xml')
    expect(body).toContain('Sitemap: http://localhost:3000/news-sitemap.xml')
  })
})

describe('newsletter', () => {
  it('subscribes an address from the footer form and mails a confirmation link', async () => {
    const out = await runRoute(
      newsletter.action,
      formRequest(null, '/newsletter', { email: 'Reader@Example.com', list: '1' }),
    )
    expect(out.data).toMatchObject({ ok: true })
    const mail = (await readOutbox()).find((m) => m.to.includes('reader@example.com'))
    const link = /http:\/\/localhost:3000\/newsletter\/confirm\?token=([\w-]+)/.exec(
      mail?.text ?? '',
    )
    expect(link).not.toBeNull()
    const confirmed = await runRoute(
      confirm.action,
      formRequest(null, '/newsletter/confirm', { token: link![1] }),
    )
    expect(confirmed.data).toMatchObject({ ok: true })
    const [row] = await getDb()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'reader@example.com'))
    expect(row.confirmedAt).toBeInstanceOf(Date)
  })

  it('refuses an invalid address with 400 and a message', async () => {
    const out = await runRoute(
      newsletter.action,
      formRequest(null, '/newsletter', { email: 'not-an-email' }),
    )
    expect(out.status).toBe(400)
    expect(out.data.fieldErrors.email).toEqual(['Please enter a valid email address.'])
  })

  it('thanks a bot that fills the hidden field, and stores nothing', async () => {
    const out = await runRoute(
      newsletter.action,
      formRequest(null, '/newsletter', {
        email: 'bot@example.com',
        website: 'https://spam.example',
      }),
    )
    expect(out.data).toMatchObject({ ok: true })
    const rows = await getDb()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'bot@example.com'))
    expect(rows).toEqual([])
  })

  it('refuses a bad confirmation token with 400', async () => {
    const out = await runRoute(
      confirm.action,
      formRequest(null, '/newsletter/confirm', { token: 'nope' }),
    )
    expect(out.status).toBe(400)
    // Answered like every form post: an ActionResult, its sentence for the page in formError.
    expect(out.data).toMatchObject({
      ok: false,
      code: 'INVALID_TOKEN',
      formError: expect.any(String),
    })
  })
})

describe('static pages', () => {
  it('serves the about page with its meta description', async () => {
    const out = await runRoute(about.loader, get('/about'))
    expect(out.data.page.title).toBe('About Us')
    expect(metaTag(out.data, 'name', 'description')?.content).toBeTruthy()
  })
})
