import { expect, test } from '../fixtures'
import { FEATURED } from './site-support'

// One date format per context (docs/product.md, "Dates and times"): a reader's page words a
// day as the article page does, "26 November 2026", inside <time datetime>; a back-office list
// as docs/product.md §9 does, "Nov 26, 2026". The paper's time zone is covered by the unit
// tests of app/lib/dates.ts.

const READER_DAY =
  /^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/
const ADMIN_DAY = /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}$/

test('search results and print editions word their day as the article page does', async ({
  page,
}) => {
  await page.goto('/search?q=levy')
  await expect(page.getByRole('main').getByText(FEATURED.title).first()).toBeVisible()
  // An article's publication (an instant); a print edition's match carries a date alone.
  const published = page.getByRole('main').locator('time[datetime$="Z"]').first()
  await expect(published).toHaveText(READER_DAY)
  expect(await published.getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/)

  await page.goto('/newspapers')
  const edition = page.getByRole('main').locator('time').first()
  await expect(edition).toHaveText(READER_DAY)
  expect(await edition.getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/)
})

test('the back office lists days as "MMM d, yyyy"', async ({ page, login }) => {
  await login('admin')
  await page.goto('/admin/articles')
  const table = page.getByRole('table', { name: 'Articles' })
  await expect(table.getByText(ADMIN_DAY).first()).toBeVisible()
  // Nothing on the list is worded by the browser's own locale (a "11/26/2026").
  await expect(table.getByText(/\d{1,2}\/\d{1,2}\/\d{4}/)).toHaveCount(0)
})
