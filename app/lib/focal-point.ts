// Where a picture is cut when a frame of another shape shows it (a card's 16:9 or 4:3, the
// article header's 16:9, a social network's 1.91:1): around its focal point, so the part of
// the picture that matters stays in frame. The same arithmetic serves the browser's crop
// (`object-fit: cover` with `object-position`) and the server's (sharp's `extract`).

/** A point on a picture as fractions of its width and height from the top left corner. */
export interface FocalPoint {
  x: number
  y: number
}

export const CENTRE: FocalPoint = { x: 0.5, y: 0.5 }

/** The aspect ratios of the frames the site draws pictures in. */
export const FRAME = { wide: 16 / 9, card: 4 / 3, social: 1200 / 630 } as const

export function isCentre(focal: FocalPoint) {
  return focal.x === CENTRE.x && focal.y === CENTRE.y
}

function clamp(value: number, min: number, max: number) {
  return Math.min(max, Math.max(min, value))
}

/** A focal point within the picture, whatever it was given (a value out of range is its edge). */
export function focalPointOf(x: unknown, y: unknown): FocalPoint {
  const fraction = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? clamp(value, 0, 1) : 0.5
  return { x: fraction(x), y: fraction(y) }
}

/**
 * Where the window starts along one axis, as a fraction of that axis: the window (`visible`
 * of the axis) is centred on the focal point and pushed back inside the picture at its edges.
 */
function windowStart(focal: number, visible: number) {
  return clamp(focal - visible / 2, 0, 1 - visible)
}

/**
 * The part of a picture (width × height) a frame of `aspect` (width / height) shows when it is
 * filled: the full height and a slice of the width of a picture wider than the frame, or the
 * reverse; in whole pixels, within the picture.
 */
export function coverCrop(
  focal: FocalPoint,
  width: number,
  height: number,
  aspect: number,
): { left: number; top: number; width: number; height: number } {
  if (width / height > aspect) {
    const cropWidth = Math.max(1, Math.min(width, Math.round(height * aspect)))
    const left = Math.round(windowStart(focal.x, cropWidth / width) * width)
    return { left: Math.min(left, width - cropWidth), top: 0, width: cropWidth, height }
  }
  const cropHeight = Math.max(1, Math.min(height, Math.round(width / aspect)))
  const top = Math.round(windowStart(focal.y, cropHeight / height) * height)
  return { left: 0, top: Math.min(top, height - cropHeight), width, height: cropHeight }
}

function percent(fraction: number) {
  return `${Math.round(fraction * 1000) / 10}%`
}

/**
 * CSS `object-position` for a picture drawn with `object-fit: cover` in a frame of `aspect`:
 * the focal point centred in the frame where the picture allows, else as near as its edges
 * let it be. Without the picture's size, the focal point's own fractions: `object-position:
 * x% y%` puts the point x% across the picture x% across the frame, always inside it.
 */
export function coverPosition(
  focal: FocalPoint,
  size: { width: number | null; height: number | null } | null,
  aspect: number,
): string {
  if (!size?.width || !size.height) return `${percent(focal.x)} ${percent(focal.y)}`
  const ratio = size.width / size.height
  // The share of the cut axis the frame shows; 1 on the axis that is not cut.
  const visibleX = ratio > aspect ? aspect / ratio : 1
  const visibleY = ratio < aspect ? ratio / aspect : 1
  const along = (point: number, visible: number) =>
    visible >= 1 ? 0.5 : windowStart(point, visible) / (1 - visible)
  return `${percent(along(focal.x, visibleX))} ${percent(along(focal.y, visibleY))}`
}

/** The `object-position` of a picture whose focal point is the centre: CSS's own default. */
export const CENTRED_POSITION = '50% 50%'
