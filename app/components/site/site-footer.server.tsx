import { renderToStaticMarkup } from 'react-dom/server'
import { SiteFooter } from './site-footer'

/**
 * The footer as HTML, drawn once per layout load (routes/_site.tsx) and shown by ServerHtml:
 * the components that draw it stay on the server (docs/decisions/0028 did the same for the
 * article), and only its sign-up's script goes to the browser (footer-sign-up.tsx).
 */
export function drawSiteFooter(props: Parameters<typeof SiteFooter>[0]): string {
  return renderToStaticMarkup(<SiteFooter {...props} />)
}
