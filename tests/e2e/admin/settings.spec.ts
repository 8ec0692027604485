import { expect, test, toast, unique } from './admin-fixtures'

test.beforeEach(async ({ login }) => login('admin'))

test('the logo text set in Settings shows in the public header', async ({ page }) => {
  const brand = unique('Tide')
  await page.goto('/admin/settings')
  const original = await page.getByLabel('Logo text').inputValue()
  await page.getByLabel('Logo text').fill(brand)
  await page.getByRole('button', { name: 'Save Logo Settings' }).click()
  await expect(toast(page, 'Logo settings updated successfully')).toBeVisible()
  await page.goto('/')
  await expect(page.getByRole('banner').getByRole('link', { name: brand })).toBeVisible()

  // Other journeys expect the demo brand: put it back.
  await page.goto('/admin/settings')
  await page.getByLabel('Logo text').fill(original)
  await page.getByRole('button', { name: 'Save Logo Settings' }).click()
  await expect(toast(page, 'Logo settings updated successfully')).toBeVisible()
})

test('a social link added in Settings shows in the footer until deleted', async ({ page }) => {
  const platform = unique('Mastodon').replace(/\s/g, '')
  await page.goto('/admin/settings')
  await page.getByLabel('Platform').fill(platform)
  await page.getByLabel('URL', { exact: true }).fill('https://example.social/@tide')
  await page.getByLabel('Icon').click()
  await page.getByRole('option', { name: 'linkedin' }).click()
  await page.getByRole('button', { name: 'Add Link' }).click()
  await expect(toast(page, 'Social link added successfully')).toBeVisible()
  await expect(page.getByLabel('Platform')).toHaveValue('')

  await page.goto('/')
  const footerLink = page.getByRole('contentinfo').locator('a[href="https://example.social/@tide"]')
  await expect(footerLink).toBeVisible()

  await page.goto('/admin/settings')
  await page.getByRole('button', { name: `Delete ${platform} link` }).click()
  await page
    .getByRole('alertdialog', { name: 'Are you sure you want to delete this social link?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(toast(page, 'Social link deleted successfully')).toBeVisible()
  await page.goto('/')
  await expect(footerLink).toHaveCount(0)
})

test('an empty database URL is refused', async ({ page }) => {
  await page.goto('/admin/settings')
  await expect(page.getByText('Using Local Database (embedded)')).toBeVisible()
  await page.getByRole('button', { name: 'Save URL' }).click()
  await expect(page.getByText('Please enter a database URL')).toBeVisible()
})
