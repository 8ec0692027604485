import { E2E_BASE_URL } from '../../../playwright.config'
import { newReader, signUpByRequest } from '../fixtures'
import { expect, test, toast, unique } from './admin-fixtures'

test('an admin grants a reader complimentary access and finds them in Members', async ({
  page,
  browser,
  login,
}) => {
  // A reader with an account of their own, signed up in a window of their own.
  const reader = newReader()
  const readerContext = await browser.newContext({ baseURL: E2E_BASE_URL })
  try {
    await signUpByRequest(await readerContext.newPage(), reader)
  } finally {
    await readerContext.close()
  }

  await login('admin')
  const plan = unique('Press pass')
  await page.goto('/admin/plans')
  await page.getByRole('button', { name: 'Add Plan' }).click()
  await page.getByLabel('Name').fill(plan)
  await page.getByLabel(/Monthly price/).fill('9')
  await page.getByRole('button', { name: 'Create Plan' }).click()
  await expect(toast(page, 'Plan created successfully')).toBeVisible()

  await page.goto('/admin/members')
  await page.getByLabel('Reader’s e-mail').fill(reader.email)
  await page.getByRole('button', { name: 'Open reader' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText(reader.email).first()).toBeVisible()
  await expect(page.getByText('Not a member: no plan granted or bought yet.')).toBeVisible()

  await page.getByLabel('Plan', { exact: true }).selectOption({ label: plan })
  await page.getByLabel('Last day of access').fill('2099-12-31')
  await page.getByLabel('Note (optional)').fill('Festival partner')
  await page.getByRole('button', { name: 'Grant access' }).click()
  await expect(toast(page, 'Access granted')).toBeVisible()
  const membership = page
    .getByRole('table', { name: 'Memberships' })
    .getByRole('row')
    .filter({ hasText: plan })
  await expect(membership).toContainText('Active')
  await expect(membership).toContainText('Dec 31, 2099')
  await expect(page.getByRole('list', { name: 'History' })).toContainText(
    `Complimentary access to ${plan} until December 31, 2099`,
  )

  await page.getByRole('link', { name: 'All members' }).click()
  await page.getByLabel('Name or e-mail').fill(reader.email)
  await page.getByLabel('Source').selectOption('complimentary')
  await page.getByRole('button', { name: 'Filter' }).click()
  const row = page.getByRole('row').filter({ hasText: reader.email })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(plan)
  await expect(row).toContainText('Active')
})
