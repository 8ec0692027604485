import type { CSSProperties } from 'react'
import { Link } from 'react-router'

export interface BrandSettings {
  logoType: string
  logoText: string
  logoTextColor: string
  /** The colour on the dark theme's page; older settings rows may lack it. */
  logoTextColorDark?: string | null
  logoImageUrl: string | null
  logoFontFamily: string | null
  logoFontUrl: string | null
}

// Values that end up inside CSS: a font name of plain characters, and a URL of our own media
// or https with nothing that could close the url() or the rule.
const SAFE_FONT_NAME = /^[\p{L}\p{N} _-]{1,80}$/u
const SAFE_FONT_URL = /^(?:\/media\/[A-Za-z0-9._/-]+|https:\/\/[^\s"'()\\<>;{}]+)$/
const SAFE_COLOUR = /^(?:#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})$/

function fontFace(family: string | null, url: string | null) {
  if (!family || !url || !SAFE_FONT_NAME.test(family) || !SAFE_FONT_URL.test(url)) return null
  return `@font-face{font-family:"${family}";src:url("${url}");font-display:swap}`
}

function safeColour(value: string | null | undefined) {
  return value && SAFE_COLOUR.test(value) ? value : undefined
}

/**
 * The brand link to home (docs/product.md §2 Header): the logo text in its colour and custom font, or
 * the logo image. Each theme has its own colour, given as CSS variables that the `brand-logo`
 * rule in app.css picks by theme (so the right one paints first, with no flash). Black, the
 * light theme's default, follows the theme's foreground.
 */
export function BrandLink({ settings }: { settings: BrandSettings }) {
  const name = settings.logoText || 'Broadsheet'
  if (settings.logoType === 'image' && settings.logoImageUrl) {
    return (
      <Link to="/" className="inline-flex shrink-0 items-center rounded-sm">
        <img src={settings.logoImageUrl} alt={name} className="h-9 w-auto max-w-48 sm:h-10" />
      </Link>
    )
  }
  const face = fontFace(settings.logoFontFamily, settings.logoFontUrl)
  const colour = safeColour(settings.logoTextColor)
  const isDefaultBlack = !colour || /^#0{3}(?:0{3})?$/.test(colour) || colour === 'black'
  const darkColour = safeColour(settings.logoTextColorDark)
  const style: CSSProperties & Record<`--${string}`, string | undefined> = {
    '--logo-light': isDefaultBlack ? undefined : colour,
    '--logo-dark': darkColour,
  }
  return (
    <Link
      to="/"
      className="brand-logo shrink-0 truncate rounded-sm font-serif text-2xl font-black tracking-tight sm:text-3xl"
      style={{
        ...style,
        fontFamily: face ? `"${settings.logoFontFamily}", var(--font-serif)` : undefined,
      }}
    >
      {/* React hoists a style with href and precedence into <head>, once. */}
      {face ? (
        <style href="brand-font" precedence="default">
          {face}
        </style>
      ) : null}
      {name}
    </Link>
  )
}
