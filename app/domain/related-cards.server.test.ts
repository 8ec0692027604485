import { describe, expect, it } from 'vitest'
import { relatedArticleIds, relatedCardHtml, showRelatedCards } from './related-cards.server'

const CARD =
  '<aside data-block="related-article" data-article-id="7" data-title="Old title"></aside>'

describe('relatedArticleIds', () => {
  it('names each story a body’s cards point to once, within an id’s range', () => {
    expect(
      relatedArticleIds(
        `${CARD}<p>x</p>${CARD}<aside data-block="related-article" data-article-id="9999999999"></aside>`,
      ),
    ).toEqual([7])
  })
})

describe('showRelatedCards', () => {
  it('draws a card from the story as it is now, its words escaped', () => {
    const html = showRelatedCards(`<p>a</p>${CARD}`, {
      '7': { title: 'Tom & "Jerry" <b>', slug: 'tom-jerry', image: '/media/media/p.png' },
    })
    expect(html).toBe(
      '<p>a</p><aside data-block="related-article" aria-label="Related article"><a href="/article/tom-jerry"><img src="/media/media/_v/p-640.webp" alt="" loading="lazy" /><span><span>Related</span><strong>Tom &amp; "Jerry" &lt;b&gt;</strong></span></a></aside>',
    )
  })

  it('draws nothing for a story not among the public ones', () => {
    expect(showRelatedCards(`<p>a</p>${CARD}<p>b</p>`, {})).toBe('<p>a</p><p>b</p>')
  })

  it('leaves a body without cards as it is', () => {
    const body = '<p>data-article-id="7"</p>'
    expect(showRelatedCards(body, {})).toBe(body)
  })

  it('writes an address outside our images as it is', () => {
    expect(
      relatedCardHtml({ title: 't', slug: 's', image: 'https://cdn.example/a.jpg' }),
    ).toContain('<img src="https://cdn.example/a.jpg"')
  })

  it("cuts the card's 4:3 frame around the picture's focal point, and says nothing at the centre", () => {
    const facts = { alt: '', caption: '', credit: '', width: 1600, height: 900 }
    const card = { title: 't', slug: 's', image: '/media/media/p.png' }
    // A 16:9 picture in a 4:3 frame shows three quarters of its width: a focal point at the
    // left tenth puts the window against the left edge.
    expect(relatedCardHtml({ ...card, facts: { ...facts, focalX: 0.1, focalY: 0.5 } })).toContain(
      'style="object-position: 0% 50%"',
    )
    expect(
      relatedCardHtml({ ...card, facts: { ...facts, focalX: 0.5, focalY: 0.5 } }),
    ).not.toContain('style=')
  })
})
