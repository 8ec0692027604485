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

test('the Content API reference shows every endpoint and links each type to its fields', async ({
  page,
}) => {
  const response = await page.goto('/developers/content-api')
  expect(response?.status()).toBe(200)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Broadsheet Content API' }),
  ).toBeVisible()
  const document = (await (await page.request.get('/api/content/v1/openapi.json')).json()) as {
    paths: Record<string, unknown>
  }
  const endpoints = page.getByRole('navigation', { name: 'Endpoints' }).getByRole('link')
  await expect(endpoints).toHaveCount(Object.keys(document.paths).length)
  await endpoints.filter({ hasText: 'GET /articles/{idOrSlug}' }).click()
  await expect(page).toHaveURL(/#\/articles\/%7BidOrSlug%7D$|#\/articles\/\{idOrSlug\}$/)
  await page
    .locator('section', { hasText: 'GET /articles/{idOrSlug}' })
    .getByRole('link', { name: 'ArticleAnswer' })
    .first()
    .click()
  await expect(
    page.getByRole('heading', { level: 3, name: 'ArticleAnswer', exact: true }),
  ).toBeInViewport()
})
