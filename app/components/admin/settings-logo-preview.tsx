import { TriangleAlert } from 'lucide-react'
import { contrastRatio, formatRatio, MIN_TEXT_CONTRAST, THEME_BACKGROUNDS } from '~/lib/contrast'
import { cn } from '~/lib/utils'

const THEMES = [
  { key: 'light', label: 'Light theme' },
  { key: 'dark', label: 'Dark theme' },
] as const

/**
 * The text logo as the masthead shows it on each theme's page colour, with its contrast; a
 * warning under a colour that falls below WCAG AA (4.5:1) against its background.
 */
export function LogoPreview({
  text,
  light,
  dark,
  fontUrl,
}: {
  text: string
  light: string
  dark: string
  fontUrl: string
}) {
  const colours = { light, dark }
  return (
    <div className="grid gap-2">
      <p className="text-xs text-muted-foreground">Preview</p>
      {fontUrl ? (
        <style>{`@font-face{font-family:"logo-preview";src:url("${encodeURI(fontUrl)}");font-display:swap}`}</style>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {THEMES.map((theme) => {
          const colour = colours[theme.key]
          const ratio = contrastRatio(colour, THEME_BACKGROUNDS[theme.key])
          const low = ratio !== null && ratio < MIN_TEXT_CONTRAST
          return (
            <figure key={theme.key} className="grid gap-1.5" data-theme-preview={theme.key}>
              <div
                className="overflow-hidden rounded-md border p-4"
                style={{ backgroundColor: THEME_BACKGROUNDS[theme.key] }}
              >
                <p
                  className="truncate font-serif text-3xl font-black tracking-tight"
                  style={{
                    color: ratio === null ? undefined : colour,
                    fontFamily: fontUrl ? '"logo-preview", var(--font-serif)' : undefined,
                  }}
                >
                  {text}
                </p>
              </div>
              <figcaption
                className={cn(
                  'flex items-start gap-1.5 text-xs',
                  low ? 'font-medium text-destructive' : 'text-muted-foreground',
                )}
                role={low ? 'alert' : undefined}
              >
                {low ? (
                  <TriangleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
                ) : null}
                <span>
                  {theme.label}
                  {ratio === null ? '' : `: contrast ${formatRatio(ratio)}`}
                  {low
                    ? ` — below ${MIN_TEXT_CONTRAST}:1, hard to read on this background. Choose a ${theme.key === 'dark' ? 'lighter' : 'darker'} colour.`
                    : ''}
                </span>
              </figcaption>
            </figure>
          )
        })}
      </div>
    </div>
  )
}
