import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { articles, mediaFiles, staticPages } from '@db/schema/index'
import { toArticleView } from '~/domain/articles/article-view.server'
import { getPublishedArticleBySlug } from '~/domain/articles/articles-queries.server'
import { getStaticPage } from '~/domain/pages/pages-queries.server'
import { searchArticles } from '~/domain/search/search-queries.server'
import { getDb } from '~/infra/db.server'
import { sanitizeArticleHtml } from '~/infra/sanitize.server'
import * as rss from '~/routes/rss[.]xml'
import { clearContent, insertArticle } from '../setup/content-fixtures'

// The body's blocks (lib/body-blocks.ts) on every way out of a stored body: the reader's page
// (a related card drawn from its story as it is now, nothing once that story is withdrawn),
// the search index (their words, never their markup) and the RSS feed (plain excerpts).

const NOW = new Date('2026-06-01T12:00:00Z')

beforeEach(() => clearContent())

async function story(targetId: number) {
  return insertArticle({
    title: 'Sea wall story',
    slug: 'sea-wall-story',
    excerpt: 'The sea wall, briefly.',
    publishedAt: new Date('2026-06-01T10:00:00Z'),
    content: sanitizeArticleHtml(
      '<p>Opening.</p>' +
        '<figure data-block="pull-quote"><blockquote><p>Concrete cormorants nest here.</p></blockquote><figcaption>Harbour master</figcaption></figure>' +
        '<aside data-block="fact-box"><h3>What we know</h3><ul><li>Barnacle tally rising</li></ul></aside>' +
        '<hr>' +
        `<aside data-block="related-article" data-article-id="${targetId}" data-title="Zeppelin quayside"></aside>`,
    ),
  })
}

