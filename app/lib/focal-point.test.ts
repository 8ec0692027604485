import { describe, expect, it } from 'vitest'
import { CENTRE, coverCrop, coverPosition, focalPointOf, FRAME, isCentre } from './focal-point'

describe('coverCrop', () => {
  it('cuts the sides of a picture wider than the frame, centred on the focal point', () => {
    // 4000×1000 into 2:1 shows 2000 of the 4000 pixels' width.
    expect(coverCrop({ x: 0.5, y: 0.5 }, 4000, 1000, 2)).toEqual({
      left: 1000,
      top: 0,
      width: 2000,
      height: 1000,
    })
    expect(coverCrop({ x: 0.6, y: 0.1 }, 4000, 1000, 2)).toMatchObject({ left: 1400, top: 0 })
  })

  it('keeps the window inside the picture when the focal point is near an edge', () => {
    expect(coverCrop({ x: 0.05, y: 0.5 }, 4000, 1000, 2).left).toBe(0)
    expect(coverCrop({ x: 1, y: 0.5 }, 4000, 1000, 2).left).toBe(2000)
  })

  it('cuts the top and bottom of a picture taller than the frame', () => {
    // A 1000×2000 portrait into 16:9: 563 pixels of height shown.
    const crop = coverCrop({ x: 0.2, y: 0.25 }, 1000, 2000, FRAME.wide)
    expect(crop).toEqual({ left: 0, top: 219, width: 1000, height: 563 })
    expect(coverCrop({ x: 0.5, y: 0 }, 1000, 2000, FRAME.wide).top).toBe(0)
    expect(coverCrop({ x: 0.5, y: 1 }, 1000, 2000, FRAME.wide).top).toBe(2000 - 563)
  })

  it('keeps the focal point inside the window for any point and shape', () => {
    for (const [width, height] of [
      [3000, 2000],
      [800, 1200],
      [1920, 1080],
      [7, 5000],
    ]) {
      for (const aspect of Object.values(FRAME)) {
        for (const x of [0, 0.13, 0.5, 0.87, 1]) {
          for (const y of [0, 0.31, 0.5, 0.99, 1]) {
            const crop = coverCrop({ x, y }, width, height, aspect)
            expect(crop.left).toBeGreaterThanOrEqual(0)
            expect(crop.top).toBeGreaterThanOrEqual(0)
            expect(crop.left + crop.width).toBeLessThanOrEqual(width)
            expect(crop.top + crop.height).toBeLessThanOrEqual(height)
            expect(x * width).toBeGreaterThanOrEqual(crop.left - 1)
            expect(x * width).toBeLessThanOrEqual(crop.left + crop.width + 1)
            expect(y * height).toBeGreaterThanOrEqual(crop.top - 1)
            expect(y * height).toBeLessThanOrEqual(crop.top + crop.height + 1)
          }
        }
      }
    }
  })
})

describe('coverPosition', () => {
  it('is the centre for a centred focal point', () => {
    expect(coverPosition(CENTRE, { width: 3000, height: 1000 }, FRAME.wide)).toBe('50% 50%')
  })

  it('centres the focal point in the frame where the picture allows', () => {
    // 3:1 into 16:9: the frame shows 16/27 of the width; a point at 0.4 starts the window
    // at 0.4 - 8/27, which is (0.4 - 8/27) / (1 - 16/27) of the way.
    expect(coverPosition({ x: 0.4, y: 0.9 }, { width: 3000, height: 1000 }, FRAME.wide)).toBe(
      '25.5% 50%',
    )
  })

  it('goes to the edge when the focal point is too near it to be centred', () => {
    expect(coverPosition({ x: 0.02, y: 0.5 }, { width: 3000, height: 1000 }, FRAME.wide)).toBe(
      '0% 50%',
    )
    expect(coverPosition({ x: 0.5, y: 0.97 }, { width: 1000, height: 2000 }, FRAME.card)).toBe(
      '50% 100%',
    )
  })

  it('uses the focal point itself when the picture’s size is unknown', () => {
    expect(coverPosition({ x: 0.25, y: 0.75 }, null, FRAME.wide)).toBe('25% 75%')
    expect(coverPosition({ x: 0.25, y: 0.75 }, { width: null, height: 10 }, FRAME.wide)).toBe(
      '25% 75%',
    )
  })
})

describe('focalPointOf', () => {
  it('keeps fractions, clamps what is out of range, centres what is not a number', () => {
    expect(focalPointOf(0.25, 0.75)).toEqual({ x: 0.25, y: 0.75 })
    expect(focalPointOf(-1, 3)).toEqual({ x: 0, y: 1 })
    expect(focalPointOf('0.2', Number.NaN)).toEqual(CENTRE)
    expect(isCentre(focalPointOf(undefined, null))).toBe(true)
  })
})
