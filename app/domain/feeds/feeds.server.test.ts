import Parser from 'rss-parser'
import { describe, expect, it } from 'vitest'
import { buildNewsSitemap, buildRss, buildSitemap, type RssItem } from './feeds.server'

const item = (fields: Partial<RssItem>): RssItem => ({
  id: 1,
  slug: 'a-story',
  title: 'A story',
  excerpt: 'An excerpt',
  featuredImage: null,
  hasVideo: false,
  isFeatured: false,
  publishedAt: new Date('2026-01-05T10:00:00Z'),
  wordCount: 100,
  categoryName: null,
  categorySlug: null,
  authorNames: ['Maya Okafor'],
  ...fields,
})

describe('buildRss', () => {
  it('writes an RSS 2.0 channel with absolute links and escaped text', () => {
    const xml = buildRss({
      siteUrl: 'https://news.example',
      title: 'Broadsheet',
      description: 'News & more',
      path: '/',
      feedPath: '/rss.xml',
      items: [
        item({
          title: 'Rock & roll <live> "tonight"',
          excerpt: 'Fish & chips\u0000',
          categoryName: 'Culture',
          featuredImage: '/media/media/x.jpg',
        }),
      ],
    })
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    expect(xml).toContain('<rss version="2.0"')
    expect(xml).toContain('<title>Rock &amp; roll &lt;live&gt; &quot;tonight&quot;</title>')
    expect(xml).toContain('<link>https://news.example/article/a-story</link>')
    expect(xml).toContain('<guid isPermaLink="true">https://news.example/article/a-story</guid>')
    expect(xml).toContain('<pubDate>Mon, 05 Jan 2026 10:00:00 GMT</pubDate>')
    // Descriptions are HTML to feed readers: the plain text is escaped as HTML, then as XML.
    expect(xml).toContain('<description>Fish &amp;amp; chips</description>')
    expect(xml).toContain('<description>News &amp;amp; more</description>')
    expect(xml).toContain('<category>Culture</category>')
    expect(xml).toContain('url="https://news.example/media/media/x.jpg"')
    expect(xml).toContain('<atom:link href="https://news.example/rss.xml" rel="self"')
    expect(xml).not.toContain('\u0000')
  })

  it('keeps a plain-text excerpt that looks like markup as text for feed readers', () => {
    const xml = buildRss({
      siteUrl: 'https://news.example',
      title: 'Broadsheet',
      description: '<script>alert(2)</script>',
      path: '/',
      feedPath: '/rss.xml',
      items: [item({ excerpt: '<img src=x onerror=alert(1)>' })],
    })
    // Decoded as XML this is "&lt;img …&gt;": HTML text, not an element.
    expect(xml).toContain('<description>&amp;lt;img src=x onerror=alert(1)&amp;gt;</description>')
    expect(xml).toContain(
      '<description>&amp;lt;script&amp;gt;alert(2)&amp;lt;/script&amp;gt;</description>',
    )
  })
})

describe('buildRss authors', () => {
  it('gives every item an author a feed reader finds (dc:creator), Anonymous without one', async () => {
    const xml = buildRss({
      siteUrl: 'https://news.example',
      title: 'Broadsheet',
      description: 'News',
      path: '/',
      feedPath: '/rss.xml',
      items: [
        item({ slug: 'one', authorNames: ['Maya <Ok> & Co'] }),
        item({ slug: 'two', authorNames: ['Staff'] }),
        item({ slug: 'three', authorNames: [] }),
        item({ slug: 'four', authorNames: ['Ana Lim', 'Ben Ode'] }),
      ],
    })
    // rss-parser reads dc:creator as an item's `creator` (and `dc:creator`).
    const feed = await new Parser().parseString(xml)
    expect(feed.items.map((entry) => entry.creator)).toEqual([
      'Maya <Ok> & Co',
      'Staff',
      'Anonymous',
      'Ana Lim',
    ])
    // A co-written story names each of its bylines, in order (issue 40).
    const fourth = xml.slice(xml.indexOf('/article/four'))
    expect([...fourth.matchAll(/<dc:creator>([^<]*)<\/dc:creator>/g)].map((m) => m[1])).toEqual([
      'Ana Lim',
      'Ben Ode',
    ])
  })
})

describe('sitemaps', () => {
  it('lists absolute URLs with their last change', () => {
    const xml = buildSitemap('https://news.example', [
      { path: '/' },
      { path: '/article/a?x=1&y=2', lastModified: new Date('2026-01-05T10:00:00Z') },
    ])
    expect(xml).toContain('<loc>https://news.example/</loc>')
    expect(xml).toContain(
      '<loc>https://news.example/article/a?x=1&amp;y=2</loc><lastmod>2026-01-05T10:00:00.000Z</lastmod>',
    )
  })

  it('writes Google News entries with publication, date and title', () => {
    const xml = buildNewsSitemap('https://news.example', 'Broadsheet & Co', [
      { slug: 'a', title: 'Tom & Jerry', publishedAt: new Date('2026-01-05T10:00:00Z') },
      { slug: 'b', title: 'Unpublished', publishedAt: null },
    ])
    expect(xml).toContain('xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"')
    expect(xml).toContain('<news:name>Broadsheet &amp; Co</news:name>')
    expect(xml).toContain('<news:publication_date>2026-01-05T10:00:00.000Z</news:publication_date>')
    expect(xml).toContain('<news:title>Tom &amp; Jerry</news:title>')
    expect(xml).not.toContain('Unpublished')
  })
})
