// A gallery in an article body (issue 40): several images, each with its caption and credit,
// shown as a grid; each image links to its full size. One definition of its stored markup,
// shared by the editor (components/admin/gallery-extension.ts), the import (domain/import) and
// the tests; the sanitiser (infra/sanitize.server.ts) keeps exactly this.
//
//   <figure data-gallery="">
//     <figure>
//       <a href="{full size}" target="_blank" rel="noopener noreferrer nofollow">
//         <img src="{grid size}" alt="…" width="…" height="…" loading="lazy" />
//       </a>
//       <figcaption>{caption}<small>{credit}</small></figcaption>
//     </figure>
//     …
//   </figure>

import { escapeHtml, escapeHtmlAttribute } from './html'

export interface GalleryImage {
  /** The image shown in the grid (a library variant). */
  src: string
  /** The full-size image the link opens. */
  full: string
  alt: string
  caption: string
  /** "Photo: …", shown under the caption. */
  credit: string
  width: number | null
  height: number | null
}

/** A gallery holds at least two images and at most this many. */
export const GALLERY_MAX_IMAGES = 30

export const GALLERY_ATTRIBUTE = 'data-gallery'

export const GALLERY_LINK_REL = 'noopener noreferrer nofollow'

/** The stored HTML of a gallery (what the editor writes and the import produces). */
export function galleryHtml(images: readonly GalleryImage[]): string {
  const items = images.map((image) => {
    const size =
      image.width && image.height ? ` width="${image.width}" height="${image.height}"` : ''
    const img = `<img src="${escapeHtmlAttribute(image.src)}" alt="${escapeHtmlAttribute(image.alt)}"${size} loading="lazy" />`
    const link = `<a href="${escapeHtmlAttribute(image.full)}" target="_blank" rel="${GALLERY_LINK_REL}">${img}</a>`
    const credit = image.credit ? `<small>${escapeHtml(image.credit)}</small>` : ''
    const caption =
      image.caption || image.credit
        ? `<figcaption>${escapeHtml(image.caption)}${credit}</figcaption>`
        : ''
    return `<figure>${link}${caption}</figure>`
  })
  return `<figure ${GALLERY_ATTRIBUTE}="">${items.join('')}</figure>`
}

/** A whole number of pixels from an attribute, else null. */
export function pixels(value: string | null | undefined): number | null {
  return value && /^\d{1,5}$/.test(value) && Number(value) > 0 ? Number(value) : null
}
