import { describe, expect, it } from 'vitest'
import { buildArticleBody } from '~/domain/seed/demo-content'
import { withoutRepeatedStandfirst } from './standfirst'

describe('withoutRepeatedStandfirst', () => {
  it('drops a first paragraph that repeats the standfirst', () => {
    const body = '<p>The council voted 5–2 on Tuesday.</p>\n<p>Residents spoke for hours.</p>'
    expect(withoutRepeatedStandfirst(body, 'The council voted 5–2 on Tuesday.')).toBe(
      '<p>Residents spoke for hours.</p>',
    )
  })

  it('compares text, not markup: entities, spacing, case and inline tags', () => {
    const body = '<p class="lede">Bread &amp; <em>butter</em>\n  costs rise</p><p>More.</p>'
    expect(withoutRepeatedStandfirst(body, 'Bread & butter costs rise')).toBe('<p>More.</p>')
  })

  it('keeps a body whose first paragraph says something else', () => {
    const body = '<p>Residents spoke for hours.</p><p>The council voted.</p>'
    expect(withoutRepeatedStandfirst(body, 'The council voted.')).toBe(body)
  })

  it('keeps the body when there is no standfirst or no leading paragraph', () => {
    expect(withoutRepeatedStandfirst('<p>Text</p>', '')).toBe('<p>Text</p>')
    expect(withoutRepeatedStandfirst('<h2>Text</h2><p>Text</p>', 'Text')).toBe(
      '<h2>Text</h2><p>Text</p>',
    )
  })
})

describe('demo bodies', () => {
  it('do not open with their excerpt', () => {
    const excerpt = 'The harbour commission approved a new ferry route on Tuesday.'
    const body = buildArticleBody({
      title: 'Ferry route approved',
      excerpt,
      topic: 'the ferry route',
      category: 'Politics',
    })
    expect(body).not.toContain(excerpt)
    expect(withoutRepeatedStandfirst(body, excerpt)).toBe(body)
  })
})
