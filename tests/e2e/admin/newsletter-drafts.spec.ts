import { expect, test, toast, unique } from './admin-fixtures'

test.beforeEach(async ({ login }) => login('admin'))

test('a draft edition is deleted from the newsletters page, after its question', async ({
  page,
}) => {
  // A list made, an edition started and deleted: past 30 s on a loaded machine (seen at a load
  // average of 20, the question already open).
  test.slow()
  const name = unique('Drafts Weekly')
  await page.goto('/admin/newsletters')
  await page.getByRole('button', { name: 'New newsletter' }).click()
  await page.getByRole('dialog').getByLabel('Name').fill(name)
  await page.getByRole('dialog').getByRole('button', { name: 'Create newsletter' }).click()
  await expect(toast(page, 'Newsletter created')).toBeVisible()

  const card = page.locator('[data-slot="card"]').filter({ hasText: name })
  await card.getByRole('button', { name: 'New edition' }).click()
  await expect(page).toHaveURL(/\/admin\/newsletters\/issues\/\d+$/)
  const issuePath = new URL(page.url()).pathname

  await page.goto('/admin/newsletters')
  const row = card.getByRole('listitem').filter({ has: page.locator(`a[href="${issuePath}"]`) })
  await expect(row).toContainText('Untitled edition')
  await row.getByRole('button', { name: /Delete draft/ }).click()
  const question = page.getByRole('alertdialog')
  await expect(question.getByRole('heading', { name: 'Delete this draft?' })).toBeVisible()
  await question.getByRole('button', { name: 'Cancel' }).click()
  await expect(row).toBeVisible()

  await row.getByRole('button', { name: /Delete draft/ }).click()
  await question.getByRole('button', { name: 'Delete draft' }).click()
  await expect(toast(page, 'Draft deleted')).toBeVisible()
  await expect(card.locator(`a[href="${issuePath}"]`)).toHaveCount(0)
  await expect(card).toContainText('No issues yet.')
})
