// @vitest-environment happy-dom
import { Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { afterEach, describe, expect, it } from 'vitest'
import { galleryHtml, type GalleryImage } from '~/lib/gallery'
import { Gallery, galleryImageOf, readGallery } from './gallery-extension'
import { LibraryImage } from './library-image'

const IMAGES: GalleryImage[] = [
  {
    src: '/media/media/_v/a-640.webp',
    full: '/media/media/a.jpg',
    alt: 'The pier at dawn',
    caption: 'Dawn & the "pier"',
    credit: 'Photo: Ana Ruiz',
    width: 640,
    height: 427,
  },
  {
    src: '/media/media/_v/b-640.webp',
    full: '/media/media/b.jpg',
    alt: '',
    caption: '',
    credit: '',
    width: null,
    height: null,
  },
]

let editor: Editor | null = null
afterEach(() => {
  editor?.destroy()
  editor = null
})

function open(content: string) {
  editor = new Editor({
    element: document.createElement('div'),
    extensions: [StarterKit, LibraryImage, Gallery],
    content,
  })
  return editor
}

describe('the gallery block', () => {
  it('writes the stored markup of lib/gallery.ts', () => {
    const e = open('<p></p>')
    e.commands.setGallery(IMAGES)
    const html = e.getHTML()
    // The same markup, give or take how an <img> closes.
    expect(html.replaceAll('>', ' />').replaceAll(' / />', ' />')).toContain(
      galleryHtml(IMAGES).replaceAll('>', ' />').replaceAll(' / />', ' />'),
    )
  })

  it('reads a stored gallery back with each image’s words, not as loose images', () => {
    const e = open(`<p>Before</p>${galleryHtml(IMAGES)}<p>After</p>`)
    const gallery = e.state.doc.child(1)
    expect(gallery.type.name).toBe('gallery')
    expect(gallery.attrs.images).toEqual(IMAGES)
    expect(e.state.doc.childCount).toBe(3)
  })

  it('replaces the selected gallery rather than adding one', () => {
    const e = open(galleryHtml(IMAGES))
    e.commands.setNodeSelection(0)
    e.commands.setGallery([IMAGES[1], IMAGES[0]])
    const galleries: GalleryImage[][] = []
    e.state.doc.forEach((node) => {
      if (node.type.name === 'gallery') galleries.push(node.attrs.images as GalleryImage[])
    })
    expect(galleries).toEqual([[IMAGES[1], IMAGES[0]]])
  })

  it('refuses an empty gallery', () => {
    expect(open('<p></p>').commands.setGallery([])).toBe(false)
  })
})

describe('galleryImageOf', () => {
  it('starts from the library’s words, on the grid variant, linking to the full size', () => {
    expect(
      galleryImageOf({
        name: 'a.jpg',
        url: '/media/media/a.jpg',
        size: 1,
        kind: 'image',
        width: 3000,
        height: 2000,
        alt: 'Library alt',
        caption: 'Library caption',
      }),
    ).toEqual({
      src: '/media/media/_v/a-640.webp',
      full: '/media/media/a.jpg',
      alt: 'Library alt',
      caption: 'Library caption',
      credit: '',
      width: 640,
      height: 427,
    })
  })

  it('starts from the library’s credit, worded as galleries show it', () => {
    const item = { name: 'b.jpg', url: '/media/media/b.jpg', size: 1, kind: 'image' as const }
    expect(galleryImageOf({ ...item, credit: 'Jane Doe / Wire' }).credit).toBe(
      'Photo: Jane Doe / Wire',
    )
    expect(galleryImageOf({ ...item, credit: '' }).credit).toBe('')
  })
})

describe('readGallery', () => {
  it('skips a figure without an image', () => {
    const host = document.createElement('div')
    host.innerHTML = '<figure data-gallery=""><figure><figcaption>x</figcaption></figure></figure>'
    expect(readGallery(host.firstElementChild!)).toEqual([])
  })
})
