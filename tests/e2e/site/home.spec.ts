import { expect, test } from '@playwright/test'
import { CATEGORIES, FEATURED } from './site-support'

test('the home page shows its sections in the spec’s order', async ({ page }) => {
  await page.goto('/')
  const order = await page.evaluate(() =>
    [
      '[aria-label="Breaking News"]',
      '#featured-heading',
      '#trending-tags-heading',
      '#trending-heading',
      '#newspapers-heading',
      '[id^="category-"]',
      'footer',
    ].map((selector) => {
      const element = document.querySelector(selector)
      return element ? element.getBoundingClientRect().top + window.scrollY : -1
    }),
  )
  expect(order.every((top) => top >= 0)).toBe(true)
  expect([...order].sort((a, b) => a - b)).toEqual(order)
})

test('the featured section shows the newest featured article as a large card', async ({ page }) => {
  await page.goto('/')
  const featured = page.getByRole('region', { name: 'Featured' })
  await expect(featured.getByRole('heading', { name: FEATURED.title })).toBeVisible()
  await expect(featured.getByRole('link', { name: FEATURED.category })).toBeVisible()
  await expect(featured.getByText(/\d+ min read/)).toBeVisible()
  await expect(featured.getByText(/ago$/)).toBeVisible()
})

test('trending tags link to their tag pages', async ({ page }) => {
  await page.goto('/')
  const tags = page.getByRole('region', { name: 'Trending Tags' }).getByRole('link')
  expect(await tags.count()).toBeGreaterThan(3)
  const first = tags.first()
  const name = (await first.textContent())!.replace(/^#/, '')
  await first.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Articles tagged with "${name}"`)
})

test('the trending section lists six articles', async ({ page }) => {
  await page.goto('/')
  const trending = page.getByRole('region', { name: 'Trending', exact: true })
  await expect(trending.getByRole('article')).toHaveCount(6)
})

test('the newspaper section lists print editions with date, number and size, opening the reader', async ({
  page,
  request,
}) => {
  await page.goto('/')
  const section = page.getByRole('region', { name: 'Print Editions' })
  const edition = section.getByRole('link', { name: /^The Broadsheet, / }).first()
  await expect(edition).toBeVisible()
  await expect(edition).toContainText(/[A-Z][a-z]+ \d{1,2}, \d{4}/)
  await expect(edition).toContainText(/No\. \d+/)
  await expect(edition).toContainText(/\d+(?:\.\d{2} MB| KB)/)
  await edition.click()
  await expect(page).toHaveURL(/\/newspapers\/\d{4}-\d{2}-\d{2}$/)
  const download = page.getByRole('link', { name: /Download PDF/ })
  const pdf = await request.get((await download.getAttribute('href'))!)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  await page.goto('/')
  await section.getByRole('link', { name: 'All editions' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Print Editions' })).toBeVisible()
})

test('there is one section per category, with its newest articles', async ({ page }) => {
  await page.goto('/')
  for (const name of CATEGORIES) {
    const section = page.getByRole('region', { name, exact: true })
    await expect(section.getByRole('article').first()).toBeVisible()
    await expect(section.getByRole('link', { name: `More ${name}` })).toHaveAttribute(
      'href',
      `/category/${name.toLowerCase()}`,
    )
  }
})

test('card images come from responsive webp variants, load lazily and fade in', async ({
  page,
}) => {
  await page.goto('/')
  const image = page.getByRole('region', { name: 'Business', exact: true }).locator('img').first()
  await expect(image).toHaveAttribute('loading', 'lazy')
  await expect(image).toHaveAttribute(
    'srcset',
    /-640\.webp 640w, .*-828\.webp 828w, .*-1200\.webp 1200w, .*-1920\.webp 1920w/,
  )
  await image.scrollIntoViewIfNeeded()
  await expect(image).toHaveAttribute('data-loaded', 'true')
  await expect(image).toHaveCSS('opacity', '1')
})
