// WCAG 2 contrast between a logo colour and a theme's page colour. Client-safe and pure: the
// logo settings preview warns with it as the admin picks a colour.

/** WCAG AA for body-size text. */
export const MIN_TEXT_CONTRAST = 4.5

/**
 * The page colour of each theme (`--background` in app/app.css; a test checks that the two
 * still agree). The masthead sits on it.
 */
export const THEME_BACKGROUNDS = {
  light: 'oklch(0.99 0.004 85)',
  dark: 'oklch(0.17 0.006 260)',
} as const

type Linear = [number, number, number]

function fromSrgbChannel(value: number) {
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
}

function hexToLinear(hex: string): Linear | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())
  if (!match) return null
  const digits =
    match[1].length === 3
      ? match[1]
          .split('')
          .map((d) => d + d)
          .join('')
      : match[1]
  const channels = [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16) / 255)
  return channels.map(fromSrgbChannel) as Linear
}

/** OKLCH (Björn Ottosson's matrices) to linear sRGB, clamped to the screen's gamut. */
function oklchToLinear(l: number, c: number, hueDegrees: number): Linear {
  const hue = (hueDegrees * Math.PI) / 180
  const a = c * Math.cos(hue)
  const b = c * Math.sin(hue)
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3
  const clamp = (v: number) => Math.min(1, Math.max(0, v))
  return [
    clamp(4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_),
    clamp(-1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_),
    clamp(-0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_),
  ]
}

function toLinear(colour: string): Linear | null {
  const oklch = /^oklch\(\s*([\d.]+)(%?)\s+([\d.]+)\s+([\d.]+)\s*\)$/i.exec(colour.trim())
  if (oklch) {
    const lightness = Number(oklch[1]) / (oklch[2] ? 100 : 1)
    return oklchToLinear(lightness, Number(oklch[3]), Number(oklch[4]))
  }
  return hexToLinear(colour)
}

/** Relative luminance (WCAG 2) of `#rgb`, `#rrggbb` or `oklch(l c h)`; null if unreadable. */
export function relativeLuminance(colour: string): number | null {
  const linear = toLinear(colour)
  if (!linear) return null
  return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
}

/** The contrast ratio of two colours, from 1 to 21; null if either is unreadable. */
export function contrastRatio(foreground: string, background: string): number | null {
  const a = relativeLuminance(foreground)
  const b = relativeLuminance(background)
  if (a === null || b === null) return null
  const [light, dark] = a > b ? [a, b] : [b, a]
  return (light + 0.05) / (dark + 0.05)
}

/** A ratio as people read it: "4.5:1", one decimal, rounded down so 4.49 never shows 4.5. */
export function formatRatio(ratio: number) {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`
}
