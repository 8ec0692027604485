/** Widths of docs/product.md §9: every stored image has a webp at each of these. */
export const IMAGE_WIDTHS = [640, 828, 1200, 1920] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]

const VARIANT_DIR = '_v'

/** Name of a stored variant, beside its original in the same bucket. */
export function variantName(originalName: string, width: ImageWidth) {
  const base = originalName.replace(/\.[^./]+$/, '')
  return `${VARIANT_DIR}/${base}-${width}.webp`
}

export function isVariantName(name: string) {
  return name.startsWith(`${VARIANT_DIR}/`)
}

/**
 * The variant URL for an image URL served by this site (`/media/media/x.jpg`); URLs from
 * elsewhere have no variants and come back unchanged.
 */
export function imageVariantUrl(url: string, width: ImageWidth) {
  const match = /^(.*\/media\/media\/)([^/?#]+\.(?:jpe?g|png|webp|gif|avif))$/i.exec(url)
  if (!match) return url
  return `${match[1]}${variantName(match[2], width)}`
}

export function imageSrcSet(url: string) {
  if (imageVariantUrl(url, 640) === url) return undefined
  return IMAGE_WIDTHS.map((w) => `${imageVariantUrl(url, w)} ${w}w`).join(', ')
}
