import { linkInMail, newReader } from '../fixtures'
import { waitForHydration } from '../site/site-support'
import { expect, test, toast, unique } from './admin-fixtures'

// Issue 36: the footer's sign-up offers every list with what it sends and how often, and the
// reader receives exactly the lists ticked. An admin makes a third list (not given to new
// readers) first, so the footer offers it beside the two seeded ones.

test.beforeEach(async ({ login }) => login('admin'))

test('a reader ticks two lists in the footer, confirms from the mail, and receives exactly those two', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow()
  const name = unique('Sign-up Weekly')
  await page.goto('/admin/newsletters')
  await page.getByRole('button', { name: 'New newsletter' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Description').fill('Our longer reads, picked by the editors.')
  await dialog.getByLabel('Kind').selectOption({ label: 'Edition' })
  await dialog.getByRole('button', { name: 'Create newsletter' }).click()
  await expect(toast(page, 'Newsletter created')).toBeVisible()

  const { email } = newReader()
  const context = await browser.newContext({ baseURL })
  try {
    const reader = await context.newPage()
    await reader.goto('/')
    await waitForHydration(reader)
    const footer = reader.getByRole('contentinfo')
    const choices = footer.getByRole('group', { name: 'Choose your newsletters' })
    // Each list says what it sends and how often; the new list is not ticked for new readers.
    // (Specs before this one in its shard may have made lists of the same kinds.)
    await expect(choices.getByText('Breaking news alerts as they happen').first()).toBeVisible()
    await expect(choices.getByText('Daily at 07:00').first()).toBeVisible()
    await expect(choices.getByRole('checkbox', { name: new RegExp(`^${name}`) })).not.toBeChecked()
    await expect(choices.getByRole('checkbox', { name: /^Daily briefing/ })).toBeChecked()

    // Nothing ticked is refused with the field error; then two of the three.
    for (const box of await choices.getByRole('checkbox').all()) await box.uncheck()
    await footer.getByRole('textbox', { name: 'Newsletter email' }).fill(email)
    await footer.getByRole('button', { name: 'Subscribe' }).click()
    await expect(footer.getByRole('alert')).toHaveText('Choose at least one newsletter')
    await choices.getByRole('checkbox', { name: /^Breaking news/ }).check()
    await choices.getByRole('checkbox', { name: new RegExp(`^${name}`) }).check()
    await footer.getByRole('button', { name: 'Subscribe' }).click()
    await expect(footer.getByRole('status')).toHaveText(
      'Thanks! Check your inbox for a link to confirm your subscription.',
    )

    await reader.goto(await linkInMail(email, /http:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/))
    await reader.getByRole('button', { name: 'Confirm subscription' }).click()
    await expect(reader.getByRole('main').getByRole('status')).toHaveText(
      `You're subscribed to Breaking news and ${name}.`,
    )
    // No second sign-up form under the confirmation.
    await expect(reader.getByRole('textbox', { name: 'Newsletter email' })).toHaveCount(0)

    await reader.getByRole('link', { name: 'Manage your newsletters' }).click()
    await expect(reader.getByRole('heading', { name: 'Newsletter preferences' })).toBeVisible()
    const mine = reader.getByRole('group', { name: 'Your newsletters' })
    await expect(mine.getByRole('checkbox', { name: /^Breaking news/ })).toBeChecked()
    await expect(mine.getByRole('checkbox', { name: new RegExp(`^${name}`) })).toBeChecked()
    await expect(mine.getByRole('checkbox', { name: /^Daily briefing/ })).not.toBeChecked()
    // Exactly those two, whatever lists earlier journeys left.
    await expect(mine.locator('input[name="list"]:checked')).toHaveCount(2)
  } finally {
    await context.close()
  }
})
