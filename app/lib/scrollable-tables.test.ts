import { describe, expect, it } from 'vitest'
import { scrollableTables } from './scrollable-tables'

const WRAP = '<div class="table-scroll" role="region" tabindex="0"'

describe('scrollableTables', () => {
  it('puts a table in a focusable region named by its caption', () => {
    expect(
      scrollableTables(
        '<p>a</p><table><caption>Results <strong>2026</strong></caption><tbody><tr><td>1</td></tr></tbody></table>',
      ),
    ).toBe(
      `<p>a</p>${WRAP} aria-label="Results 2026"><table><caption>Results <strong>2026</strong></caption><tbody><tr><td>1</td></tr></tbody></table></div>`,
    )
  })

  it('names a table without a caption plainly, and wraps each table of the body', () => {
    const html = '<table><tbody><tr><td>1</td></tr></tbody></table><table><tbody></tbody></table>'
    const shown = scrollableTables(html)
    expect(shown.split(`${WRAP} aria-label="Table">`)).toHaveLength(3)
    expect(shown.match(/<\/table><\/div>/g)).toHaveLength(2)
  })

  it('keeps an escaped caption escaped in the label', () => {
    expect(
      scrollableTables('<table><caption>&lt;b&gt; &amp; &quot;x&quot;</caption></table>'),
    ).toContain('aria-label="&lt;b&gt; &amp; &quot;x&quot;"')
  })

  it('leaves a body without tables as it is', () => {
    const html = '<p>No table here</p>'
    expect(scrollableTables(html)).toBe(html)
  })
})
