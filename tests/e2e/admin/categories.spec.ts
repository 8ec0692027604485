import { expect, test, toast, unique } from './admin-fixtures'

test.beforeEach(async ({ login }) => login('admin'))

test('an admin adds, edits and deletes a category', async ({ page }) => {
  const name = unique('Harbour')
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  await page.goto('/admin/categories')
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible()
  await expect(page.getByText('they become Uncategorized')).toBeVisible()

  await page.getByRole('button', { name: 'Add Category' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Category' })
  await dialog.getByLabel('Name').fill(name)
  // The slug is proposed from the name.
  await expect(dialog.getByLabel('Slug')).toHaveValue(slug)
  await dialog.getByLabel('Description').fill('Ships and the people on them.')
  await dialog.getByRole('button', { name: 'Create Category' }).click()
  await expect(toast(page, 'Category created successfully')).toBeVisible()
  await expect(dialog).toBeHidden()
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText(slug)

  await row.getByRole('button', { name: /Edit/ }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Category' })
  await edit.getByLabel('Description').fill('Ships, docks and tides.')
  await edit.getByRole('button', { name: 'Update Category' }).click()
  await expect(toast(page, 'Category updated successfully')).toBeVisible()
  await expect(row).toContainText('Ships, docks and tides.')

  await row.getByRole('button', { name: /Delete/ }).click()
  const confirm = page.getByRole('alertdialog', {
    name: 'Are you sure you want to delete this category?',
  })
  await expect(confirm).toContainText('It has no articles.')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Category deleted successfully')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0)
})

test('the category dialog checks its fields before sending', async ({ page }) => {
  await page.goto('/admin/categories')
  await page.getByRole('button', { name: 'Add Category' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Category' })
  await dialog.getByRole('button', { name: 'Create Category' }).click()
  await expect(dialog.getByText('Name is required')).toBeVisible()
  await expect(dialog.getByText('Slug is required')).toBeVisible()
})

test('a field’s message clears as soon as the field is valid', async ({ page }) => {
  await page.goto('/admin/categories')
  await page.getByRole('button', { name: 'Add Category' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Category' })
  await dialog.getByRole('button', { name: 'Create Category' }).click()
  await expect(dialog.getByText('Name is required')).toBeVisible()
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
  // Typing the name fills the slug too: both messages go, with no second submit.
  await dialog.getByLabel('Name').fill('Tides')
  await expect(dialog.getByText('Name is required')).toBeHidden()
  await expect(dialog.getByText('Slug is required')).toBeHidden()
  await expect(dialog.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true')
  // Emptied again, the field is checked again only at the next submit.
  await dialog.getByLabel('Name').fill('')
  await expect(dialog.getByText('Name is required')).toBeHidden()
  await dialog.getByRole('button', { name: 'Create Category' }).click()
  await expect(dialog.getByText('Name is required')).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
})
