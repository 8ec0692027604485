import type { MetaDescriptor } from 'react-router'
import { describe, expect, it } from 'vitest'
import { absoluteUrl, metaDescription, pagedPath, pageTitle, seoMeta } from './seo'

const site = { siteUrl: 'https://news.example', brand: 'Broadsheet' }

function find(tags: MetaDescriptor[], key: string, value: string) {
  return tags.find((t) => (t as Record<string, unknown>)[key] === value) as
    Record<string, string> | undefined
}

describe('absoluteUrl', () => {
  it('prefixes site paths and keeps absolute URLs', () => {
    expect(absoluteUrl(site.siteUrl, '/article/a')).toBe('https://news.example/article/a')
    expect(absoluteUrl(site.siteUrl, 'media/x.jpg')).toBe('https://news.example/media/x.jpg')
    expect(absoluteUrl(site.siteUrl, 'https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg')
  })
})

describe('metaDescription', () => {
  it('keeps a short text on one line', () => {
    expect(metaDescription(' A short\n excerpt. ')).toBe('A short excerpt.')
    expect(metaDescription(null)).toBe('')
  })

  it('cuts a long text at a word boundary, at most 160 characters', () => {
    const text = 'word '.repeat(60)
    const cut = metaDescription(text)
    expect(cut.length).toBeLessThanOrEqual(160)
    expect(cut.endsWith('word…')).toBe(true)
  })
})

describe('pageTitle and pagedPath', () => {
  it('appends the brand except on the brand itself', () => {
    expect(pageTitle('Politics', 'Broadsheet')).toBe('Politics | Broadsheet')
    expect(pageTitle('Broadsheet', 'Broadsheet')).toBe('Broadsheet')
  })

  it('keeps ?page= from page 2 on', () => {
    expect(pagedPath('/tag/x', 1)).toBe('/tag/x')
    expect(pagedPath('/tag/x', 3)).toBe('/tag/x?page=3')
  })
})

describe('seoMeta', () => {
  it('gives title, description, canonical, OpenGraph and Twitter card tags', () => {
    const tags = seoMeta({
      site,
      title: 'Council sends levy to ballot',
      description: 'The council voted 6–3.',
      path: '/article/levy',
      image: '/media/media/x.jpg',
      type: 'article',
      article: {
        publishedTime: '2026-01-05T10:00:00.000Z',
        section: 'Politics',
        tags: ['Transit'],
      },
    })
    expect(tags).toContainEqual({ title: 'Council sends levy to ballot | Broadsheet' })
    expect(find(tags, 'rel', 'canonical')?.href).toBe('https://news.example/article/levy')
    expect(find(tags, 'name', 'description')?.content).toBe('The council voted 6–3.')
    expect(find(tags, 'property', 'og:type')?.content).toBe('article')
    expect(find(tags, 'property', 'og:image')?.content).toBe(
      'https://news.example/media/media/x.jpg',
    )
    expect(find(tags, 'property', 'og:description')?.content).toBe('The council voted 6–3.')
    expect(find(tags, 'name', 'twitter:card')?.content).toBe('summary_large_image')
    expect(find(tags, 'name', 'twitter:image')?.content).toBe(
      'https://news.example/media/media/x.jpg',
    )
    expect(find(tags, 'property', 'article:section')?.content).toBe('Politics')
    expect(find(tags, 'property', 'article:tag')?.content).toBe('Transit')
    expect(find(tags, 'name', 'robots')).toBeUndefined()
  })

  it('uses a small card without an image, and can keep a page out of the index', () => {
    const tags = seoMeta({ site, title: 'Search', path: '/search', noIndex: true })
    expect(find(tags, 'name', 'twitter:card')?.content).toBe('summary')
    expect(find(tags, 'property', 'og:image')).toBeUndefined()
    expect(find(tags, 'name', 'robots')?.content).toBe('noindex, follow')
  })
})
