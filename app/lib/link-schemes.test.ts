import { describe, expect, it } from 'vitest'
import { isAllowedLinkHref, LINK_SCHEMES, linkScheme } from './link-schemes'

describe('LINK_SCHEMES', () => {
  it('is the spec §5 list, and cannot be changed at run time', () => {
    expect(LINK_SCHEMES).toEqual([
      'http',
      'https',
      'ftp',
      'ftps',
      'mailto',
      'tel',
      'callto',
      'sms',
      'cid',
      'xmpp',
    ])
    expect(() => (LINK_SCHEMES as string[]).push('javascript')).toThrow()
  })
})

describe('linkScheme', () => {
  it('is the lower-cased scheme, or null for a relative link', () => {
    expect(linkScheme('HTTPS://example.com')).toBe('https')
    expect(linkScheme('mailto:desk@example.com')).toBe('mailto')
    expect(linkScheme('/section/news')).toBeNull()
    expect(linkScheme('#top')).toBeNull()
    expect(linkScheme('page?x=a:b')).toBeNull()
  })

  it('sees through the control characters and spaces browsers ignore', () => {
    expect(linkScheme('java\tscript:alert(1)')).toBe('javascript')
    expect(linkScheme(' jav\u0000ascript:alert(1)')).toBe('javascript')
  })
})

describe('isAllowedLinkHref', () => {
  it('allows every listed scheme and relative links', () => {
    for (const scheme of LINK_SCHEMES) expect(isAllowedLinkHref(`${scheme}:x`), scheme).toBe(true)
    expect(isAllowedLinkHref('/about')).toBe(true)
    expect(isAllowedLinkHref('../up')).toBe(true)
  })

  it('refuses any other scheme, however it is written', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
    ]) {
      expect(isAllowedLinkHref(href), href).toBe(false)
    }
  })
})
