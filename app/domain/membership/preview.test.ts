import { describe, expect, it } from 'vitest'
import { previewHtml, splitAtPreview } from './preview'

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

describe('splitAtPreview', () => {
  it('cuts the body in two: the preview, and the rest a reader with access reads after it', () => {
    const { preview, rest } = splitAtPreview(body, 2)
    expect(preview).toBe(previewHtml(body, 2))
    expect(rest).toBe('<p></p><p>Three.</p><p>Four secret.</p>')
    expect(splitAtPreview(body, 10)).toEqual({ preview: body, rest: '' })
  })

  it('leaves out a marker that stands alone', () => {
    const marked = '<p>One.</p><hr data-preview-end=""><p>Two secret.</p>'
    expect(splitAtPreview(marked, 3)).toEqual({
      preview: '<p>One.</p>',
      rest: '<p>Two secret.</p>',
    })
  })
})
