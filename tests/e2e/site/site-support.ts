import type { Page } from '@playwright/test'

// Demo content the reader's journeys rely on (app/domain/seed/demo-content.ts).
export const FEATURED = {
  slug: 'council-sends-48-million-transit-levy-to-the-november-ballot',
  title: 'Council sends $48 million transit levy to the November ballot',
  category: 'Politics',
}
export const BREAKING_TITLE =
  'Mayor Okafor vetoes short-term rental ordinance hours after its passage'
export const VIDEO_ARTICLE = {
  slug: 'mariners-clinch-their-first-division-title-in-14-years',
  title: 'Mariners clinch their first division title in 14 years',
}
export const VIMEO_ARTICLE = {
  slug: 'oyster-reefs-return-to-the-ashby-estuary-after-a-decade-of-restoration',
}
export const DRAFT_SLUG = 'what-the-state-budget-deal-means-for-calder-bay'
export const CATEGORIES = [
  'Business',
  'Culture',
  'Opinion',
  'Politics',
  'Science',
  'Sports',
  'Technology',
  'World',
]

/** The page's React app has taken over (client-side handlers are attached). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
  )
  // A large page commits its hydrated tree later than the route modules load: the site's
  // chrome leaves "static" only once the tree's effects have run (timers set, handlers on).
  await page.waitForFunction(
    () => document.querySelector('[data-chrome]')?.getAttribute('data-chrome') !== 'static',
  )
  // One frame more: React attaches handlers as it commits the hydrated tree.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))))
}
