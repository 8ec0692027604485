import { describe, expect, it } from 'vitest'
import { previewHtml } from './preview'

const body =
  '<h2>Lead</h2><p>One.</p><figure><img src="/a.webp" alt="Harbour"></figure><p>Two.</p><p></p><p>Three.</p><p>Four secret.</p>'

describe('previewHtml', () => {
  it('keeps the first paragraphs with what stands before them, and nothing after', () => {
    const preview = previewHtml(body, 3)
    expect(preview).toBe(
      '<h2>Lead</h2><p>One.</p><figure><img src="/a.webp" alt="Harbour"></figure><p>Two.</p><p></p><p>Three.</p>',
    )
    expect(preview).not.toContain('secret')
    expect(previewHtml(body, 1)).toBe('<h2>Lead</h2><p>One.</p>')
    expect(previewHtml(body, 0)).toBe('')
  })

  it('stops at the editor’s marker when it comes first', () => {
    const marked = '<p>One.</p><hr data-preview-end=""><p>Two secret.</p><p>Three secret.</p>'
    expect(previewHtml(marked, 3)).toBe('<p>One.</p>')
    const nested =
      '<p>One.</p><div><p>Two.</p><span data-preview-end=""></span></div><p>Secret.</p>'
    expect(previewHtml(nested, 3)).toBe('<p>One.</p>')
  })
})
