import { describe, expect, it } from 'vitest'
import { getSchema } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { editorCaption, LibraryImage, libraryImageNode, overrideOf } from './library-image'

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
        libraryCaption: 'Library caption',
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

describe('editorCaption (issue 36: the editor shows the caption readers will see)', () => {
  const stored = { mediaId: 'pier.jpg', alt: 'Pier', altOverride: null, captionOverride: null }
  const library = { 'pier.jpg': { alt: 'Pier', caption: 'The pier at dawn' } }

  it('shows the library’s caption of a stored image, as the page does', () => {
    expect(editorCaption(stored, library)).toBe('The pier at dawn')
  })

  it('shows this use’s own caption first', () => {
    expect(editorCaption({ ...stored, captionOverride: 'Rebuilt in 1902' }, library)).toBe(
      'Rebuilt in 1902',
    )
  })

  it('shows the caption of an image inserted from the library in this session', () => {
    const node = libraryImageNode(item, '', '')
    expect(editorCaption(node.attrs, {})).toBe('Library caption')
  })

  it('shows none for an image without a caption or outside the library', () => {
    expect(editorCaption(stored, {})).toBe('')
    expect(editorCaption({ ...stored, mediaId: null }, library)).toBe('')
  })

  it('never writes the library’s caption into the stored HTML', () => {
    const schema = getSchema([StarterKit, LibraryImage])
    const node = schema.nodeFromJSON(libraryImageNode(item, '', ''))
    const [, attributes] = schema.nodes.image.spec.toDOM!(node) as [string, object]
    expect(JSON.stringify(attributes)).not.toContain('Library caption')
  })
})
