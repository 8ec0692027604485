import { E2E_ADMIN, E2E_BASE_URL } from '../../../playwright.config'
import { linkInMail, newReader, signInThroughForm, signUpThroughForm } from '../fixtures'
import { expect, test, toast } from './admin-fixtures'

// Users (issue 23, item 12): an admin invites staff by e-mail with a role; the account is made
// when the invitee accepts, with the name they choose. Bylines (item 4): a staff account
// without a display name is asked for one before the back office, then goes on where it was.

const INVITATION_LINK = /https?:\/\/\S*\/invitation\?token=\S+/

test('an admin invites an author, who accepts, lands in the back office and signs in again', async ({
  page,
  login,
  browser,
}) => {
  const invitee = newReader()
  await login('admin')
  await page.goto('/admin/users')
  await page.getByRole('button', { name: 'Invite staff' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite staff' })
  await dialog.getByLabel('Email address').fill(invitee.email)
  await dialog.getByRole('combobox', { name: 'Role' }).click()
  await page.getByRole('option', { name: 'Author', exact: true }).click()
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(toast(page, 'Invitation sent')).toBeVisible()
  await expect(dialog).toBeHidden()
  const pending = page.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem')
  await expect(pending.filter({ hasText: invitee.email })).toContainText('author')

  // The invitee, in a browser of their own.
  const link = await linkInMail(invitee.email, INVITATION_LINK)
  const context = await browser.newContext({ baseURL: E2E_BASE_URL })
  try {
    const guest = await context.newPage()
    await guest.goto(link)
    await expect(guest.getByRole('heading', { name: /^Join / })).toBeVisible()
    await expect(guest.getByLabel('Email address')).toHaveValue(invitee.email)
    await guest.getByLabel('Display name').fill('Ines Invited')
    await guest.getByLabel('Create a Password').fill(invitee.password)
    await guest.getByRole('button', { name: 'Accept invitation' }).click()
    // The post makes the account and signs it in: two password hashes, slow on a busy machine.
    await expect(guest).toHaveURL(/\/admin$/, { timeout: 20_000 })
    await expect(toast(guest, 'Welcome aboard')).toBeVisible()
    await expect(guest.getByRole('heading', { name: 'Dashboard' })).toBeVisible()

    // The link worked once.
    const again = await guest.goto(link)
    expect(again?.status()).toBe(410)
    await expect(guest.getByText('already been accepted')).toBeVisible()

    await context.clearCookies()
    await signInThroughForm(guest, invitee)
    await guest.goto('/admin/articles')
    await expect(guest.getByRole('heading', { name: 'Articles', exact: true })).toBeVisible()
  } finally {
    await context.close()
  }

  await page.reload()
  await expect(page.getByRole('row').filter({ hasText: invitee.email })).toContainText('author')
  await expect(
    page.getByRole('list', { name: 'Pending invitations' }).filter({ hasText: invitee.email }),
  ).toHaveCount(0)
})

test('a revoked invitation’s link answers that it was revoked', async ({ page, login }) => {
  const invitee = newReader()
  await login('admin')
  await page.goto('/admin/users')
  await page.getByRole('button', { name: 'Invite staff' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite staff' })
  await dialog.getByLabel('Email address').fill(invitee.email)
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(toast(page, 'Invitation sent')).toBeVisible()
  const link = await linkInMail(invitee.email, INVITATION_LINK)

  const item = page
    .getByRole('list', { name: 'Pending invitations' })
    .getByRole('listitem')
    .filter({ hasText: invitee.email })
  await item.getByRole('button', { name: /^Revoke/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
  await expect(toast(page, 'Invitation revoked')).toBeVisible()
  await expect(item).toHaveCount(0)

  await page.context().clearCookies()
  const response = await page.goto(link)
  expect(response?.status()).toBe(410)
  await expect(page.getByRole('heading', { name: 'Invitation not valid' })).toBeVisible()
  await expect(
    page.getByText('This invitation was revoked. Ask an admin for a new one if you still need it.'),
  ).toBeVisible()
  await expect(page.getByLabel('Display name')).toHaveCount(0)
})

test('an address that already has an account is refused with a message', async ({
  page,
  login,
}) => {
  await login('admin')
  await page.goto('/admin/users')
  await page.getByRole('button', { name: 'Invite staff' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite staff' })
  await dialog.getByLabel('Email address').fill(E2E_ADMIN.email)
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(dialog.getByRole('alert')).toContainText('already exists')
  await expect(dialog).toBeVisible()
})

test('a staff member without a display name is asked for one, then goes on where they were going', async ({
  page,
  browser,
}) => {
  const reader = newReader()
  await signUpThroughForm(page, reader)
  const adminContext = await browser.newContext({ baseURL: E2E_BASE_URL })
  try {
    const admin = await adminContext.newPage()
    await signInThroughForm(admin, E2E_ADMIN)
    await admin.goto('/admin/users')
    const row = admin.getByRole('row').filter({ hasText: reader.email })
    await row.getByRole('combobox', { name: `Role of ${reader.email}` }).click()
    await admin.getByRole('option', { name: 'Contributor', exact: true }).click()
    await expect(toast(admin, 'User role updated successfully')).toBeVisible()
  } finally {
    await adminContext.close()
  }
  await page.context().clearCookies()
  await signInThroughForm(page, reader)

  await page.goto('/admin/articles')
  const step = page.getByRole('heading', { name: 'Your name on the site' })
  await expect(step).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Articles', exact: true })).toHaveCount(0)
  // Not skipped by going elsewhere in the back office.
  await page.goto('/admin')
  await expect(step).toBeVisible()
  await page.goto('/admin/articles')

  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page.getByText('Enter the name your bylines will show')).toBeVisible()
  await page.getByLabel('Display name').fill('Dana Named')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page).toHaveURL(/\/admin\/articles$/)
  await expect(page.getByRole('heading', { name: 'Articles', exact: true })).toBeVisible()
  await expect(toast(page, 'Display name saved')).toBeVisible()
  await expect(step).toHaveCount(0)
})
