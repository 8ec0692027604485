import { describe, expect, it } from 'vitest'
import { safeRedirect } from './redirect'

describe('safeRedirect', () => {
  it('keeps same-site paths', () => {
    expect(safeRedirect('/admin/articles?page=2#top')).toBe('/admin/articles?page=2#top')
    expect(safeRedirect('/')).toBe('/')
  })

  it.each([
    'https://evil.example/',
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
