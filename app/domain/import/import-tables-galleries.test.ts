import { describe, expect, it } from 'vitest'
import { galleryHtml } from '~/lib/gallery'
import { convertBlocks, shortcodeGallery } from './import-tables-galleries'

const image = (src: string, alt = '', caption = '', full = src) => ({
  src,
  full,
  alt,
  caption,
  credit: '',
  width: null,
  height: null,
})

describe('convertBlocks', () => {
  it('makes a WordPress table block our table, its figcaption the caption', () => {
    expect(
      convertBlocks(
        '<p>a</p><figure class="wp-block-table is-style-stripes"><table class="has-fixed-layout"><tbody><tr><td>1 &amp; 2</td></tr></tbody></table><figcaption class="wp-element-caption">Scores &amp; <em>times</em></figcaption></figure>',
      ),
    ).toBe(
      '<p>a</p><table><caption>Scores &amp; times</caption><tbody><tr><td>1 &amp; 2</td></tr></tbody></table>',
    )
  })

  it('makes a WordPress gallery block (nested images) our gallery, each image with its caption', () => {
    expect(
      convertBlocks(
        '<figure class="wp-block-gallery has-nested-images"><figure class="wp-block-image"><a href="https://o/a-full.jpg"><img src="https://o/a.jpg" alt="A" width="300" height="200"/></a><figcaption>Caption A</figcaption></figure><figure class="wp-block-image"><img src="https://o/b.jpg" alt="B"/></figure><figcaption class="blocks-gallery-caption">The whole set</figcaption></figure>',
      ),
    ).toBe(
      galleryHtml([
        {
          ...image('https://o/a.jpg', 'A', 'Caption A', 'https://o/a-full.jpg'),
          width: 300,
          height: 200,
        },
        image('https://o/b.jpg', 'B'),
      ]) + '<p>The whole set</p>',
    )
  })

  it('reads the older gallery block (a list of items) and Ghost’s gallery card', () => {
    const old = convertBlocks(
      '<figure class="wp-block-gallery columns-2"><ul class="blocks-gallery-grid"><li class="blocks-gallery-item"><figure><img src="https://o/c.jpg" alt="C"/><figcaption class="blocks-gallery-item__caption">Cap C</figcaption></figure></li></ul></figure>',
    )
    expect(old).toBe(galleryHtml([image('https://o/c.jpg', 'C', 'Cap C')]))
    const ghost = convertBlocks(
      '<figure class="kg-card kg-gallery-card kg-width-wide kg-card-hascaption"><div class="kg-gallery-container"><div class="kg-gallery-row"><div class="kg-gallery-image"><img src="https://g/d.jpg" width="4572" height="3048" loading="lazy" alt></div><div class="kg-gallery-image"><img src="https://g/e.jpg" alt="E"></div></div></div><figcaption>Two views</figcaption></figure>',
    )
    expect(ghost).toBe(
      galleryHtml([
        { ...image('https://g/d.jpg'), width: 4572, height: 3048 },
        image('https://g/e.jpg', 'E'),
      ]) + '<p>Two views</p>',
    )
  })

  it('leaves other figures and a gallery without images as written', () => {
    const html =
      '<figure class="wp-block-image"><img src="x.jpg"></figure><figure class="wp-block-gallery"></figure>'
    expect(convertBlocks(html)).toBe(html)
  })
})

describe('shortcodeGallery', () => {
  it('makes the [gallery] shortcode’s images a gallery', () => {
    expect(shortcodeGallery(['https://o/1.jpg', 'https://o/2.jpg'])).toBe(
      galleryHtml([image('https://o/1.jpg'), image('https://o/2.jpg')]),
    )
    expect(shortcodeGallery([])).toBe('')
  })
})
