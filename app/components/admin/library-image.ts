import Image from '@tiptap/extension-image'
import { showBodyImage, type BodyImageLibrary } from '~/domain/media/body-images'
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

/**
 * The caption a body image shows on the reader's page (body-images.ts `showBodyImage`), so the
 * editor shows the same one: this use's, else the library's. `libraryCaption` is the library's
 * caption of an image inserted in this session; `library` holds those of the stored body.
 */
export function editorCaption(
  attrs: LibraryImageAttrs & { alt?: string | null; libraryCaption?: string | null },
  library: BodyImageLibrary,
): string {
  if (!attrs.mediaId) return ''
  const known = attrs.libraryCaption
    ? { ...library, [attrs.mediaId]: { alt: '', caption: attrs.libraryCaption } }
    : library
  return showBodyImage(
    {
      mediaId: attrs.mediaId,
      alt: attrs.alt ?? '',
      altOverride: attrs.altOverride ?? '',
      captionOverride: attrs.captionOverride ?? '',
    },
    known,
  ).caption
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

export const LibraryImage = Image.extend<
  Parameters<typeof Image.configure>[0] & { library: BodyImageLibrary }
>({
  addOptions() {
    return { ...this.parent!(), library: {} }
  },
  addAttributes() {
    return {
      ...this.parent?.(),
      mediaId: dataAttribute('mediaId', 'data-media-id'),
      altOverride: dataAttribute('altOverride', 'data-alt'),
      captionOverride: dataAttribute('captionOverride', 'data-caption'),
      // Known while editing only: the stored HTML names the library item, never its caption.
      libraryCaption: { default: null, rendered: false, keepOnSplit: false },
    }
  },
  // In the editor the image stands in its figure with the caption readers will see; the
  // stored HTML stays the bare <img> (renderHTML), which the page turns into a figure.
  addNodeView() {
    return ({ node, HTMLAttributes }) => {
      const figure = document.createElement('figure')
      const img = document.createElement('img')
      for (const [name, value] of Object.entries(HTMLAttributes)) {
        if (value !== null && value !== undefined) img.setAttribute(name, String(value))
      }
      figure.append(img)
      const caption = editorCaption(node.attrs as LibraryImageAttrs, this.options.library)
      if (caption) {
        const figcaption = document.createElement('figcaption')
        figcaption.contentEditable = 'false'
        figcaption.textContent = caption
        figure.append(figcaption)
      }
      return { dom: figure }
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
      libraryCaption: item.caption || null,
    },
  }
}
