import { describe, expect, it } from 'vitest'
import { lastSearchWord, normalizeSearchQuery } from './search-schema'

describe('normalizeSearchQuery', () => {
  it('trims, lower-cases and collapses inner whitespace', () => {
    expect(normalizeSearchQuery('  Transit   LEVY \n')).toBe('transit levy')
  })

  it('is empty for blank or missing input', () => {
    expect(normalizeSearchQuery('   ')).toBe('')
    expect(normalizeSearchQuery(null)).toBe('')
    expect(normalizeSearchQuery(undefined)).toBe('')
  })
})

describe('lastSearchWord', () => {
  it('is the last word when it is plain letters and digits', () => {
    expect(lastSearchWord('transit lev')).toBe('lev')
    expect(lastSearchWord('café')).toBe('café')
    expect(lastSearchWord('covid19')).toBe('covid19')
  })

  it('is null for search syntax or no word at all', () => {
    expect(lastSearchWord('rock -roll')).toBeNull()
    expect(lastSearchWord('"city council"')).toBeNull()
    expect(lastSearchWord('transit -')).toBeNull()
    expect(lastSearchWord('')).toBeNull()
    expect(lastSearchWord(':*&|')).toBeNull()
  })
})
