import { describe, expect, it } from 'vitest'
import { articleSeoFields } from './articles-schema'
import { articleSeo, lengthNote, META_DESCRIPTION_MAX, SEO_TITLE_MAX } from './article-seo'
import { z } from 'zod'

const article = {
  title: 'Council approves the budget',
  excerpt: 'The vote was 7 to 2.',
  featuredImage: '/uploads/council.jpg',
}

describe('articleSeo', () => {
  it('falls back to the title, the excerpt and the featured image', () => {
    expect(articleSeo(article)).toEqual({
      title: 'Council approves the budget',
      description: 'The vote was 7 to 2.',
      image: '/uploads/council.jpg',
    })
    expect(
      articleSeo({ ...article, seoTitle: '  ', metaDescription: '', socialImage: null }),
    ).toEqual(articleSeo(article))
  })

  it('uses each field that is set, alone', () => {
    expect(articleSeo({ ...article, seoTitle: ' Budget passes 7-2 ' }).title).toBe(
      'Budget passes 7-2',
    )
    expect(articleSeo({ ...article, metaDescription: 'What it funds.' })).toMatchObject({
      title: 'Council approves the budget',
      description: 'What it funds.',
      image: '/uploads/council.jpg',
    })
    expect(articleSeo({ ...article, socialImage: '/uploads/card.png' }).image).toBe(
      '/uploads/card.png',
    )
  })
})

describe('lengthNote', () => {
  it('counts characters (not UTF-16 units) and warns past what engines show', () => {
    expect(lengthNote('a'.repeat(60), 60)).toMatchObject({ count: '60 / 60', isOver: false })
    expect(lengthNote('a'.repeat(61), 60)).toMatchObject({ count: '61 / 60', isOver: true })
    expect(lengthNote('📰'.repeat(3), 60).count).toBe('3 / 60')
    expect(lengthNote('a'.repeat(161), 160).message).toBe(
      'Search engines show about 160 characters: the rest will be cut.',
    )
  })
})

describe('the search and social fields of the form', () => {
  const schema = z.object(articleSeoFields)
  const errorsOf = (values: Record<string, unknown>) => {
    const result = schema.safeParse(values)
    return result.success ? {} : z.flattenError(result.error).fieldErrors
  }

  it('are optional: blank is null', () => {
    expect(schema.parse({ seoTitle: ' ', metaDescription: '', socialImage: undefined })).toEqual({
      seoTitle: null,
      metaDescription: null,
      socialImage: null,
    })
  })

  it('accept long text past what engines show, up to the hard limit', () => {
    expect(errorsOf({ seoTitle: 'a'.repeat(SEO_TITLE_MAX) })).toEqual({})
    expect(errorsOf({ metaDescription: 'a'.repeat(META_DESCRIPTION_MAX) })).toEqual({})
    expect(errorsOf({ seoTitle: 'a'.repeat(SEO_TITLE_MAX + 1) })).toEqual({
      seoTitle: [`SEO headline must be at most ${SEO_TITLE_MAX} characters`],
    })
    expect(errorsOf({ metaDescription: 'a'.repeat(META_DESCRIPTION_MAX + 1) })).toEqual({
      metaDescription: [`Meta description must be at most ${META_DESCRIPTION_MAX} characters`],
    })
  })

  it('refuse a line break in the title and a social image from elsewhere than an address', () => {
    expect(errorsOf({ seoTitle: 'one\ntwo' })).toEqual({
      seoTitle: ['SEO headline must be one line'],
    })
    expect(errorsOf({ socialImage: 'javascript:alert(1)' })).toEqual({
      socialImage: ['Choose an image from the media library'],
    })
    expect(errorsOf({ socialImage: '//evil.test/x.png' })).toEqual({
      socialImage: ['Choose an image from the media library'],
    })
    expect(schema.parse({ socialImage: '/uploads/card.png' }).socialImage).toBe('/uploads/card.png')
  })
})
