import { expect, test, toast, unique } from './admin-fixtures'

test.beforeEach(async ({ login }) => login('admin'))

test('an admin adds a redirect, a reader follows it, its hits show, and it is deleted', async ({
  page,
}) => {
  // An address as old sites have them: lower case, words joined by hyphens.
  const from = `/${unique('old-story').replace(' ', '-')}`
  await page.goto('/admin/redirects')
  await expect(page.getByRole('heading', { name: 'Redirects', level: 1 })).toBeVisible()
  await page.getByLabel('Old address').fill(from)
  await page.getByLabel('New address').fill('/about')
  await page.getByRole('button', { name: 'Add redirect' }).click()
  await expect(toast(page, 'Redirect added')).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: from })
  await expect(row).toBeVisible()

  await page.goto(`${from}/?from=e2e`)
  await expect(page).toHaveURL(/\/about\?from=e2e$/)

  // Hits are written in batches a couple of seconds apart.
  await expect(async () => {
    await page.goto('/admin/redirects')
    await expect(page.getByRole('row').filter({ hasText: from })).toContainText('1 hit')
  }).toPass({ timeout: 15_000 })

  await page
    .getByRole('row')
    .filter({ hasText: from })
    .getByRole('button', { name: /Delete/ })
    .click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Redirect deleted')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: from })).toHaveCount(0)
  expect((await page.request.get(from, { maxRedirects: 0 })).status()).toBe(404)
})

test('an address marked 410 answers a page that says Gone, not Page not found', async ({
  page,
}) => {
  const from = `/${unique('withdrawn').replace(' ', '-')}`
  await page.goto('/admin/redirects')
  await page.getByLabel('Old address').fill(from)
  await page.getByRole('combobox', { name: 'Answer' }).click()
  await page.getByRole('option', { name: '410 Gone' }).click()
  await page.getByRole('button', { name: 'Add redirect' }).click()
  await expect(toast(page, 'Redirect added')).toBeVisible()

  const answer = await page.goto(from)
  expect(answer?.status()).toBe(410)
  await expect(page.getByRole('heading', { name: 'Gone', level: 1 })).toBeVisible()
  await expect(
    page.getByText('This page was removed on purpose and is no longer available.'),
  ).toBeVisible()
  await expect(page.getByText('Page not found')).toHaveCount(0)
  await expect(page).toHaveTitle(/^Gone/)
})
