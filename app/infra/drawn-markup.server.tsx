import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import type { DrawMarkup } from '~/components/site/drawn-once'
import { KeptValues } from '~/lib/kept-values'

/*
 * Markup of the parts of the page drawn once (DrawnOnce), by their key. The keys carry the
 * data the markup shows, so nothing needs emptying when that data changes: a new key is drawn
 * and the old one ages out. Bounded, the least recently used first out (addresses typed at
 * random may each make a key, see the category navigation's).
 */
const drawn = new KeptValues<string>(200)

/**
 * renderToString, not renderToStaticMarkup: its markup is what the page's own render would
 * have written in place (text separators included), which is what the browser hydrates. React
 * allows it to run inside another server render (it restores the outer render's state).
 */
export const drawMarkup: DrawMarkup = (key: string, location: string, element: ReactElement) =>
  drawn.get(key, () => renderToString(<StaticRouter location={location}>{element}</StaticRouter>))

/** For tests: forget every drawn part. */
export function forgetDrawnMarkup() {
  drawn.clear()
}
