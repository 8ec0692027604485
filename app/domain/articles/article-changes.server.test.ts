import { describe, expect, it } from 'vitest'
import { articleChangeKeys, type ArticleFacts } from './article-changes.server'

const facts = (overrides: Partial<ArticleFacts> = {}): ArticleFacts => ({
  id: 1,
  slug: 'story',
  isPublic: true,
  isScheduled: false,
  publishedAt: 1_000,
  categoryId: 2,
  authorId: 'u1',
  isFeatured: false,
  tagIds: [3, 4],
  isBreaking: false,
  breakingUntil: null,
  ...overrides,
})

describe('articleChangeKeys', () => {
  it('names nothing for a draft saved or autosaved', () => {
    const draft = facts({ isPublic: false, publishedAt: null })
    expect(articleChangeKeys(draft, { ...draft, slug: 'other' })).toEqual([])
    expect(articleChangeKeys(null, draft)).toEqual([])
  })

  it('names only the article (and search) for an edit of what a published article says', () => {
    expect(articleChangeKeys(facts(), facts()).sort()).toEqual(['article:1', 'search'])
  })

  it('names the lists it joins or leaves when published, moved or unpublished', () => {
    const published = articleChangeKeys(facts({ isPublic: false }), facts())
    expect(published.sort()).toEqual(
      ['article:1', 'author:u1', 'category:2', 'front', 'search', 'tag:3', 'tag:4'].sort(),
    )
    const moved = articleChangeKeys(facts(), facts({ categoryId: 5 }))
    expect(moved).toContain('category:2')
    expect(moved).toContain('category:5')
    expect(articleChangeKeys(facts(), null)).toContain('front')
  })

  it('names the breaking-news bar for a public breaking article, and schedule for a new time', () => {
    expect(articleChangeKeys(facts({ isBreaking: true }), facts({ isBreaking: true }))).toContain(
      'breaking',
    )
    const scheduled = facts({ isPublic: false, isScheduled: true, publishedAt: 9_000 })
    expect(articleChangeKeys(null, scheduled)).toEqual(['schedule'])
  })
})
