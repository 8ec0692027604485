import { describe, expect, it } from 'vitest'
import {
  clampPage,
  doubleTapZoom,
  isDoubleTap,
  movePage,
  readerKeyMove,
  readerPageParam,
  stepZoom,
  swipeMove,
} from './edition-page'

describe('readerPageParam and clampPage', () => {
  it('reads ?page as a whole number, anything else as page 1', () => {
    const page = (q: string) => readerPageParam(new URLSearchParams(q))
    expect(page('page=2')).toBe(2)
    expect(page('')).toBe(1)
    for (const junk of ['page=', 'page=abc', 'page=-3', 'page=1.5', 'page=0x2', 'page=9999999'])
      expect(page(junk), junk).toBe(1)
    expect(page('page=0')).toBe(1)
  })

  it('clamps into the edition, and only from below while the count is unknown', () => {
    expect(clampPage(9, 4)).toBe(4)
    expect(clampPage(0, 4)).toBe(1)
    expect(clampPage(3, 4)).toBe(3)
    expect(clampPage(9, 0)).toBe(9)
  })
})

describe('moving through the pages', () => {
  it('maps arrows, Page Up/Down, Home and End, and ignores other keys', () => {
    expect(
      ['ArrowLeft', 'PageUp', 'ArrowRight', 'PageDown', 'Home', 'End', 'a'].map(readerKeyMove),
    ).toEqual(['previous', 'previous', 'next', 'next', 'first', 'last', null])
  })

  it('stays within the edition', () => {
    expect(movePage(1, 'previous', 4)).toBe(1)
    expect(movePage(4, 'next', 4)).toBe(4)
    expect(movePage(2, 'next', 4)).toBe(3)
    expect(movePage(2, 'last', 4)).toBe(4)
    expect(movePage(3, 'first', 4)).toBe(1)
  })

  it('takes a sideways swipe as a turn, not a scroll or a tap', () => {
    expect(swipeMove(-120, 10)).toBe('next')
    expect(swipeMove(120, -10)).toBe('previous')
    expect(swipeMove(-20, 0)).toBeNull()
    expect(swipeMove(-80, 90)).toBeNull()
  })

  it('zooms by steps and stops at either end', () => {
    expect(stepZoom(1, 1)).toBe(1.25)
    expect(stepZoom(1, -1)).toBe(0.75)
    expect(stepZoom(3, 1)).toBe(3)
    expect(stepZoom(0.5, -1)).toBe(0.5)
    expect(stepZoom(1.1, 1)).toBe(1.25)
  })

  it('zooms a fitted page in on a double tap, and anything else back to fit', () => {
    expect(doubleTapZoom(1)).toBe(2)
    expect(doubleTapZoom(0.75)).toBe(2)
    expect(doubleTapZoom(2)).toBe(1)
    expect(doubleTapZoom(1.25)).toBe(1)
  })

  it('takes two taps close in place and time as a double tap', () => {
    const first = { x: 100, y: 200, at: 1000 }
    expect(isDoubleTap(null, first)).toBe(false)
    expect(isDoubleTap(first, { x: 110, y: 205, at: 1250 })).toBe(true)
    expect(isDoubleTap(first, { x: 110, y: 205, at: 1400 })).toBe(false)
    expect(isDoubleTap(first, { x: 180, y: 200, at: 1100 })).toBe(false)
  })
})
