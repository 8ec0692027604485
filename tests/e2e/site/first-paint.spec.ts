import { expect, test, type Locator, type Page } from '@playwright/test'
import { FEATURED } from './site-support'

// A page's first, largest image paints without the app's script (no fade-in waiting
// for hydration), fetched first and never lazily; the images after it keep the fade.
const PAGES = [
  {
    name: 'home',
    path: '/',
    first: (page: Page) => page.getByRole('region', { name: 'Featured' }).locator('img'),
    later: (page: Page) =>
      page.getByRole('region', { name: 'Business', exact: true }).locator('img').first(),
  },
  {
    name: 'a category',
    path: `/category/${FEATURED.category.toLowerCase()}`,
    // The grid's first picture (stories published by earlier tests may have none).
    first: (page: Page) => page.getByRole('main').getByRole('listitem').locator('img').first(),
    later: (page: Page) => page.getByRole('main').getByRole('listitem').locator('img').nth(1),
  },
  {
    name: 'an article',
    path: `/article/${FEATURED.slug}`,
    first: (page: Page) => page.getByRole('main').locator('figure img').first(),
    later: null,
  },
]

async function expectPaintedFirst(image: Locator) {
  await expect(image).toHaveAttribute('fetchpriority', 'high')
  await expect(image).toHaveAttribute('loading', 'eager')
  await expect(image).toHaveAttribute('decoding', 'sync')
  await expect(image).not.toHaveClass(/fade-in-image/)
  await expect(image).toHaveCSS('opacity', '1')
  await expect(image).toBeVisible()
  // The browser has the picture itself, not only the element.
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true)
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const { name, path, first, later } of PAGES) {
    test(`${name}: the first image shows, and so do the others`, async ({ page }) => {
      await page.goto(path)
      await expectPaintedFirst(first(page))
      if (later) {
        const image = later(page)
        await expect(image).toHaveClass(/fade-in-image/)
        await expect(image).toHaveCSS('opacity', '1')
      }
    })
  }
})

test.describe('before hydration (the app’s scripts never arrive)', () => {
  for (const { name, path, first, later } of PAGES) {
    test(`${name}: the first image shows; the others wait for the script to fade in`, async ({
      page,
    }) => {
      let blocked = 0
      await page.route(/\.m?js(\?.*)?$/, (route) => {
        blocked += 1
        return route.abort()
      })
      await page.goto(path)
      await expectPaintedFirst(first(page))
      expect(blocked).toBeGreaterThan(0)
      expect(
        await page.evaluate(
          () =>
            (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
        ),
      ).toBeUndefined()
      if (later) {
        const image = later(page)
        await expect(image).toHaveClass(/fade-in-image/)
        await expect(image).not.toHaveAttribute('data-loaded', 'true')
      }
    })
  }
})
