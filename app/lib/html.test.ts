import { describe, expect, it } from 'vitest'
import { escapeHtml } from './html'

describe('escapeHtml', () => {
  it('escapes what could start or end markup, in text and in either quoted attribute', () => {
    expect(escapeHtml(`Tom & Jerry <b>"quoted" 'single'</b>`)).toBe(
      'Tom &amp; Jerry &lt;b&gt;&quot;quoted&quot; &#39;single&#39;&lt;/b&gt;',
    )
  })

  it('escapes an entity as written, so it reads as typed', () => {
    expect(escapeHtml('&amp; &#60;')).toBe('&amp;amp; &amp;#60;')
  })

  it('leaves other text alone', () => {
    expect(escapeHtml('news 📰 — café\n')).toBe('news 📰 — café\n')
  })
})
