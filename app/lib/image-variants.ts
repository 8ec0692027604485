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

/** Pixel size of the social networks' card image (Open Graph's recommended 1.91:1). */
export const SOCIAL_CROP = { width: 1200, height: 630 } as const

function permille(fraction: number) {
  return String(Math.round(fraction * 1000)).padStart(3, '0')
}

/**
 * Name of an image's social crop: 1200×630 around its focal point, made when the focal point
 * is set away from the centre. The point is in the name, so a new point is a new address
 * (stored files are cached as never changing) and a cached page never shows a stale crop.
 */
export function socialCropName(originalName: string, focal: { x: number; y: number }) {
  const base = originalName.replace(/\.[^./]+$/, '')
  return `${VARIANT_DIR}/${base}-social-${permille(focal.x)}-${permille(focal.y)}.webp`
}

/**
 * The address social networks are given for an image: its social crop when its focal point is
 * off centre (they cut the centre of what they get), else the image itself. Images from
 * elsewhere come back unchanged.
 */
export function socialImageUrl(url: string, focal: { x: number; y: number }) {
  if (focal.x === 0.5 && focal.y === 0.5) return url
  const match = /^(.*\/media\/media\/)([^/?#]+\.(?:jpe?g|png|webp|gif|avif))$/i.exec(url)
  if (!match) return url
  return `${match[1]}${socialCropName(match[2], focal)}`
}
