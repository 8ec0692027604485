import { expect, test } from '../fixtures'

test('an anonymous reader is sent to /signin with Access Denied', async ({ page }) => {
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fadmin/)
  await expect(page.getByText('Access Denied')).toBeVisible()
  await expect(page.getByText('Please sign in to access the admin panel.')).toBeVisible()
})

test('a viewer is sent to the front page with Access Denied', async ({ page, login }) => {
  await login('viewer')
  await page.goto('/admin/articles')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('You must be an admin to access this page.')).toBeVisible()
})

test('an admin who signs in from the gate comes back to the admin page', async ({ page }) => {
  await page.goto('/admin/categories')
  await expect(page).toHaveURL(/\/signin/)
  await page.getByRole('main').getByLabel('Email address').fill('admin@example.com')
  await page.getByRole('main').getByLabel('Your Password').fill('e2e-admin-password')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/categories$/)
})