describe('blocks on the reader’s page', () => {
  it('draws a related card from its story as it is now, and nothing once it is withdrawn', async () => {
    const target = await insertArticle({
      title: 'Lighthouse keeper retires',
      slug: 'lighthouse-keeper-retires',
      featuredImage: '/media/media/keeper.jpg',
      publishedAt: new Date('2026-05-30T10:00:00Z'),
    })
    await story(target.id)

    const detail = await getPublishedArticleBySlug('sea-wall-story')
    const html = toArticleView(detail!, NOW).contentHtml
    expect(html).toContain(
      '<aside data-block="related-article" aria-label="Related article"><a href="/article/lighthouse-keeper-retires"><img src="/media/media/_v/keeper-640.webp" alt="" loading="lazy" /><span><span>Related</span><strong>Lighthouse keeper retires</strong></span></a></aside>',
    )
    // The title stored for the editor is never what readers see.
    expect(html).not.toContain('Zeppelin')
    expect(html).toContain(
      '<figure data-block="pull-quote"><blockquote><p>Concrete cormorants nest here.</p></blockquote><figcaption>Harbour master</figcaption></figure>',
    )
    expect(html).toContain('<aside data-block="fact-box"><h3>What we know</h3>')

    await getDb().update(articles).set({ status: 'draft' }).where(eq(articles.id, target.id))
    const after = toArticleView((await getPublishedArticleBySlug('sea-wall-story'))!, NOW)
    expect(after.contentHtml).not.toContain('related-article')
    expect(after.contentHtml).not.toContain('Lighthouse')
    expect(after.contentHtml).toContain('<hr />')
  })

  it("crops a related card's picture at the focal point the library has for it", async () => {
    const target = await insertArticle({
      title: 'Lighthouse keeper retires',
      slug: 'lighthouse-keeper-retires',
      featuredImage: '/media/media/keeper.jpg',
      publishedAt: new Date('2026-05-30T10:00:00Z'),
    })
    await getDb().insert(mediaFiles).values({
      bucket: 'media',
      name: 'keeper.jpg',
      kind: 'image',
      contentType: 'image/jpeg',
      size: 10,
      width: 1600,
      height: 900,
      focalX: 0.1,
      focalY: 0.5,
    })
    await story(target.id)
    const html = toArticleView(
      (await getPublishedArticleBySlug('sea-wall-story'))!,
      NOW,
    ).contentHtml
    expect(html).toContain(
      '<img src="/media/media/_v/keeper-640.webp" alt="" loading="lazy" style="object-position: 0% 50%" />',
    )
  })

  it("draws a static page's related card from the page's own body", async () => {
    const target = await insertArticle({
      title: 'Lighthouse keeper retires',
      slug: 'lighthouse-keeper-retires',
      publishedAt: new Date('2026-05-30T10:00:00Z'),
    })
    // An article whose body names itself: the page's card must not be read from it.
    await insertArticle({
      title: 'Self reference',
      slug: 'self-reference',
      publishedAt: new Date('2026-05-30T10:00:00Z'),
    }).then(({ id }) =>
      getDb()
        .update(articles)
        .set({ content: `<aside data-block="related-article" data-article-id="${id}"></aside>` })
        .where(eq(articles.id, id)),
    )
    await getDb()
      .insert(staticPages)
      .values({
        slug: 'about',
        title: 'About us',
        content: sanitizeArticleHtml(
          `<p>Who we are.</p><aside data-block="related-article" data-article-id="${target.id}"></aside>`,
        ),
      })
      .onConflictDoUpdate({
        target: staticPages.slug,
        set: {
          content: sanitizeArticleHtml(
            `<p>Who we are.</p><aside data-block="related-article" data-article-id="${target.id}"></aside>`,
          ),
        },
      })
    const page = await getStaticPage('about')
    expect(page.content).toContain(
      '<a href="/article/lighthouse-keeper-retires"><span><span>Related</span><strong>Lighthouse keeper retires</strong>',
    )
    expect(page.content).not.toContain('Self reference')
  })

  it('draws nothing for a card naming a story that never existed', async () => {
    await story(987654)
    const detail = await getPublishedArticleBySlug('sea-wall-story')
    expect(toArticleView(detail!, NOW).contentHtml).not.toContain('related-article')
  })

  it('reads a stored body whose card names an id past the integer range, beside a real one', async () => {
    const target = await insertArticle({
      title: 'Lighthouse keeper retires',
      slug: 'lighthouse-keeper-retires',
      publishedAt: new Date('2026-05-30T10:00:00Z'),
    })
    // As an import or an old body may hold it: the id is compared as the column's type.
    await insertArticle({
      title: 'Sea wall story',
      slug: 'sea-wall-story',
      publishedAt: new Date('2026-06-01T10:00:00Z'),
      content:
        '<aside data-block="related-article" data-article-id="9999999999"></aside>' +
        `<aside data-block="related-article" data-article-id="${target.id}"></aside>`,
    })
    const html = toArticleView(
      (await getPublishedArticleBySlug('sea-wall-story'))!,
      NOW,
    ).contentHtml
    expect(html).toContain('href="/article/lighthouse-keeper-retires"')
    expect(html.match(/data-block="related-article"/g)).toHaveLength(1)
  })
})

describe('blocks in search and RSS', () => {
  it('indexes the words of pull quotes and fact boxes, never a card’s stored title', async () => {
    const target = await insertArticle({ title: 'Lighthouse keeper retires' })
    await story(target.id)
    const found = async (words: string) =>
      (await searchArticles(words)).results.map((result) => result.slug)
    expect(await found('cormorants')).toEqual(['sea-wall-story'])
    expect(await found('barnacle')).toEqual(['sea-wall-story'])
    expect(await found('zeppelin')).toEqual([])
    // Markup is no word either.
    expect(await found('aside')).toEqual([])
  })

  it('puts a story with blocks in the feed as its plain excerpt', async () => {
    const target = await insertArticle({ title: 'Lighthouse keeper retires' })
    await story(target.id)
    const response = (await rss.loader({
      request: new Request('http://localhost:3000/rss.xml'),
      params: {},
      context: {},
    } as never)) as Response
    const body = await response.text()
    expect(body).toContain('<title>Sea wall story</title>')
    expect(body).toContain('The sea wall, briefly.')
    expect(body).not.toMatch(/data-block|cormorants|aside/)
  })
})
