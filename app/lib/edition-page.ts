// The print-edition reader's page number: ?page=N on /newspapers/{slug}. Client-safe (the
// loader and the reader in the browser agree on it).

/** The page asked for: a whole number from ?page, else 1 (junk is not worth an error page). */
export function readerPageParam(searchParams: URLSearchParams): number {
  const raw = searchParams.get('page') ?? ''
  if (!/^\d{1,6}$/.test(raw)) return 1
  return Math.max(1, Number(raw))
}

/** Into 1…pageCount; a count of 0 (not known yet) only keeps it at least 1. */
export function clampPage(page: number, pageCount: number): number {
  const atLeastOne = Math.max(1, Math.trunc(page) || 1)
  return pageCount > 0 ? Math.min(atLeastOne, pageCount) : atLeastOne
}

/** Zoom steps relative to the page fitting the reader's width (1). */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const

/** The next step up (+1) or down (-1) from any zoom, within the steps. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  if (direction === 1) return ZOOM_STEPS.find((step) => step > zoom + 1e-9) ?? zoom
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom - 1e-9) ?? zoom
}

export type ReaderMove = 'previous' | 'next' | 'first' | 'last'

/** What a key does in the reader, or null: arrows and Page Up/Down turn, Home/End jump. */
export function readerKeyMove(key: string): ReaderMove | null {
  switch (key) {
    case 'ArrowLeft':
    case 'PageUp':
      return 'previous'
    case 'ArrowRight':
    case 'PageDown':
      return 'next'
    case 'Home':
      return 'first'
    case 'End':
      return 'last'
    default:
      return null
  }
}

/** The page a move leads to, within 1…pageCount. */
export function movePage(page: number, move: ReaderMove, pageCount: number): number {
  const target =
    move === 'previous' ? page - 1 : move === 'next' ? page + 1 : move === 'first' ? 1 : pageCount
  return clampPage(target, pageCount)
}

/** A horizontal swipe of at least 48 px that is more sideways than up or down, or null. */
export function swipeMove(dx: number, dy: number): 'previous' | 'next' | null {
  if (Math.abs(dx) < 48 || Math.abs(dx) < Math.abs(dy) * 1.5) return null
  return dx < 0 ? 'next' : 'previous'
}

/** A double tap (or double click) zooms a fitted page in to this, and any zoom back to fit. */
export const DOUBLE_TAP_ZOOM = 2

export function doubleTapZoom(zoom: number): number {
  return zoom > 1 + 1e-9 ? 1 : DOUBLE_TAP_ZOOM
}

export interface Tap {
  x: number
  y: number
  /** Milliseconds, as events count them (`event.timeStamp`). */
  at: number
}

/**
 * A second tap close to the first in place and time: the browser's own double-tap zoom is off
 * on a page sized to the device (and under `touch-action: pan-y pinch-zoom`), so the reader
 * reads the gesture itself.
 */
export function isDoubleTap(first: Tap | null, second: Tap): boolean {
  if (!first) return false
  const elapsed = second.at - first.at
  return elapsed >= 0 && elapsed <= 350 && Math.hypot(second.x - first.x, second.y - first.y) <= 40
}
