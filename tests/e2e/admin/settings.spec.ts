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
  await page.getByRole('option', { name: 'LinkedIn' }).click()
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

test('the logo has its own dark-theme colour, and the preview warns of poor contrast', async ({
  page,
}) => {
  await page.goto('/admin/settings')
  const light = page.locator('[data-theme-preview="light"]')
  const dark = page.locator('[data-theme-preview="dark"]')
  await expect(light).toBeVisible()
  await expect(dark).toBeVisible()

  // The navy: fine on paper, nearly invisible on the dark page.
  await page.getByLabel('Text colour (light theme)', { exact: true }).fill('#0B2A5C')
  await page.getByLabel('Text colour (dark theme)', { exact: true }).fill('#0B2A5C')
  await expect(dark.getByRole('alert')).toContainText('below 4.5:1')
  await expect(light.getByRole('alert')).toHaveCount(0)

  await page.getByLabel('Text colour (dark theme)', { exact: true }).fill('#9CC3FF')
  await expect(dark.getByRole('alert')).toHaveCount(0)
  await page.getByRole('button', { name: 'Save Logo Settings' }).click()
  await expect(toast(page, 'Logo settings updated successfully')).toBeVisible()

  // The masthead in each theme, chosen before the first paint.
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
  await page.goto('/')
  const brand = page.getByRole('banner').locator('a.brand-logo')
  await expect(brand).toHaveCSS('color', 'rgb(156, 195, 255)')
  await page.evaluate(() => localStorage.setItem('theme', 'light'))
  await page.addInitScript(() => localStorage.setItem('theme', 'light'))
  await page.goto('/')
  await expect(brand).toHaveCSS('color', 'rgb(11, 42, 92)')

  // Other journeys expect the demo's colours: put them back.
  await page.goto('/admin/settings')
  await page.getByLabel('Text colour (light theme)', { exact: true }).fill('#000000')
  await page.getByLabel('Text colour (dark theme)', { exact: true }).fill('#F5F5F5')
  await page.getByRole('button', { name: 'Save Logo Settings' }).click()
  await expect(toast(page, 'Logo settings updated successfully')).toBeVisible()
})

test('a social link can be edited, hidden and shown again', async ({ page }) => {
  const platform = unique('bluesky').replace(/\s/g, '')
  const footerLink = (url: string) => page.getByRole('contentinfo').locator(`a[href="${url}"]`)
  await page.goto('/admin/settings')
  const add = page.getByRole('form', { name: 'Add a social link' })
  await add.getByLabel('Platform').fill(platform)
  await add.getByLabel('URL', { exact: true }).fill('https://bsky.app/profile/old')
  await add.getByLabel('Icon').click()
  await page.getByRole('option', { name: 'GitHub' }).click()
  await add.getByRole('button', { name: 'Add Link' }).click()
  await expect(toast(page, 'Social link added successfully')).toBeVisible()

  // Shown with a capital, edited with the same checks as adding.
  const name = platform.charAt(0).toUpperCase() + platform.slice(1)
  await page.getByRole('button', { name: `Edit ${name} link` }).click()
  const edit = page.getByRole('form', { name: `Edit the ${name} link` })
  await edit.getByLabel('URL', { exact: true }).fill('not a url')
  await edit.getByRole('button', { name: 'Save Link' }).click()
  await expect(edit.getByText('Must be a valid URL')).toBeVisible()
  await edit.getByLabel('URL', { exact: true }).fill('https://bsky.app/profile/new')
  await edit.getByRole('button', { name: 'Save Link' }).click()
  await expect(toast(page, 'Social link updated successfully')).toBeVisible()
  await expect(page.getByRole('link', { name: 'https://bsky.app/profile/new' })).toBeVisible()

  await page.getByRole('button', { name: `Hide ${name} link` }).click()
  await expect(toast(page, 'Social link hidden')).toBeVisible()
  await page.goto('/')
  await expect(footerLink('https://bsky.app/profile/new')).toHaveCount(0)

  await page.goto('/admin/settings')
  await page.getByRole('button', { name: `Show ${name} link` }).click()
  await expect(toast(page, 'Social link shown')).toBeVisible()
  await page.goto('/')
  await expect(footerLink('https://bsky.app/profile/new')).toBeVisible()

  await page.goto('/admin/settings')
  await page.getByRole('button', { name: `Delete ${name} link` }).click()
  await page
    .getByRole('alertdialog', { name: 'Are you sure you want to delete this social link?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(toast(page, 'Social link deleted successfully')).toBeVisible()
})

test('breaking news stays on the bar for the hours set in Editorial, 1 to 168', async ({
  page,
}) => {
  await page.goto('/admin/settings')
  const hours = page.getByLabel('Hours on the breaking-news bar')
  await expect(hours).toHaveValue('12')
  await hours.fill('200')
  await page.getByRole('button', { name: 'Save Editorial Settings' }).click()
  await expect(
    page.getByText('Keep breaking news on the bar for 1 to 168 hours (a whole number)'),
  ).toBeVisible()
  await hours.fill('24')
  await page.getByRole('button', { name: 'Save Editorial Settings' }).click()
  await expect(toast(page, 'Editorial settings updated successfully')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Hours on the breaking-news bar')).toHaveValue('24')
  // Back to the default for the other journeys.
  await page.getByLabel('Hours on the breaking-news bar').fill('12')
  await page.getByRole('button', { name: 'Save Editorial Settings' }).click()
  await expect(toast(page, 'Editorial settings updated successfully')).toBeVisible()
})
