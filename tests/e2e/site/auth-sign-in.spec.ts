import { expect, newReader, signInThroughForm, signUpThroughForm, test } from '../fixtures'

test('sign up: a new reader is signed in at once and lands on the front page', async ({ page }) => {
  await page.goto('/signup')
  await expect(page.getByRole('heading', { name: /^Join / })).toBeVisible()
  await signUpThroughForm(page, newReader())
  await expect(page.getByRole('button', { name: 'Sign Out' }).first()).toBeVisible()
})

test('sign out: the reader is signed out with a toast', async ({ page, login }) => {
  await login('viewer')
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign Out' }).first().click()
  await expect(page.getByText('You have been signed out successfully.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible()
})

test('sign in: welcome toast and the front page', async ({ page, browser }) => {
  const reader = newReader()
  const signUpPage = await browser.newPage()
  await signUpThroughForm(signUpPage, reader)
  await signUpPage.close()
  await page.goto('/signin')
  await expect(page.getByRole('heading', { name: /^Welcome to / })).toBeVisible()
  await signInThroughForm(page, reader)
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('Welcome back!')).toBeVisible()
  await expect(page.getByText('You have successfully signed in.')).toBeVisible()
})

test('wrong password: an alert with the server message, still on /signin', async ({ page }) => {
  await page.goto('/signin')
  await page.getByRole('main').getByLabel('Email address').fill('admin@example.com')
  await page.getByRole('main').getByLabel('Your Password').fill('certainly-not-the-password')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'Invalid email or password' })
  await expect(alert).toBeVisible()
  await expect(alert).toContainText('Authentication Error')
  await expect(page).toHaveURL(/\/signin/)
})

test('the sign-in page links to sign-up and the forgotten password view', async ({ page }) => {
  await page.goto('/signin')
  await page.getByRole('link', { name: "Don't have an account? Sign up" }).click()
  await expect(page).toHaveURL(/\/signup$/)
  await page.goto('/signin')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page.getByRole('button', { name: 'Send reset password instructions' })).toBeVisible()
})
