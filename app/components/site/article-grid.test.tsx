import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ArticleGrid } from './article-card'
import type { ArticleCardView } from './card-view.server'

const card = (id: number): ArticleCardView => ({
  id,
  slug: `story-${id}`,
  title: `Story ${id}`,
  excerpt: '',
  featuredImage: null,
  featuredImageAlt: '',
  featuredImagePosition: { wide: '50% 50%', card: '50% 50%' },
  hasVideo: false,
  categoryName: null,
  categorySlug: null,
  publishedIso: null,
  relativeTime: '',
  readingMinutes: 1,
  isLive: false,
  isMembers: false,
})

function gridClass(count: number) {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <ArticleGrid articles={Array.from({ length: count }, (_, i) => card(i + 1))} />
    </MemoryRouter>,
  )
  return /<ul class="([^"]*)"/.exec(html)?.[1] ?? ''
}

describe('ArticleGrid', () => {
  it('sets two stories side by side with no empty third column', () => {
    expect(gridClass(2)).toContain('sm:grid-cols-2')
    expect(gridClass(2)).not.toContain('lg:grid-cols-3')
  })

  it('keeps three columns on a wide screen for three stories and more', () => {
    expect(gridClass(3)).toContain('lg:grid-cols-3')
    expect(gridClass(6)).toContain('lg:grid-cols-3')
  })
})
