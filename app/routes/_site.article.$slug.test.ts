import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { articleCorrections, articles, socialLinks } from '@db/schema/index'
import { getPublicLive } from '~/domain/live/live-queries.server'
import { announceChanged, cacheKey } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { logger } from '~/infra/logger.server'
import {
  createTestUser,
  requestAs,
  runRoute,
  sessionCookie,
  TEST_SITE_URL,
  testContext,
} from '../../tests/setup/auth-fixtures'
import {
  clearContent,
  insertArticle,
  insertCategory,
  insertTag,
} from '../../tests/setup/content-fixtures'
import { isDataAnswer } from '../../tests/setup/route-answers'
import { statementsDuring } from '../../tests/setup/statements'
import { getPublicArticlePage } from '~/domain/articles/article-page-queries.server'
import { nextPublicationAt } from '~/domain/published.server'
import { getSiteIdentity } from '~/domain/seo/seo.server'
import { listActiveSocialLinks } from '~/domain/settings/settings-queries.server'
import { articlePageView } from './+shared/article-page.server'
import { loader } from './_site.article.$slug'

// The article's end (issue 11): share links from the site's social links, "More in
// {category}" and related stories, all in the page's loader data (and so in its cached HTML).

const open = async (slug: string) => {
  const out = await runRoute(loader, requestAs(null, `/article/${slug}`), { params: { slug } })
  expect(out.status).toBe(200)
  return out.data as { shareUrl: string; html: string }
}

beforeEach(async () => {
  await clearContent()
  await getDb().delete(socialLinks)
})

describe('article page endings', () => {
  it('shares the canonical address on the platforms of the active social links', async () => {
    await insertArticle({ slug: 'levy', title: 'Levy vote' })
    await getDb()
      .insert(socialLinks)
      .values([
        { platform: 'facebook', url: 'https://facebook.com/paper', icon: 'facebook' },
        { platform: 'instagram', url: 'https://instagram.com/paper', icon: 'instagram' },
        { platform: 'twitter', url: 'https://twitter.com/paper', icon: 'twitter' },
        {
          platform: 'linkedin',
          url: 'https://linkedin.com/paper',
          icon: 'linkedin',
          isActive: false,
        },
      ])
    const { shareUrl, html } = await open('levy')
    const url = `${TEST_SITE_URL}/article/levy`
    const encoded = encodeURIComponent(url)
    expect(shareUrl).toBe(url)
    expect(html).toContain(`href="mailto:?subject=Levy%20vote&amp;body=${encoded}"`)
    const shareLinks = [...html.matchAll(/aria-label="Share on ([^"]+) \(opens/g)].map((m) => m[1])
    expect(shareLinks).toEqual(['Facebook', 'X'])
    expect(html).toContain(`href="https://www.facebook.com/sharer/sharer.php?u=${encoded}"`)
    // The copy button's slot is empty: it is drawn by the browser, and only with scripts.
    expect(html).toContain('<li data-copy-link="" class="empty:hidden"></li>')
  })

  it('has more from the category and related stories, each story once', async () => {
    const politics = await insertCategory({ name: 'Politics', slug: 'politics' })
    const transit = await insertTag()
    await insertArticle({ slug: 'levy', categoryId: politics.id, tagIds: [transit.id] })
    const sameSection = await insertArticle({
      title: 'Council budget',
      categoryId: politics.id,
      tagIds: [transit.id],
    })
    const elsewhere = await insertArticle({ tagIds: [transit.id] })
    const { html } = await open('levy')
    // The blocks as readers get them: server-rendered cards, each story once, never this one.
    const endingsHtml = html.slice(html.indexOf('More in Politics'))
    const [more, related] = endingsHtml.split('Related stories')
    expect(more).toContain('More in Politics')
    expect(more).toContain('href="/category/politics"')
    expect(more).toContain(`href="/article/${sameSection.slug}"`)
    expect(more).toContain('about 1 hour ago')
    expect(related).toContain(`href="/article/${elsewhere.slug}"`)
    expect(related).not.toContain(`href="/article/${sameSection.slug}"`)
    expect(endingsHtml).not.toContain('href="/article/levy"')
  })

  it('has nothing to add for a lone article without a category', async () => {
    await insertArticle({ slug: 'alone' })
    const { html } = await open('alone')
    expect(html).not.toMatch(/More in|Related stories|Share on/)
    expect(html).toContain('Share this article')
  })

  it('still shows the article when the social links cannot be read', async () => {
    await insertArticle({ slug: 'levy' })
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined)
    const db = getDb()
    let logCalls = 0
    await db.execute(sql.raw('ALTER TABLE "social_links" RENAME TO "social_links__gone"'))
    try {
      const { html } = await open('levy')
      expect(html).not.toContain('Share on')
      expect(html).toContain(`body=${encodeURIComponent(`${TEST_SITE_URL}/article/levy`)}`)
      logCalls = logged.mock.calls.length
    } finally {
      await db.execute(sql.raw('ALTER TABLE "social_links__gone" RENAME TO "social_links"'))
      logged.mockRestore()
    }
    expect(logCalls).toBeGreaterThan(0)
  })
})

