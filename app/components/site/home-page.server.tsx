import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { HomeSections, type HomeSectionsView } from './home-sections'

/**
 * The home page below its lead story as finished HTML (decision 0048): some 40 cards of links
 * and pictures that react to nothing, drawn once per front page and minute
 * (routes/+shared/home-page.server.ts) instead of by React on every render and again in the
 * browser from the page's data.
 */
export function drawHomeSections(view: HomeSectionsView): string {
  return renderToStaticMarkup(
    // Links need a router to resolve; the paths are absolute, so any location will do.
    <MemoryRouter>
      <HomeSections {...view} />
    </MemoryRouter>,
  )
}
