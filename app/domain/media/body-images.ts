import type { ShownBodyImage, StoredBodyImage } from '~/infra/sanitize.server'
import { creditLine } from './media-schema'

/** What the library says of the images a body shows, by media id (stored name). */
export type BodyImageLibrary = Readonly<
  Record<string, { alt: string; caption: string; credit?: string }>
>

/**
 * A library image in an article's body follows the library (docs: media/README.md): this use's
 * override first, else the library's current alt text and caption; the library's credit always. The alt stored with the
 * image stands in when the library has none (an image removed from the library, or an alt
 * never written there), so no image loses the description it was inserted with.
 */
export function showBodyImage(image: StoredBodyImage, library: BodyImageLibrary): ShownBodyImage {
  const known = Object.hasOwn(library, image.mediaId) ? library[image.mediaId] : undefined
  return {
    alt: image.altOverride || known?.alt || image.alt,
    caption: image.captionOverride || known?.caption || '',
    // The picture's maker does not change with its use: no override.
    credit: known?.credit ? creditLine(known.credit) : '',
  }
}

const MEDIA_IDS = /data-media-id="([^"]+)"/g

/** The media ids of a sanitised body, each once. */
export function mediaIdsOfBody(html: string): string[] {
  return [...new Set(Array.from(html.matchAll(MEDIA_IDS), (match) => match[1]))]
}
