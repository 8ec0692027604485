import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { BrandLink, type BrandSettings } from './brand-link'

const TEXT_LOGO: BrandSettings = {
  logoType: 'text',
  logoText: 'Broadsheet',
  logoTextColor: '#000000',
  logoImageUrl: null,
  logoFontFamily: null,
  logoFontUrl: null,
}

function render(settings: Partial<BrandSettings>) {
  return renderToStaticMarkup(
    <MemoryRouter>
      <BrandLink settings={{ ...TEXT_LOGO, ...settings }} />
    </MemoryRouter>,
  )
}

describe('BrandLink', () => {
  it('links the logo text home, black following the theme instead of a fixed colour', () => {
    const html = render({})
    expect(html).toContain('href="/"')
    expect(html).toContain('>Broadsheet</a>')
    expect(html).not.toContain('--logo-light')
  })

  it('gives each theme its own colour as CSS variables, so the right one paints first', () => {
    const html = render({ logoTextColor: '#0B2A5C', logoTextColorDark: '#F5F5F5' })
    expect(html).toContain('class="brand-logo')
    expect(html).toContain('--logo-light:#0B2A5C')
    expect(html).toContain('--logo-dark:#F5F5F5')
    // No fixed colour that would win over the dark theme's.
    expect(html).not.toMatch(/[";]color:/)
  })

  it('leaves the dark colour to the theme when none is stored, or an unsafe one is', () => {
    expect(render({ logoTextColorDark: null })).not.toContain('--logo-dark')
    expect(render({ logoTextColorDark: 'red;background:url(x)' })).not.toContain('--logo-dark')
  })

  it('shows the text in its colour and custom font', () => {
    const html = render({
      logoTextColor: '#1e3a8a',
      logoFontFamily: 'Old Press',
      logoFontUrl: '/media/media/123-456.woff2',
    })
    expect(html).toContain('--logo-light:#1e3a8a')
    expect(html).toContain('font-family:&quot;Old Press&quot;, var(--font-serif)')
    expect(html).toContain(
      '@font-face{font-family:"Old Press";src:url("/media/media/123-456.woff2")',
    )
  })

  it('refuses font names and URLs that could break out of the CSS', () => {
    const html = render({
      logoTextColor: 'red;background:url(x)',
      logoFontFamily: 'x"}body{display:none',
      logoFontUrl: '/media/media/a.woff2") ; }',
    })
    expect(html).not.toContain('@font-face')
    expect(html).not.toContain('display:none')
    expect(html).not.toContain('background')
  })

  it('shows the logo image with the brand as its text alternative', () => {
    const html = render({ logoType: 'image', logoImageUrl: '/media/media/logo.png' })
    expect(html).toContain('<img src="/media/media/logo.png" alt="Broadsheet"')
  })
})
