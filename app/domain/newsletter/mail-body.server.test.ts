import { describe, expect, it } from 'vitest'
import { embedBlockHtml } from '~/lib/embed-block'
import { galleryHtml } from '~/lib/gallery'
import { sanitizeArticleHtml } from '~/infra/sanitize.server'
import { mailBody, type MailBodyContext } from './mail-body.server'

// Issue 40: the editor's blocks in a newsletter, each in its mail form. The bodies are made as
// the editor stores them and passed through the sanitiser, as a save does.

const context: MailBodyContext = {
  siteUrl: 'https://paper.example/',
  width: 560,
  cards: { '7': { title: 'Harbour & ferries', slug: 'harbour-ferries', image: null } },
}

function mail(html: string) {
  return mailBody(sanitizeArticleHtml(html), context)
}

const VIDEO = embedBlockHtml({
  provider: 'youtube',
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  title: 'The council meeting, in full',
  author: 'City Hall TV',
  thumbnail: '/media/media/1700000000-1.jpg',
})

const GALLERY = galleryHtml(
  [1, 2, 3].map((n) => ({
    src: `/media/media/_v/boat-${n}-640.webp`,
    full: `/media/media/boat-${n}.jpg`,
    alt: `Boat ${n}`,
    caption: n === 1 ? 'The start' : '',
    credit: n === 1 ? 'Photo: Crew' : '',
    width: 1600,
    height: 900,
  })),
)

describe('mailBody', () => {
  it('gives an embed a linked card with its stored thumbnail, and no frame or script', () => {
    const { html, text } = mail(VIDEO)
    expect(html).not.toMatch(/<iframe|<script|data-embed/)
    expect(html).toContain(
      '<img src="https://paper.example/media/media/1700000000-1.jpg" alt="The council meeting, in full" width="560"',
    )
    expect(html.match(/href="https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ"/g)).toHaveLength(2)
    expect(html).toContain('YouTube · City Hall TV')
    expect(text).toBe(
      'YouTube: The council meeting, in full\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ',
    )
  })

  it('makes a link card of an address no provider owns', () => {
    const card = embedBlockHtml({
      provider: 'link',
      url: 'https://example.org/report',
      title: 'The report',
      author: '',
      thumbnail: '',
    })
    const { html, text } = mail(card)
    expect(html).toContain('example.org')
    expect(html).not.toContain('<img')
    expect(text).toBe('example.org: The report\nhttps://example.org/report')
  })

  it('gives a gallery its first picture at full size with its caption, and links to the others', () => {
    const { html, text } = mail(GALLERY)
    expect(html).not.toContain('.webp')
    expect(html).toContain(
      '<img src="https://paper.example/media/media/boat-1.jpg" alt="Boat 1" width="560" height="315"',
    )
    expect(html).toContain('The start Photo: Crew')
    expect(html).toContain('2 more pictures: ')
    expect(html).toContain('href="https://paper.example/media/media/boat-3.jpg"')
    expect(text).toBe(
      [
        'Pictures (3): The start Photo: Crew',
        'https://paper.example/media/media/boat-1.jpg',
        'https://paper.example/media/media/boat-2.jpg',
        'https://paper.example/media/media/boat-3.jpg',
      ].join('\n'),
    )
  })

  it('keeps a table a table, with its caption, header cells and spans', () => {
    const { html, text } = mail(
      '<table><caption>Results &amp; turnout</caption><tbody><tr><th>Ward</th><th>Votes</th></tr><tr><td colspan="2">North <strong>won</strong></td></tr><tr><td></td><td></td></tr></tbody></table>',
    )
    expect(html).toMatch(/^<table [^>]*border-collapse:collapse/)
    expect(html).toContain('>Results &amp; turnout</caption>')
    expect(html).toMatch(/<th [^>]*font-weight:700[^>]*>Ward<\/th>/)
    expect(html).toMatch(/<td colspan="2" [^>]*>North <strong>won<\/strong><\/td>/)
    expect(text).toBe('Results & turnout\nWard | Votes\nNorth won')
  })

  it('sets a pull quote, a fact box and a related story, and drops a card of a story not public', () => {
    const { html, text } = mail(
      '<figure data-block="pull-quote"><blockquote><p>We lost fair and square.</p></blockquote><figcaption>The mayor</figcaption></figure>' +
        '<aside data-block="fact-box"><h3>What we know</h3><ul><li>Polls closed at 10</li></ul></aside>' +
        '<aside data-block="related-article" data-article-id="7" data-title="Old"></aside>' +
        '<aside data-block="related-article" data-article-id="8" data-title="Gone"></aside>',
    )
    expect(html).toContain('“We lost fair and square.”')
    expect(html).toContain('— The mayor')
    expect(html).toContain('What we know</p>')
    expect(html).toContain('<li style="margin:0 0 6px">Polls closed at 10</li>')
    expect(html).toContain(
      'href="https://paper.example/article/harbour-ferries" class="m-link" style="color:#1f4fa3;text-decoration:none">Harbour &amp; ferries</a>',
    )
    expect(html).not.toContain('Gone')
    expect(text).toBe(
      [
        '“We lost fair and square.”\n— The mayor',
        'WHAT WE KNOW',
        '- Polls closed at 10',
        'Related: Harbour & ferries\nhttps://paper.example/article/harbour-ferries',
      ].join('\n\n'),
    )
  })

  it('writes words, links and lists with inline styles and absolute addresses', () => {
    const { html, text } = mail(
      '<h2>Good morning</h2><p>Read <a href="/article/budget">the budget</a> &amp; <em>more</em>.<br>Then rest.</p><ol start="3"><li><p>Third</p><ul><li><p>Inner</p></li></ul></li></ol><hr>',
    )
    expect(html).toContain('<h2 style="font-family:')
    expect(html).toContain(
      '<a href="https://paper.example/article/budget" class="m-link" style="color:#1f4fa3">the budget</a> &amp; <em>more</em>.<br />Then rest.',
    )
    expect(html).toContain('<ol start="3"')
    expect(text).toBe(
      [
        'Good morning',
        'Read the budget (https://paper.example/article/budget) & more.\nThen rest.',
        '3. Third\n  - Inner',
        '----',
      ].join('\n\n'),
    )
  })

  it('is nothing for an empty introduction', () => {
    expect(mailBody('', context)).toEqual({ html: '', text: '' })
  })
})
