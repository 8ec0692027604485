import { expect, test, type Page } from '@playwright/test'
import { BREAKING_TITLE, waitForHydration } from './site-support'

const bar = (page: Page) => page.getByRole('region', { name: 'Breaking News' })

test('the breaking-news bar sits under the header with its label and linked, timed items', async ({
  page,
}) => {
  await page.goto('/category/world')
  await expect(bar(page).getByText('Breaking News', { exact: true })).toBeVisible()
  const item = bar(page).getByRole('link', { name: new RegExp(BREAKING_TITLE) })
  await expect(item).toHaveAttribute('href', /^\/article\//)
  await expect(item.locator('time')).toHaveText(/ago$/)
  const header = await page.getByRole('banner').boundingBox()
  const box = await bar(page).boundingBox()
  expect(Math.round(box!.y)).toBe(Math.round(header!.y + header!.height))
  // Red, and it stays put while the page scrolls.
  await expect(bar(page)).toHaveCSS('background-color', /^(rgb|oklch)/)
  await page.mouse.wheel(0, 1500)
  await expect.poll(async () => (await bar(page).boundingBox())!.y).toBeLessThan(200)
})

test('the ticker scrolls on a 30 s cycle and pauses on hover', async ({ page }) => {
  await page.goto('/')
  const track = bar(page).locator('.animate-ticker')
  await expect(track).toHaveCSS('animation-duration', '30s')
  await expect(track).toHaveCSS('animation-play-state', 'running')
  // A moving element never settles for Playwright's hover checks: point at it directly.
  await track.hover({ force: true })
  await expect(track).toHaveCSS('animation-play-state', 'paused')
})

test.describe('for readers who ask for reduced motion', () => {
  test.use({ reducedMotion: 'reduce' })

  test('the ticker stands still', async ({ page }) => {
    await page.goto('/')
    await expect(bar(page).locator('.animate-ticker')).toHaveCSS('animation-name', 'none')
  })
})

test('the bar disappears when breaking news ends and comes back when it returns', async ({
  page,
}) => {
  let items: unknown[] = []
  await page.clock.install()
  await page.route('**/api/breaking-news', (route) => route.fulfill({ json: { items } }))
  await page.goto('/')
  await waitForHydration(page)
  await expect(bar(page)).toBeVisible()

  // The client refreshes every 30 s.
  await page.clock.runFor(31_000)
  await expect(bar(page)).toHaveCount(0)

  items = [
    {
      id: 999_999,
      slug: 'bridge-closed',
      title: 'Bridge closed after a ship strike',
      publishedIso: new Date().toISOString(),
      timeLabel: 'less than a minute ago',
    },
  ]
  await page.clock.runFor(31_000)
  await expect(
    bar(page).getByRole('link', { name: /Bridge closed after a ship strike/ }),
  ).toBeVisible()
})
