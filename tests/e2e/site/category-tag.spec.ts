import { expect, test } from '@playwright/test'

test('a category page shows its name, description and a grid of its articles', async ({ page }) => {
  await page.goto('/category/politics')
  await expect(page.getByRole('heading', { level: 1, name: 'Politics' })).toBeVisible()
  await expect(page.getByText(/City hall, the county board/)).toBeVisible()
  const cards = page.getByRole('main').getByRole('article')
  expect(await cards.count()).toBeGreaterThan(2)
  for (const card of await cards.all())
    await expect(card.getByRole('link', { name: 'Politics' })).toBeVisible()
  await expect(cards.first().getByText(/^\d+ min read$/)).toBeVisible()
})

test('the category grid has three columns on a desktop, one on a phone', async ({ page }) => {
  await page.goto('/category/politics')
  const tops = async () =>
    (await page
      .getByRole('main')
      .getByRole('article')
      .evaluateAll((cards) =>
        cards.slice(0, 3).map((card) => Math.round(card.getBoundingClientRect().top)),
      )) as number[]
  expect(new Set(await tops()).size).toBe(1)
  await page.setViewportSize({ width: 375, height: 740 })
  expect(new Set(await tops()).size).toBe(3)
})

test('an unknown category answers 404 with "Category not found"', async ({ page }) => {
  const response = await page.goto('/category/no-such-section')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Category not found' })).toBeVisible()
  // The site's header and footer stay, so the reader can carry on.
  await expect(page.getByRole('navigation', { name: 'Categories', exact: true })).toBeVisible()
})

test('a page past the end of a list answers 404, a malformed page number 400', async ({ page }) => {
  expect((await page.goto('/category/politics?page=99'))?.status()).toBe(404)
  expect((await page.goto('/category/politics?page=abc'))?.status()).toBe(400)
  await expect(page.getByRole('heading', { name: 'Invalid page number' })).toBeVisible()
})

test('a tag page shows its heading and the tagged articles', async ({ page }) => {
  await page.goto('/tag/transit')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Articles tagged with "Transit"')
  expect(await page.getByRole('main').getByRole('article').count()).toBeGreaterThan(0)
})

test('an unknown tag answers 404 with "Tag Not Found"', async ({ page }) => {
  const response = await page.goto('/tag/no-such-tag')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Tag Not Found' })).toBeVisible()
  await expect(page.getByText("The tag you're looking for doesn't exist.")).toBeVisible()
})

test('a card links to its article and its category', async ({ page }) => {
  await page.goto('/tag/transit')
  const card = page.getByRole('main').getByRole('article').first()
  const title = (await card.getByRole('heading').textContent())!
  await card.getByRole('heading').getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
})
