import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { drawMarkup, forgetDrawnMarkup } from '~/infra/drawn-markup.server'
import { ArticleGrid } from './article-card'
import type { ArticleCardView } from './card-view.server'
import { DrawMarkupContext, type DrawMarkup } from './drawn-once'
import { SiteFooter } from './site-footer'
import { categoryNavKey, SiteHeader } from './site-header'
import type { SiteCategory } from './site-nav'

const CATEGORIES: SiteCategory[] = [
  { id: 1, name: 'Politics', slug: 'politics' },
  { id: 2, name: 'Science', slug: 'science' },
]

const SETTINGS = {
  logoType: 'text' as const,
  logoText: 'Broadsheet',
  logoTextColor: '#000000',
  logoImageUrl: null,
  logoFontFamily: null,
  logoFontUrl: null,
}

function Shell({ categories }: { categories: SiteCategory[] }) {
  return (
    <>
      <SiteHeader settings={SETTINGS} categories={categories} user={null} />
      <SiteFooter
        brand="Broadsheet"
        about="An independent newspaper."
        categories={categories}
        socialLinks={[{ id: 1, platform: 'github', url: 'https://github.com/x', icon: 'github' }]}
        year={2026}
      />
    </>
  )
}

/** The page's render at `path`, as entry.server.tsx does it (`draw`) or with no drawing kept. */
function renderAt(path: string, element: ReactElement, draw: DrawMarkup | null) {
  const Stub = createRoutesStub([{ path: '*', Component: () => element }])
  return renderToString(
    <DrawMarkupContext.Provider value={draw}>
      <Stub initialEntries={[path]} />
    </DrawMarkupContext.Provider>,
  )
}

function card(id: number, image: boolean): ArticleCardView {
  return {
    id,
    slug: `story-${id}`,
    title: `Story “${id}” & more`,
    excerpt: 'An excerpt <with> characters to escape.',
    featuredImage: image ? `/media/media/17000000000${id}-1.jpg` : null,
    featuredImageAlt: image ? 'A picture' : '',
    hasVideo: id % 2 === 0,
    categoryName: 'Politics',
    categorySlug: 'politics',
    publishedIso: '2026-11-24T06:00:00.000Z',
    relativeTime: 'about 2 hours ago',
    readingMinutes: 3,
  }
}

const PATHS = [
  '/',
  '/category/politics',
  '/CATEGORY/Politics',
  '/category/science/',
  '/category/politics/page/2',
  '/categorys',
  '/article/a-story',
  '/tag/housing',
  '/search',
]

describe('DrawnOnce', () => {
  beforeEach(forgetDrawnMarkup)

  it('writes, at every address, the markup the page would have rendered in place', () => {
    for (const path of PATHS) {
      const inPlace = renderAt(path, <Shell categories={CATEGORIES} />, null)
      // Twice: drawn, then taken from what was kept (after other addresses were drawn).
      expect(renderAt(path, <Shell categories={CATEGORIES} />, drawMarkup), path).toBe(inPlace)
      expect(renderAt(path, <Shell categories={CATEGORIES} />, drawMarkup), path).toBe(inPlace)
    }
  })

  it('marks the current category, and none on a page that is not a category', () => {
    const current = (path: string) =>
      [
        ...renderAt(path, <Shell categories={CATEGORIES} />, drawMarkup).matchAll(
          /<a aria-current="page"[^>]*href="([^"]+)"/g,
        ),
      ].map((m) => m[1])
    expect(current('/category/science')).toEqual(['/category/science'])
    expect(current('/')).toEqual(['/'])
    expect(current('/article/a-story')).toEqual([])
    expect(current('/category/politics')).toEqual(['/category/politics'])
  })

  it('draws a changed category list at once, on the pages that had the old one kept', () => {
    renderAt('/article/a-story', <Shell categories={CATEGORIES} />, drawMarkup)
    const renamed = [{ ...CATEGORIES[0]!, name: 'Government' }, CATEGORIES[1]!]
    const html = renderAt('/article/a-story', <Shell categories={renamed} />, drawMarkup)
    expect(html).toBe(renderAt('/article/a-story', <Shell categories={renamed} />, null))
    expect(html).toContain('>Government</a>')
    expect(html).not.toContain('>Politics</a>')
  })

  it('keys the category navigation by its categories and the address only where it matters', () => {
    expect(categoryNavKey(CATEGORIES, '/article/a')).toBe(categoryNavKey(CATEGORIES, '/tag/b'))
    expect(categoryNavKey(CATEGORIES, '/')).not.toBe(categoryNavKey(CATEGORIES, '/article/a'))
    expect(categoryNavKey(CATEGORIES, '/Category/x')).not.toBe(
      categoryNavKey(CATEGORIES, '/category/x'),
    )
    expect(categoryNavKey(CATEGORIES, '/a')).not.toBe(categoryNavKey(CATEGORIES.slice(1), '/a'))
  })

  it('draws a grid of cards once, and renders a grid with a priority picture in place', () => {
    const cards = [card(1, false), card(2, true), card(3, true)]
    for (const priorityFirst of [false, true]) {
      const grid = <ArticleGrid articles={cards} headingLevel={2} priorityFirst={priorityFirst} />
      const inPlace = renderAt('/tag/a', grid, null)
      const drawn = renderAt('/tag/a', grid, drawMarkup)
      expect(drawn).toBe(inPlace)
      expect(renderAt('/tag/a', grid, drawMarkup)).toBe(inPlace)
    }
    const seen: string[] = []
    const spy: DrawMarkup = (key, location, element) => {
      seen.push(key.split('\n')[0]!)
      return drawMarkup(key, location, element)
    }
    renderAt('/tag/a', <ArticleGrid articles={cards} />, spy)
    renderAt('/tag/a', <ArticleGrid articles={cards} priorityFirst />, spy)
    expect(seen).toEqual(['article-grid'])
    // Another list of cards is another drawing.
    const changed = [{ ...cards[0]!, title: 'Corrected title' }, ...cards.slice(1)]
    expect(renderAt('/tag/a', <ArticleGrid articles={changed} />, drawMarkup)).toContain(
      'Corrected title',
    )
  })
})
