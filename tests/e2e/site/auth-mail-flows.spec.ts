import { expect, linkInMail, mailTo, newReader, signUpThroughForm, test } from '../fixtures'

test('forgotten password: the mailed link leads to a new password that works', async ({
  page,
  browser,
}) => {
  const reader = newReader()
  const setup = await browser.newPage()
  await signUpThroughForm(setup, reader)
  await setup.close()

  await page.goto('/forgot-password')
  await page.getByRole('main').getByLabel('Email address').fill(reader.email)
  await page.getByRole('button', { name: 'Send reset password instructions' }).click()
  await expect(page.getByText('Check your email for the password reset link')).toBeVisible()

  const link = await linkInMail(reader.email, /http:\/\/\S+\/reset-password\?token=\S+/)
  await page.goto(link)
  await page.getByRole('main').getByLabel('New password').fill('a-completely-new-password')
  await page.getByRole('button', { name: 'Update password' }).click()
  await expect(page.getByText('Your password has been updated')).toBeVisible()

  await page.goto('/signin')
  await page.getByRole('main').getByLabel('Email address').fill(reader.email)
  await page.getByRole('main').getByLabel('Your Password').fill('a-completely-new-password')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText('Welcome back!')).toBeVisible()
})

test('magic link: an empty address is refused with a clear message', async ({ page }) => {
  await page.goto('/magic-link')
  await page.getByRole('button', { name: 'Send Magic Link' }).click()
  await expect(page.getByText('You must provide an email address')).toBeVisible()
})

test('magic link: the mailed link signs the reader in', async ({ page, browser }) => {
  const reader = newReader()
  const setup = await browser.newPage()
  await signUpThroughForm(setup, reader)
  await setup.close()

  await page.goto('/signin')
  await page.getByRole('link', { name: 'Send a magic link email' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in with a magic link' })).toBeVisible()
  await page.getByRole('main').getByLabel('Email address').fill(reader.email)
  await page.getByRole('button', { name: 'Send Magic Link' }).click()
  await expect(page.getByText('Check your email for the magic link')).toBeVisible()

  const link = await linkInMail(reader.email, /http:\/\/\S+\/api\/auth\/magic-link\/verify\S+/)
  await page.goto(link)
  await expect(page.getByText('Welcome back!')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Profile' }).first()).toBeVisible()
})

test('one-time code: the code from the mail signs in on the Verify token page', async ({
  page,
}) => {
  const reader = newReader()
  await page.goto('/magic-link')
  await page.getByRole('main').getByLabel('Email address').fill(reader.email)
  await page.getByRole('button', { name: 'Send Magic Link' }).click()
  await expect(page.getByText('Check your email for the magic link')).toBeVisible()
  const code = /one-time code: (\d{6})/.exec(await mailTo(reader.email))?.[1] ?? ''

  await page.getByRole('link', { name: /Verify token/ }).click()
  await expect(page.getByRole('heading', { name: 'Verify your one-time code' })).toBeVisible()
  await page.getByRole('main').getByLabel('Email address').fill(reader.email)
  await page.getByRole('main').getByLabel('Token').fill(code)
  await page.getByRole('button', { name: 'Verify token' }).click()
  await expect(page.getByText('Welcome back!')).toBeVisible()
})
