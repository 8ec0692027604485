import { expect, linkInMail, newReader, signUpByRequest, test } from '../fixtures'

// The profile's newsletter card belongs to the account only once its address is confirmed:
// before, it shows no subscription and offers the account's confirmation mail.
test('an unconfirmed account is offered the confirmation mail; once confirmed, it may subscribe', async ({
  page,
}) => {
  const reader = newReader()
  await signUpByRequest(page, reader)

  await page.goto('/profile')
  const card = page.locator('#newsletters')
  await expect(card.getByText("Confirm your account's address to manage newsletters")).toBeVisible()
  await expect(card.getByRole('button', { name: 'Subscribe' })).toHaveCount(0)
  await card.getByRole('button', { name: 'Send the confirmation link' }).click()
  await expect(page.getByText('Link sent')).toBeVisible()

  const link = await linkInMail(reader.email, /http:\/\/\S+\/api\/auth\/verify-email\S+/)
  await page.goto(link)
  await page.goto('/profile')
  await expect(page.getByTestId('address-state')).toHaveText('· Confirmed')
  await card.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByText('Almost there')).toBeVisible()
  await expect(
    card.getByText('Your subscription waits for you to confirm it with the link we mailed to you.'),
  ).toBeVisible()
})
