import { describe, expect, it } from 'vitest'
import { staticPages } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { DEFAULT_STATIC_PAGES, getAboutSummary, getStaticPage } from './pages-queries.server'
import { isStaticPageSlug, STATIC_PAGE_SLUGS } from './static-pages'

describe('getStaticPage', () => {
  it('gives sensible default text for a page nobody has written yet', async () => {
    for (const slug of STATIC_PAGE_SLUGS) {
      const page = await getStaticPage(slug)
      expect(page.title).toBe(DEFAULT_STATIC_PAGES[slug].title)
      expect(page.content).toContain('<p>')
      expect(page.updatedAt).toBeNull()
    }
  })

  it('returns the stored page, its HTML sanitised again on the way out', async () => {
    await getDb().insert(staticPages).values({
      slug: 'contact',
      title: 'Get in touch',
      content:
        '<p onclick="steal()">Write to <a href="javascript:alert(1)">us</a></p><script>alert(1)</script><img src="x" onerror="steal()">',
    })
    const page = await getStaticPage('contact')
    expect(page.title).toBe('Get in touch')
    expect(page.content).not.toMatch(/script|onclick|onerror|javascript:/i)
    expect(page.content).toContain('Write to')
  })

  it('knows exactly the four footer pages', () => {
    expect(STATIC_PAGE_SLUGS).toEqual(['about', 'contact', 'privacy', 'terms'])
    expect(isStaticPageSlug('about')).toBe(true)
    expect(isStaticPageSlug('admin')).toBe(false)
  })
})

describe('getAboutSummary', () => {
  it("is the about page's first paragraph as plain text", async () => {
    await getDb().insert(staticPages).values({
      slug: 'about',
      title: 'About',
      content: '<p>We are <strong>local</strong> &amp; proud.</p><p>Second.</p>',
    })
    expect(await getAboutSummary()).toBe('We are local & proud.')
  })
})
