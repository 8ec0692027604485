import fs from 'node:fs/promises'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { E2E_DATA_DIR } from '../../../playwright.config'
import { mailTo, newReader } from '../fixtures'
import { expect, test, toast, unique } from './admin-fixtures'
import { uniqueWord } from './articles-support'

// "Email to subscribers" lives in the publishing panel, where nothing covers it: a real click
// reaches it on a laptop's screen, on a story about to be published ("Publish and email …")
// and on one already out. A list without confirmed subscribers says so.

test.beforeEach(async ({ login }) => login('admin'))

/**
 * A list of article alerts of this test's own with `count` confirmed readers: made default on
 * sign-up for as long as an import takes (imported readers join the default lists), then not.
 */
async function alertListWithReaders(page: Page, count: number) {
  const name = unique('Flash')
  await page.goto('/admin/newsletters')
  await page.getByRole('button', { name: 'New newsletter' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Kind').selectOption({ label: 'Article alerts' })
  if (count > 0) await dialog.getByLabel('Default on sign-up').check()
  await dialog.getByRole('button', { name: 'Create newsletter' }).click()
  await expect(toast(page, 'Newsletter created')).toBeVisible()
  const readers = Array.from({ length: count }, () => newReader().email)
  if (count > 0) {
    const csv = ['email,consented_at', ...readers.map((email) => `${email},2026-01-01`)].join('\n')
    const imported = await page.request.post('/admin/subscribers', {
      multipart: {
        intent: 'import',
        file: { name: 'readers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
      },
    })
    expect(imported.status()).toBe(200)
    await page.reload()
    const card = page.locator('[data-slot="card"]').filter({ hasText: name })
    await expect(card).toContainText(`${count} ${count === 1 ? 'subscriber' : 'subscribers'}`)
    await card.getByRole('button', { name: `Edit ${name}`, exact: true }).click()
    await dialog.getByLabel('Default on sign-up').uncheck()
    await dialog.getByRole('button', { name: 'Save newsletter' }).click()
    await expect(toast(page, 'Newsletter saved')).toBeVisible()
  }
  return { name, readers }
}

/** An article of this test's own, saved through the form's action; its edit address. */
async function storedArticle(page: Page, status: 'draft' | 'published') {
  const word = uniqueWord('alert')
  const title = `Ferry alert ${word}`
  const paragraph = '<p>The harbour authority closed the pier while the storm passed.</p>'
  const response = await page.request.post('/admin/new-article', {
    form: { title, excerpt: 'The pier is closed.', content: paragraph.repeat(40), status },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(302)
  await page.goto(`/admin/articles?q=${encodeURIComponent(word)}`)
  const href = await page.getByRole('link', { name: title, exact: true }).getAttribute('href')
  return { title, editUrl: href ?? '' }
}

/** The element at the control's centre is the control (or inside it): nothing covers it. */
async function expectUncovered(control: Locator) {
  await control.scrollIntoViewIfNeeded()
  await expect
    .poll(() =>
      control.evaluate((element) => {
        const { x, y, width, height } = element.getBoundingClientRect()
        const top = document.elementFromPoint(x + width / 2, y + height / 2)
        return top !== null && element.contains(top)
      }),
    )
    .toBe(true)
}

/** How many mails in the outbox went to `to` with `subject`. */
async function mailsTo(to: string, subject: string) {
  const dir = path.join(E2E_DATA_DIR, 'outbox')
  const names = (await fs.readdir(dir)).filter((name) => name.endsWith('.eml'))
  let count = 0
  for (const name of names) {
    const raw = await fs.readFile(path.join(dir, name), 'utf8')
    if (raw.includes(`To: ${to}`) && raw.includes(subject)) count += 1
  }
  return count
}

test.describe('at 1366 × 768', () => {
  test.use({ viewport: { width: 1366, height: 768 } })

  test('publishing with the alert mails the story once to the list’s confirmed readers', async ({
    page,
  }) => {
    // A list, an import, an article and its publication, then the background sender.
    test.slow()
    const list = await alertListWithReaders(page, 2)
    const article = await storedArticle(page, 'draft')
    await page.goto(article.editUrl)

    const publishAndEmail = page.getByRole('button', {
      name: `Publish and email ${list.name}, 2 subscribers`,
    })
    await expectUncovered(publishAndEmail)
    await publishAndEmail.click()
    const question = page.getByRole('alertdialog')
    await expect(
      question.getByRole('heading', { name: 'Publish and email this story to 2 subscribers?' }),
    ).toBeVisible()
    await question.getByRole('button', { name: 'Publish and email' }).click()
    await expect(toast(page, 'Article updated successfully')).toContainText(
      'Published, and emailing 2 subscribers.',
    )

    for (const reader of list.readers) {
      await expect.poll(() => mailTo(reader), { timeout: 15_000 }).toContain(article.title)
    }
    // The panel now says where it went, and offers no second send to that list.
    await page.goto(article.editUrl)
    const section = page.getByRole('region', { name: 'Email to subscribers' })
    await expect(section).toContainText(`${list.name}: sent to 2 subscribers`)
    for (const reader of list.readers) expect(await mailsTo(reader, article.title)).toBe(1)
  })

  test('on a published story, Email to subscribers is clicked for real at the end of the page', async ({
    page,
  }) => {
    test.slow()
    const list = await alertListWithReaders(page, 1)
    const article = await storedArticle(page, 'published')
    await page.goto(article.editUrl)
    // Scrolled to the end of the long body: the panel is still where the button can be met.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    const row = page
      .getByRole('region', { name: 'Email to subscribers' })
      .getByRole('listitem')
      .filter({ hasText: list.name })
    await expect(row).toContainText('1 confirmed subscriber')
    const send = row.getByRole('button', { name: 'Email to subscribers' })
    await expectUncovered(send)
    await send.click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send' }).click()
    await expect(toast(page, 'Sending to subscribers')).toContainText('1 recipient.')
    await expect.poll(() => mailTo(list.readers[0]), { timeout: 15_000 }).toContain(article.title)
    await expect(row).toContainText(`${list.name}: sent to 1 subscriber`)
  })
})

test('a list without confirmed subscribers says why nothing can be sent', async ({ page }) => {
  const list = await alertListWithReaders(page, 0)
  for (const status of ['published', 'draft'] as const) {
    const article = await storedArticle(page, status)
    await page.goto(article.editUrl)
    const section = page.getByRole('region', { name: 'Email to subscribers' })
    const row = section.getByRole('listitem').filter({ hasText: list.name })
    await expect(row).toHaveText(`No confirmed subscribers on ${list.name} yet`)
    await expect(row.getByRole('button')).toHaveCount(0)
  }
})
