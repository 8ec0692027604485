import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { EmailAddress, emailBreakParts } from './email-address'

describe('emailBreakParts', () => {
  it('breaks before the @ and after dots, never inside a word', () => {
    expect(emailBreakParts('jane.doe@mail.example.com')).toEqual([
      'jane.',
      'doe',
      '@mail.',
      'example.',
      'com',
    ])
    expect(emailBreakParts('press_office+news@example.org')).toEqual([
      'press_',
      'office+',
      'news',
      '@example.',
      'org',
    ])
    expect(emailBreakParts('a@b')).toEqual(['a', '@b'])
  })
})

describe('EmailAddress', () => {
  it('keeps the address whole as text, with <wbr> at the breaks', () => {
    const html = renderToStaticMarkup(<EmailAddress email="jane.doe@example.com" />)
    expect(html).toContain('jane.<wbr/>doe<wbr/>@example.<wbr/>com')
    expect(html.replace(/<[^>]+>/g, '')).toBe('jane.doe@example.com')
  })
})
