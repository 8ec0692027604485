import { generateSync } from 'otplib'
import { expect, test } from '../fixtures'

test('enrol TOTP from the profile, then sign in with a code', async ({ page, login }) => {
  const reader = await login('viewer')
  await page.goto('/profile')
  const section = page.getByRole('region', { name: 'Two-factor authentication' })
  await section.getByLabel('Your Password').fill(reader.password)
  await section.getByRole('button', { name: 'Set up two-factor' }).click()

  await expect(
    section.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible()
  const key = ((await section.getByTestId('totp-key').textContent()) ?? '').replace(/\s+/g, '')
  await section.getByLabel('Code').fill(generateSync({ secret: key }))
  await section.getByRole('button', { name: 'Verify and turn on' }).click()
  await expect(
    section.getByRole('list', { name: 'Backup codes' }).getByRole('listitem'),
  ).toHaveCount(10)

  await page.getByRole('button', { name: 'Sign Out' }).first().click()
  await expect(page.getByText('You have been signed out successfully.')).toBeVisible()

  await page.goto('/signin')
  await page.getByRole('main').getByLabel('Email address').fill(reader.email)
  await page.getByRole('main').getByLabel('Your Password').fill(reader.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/two-factor/)
  // A code is accepted once and the enrolment used this period's; the server also accepts
  // the next period's code (±1 step), which has not been used.
  const nextCode = generateSync({ secret: key, epoch: Math.floor(Date.now() / 1000) + 30 })
  await page.getByRole('main').getByLabel('Code').fill(nextCode)
  await page.getByRole('button', { name: 'Verify', exact: true }).click()
  await expect(page.getByText('Welcome back!')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
})
