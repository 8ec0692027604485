import { expect, test, toast } from './admin-fixtures'

test('an admin makes a reader an admin and back', async ({ page, login }) => {
  const reader = await login('viewer')
  await page.context().clearCookies()

  await login('admin')
  await page.goto('/admin/users')
  const row = page.getByRole('row').filter({ hasText: reader.email })
  await expect(row).toContainText('viewer')
  await row.getByRole('button', { name: /Make Admin/ }).click()
  await expect(toast(page, 'User role updated successfully')).toBeVisible()
  await expect(row.getByRole('button', { name: /Remove Admin/ })).toBeVisible()
  await expect(row).toContainText('admin')
  await row.getByRole('button', { name: /Remove Admin/ }).click()
  await expect(row.getByRole('button', { name: /Make Admin/ })).toBeVisible()
  await expect(row).toContainText('viewer')
})
