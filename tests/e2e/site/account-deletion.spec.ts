import { expect, newReader, signUpByRequest, test } from '../fixtures'

// Deleting an account (issue 38): a member's subscription is cancelled in Stripe (the test
// server's stand-in) before the account goes; the reader lands home, told so, and cannot sign in
// again. Staff are told an admin closes their account.

test('a member deletes their account: the subscription is cancelled, then the account goes', async ({
  page,
}) => {
  test.slow()
  const reader = newReader()
  await signUpByRequest(page, reader)

  // A subscription through the stand-in's Checkout.
  await page.goto('/subscribe')
  const digital = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: 'Digital', exact: true }),
  })
  await digital.getByRole('button', { name: 'Subscribe' }).click()
  await page.getByRole('button', { name: 'Pay and subscribe' }).click()
  await expect(page).toHaveURL(/\/profile\?subscribed=1$/)
  await expect(async () => {
    await page.reload()
    await expect(page.locator('#membership')).toContainText('Digital', { timeout: 1000 })
  }).toPass({ timeout: 15_000 })

  // The danger zone at the end of the profile, then the page that says what happens.
  const zone = page.getByRole('region', { name: 'Delete account' })
  await zone.getByRole('link', { name: 'Delete account…' }).click()
  await expect(page).toHaveURL(/\/profile\/delete$/)
  await expect(page.getByRole('heading', { name: 'Delete your account' })).toBeVisible()
  const goes = page.getByRole('region', { name: 'What happens' })
  await expect(goes).toContainText('Your Digital subscription is cancelled in Stripe at once')
  await expect(page.getByRole('region', { name: 'What is kept' })).toContainText(
    'Your payment records (invoices and receipts) stay with Stripe',
  )

  await page.getByLabel('Your password').fill('not-my-password')
  await page.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page.getByText('Incorrect password')).toBeVisible()
  await expect(page).toHaveURL(/\/profile\/delete$/)

  await page.getByLabel('Your password').fill(reader.password)
  await page.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('Your account has been deleted.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible()

  // The address and password no longer open anything.
  await page.goto('/signin')
  await page.getByRole('main').getByLabel('Email address').fill(reader.email)
  await page.getByRole('main').getByLabel('Your Password').fill(reader.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible()
  await expect(page).toHaveURL(/\/signin/)
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fprofile$/)
})

test('staff are told an admin closes their account, and get no delete button', async ({
  page,
  login,
}) => {
  await login('admin')
  await page.goto('/profile')
  const zone = page.getByRole('region', { name: 'Delete account' })
  await expect(zone).toContainText('Staff accounts are closed by an admin of the paper')
  await expect(zone.getByRole('link')).toHaveCount(0)
  await page.goto('/profile/delete')
  await expect(page.getByText('Staff accounts are closed by an admin of the paper')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Delete my account' })).toHaveCount(0)
})
