import { eq, sql } from 'drizzle-orm'
import { renderToStaticMarkup } from 'react-dom/server'
import { createElement } from 'react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { articles, liveCoverage } from '@db/schema/index'
import { ArticleCard } from '~/components/site/article-card'
import { toBreakingViews, toCardView } from '~/components/site/card-view.server'
import { SearchResultSummary } from '~/components/site/search-result-item'
import { getHomePage } from '~/domain/front-page/front-page.server'
import {
  listBreakingNews,
  listPublishedArticles,
  listPublishedSince,
} from '~/domain/articles/articles-queries.server'
import { buildNewsSitemap } from '~/domain/feeds/feeds.server'
import { monthSitemapChunks, sitemapMonths } from '~/domain/feeds/sitemap-index.server'
import { searchArticles } from '~/domain/search/search-queries.server'
import { onContentChanged } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { clearContent, insertArticle, insertTag, insertStaff } from '../setup/content-fixtures'
import { postEntry, setCoverageState, startCoverage } from '~/domain/live/live.server'

// The LIVE badge on the article's cards, in search results and the breaking-news bar while its
// coverage runs, the announcements that take it on and off cached lists, and the sitemaps'
// lastmod following the newest entry (the month files, the index and Google News's).

beforeEach(async () => {
  await getDb().delete(liveCoverage)
  await clearContent()
})

const entry = (text: string) => ({ headline: '', content: `<p>${text}</p>`, isKeyEvent: false })

const desk = () => insertStaff()

function announced() {
  const heard: string[][] = []
  const stop = onContentChanged((keys) => heard.push([...keys].sort()))
  return { heard, stop }
}

describe('the LIVE badge', () => {
  it('marks the cards of an article whose coverage runs, and only while it runs', async () => {
    const live = await insertArticle({ title: 'Election night', isFeatured: true })
    await insertArticle({ title: 'Harbour works' })
    const badges = async () => {
      const page = await listPublishedArticles({ page: 1, pageSize: 10 })
      return Object.fromEntries(page.items.map((card) => [card.title, card.isLive]))
    }
    expect(await badges()).toEqual({ 'Election night': false, 'Harbour works': false })
    await startCoverage(live.id)
    expect(await badges()).toEqual({ 'Election night': true, 'Harbour works': false })
    await setCoverageState(live.id, 'paused')
    expect((await badges())['Election night']).toBe(false)
    await setCoverageState(live.id, 'live')
    expect((await badges())['Election night']).toBe(true)
    await setCoverageState(live.id, 'ended')
    expect((await badges())['Election night']).toBe(false)
  })

  it('reaches the home page kept in memory: its badge, and its card updated by each entry', async () => {
    const article = await insertArticle({ title: 'Storm watch', isFeatured: true })
    expect((await getHomePage()).lead).toMatchObject({ id: article.id, isLive: false })
    await startCoverage(article.id)
    const started = (await getHomePage()).lead!
    expect(started).toMatchObject({ id: article.id, isLive: true })
    expect(toCardView(started).relativeTime).toMatch(/^Updated /)
    // A new entry: the card's "Updated" time follows it (the article's key reaches the home page).
    await new Promise((resolve) => setTimeout(resolve, 20))
    await postEntry(article.id, entry('First results'), await desk(), { publish: true })
    const updated = (await getHomePage()).lead!
    expect(updated.liveUpdatedAt!.getTime()).toBeGreaterThan(started.liveUpdatedAt!.getTime())
    expect(toCardView(updated).publishedIso).toBe(updated.liveUpdatedAt!.toISOString())
    await setCoverageState(article.id, 'ended')
    const ended = (await getHomePage()).lead!
    expect(ended).toMatchObject({ id: article.id, isLive: false, liveUpdatedAt: null })
    expect(toCardView(ended).relativeTime).not.toMatch(/^Updated /)
  })

  it('is drawn on the card and in a search result, and not on others', async () => {
    const article = await insertArticle({ title: 'Count under way' })
    const [card] = (await listPublishedArticles({ page: 1, pageSize: 10 })).items
    const draw = (isLive: boolean) =>
      renderToStaticMarkup(
        createElement(
          MemoryRouter,
          null,
          createElement(ArticleCard, { article: { ...toCardView(card!), isLive } }),
        ),
      )
    expect(draw(false)).not.toMatch(/>Live</)
    expect(draw(true)).toMatch(/>Live<\/span>/)

    await startCoverage(article.id)
    const { results } = await searchArticles('count')
    expect(results).toEqual([expect.objectContaining({ id: article.id, isLive: true })])
    expect(
      renderToStaticMarkup(createElement(SearchResultSummary, { result: results[0]! })),
    ).toMatch(/>Live<\/span>/)
    await setCoverageState(article.id, 'ended')
    expect((await searchArticles('count')).results[0]).toMatchObject({ isLive: false })
  })

  it('marks a live breaking story in the bar', async () => {
    const breaking = await insertTag({ name: 'Breaking news', slug: 'breaking-news' })
    const article = await insertArticle({ title: 'Bridge closed', tagIds: [breaking.id] })
    expect(toBreakingViews(await listBreakingNews())).toEqual([
      expect.objectContaining({ id: article.id, isLive: false }),
    ])
    await startCoverage(article.id)
    expect(toBreakingViews(await listBreakingNews())).toEqual([
      expect.objectContaining({ id: article.id, isLive: true }),
    ])
  })

  it('announces the lists that do not name their articles only when coverage starts or ends', async () => {
    const article = await insertArticle()
    const { heard, stop } = announced()
    try {
      await startCoverage(article.id)
      await postEntry(article.id, entry('Doors open'), await desk(), { publish: true })
      await setCoverageState(article.id, 'ended')
    } finally {
      stop()
    }
    const key = `article:${article.id}`
    expect(heard[0]).toEqual(['breaking', key, 'search', 'sitemap'].sort())
    // A new entry: the article and the sitemaps only, never the lists of every page.
    expect(heard[1]).toEqual([key, 'sitemap'])
    expect(heard.at(-1)).toEqual(['breaking', key, 'search', 'sitemap'].sort())
    expect(heard.flat()).not.toContain('front')
  })
})

