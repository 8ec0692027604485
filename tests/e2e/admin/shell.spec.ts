import { expect, test } from './admin-fixtures'

test.beforeEach(async ({ login }) => login('admin'))

test('the sidebar highlights the current screen and the breadcrumb leads back', async ({
  page,
}) => {
  await page.goto('/admin/tags')
  const nav = page.getByRole('navigation', { name: 'Admin' })
  await expect(page.getByText('Admin Panel').first()).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Tags' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current')
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(crumbs.getByText('Tags')).toHaveAttribute('aria-current', 'page')
  await crumbs.getByRole('link', { name: 'Admin' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
})

test('Ctrl+B collapses the sidebar and the choice survives a reload', async ({ page }) => {
  await page.goto('/admin/categories')
  const sidebar = page.locator('aside[data-state]')
  await expect(sidebar).toHaveAttribute('data-state', 'expanded')
  await page.keyboard.press('Control+b')
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed')
  await page.reload()
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed')
  await page.keyboard.press('Control+b')
  await expect(sidebar).toHaveAttribute('data-state', 'expanded')
})

test('on a phone the navigation opens in a sheet', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/admin/media')
  await page.getByRole('button', { name: 'Open menu' }).click()
  const sheet = page.getByRole('dialog', { name: 'Admin Panel' })
  await sheet.getByRole('link', { name: 'Users' }).click()
  await expect(page).toHaveURL(/\/admin\/users$/)
  await expect(sheet).toBeHidden()
})

test('an unknown admin address shows the dashboard', async ({ page }) => {
  await page.goto('/admin/no-such-screen')
  await expect(page).toHaveURL(/\/admin$/)
})

test('the header offers Create New Article', async ({ page }) => {
  await page.goto('/admin/users')
  await page.getByRole('link', { name: 'Create New Article' }).click()
  await expect(page).toHaveURL(/\/admin\/new-article$/)
})
