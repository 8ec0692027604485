import { describe, expect, it } from 'vitest'
import { escapeHtml, escapeHtmlAttribute } from './html'

describe('escapeHtml', () => {
  it('escapes what could start markup or an entity, and leaves quotes as the sanitiser does', () => {
    expect(escapeHtml(`Tom & Jerry <b>"quoted" 'single'</b>`)).toBe(
      `Tom &amp; Jerry &lt;b&gt;"quoted" 'single'&lt;/b&gt;`,
    )
  })

  it('escapes an entity as written, so it reads as typed', () => {
    expect(escapeHtml('&amp; &#60;')).toBe('&amp;amp; &amp;#60;')
  })

  it('leaves other text alone', () => {
    expect(escapeHtml('news 📰 — café\n')).toBe('news 📰 — café\n')
  })
})

describe('escapeHtmlAttribute', () => {
  it('also escapes the double quote that would end the value', () => {
    expect(escapeHtmlAttribute(`https://x.test/?a=1&b="2"<`)).toBe(
      'https://x.test/?a=1&amp;b=&quot;2&quot;&lt;',
    )
  })
})
