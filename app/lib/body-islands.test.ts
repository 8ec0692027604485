import { describe, expect, it } from 'vitest'
import { EMBED_ISLAND, GALLERY_ISLAND } from './body-islands'
import { embedPlaceholderHtml } from './embed-placeholder'
import { EMBED_FRAME_ATTRIBUTE } from './embed-markup'
import { GALLERY_ATTRIBUTE, galleryHtml } from './gallery'

describe('body islands', () => {
  it('name the attributes the embed card and the gallery are drawn with', () => {
    expect(EMBED_ISLAND).toBe(`[${EMBED_FRAME_ATTRIBUTE}]`)
    expect(GALLERY_ISLAND).toBe(`figure[${GALLERY_ATTRIBUTE}]`)
  })

  it('match the markup of a framed embed and of a gallery, and not a link card', () => {
    const frame = embedPlaceholderHtml({
      provider: 'youtube',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      title: 'A video',
      author: '',
      thumbnail: '',
    })
    expect(frame).toContain(`${EMBED_FRAME_ATTRIBUTE}="`)
    const link = embedPlaceholderHtml({
      provider: 'link',
      url: 'https://example.com/story',
      title: 'A story',
      author: '',
      thumbnail: '',
    })
    expect(link).not.toContain(EMBED_FRAME_ATTRIBUTE)
    const gallery = galleryHtml([
      {
        src: '/media/media/a.webp',
        full: '/media/media/a.png',
        alt: 'A',
        caption: '',
        credit: '',
        width: null,
        height: null,
      },
    ])
    expect(gallery.startsWith(`<figure ${GALLERY_ATTRIBUTE}=`)).toBe(true)
  })
})
