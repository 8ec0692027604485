import { expect, test } from '@playwright/test'

for (const [path, heading] of [
  ['/about', 'About Us'],
  ['/contact', 'Contact'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
]) {
  test(`${path} is a real page with its heading and text`, async ({ page }) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page.locator('main .article-content p').first()).toBeVisible()
  })
}

test('the Quick Links lead to the static pages', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page).toHaveURL(/\/privacy$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
})

test('/newspapers lists every print edition', async ({ page }) => {
  await page.goto('/newspapers')
  await expect(page.locator('main a[href^="/newspapers/"]')).toHaveCount(2)
})

test('an unknown address answers 404 inside the site layout', async ({ page }) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
})

test('a page that does not exist answers 404 and offers to search the site', async ({ page }) => {
  const response = await page.goto('/no-such-page-at-all')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  const search = page.getByRole('main').getByRole('search')
  await search.getByRole('searchbox', { name: 'Search the site' }).fill('harbour')
  await search.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/\/search\?q=harbour$/)
})
