import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  contrastRatio,
  formatRatio,
  MIN_TEXT_CONTRAST,
  relativeLuminance,
  THEME_BACKGROUNDS,
} from './contrast'

describe('contrastRatio', () => {
  it('gives WCAG’s figures for black, white and a mid grey', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5)
    // #767676 on white is the well-known lightest grey that passes AA.
    expect(contrastRatio('#767676', '#FFFFFF')!).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    expect(contrastRatio('#777777', '#ffffff')!).toBeLessThan(MIN_TEXT_CONTRAST)
  })

  it('is the same whichever colour comes first', () => {
    expect(contrastRatio('#0B2A5C', '#f5f5f5')).toBeCloseTo(contrastRatio('#f5f5f5', '#0B2A5C')!)
  })

  it('reads the themes’ OKLCH page colours', () => {
    expect(relativeLuminance('oklch(1 0 0)')).toBeCloseTo(1, 3)
    expect(relativeLuminance('oklch(0 0 0)')).toBeCloseTo(0, 5)
    expect(relativeLuminance('oklch(50% 0 0)')).toBeCloseTo(relativeLuminance('oklch(0.5 0 0)')!)
  })

  it('finds the issue’s navy logo unreadable on the dark page and fine on the light one', () => {
    expect(contrastRatio('#0B2A5C', THEME_BACKGROUNDS.dark)!).toBeLessThan(MIN_TEXT_CONTRAST)
    expect(contrastRatio('#0B2A5C', THEME_BACKGROUNDS.light)!).toBeGreaterThan(MIN_TEXT_CONTRAST)
    // The dark theme's default logo colour passes.
    expect(contrastRatio('#F5F5F5', THEME_BACKGROUNDS.dark)!).toBeGreaterThan(MIN_TEXT_CONTRAST)
  })

  it('answers null for what it cannot read', () => {
    expect(contrastRatio('red', '#fff')).toBeNull()
    expect(contrastRatio('#12', '#fff')).toBeNull()
    expect(relativeLuminance('oklch(a b c)')).toBeNull()
  })
})

describe('formatRatio', () => {
  it('rounds down to one decimal', () => {
    expect(formatRatio(4.49)).toBe('4.4:1')
    expect(formatRatio(21)).toBe('21.0:1')
  })
})

describe('THEME_BACKGROUNDS', () => {
  it('are the page colours app/app.css gives each theme', () => {
    const css = fs.readFileSync(path.join(__dirname, '../app.css'), 'utf8')
    const background = (selector: string) => {
      const start = css.indexOf(`${selector} {`)
      return /--background:\s*([^;]+);/.exec(css.slice(start))?.[1]
    }
    expect(background(':root')).toBe(THEME_BACKGROUNDS.light)
    expect(background('.dark')).toBe(THEME_BACKGROUNDS.dark)
  })
})
