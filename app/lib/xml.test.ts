import { describe, expect, it } from 'vitest'
import { escapeXml, withoutInvalidXmlChars } from './xml'

describe('escapeXml', () => {
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`Tom & Jerry <b>"quoted" 'single'</b>`)).toBe(
      'Tom &amp; Jerry &lt;b&gt;&quot;quoted&quot; &apos;single&apos;&lt;/b&gt;',
    )
  })

  it('drops characters XML cannot carry, keeps tabs, newlines and emoji', () => {
    expect(escapeXml('a\u0000b\u0008c\u000Bd\uFFFEe')).toBe('abcde')
    expect(escapeXml('line\tone\nline two\r')).toBe('line\tone\nline two\r')
    expect(escapeXml('news 📰')).toBe('news 📰')
  })

  it('drops lone surrogates', () => {
    expect(escapeXml('a\uD800b\uDC00c')).toBe('abc')
  })
})

describe('withoutInvalidXmlChars', () => {
  it('drops what XML 1.0 cannot carry and escapes nothing', () => {
    expect(withoutInvalidXmlChars('a\u0000<b>\u001F&\uFFFF\uDC00c\t\n')).toBe('a<b>&c\t\n')
    expect(withoutInvalidXmlChars('news 📰 ]]>')).toBe('news 📰 ]]>')
  })
})
