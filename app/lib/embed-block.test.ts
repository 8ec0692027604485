import { describe, expect, it } from 'vitest'
import { embedBlock, embedBlockHtml } from './embed-block'
import { embedPlaceholderHtml } from './embed-placeholder'

const own = (address: string) => address.startsWith('/media/media/')

describe('embedBlock', () => {
  it('decides the provider from the address, whatever was sent', () => {
    expect(embedBlock({ url: 'https://youtu.be/dQw4w9WgXcQ' }, own)?.provider).toBe('youtube')
    expect(
      embedBlock({ url: 'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ' }, own)?.provider,
    ).toBe('link')
  })

  it('keeps one line of title and author within their limits, and only our own pictures', () => {
    const block = embedBlock(
      {
        url: 'https://news.example/a',
        title: `  A\n\ttitle ${'x'.repeat(400)}`,
        author: 'An\u0000author',
        thumbnail: 'https://evil.example/a.png',
      },
      own,
    )!
    expect(block.title.startsWith('A title x')).toBe(true)
    expect(block.title.length).toBeLessThanOrEqual(300)
    expect(block.author).toBe('An author')
    expect(block.thumbnail).toBe('')
    expect(
      embedBlock({ url: 'https://news.example/a', thumbnail: '/media/media/a.webp' }, own)
        ?.thumbnail,
    ).toBe('/media/media/a.webp')
  })

  it('refuses what is not a web address', () => {
    expect(embedBlock({ url: 'javascript:alert(1)' }, own)).toBeNull()
  })
})

describe('the stored block and the reader card', () => {
  const block = embedBlock(
    {
      url: 'https://x.com/nasa/status/42',
      title: 'Launch <today> & "tomorrow"',
      author: 'NASA',
      thumbnail: '/media/media/t.webp',
    },
    own,
  )!

  it('stores its attributes and a plain link to the address', () => {
    expect(embedBlockHtml(block)).toBe(
      '<figure data-embed="x" data-url="https://x.com/nasa/status/42" data-title="Launch &lt;today&gt; &amp; &quot;tomorrow&quot;" data-author="NASA" data-thumbnail="/media/media/t.webp"><a href="https://x.com/nasa/status/42" target="_blank" rel="noopener noreferrer nofollow">Launch &lt;today&gt; &amp; "tomorrow"</a></figure>',
    )
  })

  it('shows readers a card with the frame to load on their choice, and no frame yet', () => {
    const card = embedPlaceholderHtml(block)
    expect(card).toContain(
      'data-embed-src="https://platform.twitter.com/embed/Tweet.html?id=42&amp;dnt=true"',
    )
    expect(card).toContain('<img class="embed-thumb" src="/media/media/t.webp"')
    expect(card).toContain('Always load from X</button>')
    expect(card).toContain('<div class="embed-consent" hidden>')
    expect(card).not.toContain('<iframe')
  })

  it('draws a link card without buttons or frame', () => {
    const card = embedPlaceholderHtml(embedBlock({ url: 'https://news.example/a' }, own)!)
    expect(card).not.toContain('data-embed-src')
    expect(card).not.toContain('<button')
    expect(card).toContain('<span class="embed-provider">news.example</span>')
  })
})
