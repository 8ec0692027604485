import { expect, test } from '../fixtures'
import { CATEGORIES, waitForHydration } from './site-support'

test('the brand links home and the category bar lists every category', async ({ page }) => {
  await page.goto('/about')
  const nav = page.getByRole('navigation', { name: 'Categories', exact: true })
  for (const name of CATEGORIES) await expect(nav.getByRole('link', { name })).toBeVisible()
  await nav.getByRole('link', { name: 'Science' }).click()
  await expect(page).toHaveURL(/\/category\/science$/)
  await expect(nav.getByRole('link', { name: 'Science' })).toHaveAttribute('aria-current', 'page')
  await page.getByRole('banner').getByRole('link', { name: 'Broadsheet' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('an anonymous reader sees Sign In and Sign Up', async ({ page }) => {
  await page.goto('/')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin')
  await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup')
  await expect(header.getByRole('button', { name: 'Sign Out' })).toHaveCount(0)
})

test('a signed-in admin sees Admin Dashboard, Profile and Sign Out', async ({ page, login }) => {
  await login('admin')
  await page.goto('/')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute(
    'href',
    '/admin',
  )
  await expect(header.getByRole('link', { name: 'Profile' })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0)
  await header.getByRole('button', { name: 'Sign Out' }).click()
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible()
})

test('a signed-in reader sees Profile and Sign Out but no Admin Dashboard', async ({
  page,
  login,
}) => {
  await login('viewer')
  await page.goto('/')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile')
  await expect(header.getByRole('button', { name: 'Sign Out' })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0)
  await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveCount(0)
})

test('the theme toggle switches to dark and the choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/')
  await waitForHydration(page)
  await expect(page.locator('html')).not.toHaveClass(/dark/)
  await page.getByRole('button', { name: 'Switch to dark theme' }).click()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await page.reload()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible()
})

test('without a saved choice the theme follows the system setting', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/')
  await expect(page.locator('html')).toHaveClass(/dark/)
})

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the category bar gives way to a slide-out menu', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await expect(page.getByRole('navigation', { name: 'Categories', exact: true })).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog')
    await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible()
    for (const name of CATEGORIES) await expect(menu.getByRole('link', { name })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Sign In' })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Sign Up' })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0)
    await menu.getByRole('link', { name: 'Culture' }).click()
    await expect(page).toHaveURL(/\/category\/culture$/)
    await expect(menu).toBeHidden()
  })

  test('signed in as an admin, the menu offers Admin Dashboard, Profile and Sign Out', async ({
    page,
    login,
  }) => {
    await login('admin')
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog')
    await expect(menu.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Profile' })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveCount(0)
    await menu.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(menu).toBeHidden()
  })

  test('search is an icon that opens the search dialog', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await expect(page.getByPlaceholder('Search...')).toBeHidden()
    await page.getByRole('link', { name: 'Search' }).click()
    await expect(page.getByPlaceholder('Search articles...')).toBeFocused()
  })
})

// The category bar marks the current address's link on the server: the browser must hydrate
// the header and the footer with no mismatch, and their links must navigate inside the app.
test('the header and footer hydrate without a mismatch and navigate in the app', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  const nav = page.getByRole('navigation', { name: 'Categories', exact: true })
  // Each address's own current link, as sent (attributes React hydrates but does not check).
  for (const [path, current] of [
    ['/', 'Home'],
    ['/category/science', 'Science'],
    ['/tag/housing', null],
    ['/category/politics', 'Politics'],
    ['/about', null],
    ['/', 'Home'],
  ] as const) {
    await page.goto(path)
    await expect(nav.locator('a[aria-current="page"]')).toHaveText(current ? [current] : [])
    await waitForHydration(page)
  }
  await page.evaluate(() => ((window as unknown as { stayed?: boolean }).stayed = true))
  const footer = page.getByRole('navigation', { name: 'Footer categories' })
  await footer.getByRole('link', { name: 'Science' }).click()
  await expect(page).toHaveURL(/\/category\/science$/)
  await expect(nav.getByRole('link', { name: 'Science' })).toHaveAttribute('aria-current', 'page')
  await nav.getByRole('link', { name: 'Home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Science' })).not.toHaveAttribute('aria-current')
  // Navigated inside the app: the page was never loaded again.
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
  expect(errors.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([])
})
