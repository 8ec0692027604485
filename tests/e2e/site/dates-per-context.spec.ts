import { expect, test } from '../fixtures'
import { FEATURED } from './site-support'

// One date format per context (docs/product.md, "Dates and times"): the article page words its
// publication as the spec's "MMMM d, yyyy" with the time, "November 26, 2026 at 2:32 PM", in
// <time datetime>; other reader pages word a day as the spec's "MMMM d, yyyy", "November 26,
// 2026"; a back-office list as the spec's "MMM d, yyyy", "Nov 26, 2026". The paper's time zone is covered by the unit
// tests of app/lib/dates.ts; the e2e server's is UTC.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** "November 26, 2026 at 2:32 PM": an instant as the article page words it, in UTC. */
function articleMoment(iso: string) {
  const at = new Date(iso)
  const hours = at.getUTCHours()
  const minutes = String(at.getUTCMinutes()).padStart(2, '0')
  return `${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}, ${at.getUTCFullYear()} at ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`
}

const READER_DAY =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/
const ADMIN_DAY = /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}$/

test('the article page words its publication "MMMM d, yyyy at h:mm a", the instant in datetime', async ({
  page,
}) => {
  await page.goto(`/article/${FEATURED.slug}`)
  const published = page.getByRole('main').locator('header time').first()
  const iso = await published.getAttribute('datetime')
  expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  await expect(published).toHaveText(articleMoment(iso!))
  // No 24-hour clock, no seconds.
  await expect(published).not.toHaveText(/\d{2}:\d{2}:\d{2}|, \d{2}:\d{2}$/)
})

test('search results and print editions word their day "MMMM d, yyyy"', async ({ page }) => {
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
