import { renderToStaticMarkup } from 'react-dom/server'
import { SiteFooter } from './site-footer'

type SiteFooterProps = Parameters<typeof SiteFooter>[0]

/** The last drawing and what it was drawn from. */
let last: { props: SiteFooterProps; html: string } | null = null

/**
 * The footer as HTML, drawn by the layout's loader (routes/_site.tsx) and shown by ServerHtml:
 * the components that draw it stay on the server (docs/decisions/0028 did the same for the
 * article), and only its sign-up's script goes to the browser (footer-sign-up.tsx).
 *
 * Kept while its inputs are the same: the lists come from the memoised chrome, which hands
 * back the same objects until a change empties it, so every render in between shares one
 * drawing (it was 3-4 % of an uncached render's CPU, docs/performance.md "Render cost").
 */
export function drawSiteFooter(props: SiteFooterProps): string {
  if (last && sameInputs(last.props, props)) return last.html
  const html = renderToStaticMarkup(<SiteFooter {...props} />)
  last = { props, html }
  return html
}

function sameInputs(a: SiteFooterProps, b: SiteFooterProps) {
  return (Object.keys(b) as (keyof SiteFooterProps)[]).every((key) => a[key] === b[key])
}
