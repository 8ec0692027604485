import { describe, expect, it } from 'vitest'
import { getSchema } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { LibraryImage, libraryImageNode, overrideOf } from './library-image'

const item = {
  name: '1700000000000-3.jpg',
  url: '/media/media/1700000000000-3.jpg',
  size: 1,
  kind: 'image' as const,
  width: 2400,
  height: 1600,
  alt: 'Library alt',
  caption: 'Library caption',
}

describe('libraryImageNode', () => {
  it('names its library item and follows the library when this use says nothing', () => {
    expect(libraryImageNode(item, '  ', '')).toEqual({
      type: 'image',
      attrs: {
        src: '/media/media/_v/1700000000000-3-1200.webp',
        alt: 'Library alt',
        width: 1200,
        height: 800,
        mediaId: '1700000000000-3.jpg',
        altOverride: null,
        captionOverride: null,
      },
    })
  })

  it('keeps this use’s own alt text and caption, trimmed', () => {
    expect(libraryImageNode(item, ' Own alt ', ' Own caption ').attrs).toMatchObject({
      alt: 'Own alt',
      altOverride: 'Own alt',
      captionOverride: 'Own caption',
    })
    expect(overrideOf('')).toBeNull()
  })

  it('is a node the editor’s schema knows, with the three library attributes', () => {
    const schema = getSchema([StarterKit, LibraryImage])
    const node = schema.nodeFromJSON(libraryImageNode(item, 'A', 'C'))
    expect(node.attrs).toMatchObject({ mediaId: item.name, altOverride: 'A', captionOverride: 'C' })
    expect(schema.nodes.image.spec.toDOM!(node)).toEqual([
      'img',
      expect.objectContaining({
        'data-media-id': item.name,
        'data-alt': 'A',
        'data-caption': 'C',
      }),
    ])
  })
})
