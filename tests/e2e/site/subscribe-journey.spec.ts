import { expect, newReader, test } from '../fixtures'

// Reader revenue end to end (issue 38): a reader meets a members story's wall, makes an
// account, subscribes through Stripe Checkout (the test server's Stripe stand-in serves its
// hosted page and sends the signed webhooks), reads the story in full, and cancels in the
// Customer Portal. Access follows the webhooks alone.

const STORY = '/article/why-we-still-print-the-friday-paper'

test('a reader subscribes through Checkout, reads the members story, and cancels in the portal', async ({
  page,
}) => {
  test.slow()
  await page.goto(STORY)
  const wall = page.getByRole('region', { name: 'Subscribe to keep reading' })
  await expect(wall).toBeVisible()
  const preview = await page.getByRole('main').innerText()

  // An account first: Checkout asks who is paying.
  await wall.getByRole('link', { name: 'See the plans and subscribe' }).click()
  await expect(page).toHaveURL(/\/subscribe$/)
  const reader = newReader()
  const digital = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: 'Digital', exact: true }),
  })
  await digital.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fsubscribe/)
  await page.goto('/signup?redirectTo=%2Fsubscribe')
  await page.getByRole('main').getByLabel('Email address').fill(reader.email)
  await page.getByRole('main').getByLabel('Create a Password').fill(reader.password)
  await page.getByRole('button', { name: 'Sign up', exact: true }).click()
  await expect(page).toHaveURL(/\/subscribe$/)

  // Stripe Checkout (the stand-in's hosted page), then back on the profile.
  await digital.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByRole('heading', { name: 'Checkout (test stand-in)' })).toBeVisible()
  await page.getByRole('button', { name: 'Pay and subscribe' }).click()
  await expect(page).toHaveURL(/\/profile\?subscribed=1$/)
  const membership = page.locator('#membership')
  await expect(async () => {
    await page.reload()
    await expect(membership).toContainText('Digital', { timeout: 1000 })
  }).toPass({ timeout: 15_000 })
  // Digital has a 14-day free trial.
  await expect(membership).toContainText('Trialing')

  // The members story in full.
  await page.goto(STORY)
  await expect(page.getByRole('region', { name: /keep reading/ })).toHaveCount(0)
  expect((await page.getByRole('main').innerText()).length).toBeGreaterThan(preview.length)

  // "Manage billing": the Customer Portal, where the reader cancels; back on the profile the
  // membership runs to the end of the period already given.
  await page.goto('/profile')
  await membership.getByRole('button', { name: 'Manage billing' }).click()
  await expect(page.getByRole('heading', { name: 'Customer portal (test stand-in)' })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel plan' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(async () => {
    await page.reload()
    await expect(membership).toContainText('Cancelled', { timeout: 1000 })
  }).toPass({ timeout: 15_000 })
  await page.goto(STORY)
  await expect(page.getByRole('region', { name: /keep reading/ })).toHaveCount(0)
})
