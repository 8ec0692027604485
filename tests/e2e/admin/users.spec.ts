import { E2E_BASE_URL } from '../../../playwright.config'
import { expect, test, toast } from './admin-fixtures'

test('an admin makes a reader an admin and back', async ({ page, login }) => {
  const reader = await login('viewer')
  await page.context().clearCookies()

  await login('admin')
  await page.goto('/admin/users')
  const row = page.getByRole('row').filter({ hasText: reader.email })
  await expect(row).toContainText('viewer')
  await row.getByRole('button', { name: /Make Admin/ }).click()
  // Making an admin asks first, and says what an admin can do.
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('users and roles')
  await confirm.getByRole('button', { name: 'Make Admin' }).click()
  await expect(toast(page, 'User role updated successfully')).toBeVisible()
  await expect(row.getByRole('button', { name: /Remove Admin/ })).toBeVisible()
  await expect(row).toContainText('admin')
  await row.getByRole('button', { name: /Remove Admin/ }).click()
  await expect(row.getByRole('button', { name: /Make Admin/ })).toBeVisible()
  await expect(row).toContainText('viewer')
})

test('an admin gives a reader a staff role from the role menu', async ({ page, login }) => {
  const reader = await login('viewer')
  await page.context().clearCookies()

  await login('admin')
  await page.goto('/admin/users')
  const row = page.getByRole('row').filter({ hasText: reader.email })
  await row.getByRole('combobox', { name: `Role of ${reader.email}` }).click()
  await page.getByRole('option', { name: 'Editor', exact: true }).click()
  await expect(toast(page, 'User role updated successfully')).toBeVisible()
  // The role shows in its column, or under the address on a phone: one of them is visible.
  await expect(row.getByText('editor', { exact: true }).filter({ visible: true })).toBeVisible()
})

test('each role menu shows its role as the server draws the page, before any script', async ({
  browser,
  page,
  login,
}) => {
  const reader = await login('viewer')
  await page.context().clearCookies()
  const admin = await login('admin')
  // The admin's session, in a browser that runs no script: what the page paints first.
  const bare = await browser.newContext({ javaScriptEnabled: false })
  try {
    await bare.addCookies(await page.context().cookies())
    const html = await bare.newPage()
    await html.goto(`${E2E_BASE_URL}/admin/users`)
    const row = (email: string) => html.getByRole('row').filter({ hasText: email })
    await expect(row(reader.email).getByRole('combobox')).toHaveText('Viewer')
    await expect(row(admin.email).getByRole('combobox')).toHaveText('Admin')
    // Promotion is offered on every row in outline, like the row's other actions.
    const promote = row(reader.email).getByRole('button', { name: /Make Admin/ })
    const deactivate = row(reader.email).getByRole('button', { name: /Deactivate/ })
    expect(await promote.getAttribute('class')).toBe(await deactivate.getAttribute('class'))
  } finally {
    await bare.close()
  }
})

test('a contributor opens the back office but not the Users screen', async ({ page, login }) => {
  await login('contributor')
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin$/)
  const response = await page.goto('/admin/users')
  expect(response?.status()).toBe(403)
})
