import { expect, test, type Page } from '@playwright/test'
import { BREAKING_TITLE, waitForHydration } from './site-support'

const bar = (page: Page) => page.getByRole('region', { name: 'Breaking News' })
const track = (page: Page) => bar(page).locator('.animate-ticker')
const PHONE = { width: 375, height: 812 }
const HOUR = 3_600_000

/** One short item from the refresh route, so the bar's width is known whatever else is breaking. */
const SHORT_ITEM = {
  id: 999_998,
  slug: 'bridge-closed',
  title: 'Bridge closed',
  publishedIso: new Date().toISOString(),
  timeLabel: 'less than a minute ago',
  expiresIso: new Date(Date.now() + 12 * HOUR).toISOString(),
}

test('the breaking-news bar sits under the header with its label and linked, timed items', async ({
  page,
}) => {
  await page.goto('/category/world')
  await expect(bar(page).getByText('Breaking News', { exact: true })).toBeVisible()
  const item = bar(page)
    .getByRole('link', { name: new RegExp(BREAKING_TITLE) })
    .first()
  await expect(item).toHaveAttribute('href', /^\/article\//)
  await expect(item.locator('time')).toHaveText(/ago$/)
  const header = await page.getByRole('banner').boundingBox()
  const box = await bar(page).boundingBox()
  expect(Math.round(box!.y)).toBe(Math.round(header!.y + header!.height))
  // Red, and on a desktop it stays put while the page scrolls.
  await expect(bar(page)).toHaveCSS('background-color', /^(rgb|oklch)/)
  await page.mouse.wheel(0, 1500)
  await expect.poll(async () => (await bar(page).boundingBox())!.y).toBeLessThan(200)
})

test('on a phone the header and the bar scroll away with the page', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto('/')
  await expect(bar(page)).toBeVisible()
  await page.mouse.wheel(0, 1500)
  await expect.poll(async () => (await bar(page).boundingBox())!.y).toBeLessThan(0)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
})

test('the API gives each item the time it leaves the bar', async ({ request }) => {
  const body = (await (await request.get('/api/breaking-news')).json()) as {
    items: { title: string; publishedIso: string; expiresIso: string }[]
  }
  const item = body.items.find((i) => i.title === BREAKING_TITLE)
  expect(item).toBeDefined()
  // The demo story is on the site's 12 hours.
  expect(Date.parse(item!.expiresIso) - Date.parse(item!.publishedIso)).toBe(12 * HOUR)
})

test('a breaking item leaves the bar at its expiry, by the browser’s clock', async ({
  page,
  request,
}) => {
  const body = (await (await request.get('/api/breaking-news')).json()) as {
    items: { title: string; expiresIso: string }[]
  }
  const expires = Date.parse(body.items.find((i) => i.title === BREAKING_TITLE)!.expiresIso)
  const start = Date.now()
  await page.clock.install({ time: start })
  await page.goto('/')
  await waitForHydration(page)
  const item = bar(page)
    .getByRole('link', { name: new RegExp(BREAKING_TITLE) })
    .first()
  await expect(item).toBeVisible()

  // A minute before its expiry it is still there; just after, it is gone, with no reload.
  await page.clock.fastForward(expires - start - 60_000)
  await expect(item).toBeVisible()
  await page.clock.fastForward(120_000)
  await expect(bar(page).getByRole('link', { name: new RegExp(BREAKING_TITLE) })).toHaveCount(0)
})

test.describe('on a phone, where the items overflow the bar', () => {
  test.use({ viewport: PHONE, hasTouch: true })

  test('the ticker moves on a 30 s cycle, pauses on hover, and a tap stops and starts it', async ({
    page,
  }) => {
    await page.goto('/')
    await waitForHydration(page)
    await expect(track(page)).toHaveCSS('animation-duration', '30s')
    await expect(track(page)).toHaveCSS('animation-play-state', 'running')
    // A moving element never settles for Playwright's hover checks: point at it directly.
    await track(page).hover({ force: true })
    await expect(track(page)).toHaveCSS('animation-play-state', 'paused')
    await page.mouse.move(0, 600)
    await expect(track(page)).toHaveCSS('animation-play-state', 'running')

    const pause = bar(page).getByRole('button', { name: 'Pause breaking news' })
    await pause.tap()
    await expect(pause).toHaveAttribute('aria-pressed', 'true')
    await expect(track(page)).toHaveCSS('animation-play-state', 'paused')
    await pause.tap()
    await expect(pause).toHaveAttribute('aria-pressed', 'false')
    await expect(track(page)).toHaveCSS('animation-play-state', 'running')
  })

  test('keyboard focus on an item pauses it', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await bar(page).getByRole('link').first().focus()
    await expect(track(page)).toHaveCSS('animation-play-state', 'paused')
  })
})

test('items that fit the bar stand still', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.clock.install()
  await page.route('**/api/breaking-news', (route) =>
    route.fulfill({ json: { items: [SHORT_ITEM] } }),
  )
  await page.goto('/')
  await waitForHydration(page)
  // The bar asks the API again every 30 s, from when its effect ran: the clock is moved on
  // until it has (the effect may run just after hydration is seen).
  await expect
    .poll(async () => {
      await page.clock.runFor(31_000)
      return bar(page)
        .getByRole('link', { name: /Bridge closed/ })
        .count()
    })
    .toBe(1)
  await expect(bar(page).getByRole('link', { name: /Bridge closed/ })).toBeVisible()
  await expect(bar(page).getByRole('link')).toHaveCount(1)
  await expect(track(page)).toHaveCount(0)
  await expect(bar(page).getByRole('button', { name: 'Pause breaking news' })).toHaveCount(0)
})

test.describe('for readers who ask for reduced motion', () => {
  test.use({ reducedMotion: 'reduce', viewport: PHONE })

  test('the ticker stands still: one list that scrolls sideways, no pause button', async ({
    page,
  }) => {
    await page.goto('/')
    await waitForHydration(page)
    await expect(track(page)).toHaveCSS('animation-name', 'none')
    await expect(bar(page).getByRole('button', { name: 'Pause breaking news' })).toBeHidden()
    // The moving copy is hidden: each story is linked once.
    await expect(bar(page).getByRole('link', { name: new RegExp(BREAKING_TITLE) })).toHaveCount(1)
    const scroller = track(page).locator('..')
    await expect(scroller).toHaveCSS('overflow-x', 'auto')
    expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(
      true,
    )
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

  items = [{ ...SHORT_ITEM, title: 'Bridge closed after a ship strike' }]
  await page.clock.runFor(31_000)
  await expect(
    bar(page).getByRole('link', { name: /Bridge closed after a ship strike/ }),
  ).toBeVisible()
})
