import { describe, it, expect } from 'vitest'
import { slugify, uniqueSlug } from './slugify'

describe('slugify', () => {
  it('lower-cases and joins words with hyphens', () => {
    expect(slugify('Hello World')).toBe('hello-world')
  })

  it('turns each run of other characters into a single hyphen', () => {
    expect(slugify('Rates rise -- again!!! (2025)')).toBe('rates-rise-again-2025')
    expect(slugify("Mayor's plan: 3 new parks & 1 pool")).toBe('mayor-s-plan-3-new-parks-1-pool')
  })

  it('removes leading and trailing hyphens', () => {
    expect(slugify('  --Breaking: news!--  ')).toBe('breaking-news')
  })

  it('folds accents instead of dropping the letter', () => {
    expect(slugify('Café Déjà')).toBe('cafe-deja')
    expect(slugify('Ångström São Paulo Łódź')).toBe('angstrom-sao-paulo-lodz')
    expect(slugify('İstanbul')).toBe('istanbul')
  })

  it('spells out letters that have no decomposition', () => {
    expect(slugify('Straße')).toBe('strasse')
    expect(slugify('Ærø Œuvre Þing')).toBe('aero-oeuvre-thing')
  })

  it('folds compatibility forms such as full-width letters and ligatures', () => {
    expect(slugify('ＡＢＣ ﬁle')).toBe('abc-file')
  })

  it('returns an empty string when nothing usable is left', () => {
    expect(slugify('')).toBe('')
    expect(slugify('!!! ???')).toBe('')
    expect(slugify('新闻')).toBe('')
  })

  it('keeps digits', () => {
    expect(slugify('Top 10 of 2024')).toBe('top-10-of-2024')
  })
})

describe('uniqueSlug', () => {
  it('returns the base when it is free', async () => {
    expect(await uniqueSlug('news', () => false)).toBe('news')
  })

  it('appends -2, -3… until a free candidate is found', async () => {
    const taken = new Set(['news', 'news-2', 'news-3'])
    expect(await uniqueSlug('news', (s) => taken.has(s))).toBe('news-4')
  })

  it('accepts an async check', async () => {
    const taken = new Set(['news'])
    expect(await uniqueSlug('news', async (s) => taken.has(s))).toBe('news-2')
  })

  it('uses "untitled" for an empty base', async () => {
    expect(await uniqueSlug('', () => false)).toBe('untitled')
    const taken = new Set(['untitled'])
    expect(await uniqueSlug('', (s) => taken.has(s))).toBe('untitled-2')
  })

  it('asks about candidates in order and stops at the first free one', async () => {
    const asked: string[] = []
    await uniqueSlug('a', (s) => {
      asked.push(s)
      return asked.length < 3
    })
    expect(asked).toEqual(['a', 'a-2', 'a-3'])
  })

  it('gives up with an error rather than looping forever', async () => {
    await expect(uniqueSlug('x', () => true)).rejects.toThrow(/no free slug/)
  })
})
