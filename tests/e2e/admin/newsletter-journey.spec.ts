import { linkInMail, mailTo, newReader } from '../fixtures'
import { waitForHydration } from '../site/site-support'
import { expect, test, toast, unique } from './admin-fixtures'

// The newsletter as people meet it: an admin makes a hand-composed list that new readers get
// by default, a reader signs up in the footer and confirms from the mail, the admin composes
// and sends an edition, and the reader manages and leaves the list from the links in it.

test.beforeEach(async ({ login }) => login('admin'))

test('an edition goes from the composer to a confirmed reader, who manages and leaves the list from its mail', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two windows and a dozen pages, one of them waiting for the background sender.
  test.slow()
  const name = unique('Journey Weekly')
  const subject = unique('This week in the harbour')
  const intro = `Our pick of the week, for the readers of ${name}.`
  const QUOTE = 'Worth every minute.'
  const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'
  const { email } = newReader()

  // The admin makes an edition list, given to every new subscriber.
  await page.goto('/admin/newsletters')
  await page.getByRole('button', { name: 'New newsletter' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'New newsletter' })).toBeVisible()
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Description').fill('The week, composed by hand.')
  await dialog.getByLabel('Kind').selectOption({ label: 'Edition' })
  await dialog.getByLabel('Default on sign-up').check()
  await dialog.getByRole('button', { name: 'Create newsletter' }).click()
  await expect(toast(page, 'Newsletter created')).toBeVisible()
  await expect(dialog).toBeHidden()
  const card = page.locator('[data-slot="card"]').filter({ hasText: name })
  await expect(card.getByText('Edition', { exact: true })).toBeVisible()
  await expect(card.getByText('Default on sign-up')).toBeVisible()
  await expect(card).toContainText('0 subscribers')

  const report = page
    .locator('[data-slot="card"]')
    .filter({ has: page.locator('[data-slot="card-title"]', { hasText: /^Report$/ }) })
  /** A figure of the send's report, by its label. */
  const figure = (label: string) => report.locator(`dt:text-is("${label}") + dd`)

  // A reader with no account subscribes in the footer and confirms from the mail.
  const context = await browser.newContext({ baseURL })
  try {
    const reader = await context.newPage()
    await reader.goto('/')
    await waitForHydration(reader)
    const footer = reader.getByRole('contentinfo')
    await footer.getByRole('textbox', { name: 'Newsletter email' }).fill(email)
    await footer.getByRole('button', { name: 'Subscribe' }).click()
    await expect(footer.getByRole('status')).toHaveText(
      'Thanks! Check your inbox for a link to confirm your subscription.',
    )
    await reader.goto(await linkInMail(email, /http:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/))
    await expect(reader.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible()
    await expect(
      reader.getByText('Press the button to start receiving our newsletter.'),
    ).toBeVisible()
    await reader.getByRole('button', { name: 'Confirm subscription' }).click()
    // The footer ticks every list given to new readers, this one among them (issue 36).
    await expect(reader.getByRole('main').getByRole('status')).toHaveText(
      new RegExp(`^You're subscribed to .*${name}`),
    )

    // The list has its subscriber; the admin stops giving it to new ones (it cannot be deleted
    // once sent, and later journeys that subscribe find the lists as they were).
    await page.reload()
    await expect(card).toContainText('1 subscriber')
    await card.getByRole('button', { name: `Edit ${name}`, exact: true }).click()
    await expect(dialog.getByRole('heading', { name: 'Edit newsletter' })).toBeVisible()
    await dialog.getByLabel('Default on sign-up').uncheck()
    await dialog.getByRole('button', { name: 'Save newsletter' }).click()
    await expect(toast(page, 'Newsletter saved')).toBeVisible()
    await expect(card.getByText('Default on sign-up')).toHaveCount(0)
    await expect(card).toContainText('1 subscriber')

    // The admin composes an edition of the list and sends it to that reader.
    await card.getByRole('button', { name: 'New edition' }).click()
    await expect(page).toHaveURL(/\/admin\/newsletters\/issues\/\d+$/)
    await expect(page.getByRole('heading', { name: 'Untitled edition' })).toBeVisible()
    await page.getByLabel('Subject').fill(subject)
    // The introduction is written in the article editor, with its blocks.
    const introduction = page.getByRole('textbox', { name: 'Introduction' })
    await introduction.click()
    await page.keyboard.type(intro)
    await page.keyboard.press('Enter')
    await page.keyboard.type('/quo')
    await page.keyboard.press('Enter')
    await page.keyboard.type(QUOTE)
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await page.keyboard.type('/embed')
    await page.keyboard.press('Enter')
    const embed = page.getByRole('dialog', { name: 'Embed' })
    await embed.getByLabel('Address').fill(VIDEO)
    await embed.getByRole('button', { name: 'Insert embed' }).click()
    await expect(embed).toBeHidden()
    await expect(introduction.locator('figure[data-block="pull-quote"]')).toHaveCount(1)
    await expect(introduction.locator('figure[data-embed-editor]')).toHaveCount(1)
    const offered = page.getByRole('list', { name: 'Published stories' }).getByRole('button')
    const story = (await offered.first().innerText()).trim()
    await offered.first().click()
    const chosen = page.getByRole('group', { name: 'Stories, in order' }).getByRole('listitem')
    await expect(chosen).toHaveCount(1)
    await expect(chosen).toContainText(story)
    await page.getByRole('button', { name: 'Save draft' }).click()
    await expect(toast(page, 'Edition saved')).toBeVisible()
    await expect(page.getByRole('heading', { name: subject })).toBeVisible()

    await expect(
      page.getByText('1 recipient now (confirmed, not paused, not suppressed).'),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Send now' }).click()
    const question = page.getByRole('alertdialog')
    await expect(question.getByRole('heading', { name: 'Send to 1 recipient?' })).toBeVisible()
    await question.getByRole('button', { name: 'Send now' }).click()
    await expect(toast(page, 'Sending')).toContainText('To 1 recipient.')
    await expect(report.getByText('100% handled')).toBeVisible({ timeout: 20_000 })
    await expect(figure('Recipients')).toHaveText('1')
    await expect(figure('Sent')).toHaveText('1')
    await expect(page.locator('[data-slot="badge"]', { hasText: /^Sent$/ })).toBeVisible()

    // The reader's copy arrives, with their own links at its foot.
    await expect.poll(() => mailTo(email), { timeout: 15_000 }).toContain(subject)
    const mail = await mailTo(email)
    expect(mail).toContain(intro)
    // The plain-text part: each block written for reading.
    expect(mail).toContain(`“${QUOTE}”`)
    expect(mail).toContain(`YouTube: About ${VIDEO}\n${VIDEO}`)
    expect(mail).toContain(story)
    expect(mail).toContain(`You receive ${name} because you subscribed to it.`)
    const preferences = await linkInMail(email, /http:\/\/\S+\/newsletter\/preferences\?t=[\w-]+/)
    const unsubscribe = await linkInMail(email, /http:\/\/\S+\/newsletter\/unsubscribe\?t=[\w.-]+/)

    // Opening the unsubscribe link only asks; the preferences page still shows the list chosen.
    await reader.goto(unsubscribe)
    await expect(reader.getByRole('heading', { name: 'Unsubscribe', exact: true })).toBeVisible()
    await expect(reader.getByText(`Press the button to stop receiving ${name}.`)).toBeVisible()
    await reader.goto(preferences)
    await expect(reader.getByRole('heading', { name: 'Newsletter preferences' })).toBeVisible()
    await expect(reader.getByText(`Newsletters for ${email}`)).toBeVisible()
    await expect(reader.getByRole('checkbox', { name })).toBeChecked()

    // The button takes the reader off the list.
    await reader.goto(unsubscribe)
    await reader.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect(reader.getByRole('main').getByRole('status')).toHaveText(
      `You have been unsubscribed from ${name}.`,
    )
    await reader.goto(preferences)
    await expect(reader.getByRole('checkbox', { name })).not.toBeChecked()

    // The list's public archive holds the edition; its web version is the mail as sent.
    await reader
      .locator('label')
      .filter({ hasText: name })
      .getByRole('link', { name: 'Past issues' })
      .click()
    await expect(reader.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(reader.getByText('Edition · Newsletter')).toBeVisible()
    await reader.getByRole('link', { name: subject }).click()
    await expect(reader).toHaveURL(/\/newsletters\/[\w-]+\/\d+$/)
    // The site's page around the mail as sent, which it shows in a frame of its own.
    await expect(reader.getByRole('heading', { level: 1, name })).toBeVisible()
    const copy = reader.frameLocator(`iframe[title="${subject}"]`)
    await expect(copy.getByText(intro)).toBeVisible()
    // Each block in its mail form: the quote set as one, the video a card with its stored
    // thumbnail linking to the provider, and no frame or script.
    await expect(copy.getByText(`“${QUOTE}”`)).toBeVisible()
    await expect(copy.getByRole('img', { name: `About ${VIDEO}` })).toBeVisible()
    await expect(copy.locator(`a[href="${VIDEO}"]`)).toHaveCount(2)
    await expect(copy.locator('iframe, script')).toHaveCount(0)
    await expect(copy.getByRole('heading', { level: 2, name: story })).toBeVisible()
  } finally {
    await context.close()
  }

  // The send's report counts the reader who left since.
  await page.reload()
  await expect(figure('Unsubscribed since')).toHaveText('1')
})