/** When the article's coverage last changed, as the database holds it (to the microsecond). */
async function newestEntryIso(articleId: number) {
  const [{ newest }] = await getDb()
    .select({ newest: sql<string>`${liveCoverage.lastEntryAt}` })
    .from(liveCoverage)
    .where(eq(liveCoverage.articleId, articleId))
  return new Date(newest).toISOString()
}

describe('the sitemaps of a live article', () => {
  it('date it by its newest entry', async () => {
    const longAgo = new Date('2026-01-05T10:00:00Z')
    const article = await insertArticle({ publishedAt: longAgo })
    await getDb().update(articles).set({ updatedAt: longAgo }).where(eq(articles.id, article.id))
    const lastmod = async () => {
      let xml = ''
      for await (const chunk of monthSitemapChunks('https://paper.example', '2026-01', 1))
        xml += chunk
      return /<lastmod>([^<]+)<\/lastmod>/.exec(xml)?.[1]
    }
    expect(await lastmod()).toBe(longAgo.toISOString())
    await startCoverage(article.id)
    await postEntry(article.id, entry('Still counting'), await desk(), { publish: true })
    const newestIso = await newestEntryIso(article.id)
    expect(newestIso > longAgo.toISOString()).toBe(true)
    expect(await lastmod()).toBe(newestIso)
    const [month] = await sitemapMonths()
    expect(month!.lastModified?.toISOString()).toBe(newestIso)
  })

  it('Google News dates it by its newest entry too', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000)
    const article = await insertArticle({ publishedAt: twoHoursAgo })
    await getDb()
      .update(articles)
      .set({ updatedAt: twoHoursAgo })
      .where(eq(articles.id, article.id))
    const lastmod = async () => {
      const xml = buildNewsSitemap(
        'https://paper.example',
        'The Paper',
        await listPublishedSince(new Date(Date.now() - 86_400_000)),
      )
      const url = xml.split('<url>').find((u) => u.includes(`/article/${article.slug}<`))
      return /<lastmod>([^<]+)<\/lastmod>/.exec(url ?? '')?.[1]
    }
    expect(await lastmod()).toBe(twoHoursAgo.toISOString())
    await startCoverage(article.id)
    await postEntry(article.id, entry('Polls close'), await desk(), { publish: true })
    expect(await lastmod()).toBe(await newestEntryIso(article.id))
  })
})
