import { expect, test, toast, unique } from './admin-fixtures'

test.beforeEach(async ({ login }) => login('admin'))

test('an admin creates a plan, readers see it on /subscribe, and archiving takes it off', async ({
  page,
}) => {
  const name = unique('Weekend')
  await page.goto('/admin/plans')
  await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: 'Registered readers' })).toContainText(
    'Free',
  )

  await page.getByRole('button', { name: 'Add Plan' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Plan' })
  // Nothing typed: the form says what is missing, field by field.
  await dialog.getByRole('button', { name: 'Create Plan' }).click()
  await expect(dialog.getByText('Name is required')).toBeVisible()
  await expect(
    dialog.getByText('Give the plan a monthly price, a yearly price, or both'),
  ).toBeVisible()

  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Description').fill('Saturday and Sunday, in full.')
  await dialog.getByLabel('Benefits').fill('The weekend magazine\nThe crossword archive')
  await dialog.getByLabel(/Monthly price/).fill('4.50')
  await dialog.getByLabel(/Yearly price/).fill('45')
  await dialog.getByLabel('Free trial (days)').fill('7')
  await dialog.getByRole('button', { name: 'Create Plan' }).click()
  await expect(toast(page, 'Plan created successfully')).toBeVisible()
  await expect(dialog).toBeHidden()
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('$4.50')
  await expect(row).toContainText('$45')

  await page.goto('/subscribe')
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
  await expect(card).toContainText('Saturday and Sunday, in full.')
  await expect(card).toContainText('The crossword archive')
  await expect(card).toContainText('$4.50')
  await expect(card).toContainText('7-day free trial')
  await page.getByText('Yearly', { exact: true }).click()
  await expect(card).toContainText('$45')
  await expect(card).toContainText('About $3.75 a month')
  // The test server pays through the Stripe stand-in: the plan can be bought at once. (The
  // page without Stripe, "Subscriptions are not open yet.", is _site.subscribe.test.ts's.)
  await expect(page.getByText('Subscriptions are not open yet.')).toHaveCount(0)
  await expect(card.getByRole('button', { name: /Subscribe/ }).first()).toBeVisible()

  await page.goto('/admin/plans')
  await row.getByRole('button', { name: /Archive/ }).click()
  await expect(toast(page, 'Plan archived')).toBeVisible()
  await page.goto('/subscribe')
  await expect(page.getByRole('heading', { name })).toHaveCount(0)
})
