import { describe, expect, it } from 'vitest'
import { safeRedirect } from './redirect'

describe('safeRedirect', () => {
  it('keeps same-site paths', () => {
    expect(safeRedirect('/admin/articles?page=2#top')).toBe('/admin/articles?page=2#top')
    expect(safeRedirect('/')).toBe('/')
  })

  it('percent-encodes what a Location header cannot carry (Latin-1 only)', () => {
    expect(safeRedirect('/search?q=新聞#café')).toBe('/search?q=%E6%96%B0%E8%81%9E#caf%C3%A9')
    expect(safeRedirect('/author/Σοφία')).toBe('/author/%CE%A3%CE%BF%CF%86%CE%AF%CE%B1')
    expect(() => new Headers({ Location: safeRedirect('/ünïcödé/€') })).not.toThrow()
  })

  it.each([
    'https://evil.example/',
    '/.//evil.example',
    '/a/..//evil.example',
    '//evil.example/',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    'admin',
    '',
    undefined,
    42,
  ])('refuses %j', (target) => {
    expect(safeRedirect(target)).toBe('/')
    expect(safeRedirect(target, '/profile')).toBe('/profile')
  })
})
