import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { E2E_BASE_URL } from '../../../playwright.config'
import { FEATURED } from './site-support'

const content = (page: Page, selector: string) =>
  page.locator(selector).first().getAttribute('content')

async function jsonLd(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>)
}

/** Parses XML in the browser; a document with a parser error is not valid. */
async function parseXml(page: Page, xml: string) {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'application/xml')
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: doc.documentElement.nodeName,
      items: doc.getElementsByTagName('item').length,
      urls: doc.getElementsByTagName('url').length,
    }
  }, xml)
}

test('an article page has title, description, canonical, OpenGraph, Twitter and NewsArticle', async ({
  page,
}) => {
  await page.goto(`/article/${FEATURED.slug}`)
  const url = `${E2E_BASE_URL}/article/${FEATURED.slug}`
  await expect(page).toHaveTitle(`${FEATURED.title} | Broadsheet`)
  expect(await content(page, 'meta[name="description"]')).toMatch(/City Council voted/)
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(url)
  expect(await content(page, 'meta[property="og:type"]')).toBe('article')
  expect(await content(page, 'meta[property="og:title"]')).toBe(FEATURED.title)
  expect(await content(page, 'meta[property="og:url"]')).toBe(url)
  expect(await content(page, 'meta[property="og:image"]')).toMatch(
    new RegExp(`^${E2E_BASE_URL}/media/`),
  )
  expect(await content(page, 'meta[name="twitter:card"]')).toBe('summary_large_image')
  const [article] = await jsonLd(page)
  expect(article).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: FEATURED.title,
    url,
    articleSection: FEATURED.category,
  })
  // The featured image with the size and caption the media library keeps for it.
  expect(article.image).toMatchObject({
    '@type': 'ImageObject',
    url: expect.stringMatching(new RegExp(`^${E2E_BASE_URL}/media/`)),
    width: 1600,
    height: 900,
  })
  expect(Date.parse(article.datePublished as string)).not.toBeNaN()
})

test('the home page describes the organisation and the site with its search action', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page).toHaveTitle('Broadsheet')
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${E2E_BASE_URL}/`)
  const [graph] = await jsonLd(page)
  const nodes = graph['@graph'] as Record<string, unknown>[]
  expect(nodes.map((node) => node['@type'])).toEqual(['NewsMediaOrganization', 'WebSite'])
  expect(nodes[1].potentialAction).toMatchObject({
    '@type': 'SearchAction',
    target: { urlTemplate: `${E2E_BASE_URL}/search?q={search_term_string}` },
  })
  expect(
    await page
      .locator('link[rel="alternate"][type="application/rss+xml"]')
      .first()
      .getAttribute('href'),
  ).toBe('/rss.xml')
})

test('category and tag pages have their own title, canonical URL and feed', async ({ page }) => {
  await page.goto('/category/science')
  await expect(page).toHaveTitle('Science | Broadsheet')
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
    `${E2E_BASE_URL}/category/science`,
  )
  expect(
    await page.locator('link[rel="alternate"][href="/category/science/rss.xml"]').count(),
  ).toBe(1)
  await page.goto('/tag/transit')
  await expect(page).toHaveTitle('Transit | Broadsheet')
})

test('the RSS feeds are valid RSS 2.0', async ({ page, request }) => {
  await page.goto('/about')
  for (const path of ['/rss.xml', '/category/politics/rss.xml', '/tag/transit/rss.xml']) {
    const response = await request.get(path)
    expect(response.headers()['content-type'], path).toContain('application/rss+xml')
    const parsed = await parseXml(page, await response.text())
    expect(parsed.error, path).toBeNull()
    expect(parsed.root).toBe('rss')
    expect(parsed.items, path).toBeGreaterThan(0)
  }
  expect((await request.get('/category/nope/rss.xml')).status()).toBe(404)
})

test('the sitemaps are valid and list public pages', async ({ page, request }) => {
  await page.goto('/about')
  // An index of files (pages, then articles by month), each a valid urlset.
  const index = await (await request.get('/sitemap.xml')).text()
  const parsedIndex = await parseXml(page, index)
  expect(parsedIndex.error).toBeNull()
  expect(parsedIndex.root).toBe('sitemapindex')
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
  expect(files.some((f) => /\/sitemaps\/articles-\d{4}-\d{2}\.xml$/.test(f))).toBe(true)
  let sitemap = ''
  for (const file of files) {
    const text = await (await request.get(file.replace(E2E_BASE_URL, ''))).text()
    const parsed = await parseXml(page, text)
    expect(parsed.error, file).toBeNull()
    expect(parsed.root, file).toBe('urlset')
    sitemap += text
  }
  expect(sitemap).toContain(`<loc>${E2E_BASE_URL}/article/${FEATURED.slug}</loc>`)
  expect(sitemap).not.toContain('what-the-state-budget-deal-means-for-calder-bay')
  const news = await (await request.get('/news-sitemap.xml')).text()
  const parsedNews = await parseXml(page, news)
  expect(parsedNews.error).toBeNull()
  expect(parsedNews.urls).toBeGreaterThan(0)
  expect(news).toContain('<news:publication_date>')
})

test('robots.txt keeps crawlers out of the back office and names the sitemaps', async ({
  request,
}) => {
  const body = await (await request.get('/robots.txt')).text()
  expect(body).toContain('Disallow: /admin')
  expect(body).toContain('Disallow: /api')
  expect(body).toContain(`Sitemap: ${E2E_BASE_URL}/sitemap.xml`)
  expect(body).toContain(`Sitemap: ${E2E_BASE_URL}/news-sitemap.xml`)
})

test('public pages are cacheable by a CDN, with an ETag', async ({ request }) => {
  for (const path of [
    '/',
    `/article/${FEATURED.slug}`,
    '/category/politics',
    '/tag/transit',
    '/search?q=bay',
  ]) {
    const response = await request.get(path)
    const cache = response.headers()['cache-control']
    expect(cache, path).toMatch(/public/)
    expect(cache, path).toMatch(/s-maxage=\d+/)
    expect(cache, path).toMatch(/stale-while-revalidate=\d+/)
    expect(response.headers().etag, path).toBeTruthy()
  }
  const page = await request.get('/')
  const again = await request.get('/', { headers: { 'if-none-match': page.headers().etag } })
  expect(again.status()).toBe(304)
})

test('feeds, sitemaps and the search API send cache headers too', async ({ request }) => {
  for (const path of [
    '/rss.xml',
    '/sitemap.xml',
    '/news-sitemap.xml',
    '/robots.txt',
    '/api/search?q=bay',
    '/api/breaking-news',
  ]) {
    const cache = (await request.get(path)).headers()['cache-control']
    expect(cache, path).toMatch(/public/)
    expect(cache, path).toMatch(/s-maxage=\d+/)
  }
})

test('a signed-in reader’s pages are private, never shared by a CDN', async ({ page, login }) => {
  await login('viewer')
  for (const path of ['/', `/article/${FEATURED.slug}`]) {
    const response = await page.goto(path)
    expect(response?.headers()['cache-control'], path).toMatch(/private/)
  }
})