describe('article page reads', () => {
  it('reads an article with its tags, corrections and endings in three statements, then from memory', async () => {
    const politics = await insertCategory({ name: 'Politics', slug: 'politics' })
    const transit = await insertTag()
    const article = await insertArticle({
      slug: 'levy',
      categoryId: politics.id,
      tagIds: [transit.id],
    })
    await insertArticle({ categoryId: politics.id, tagIds: [transit.id] })
    await getDb()
      .insert(articleCorrections)
      .values({ articleId: article.id, text: 'The levy is 2 %, not 3 %.' })
    await new Promise((resolve) => setTimeout(resolve, 1100)) // past the writes' settling time
    // The site's chrome, the next publication's time and whether the article is live, kept in
    // memory.
    await Promise.all([
      getSiteIdentity(),
      nextPublicationAt(),
      listActiveSocialLinks(),
      getPublicLive(String(article.id)),
    ])
    expect(await statementsDuring(() => getPublicArticlePage('levy'))).toBe(3)
    let html = ''
    expect(await statementsDuring(async () => ({ html } = await open('levy')))).toBe(0)
    expect(html).toContain('The levy is 2 %, not 3 %.')
    expect(html).toContain(`href="/tag/${transit.slug}"`)
    // A write empties the memory once it announces what it changed, as the corrections'
    // writes do (corrections.server.ts): the correction's change shows at once.
    await getDb().update(articleCorrections).set({ text: 'The levy is 2.5 %.' })
    announceChanged([cacheKey.article(article.id)])
    expect((await open('levy')).html).toContain('The levy is 2.5 %.')
  })
})

describe('article page markup', () => {
  const load = async (slug: string, documentHtml?: Map<string, string>) => {
    const answer: unknown = await loader({
      request: requestAs(null, `/article/${slug}`),
      params: { slug },
      context: { ...testContext(), ...(documentHtml ? { documentHtml } : {}) },
    } as Parameters<typeof loader>[0])
    return (isDataAnswer(answer) ? answer.data : answer) as {
      html: string | null
      shareUrl: string
    }
  }

  it('sends the drawn article once on a document request: in the page, not in its loader data', async () => {
    await insertArticle({ slug: 'levy', title: 'Levy vote' })
    const forData = await load('levy')
    expect(forData.html).toContain('Share this article')
    const documentHtml = new Map<string, string>()
    const forDocument = await load('levy', documentHtml)
    expect(forDocument.html).toBeNull()
    expect(documentHtml.get('article')).toBe(forData.html)
    expect(forDocument.shareUrl).toBe(forData.shareUrl)
  })

  it('draws an article once a minute, and again when its social links change', async () => {
    await insertArticle({ slug: 'levy', title: 'Levy vote' })
    const found = (await getPublicArticlePage('levy'))!
    const site = await getSiteIdentity()
    const links = await listActiveSocialLinks()
    const now = new Date()
    const first = articlePageView(found, site, links, now)
    expect(articlePageView(found, site, links, new Date(now.getTime() + 59_000))).toBe(first)
    const later = articlePageView(found, site, links, new Date(now.getTime() + 61_000))
    expect(later).not.toBe(first)
    expect(later.html).toBe(first.html)
    const facebook = { platform: 'facebook', url: 'https://facebook.com/paper', icon: 'facebook' }
    const withFacebook = [
      ...links,
      { ...facebook, id: 1, isActive: true } as (typeof links)[number],
    ]
    const redrawn = articlePageView(found, site, withFacebook, new Date(now.getTime() + 62_000))
    expect(redrawn.html).toContain('Share on Facebook')
    expect(later.html).not.toContain('Share on Facebook')
  })
})

describe('article page behind its gate (issue 38)', () => {
  const gate = async (slug: string, access: 'registered' | 'members') => {
    const row = await insertArticle({
      slug,
      content: '<p>One.</p><p>Two.</p><p>Three.</p><p>Four, behind the wall.</p>',
    })
    await getDb().update(articles).set({ access }).where(eq(articles.id, row.id))
    announceChanged([cacheKey.article(row.id)])
  }

  it('sends a reader without access the preview and the wall, cacheable like any public page', async () => {
    await gate('levy', 'registered')
    const out = await runRoute(loader, requestAs(null, '/article/levy'), {
      params: { slug: 'levy' },
    })
    expect(out.data.html).toContain('Three.')
    expect(out.data.html).not.toContain('behind the wall')
    expect(out.data.html).toContain('Sign in or create a free account to keep reading')
    expect(out.data.isLive).toBe(false)
    expect(out.headers.get('cache-control')).toBeNull()
  })

  it('answers a full text behind the gate private, no-store from the loader itself', async () => {
    await gate('levy', 'members')
    const staff = await sessionCookie(await createTestUser({ role: 'editor' }))
    const out = await runRoute(loader, requestAs(staff, '/article/levy'), {
      params: { slug: 'levy' },
    })
    expect(out.data.html).toContain('Four, behind the wall.')
    expect(out.data.html).toMatch(/class="article-content paywalled-content/)
    expect(out.headers.get('cache-control')).toBe('private, no-store')
  })

  it('reads no session for a free story', async () => {
    await insertArticle({ slug: 'free' })
    // Everything the page keeps in memory, read once by an anonymous reader.
    await runRoute(loader, requestAs(null, '/article/free'), { params: { slug: 'free' } })
    const staff = await sessionCookie(await createTestUser({ role: 'editor' }))
    // The session's two reads (the session row, then the account's plans) never happen.
    expect(
      await statementsDuring(() =>
        runRoute(loader, requestAs(staff, '/article/free'), { params: { slug: 'free' } }),
      ),
    ).toBe(0)
  })
})
