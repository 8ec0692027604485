import { expect, test, toast, unique } from './admin-fixtures'

test.beforeEach(async ({ login }) => login('admin'))

test('an admin adds, renames in place and deletes a tag', async ({ page }) => {
  const name = unique('Lighthouse')
  const renamed = `${name} keepers`
  await page.goto('/admin/tags')
  await page.getByPlaceholder('Tag name').fill(name)
  await page.getByRole('button', { name: 'Add Tag' }).click()
  await expect(toast(page, 'Tag created successfully')).toBeVisible()
  await expect(page.getByPlaceholder('Tag name')).toHaveValue('')
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText(name.toLowerCase().replace(/[^a-z0-9]+/g, '-'))

  await row.getByRole('button', { name: /Edit/ }).click()
  const input = page.getByRole('textbox', { name: `New name for ${name}` })
  await input.fill(renamed)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Tag updated successfully')).toBeVisible()
  const renamedRow = page.getByRole('row').filter({ hasText: renamed })
  await expect(renamedRow).toContainText('-keepers')

  await renamedRow.getByRole('button', { name: /Delete/ }).click()
  await page
    .getByRole('alertdialog', { name: 'Are you sure you want to delete this tag?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(toast(page, 'Tag deleted successfully')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: renamed })).toHaveCount(0)
})

test('a blank tag name is refused with "Name is required"', async ({ page }) => {
  await page.goto('/admin/tags')
  await page.getByRole('button', { name: 'Add Tag' }).click()
  await expect(page.getByText('Name is required')).toBeVisible()
})
