import { Node } from '@tiptap/react'
import { NodeSelection } from '@tiptap/pm/state'
import type { DOMOutputSpec } from '@tiptap/pm/model'
import { creditLine, type MediaItem } from '~/domain/media/media-schema'
import { imageVariantUrl } from '~/lib/image-variants'
import {
  GALLERY_ATTRIBUTE,
  GALLERY_LINK_REL,
  GALLERY_MAX_IMAGES,
  pixels,
  type GalleryImage,
} from '~/lib/gallery'

// A gallery in the editor: one block, edited as a whole in the gallery dialog
// (rich-text-gallery-dialog.tsx); its images live in an attribute and its HTML is the stored
// markup of lib/gallery.ts, which the editor also shows (an atom is never typed into).

/** The width of a gallery's grid images: three across the article column, sharp on phones. */
export const GALLERY_GRID_WIDTH = 640

/** A library item as a gallery image: the library's alt text, caption and credit to start from. */
export function galleryImageOf(item: MediaItem): GalleryImage {
  const width = item.width && item.height ? Math.min(item.width, GALLERY_GRID_WIDTH) : null
  const height =
    width && item.width && item.height ? Math.round((item.height * width) / item.width) : null
  return {
    src: imageVariantUrl(item.url, GALLERY_GRID_WIDTH),
    full: item.url,
    alt: item.alt ?? '',
    caption: item.caption ?? '',
    // A gallery's credit is the line as shown; the library keeps the name alone.
    credit: item.credit ? creditLine(item.credit) : '',
    width,
    height,
  }
}

/** The images of a stored gallery's <figure data-gallery>. */
export function readGallery(element: Element): GalleryImage[] {
  return Array.from(element.children)
    .filter((child) => child.tagName === 'FIGURE')
    .flatMap((figure) => {
      const img = figure.querySelector('img')
      if (!img?.getAttribute('src')) return []
      const figcaption = figure.querySelector('figcaption')
      const small = figcaption?.querySelector('small')
      const captionText = Array.from(figcaption?.childNodes ?? [])
        .filter((node) => node !== small)
        .map((node) => node.textContent ?? '')
        .join('')
      return [
        {
          src: img.getAttribute('src')!,
          full: figure.querySelector('a')?.getAttribute('href') || img.getAttribute('src')!,
          alt: img.getAttribute('alt') ?? '',
          caption: captionText.trim(),
          credit: small?.textContent?.trim() ?? '',
          width: pixels(img.getAttribute('width')),
          height: pixels(img.getAttribute('height')),
        },
      ]
    })
    .slice(0, GALLERY_MAX_IMAGES)
}

/** The stored markup (lib/gallery.ts `galleryHtml`) as ProseMirror writes it. */
export function gallerySpec(images: readonly GalleryImage[]): DOMOutputSpec {
  return [
    'figure',
    { [GALLERY_ATTRIBUTE]: '' },
    ...images.map((image): DOMOutputSpec => {
      const size = image.width && image.height ? { width: image.width, height: image.height } : {}
      const link: DOMOutputSpec = [
        'a',
        { href: image.full, target: '_blank', rel: GALLERY_LINK_REL },
        ['img', { src: image.src, alt: image.alt, ...size, loading: 'lazy' }],
      ]
      if (!image.caption && !image.credit) return ['figure', link]
      const caption: DOMOutputSpec = image.credit
        ? ['figcaption', image.caption, ['small', image.credit]]
        : ['figcaption', image.caption]
      return ['figure', link, caption]
    }),
  ] as DOMOutputSpec
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    gallery: {
      /** Puts a gallery of these images at the selection, or replaces the selected one. */
      setGallery: (images: GalleryImage[]) => ReturnType
    }
  }
}

export const Gallery = Node.create({
  name: 'gallery',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return {
      images: { default: [], rendered: false, parseHTML: readGallery },
    }
  },
  parseHTML() {
    // Before any image rule: a gallery's images are its own, not loose body images.
    return [{ tag: `figure[${GALLERY_ATTRIBUTE}]`, priority: 100 }]
  },
  renderHTML({ node }) {
    return gallerySpec(node.attrs.images as GalleryImage[])
  },
  addCommands() {
    return {
      setGallery:
        (images) =>
        ({ state, tr, dispatch }) => {
          if (images.length === 0) return false
          if (dispatch) {
            const node = state.schema.nodes.gallery.create({ images })
            const { selection } = state
            if (selection instanceof NodeSelection && selection.node.type.name === 'gallery') {
              tr.setNodeMarkup(selection.from, undefined, { images })
            } else {
              tr.replaceSelectionWith(node)
            }
          }
          return true
        },
    }
  },
})

/** The gallery selected in the editor, if any: its images, to edit. */
export function selectedGallery(selection: unknown): GalleryImage[] | null {
  return selection instanceof NodeSelection && selection.node.type.name === 'gallery'
    ? (selection.node.attrs.images as GalleryImage[])
    : null
}
