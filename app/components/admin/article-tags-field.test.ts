import { describe, expect, it } from 'vitest'
import { TAGS_MAX } from '~/domain/articles/articles-schema'
import { addTag, type TagChip } from './article-tags-field'

// docs/product.md §5 "Adding a tag", as the form applies it before anything reaches the server.

const KNOWN = [
  { id: 1, name: 'Harbour' },
  { id: 2, name: 'Night Ferries' },
]

describe('addTag', () => {
  it('ignores a blank name', () => {
    expect(addTag([], '   ', KNOWN)).toBeNull()
  })

  it('matches a known tag by name ignoring case, and keeps its own spelling', () => {
    expect(addTag([], '  night ferries ', KNOWN)).toEqual([{ id: 2, name: 'Night Ferries' }])
  })

  it('adds an unknown name as a tag to create', () => {
    expect(addTag([{ id: 1, name: 'Harbour' }], 'Tides', KNOWN)).toEqual([
      { id: 1, name: 'Harbour' },
      { id: null, name: 'Tides' },
    ])
  })

  it('refuses a tag already on the article, whatever its case', () => {
    expect(addTag([{ id: null, name: 'Tides' }], 'TIDES', KNOWN)).toBe('duplicate')
    expect(addTag([{ id: 1, name: 'Harbour' }], 'harbour', KNOWN)).toBe('duplicate')
  })

  it('refuses a tag beyond the most an article can have', () => {
    const full: TagChip[] = Array.from({ length: TAGS_MAX }, (_, i) => ({
      id: null,
      name: `t${i}`,
    }))
    expect(addTag(full, 'one more', KNOWN)).toBe('full')
    expect(addTag(full.slice(1), 'one more', KNOWN)).toHaveLength(TAGS_MAX)
  })

  it('refuses a new name with no letters or numbers, as the Tags screen does', () => {
    expect(addTag([], '!!!', KNOWN)).toBe('nameless')
    expect(addTag([], '🙂', [...KNOWN, { id: 3, name: '🙂' }])).toEqual([{ id: 3, name: '🙂' }])
  })
})
