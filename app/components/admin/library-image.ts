import Image from '@tiptap/extension-image'
import type { MediaItem } from '~/domain/media/media-schema'
import { imageVariantUrl } from '~/lib/image-variants'

// A body image inserted from the media library keeps the name of its library item, so the
// reader's page shows the library's current alt text and caption (domain/media/body-images.ts),
// and may override either for this one use. The sanitiser keeps exactly these attributes.

/** The node's attributes beyond TipTap's image: '' or null means "follow the library". */
export interface LibraryImageAttrs {
  mediaId: string | null
  altOverride: string | null
  captionOverride: string | null
}

/** The node attribute `key`, written as the HTML attribute `name` when it holds something. */
function dataAttribute(key: keyof LibraryImageAttrs, name: string) {
  return {
    default: null,
    keepOnSplit: false,
    parseHTML: (element: HTMLElement) => element.getAttribute(name) || null,
    renderHTML: (attributes: Record<string, unknown>) => {
      const value = attributes[key]
      return typeof value === 'string' && value !== '' ? { [name]: value } : {}
    },
  }
}

export const LibraryImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      mediaId: dataAttribute('mediaId', 'data-media-id'),
      altOverride: dataAttribute('altOverride', 'data-alt'),
      captionOverride: dataAttribute('captionOverride', 'data-caption'),
    }
  },
}).configure({ allowBase64: false })

/** The text a writer typed for this use, or null to follow the library. */
export function overrideOf(typed: string): string | null {
  const trimmed = typed.trim()
  return trimmed === '' ? null : trimmed
}

/**
 * The node for a library item: the 1200 px variant (wide enough for the article column, far
 * lighter), its pixel size, and as its stored alt the words readers get when the library is
 * out of reach (this use's alt, else the library's as it is now).
 */
export function libraryImageNode(item: MediaItem, altOverride: string, captionOverride: string) {
  const width = item.width && item.height ? Math.min(item.width, 1200) : undefined
  const height =
    width && item.width && item.height ? Math.round((item.height * width) / item.width) : undefined
  return {
    type: 'image',
    attrs: {
      src: imageVariantUrl(item.url, 1200),
      alt: overrideOf(altOverride) ?? item.alt ?? '',
      width,
      height,
      mediaId: item.name,
      altOverride: overrideOf(altOverride),
      captionOverride: overrideOf(captionOverride),
    },
  }
}
