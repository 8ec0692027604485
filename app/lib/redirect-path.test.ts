import { describe, expect, it } from 'vitest'
import { normaliseRedirectPath, normaliseRedirectTarget } from './redirect-path'

describe('normaliseRedirectPath', () => {
  it('drops trailing and repeated slashes, keeps the root', () => {
    expect(normaliseRedirectPath('/2019/03/old-story/')).toBe('/2019/03/old-story')
    expect(normaliseRedirectPath('//2019//03///old-story')).toBe('/2019/03/old-story')
    expect(normaliseRedirectPath('/')).toBe('/')
    expect(normaliseRedirectPath('old-story')).toBe('/old-story')
  })

  it('drops the query, the fragment and, for a full address, scheme and host', () => {
    expect(normaliseRedirectPath('/old?utm_source=x&p=1')).toBe('/old')
    expect(normaliseRedirectPath('/old#comments')).toBe('/old')
    expect(normaliseRedirectPath('https://example.org/2019/03/old-story/?p=12')).toBe(
      '/2019/03/old-story',
    )
  })

  it('makes percent-encoding canonical: the same path in any spelling', () => {
    const canonical = normaliseRedirectPath('/caf%C3%A9')
    expect(canonical).toBe('/caf%C3%A9')
    expect(normaliseRedirectPath('/café')).toBe(canonical)
    expect(normaliseRedirectPath('/caf%c3%a9')).toBe(canonical)
    expect(normaliseRedirectPath('/a%2Db')).toBe('/a-b')
    expect(normaliseRedirectPath('/a b')).toBe('/a%20b')
    // A "%" that starts no escape is kept as text.
    expect(normaliseRedirectPath('/100%')).toBe('/100%25')
  })

  it('ignores case', () => {
    expect(normaliseRedirectPath('/Article/Old-Story')).toBe('/article/old-story')
    expect(normaliseRedirectPath('/CAF%C3%89')).toBe('/caf%C3%A9')
  })

  it('resolves dot segments and refuses what is empty or too long', () => {
    expect(normaliseRedirectPath('/a/./b/../c')).toBe('/a/c')
    expect(normaliseRedirectPath('   ')).toBeNull()
    expect(normaliseRedirectPath(`/${'a'.repeat(2001)}`)).toBeNull()
  })
})

describe('normaliseRedirectTarget', () => {
  it('keeps an absolute http(s) address as it is and normalises our own paths', () => {
    expect(normaliseRedirectTarget('https://elsewhere.example/Some/Path?x=1')).toBe(
      'https://elsewhere.example/Some/Path?x=1',
    )
    expect(normaliseRedirectTarget('/Article/New/')).toBe('/article/new')
  })

  it('refuses anything else', () => {
    expect(normaliseRedirectTarget('javascript:alert(1)')).toBeNull()
    expect(normaliseRedirectTarget('article/new')).toBeNull()
    expect(normaliseRedirectTarget('')).toBeNull()
  })
})
