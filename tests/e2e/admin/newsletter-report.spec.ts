import type { Page } from '@playwright/test'
import { mailTo, newReader } from '../fixtures'
import { expect, test, toast, unique } from './admin-fixtures'
import { uniqueWord } from './articles-support'

// Issue 36: a reader's click on a story link in the mail goes through the site's own redirect,
// is counted, lands on the story, and the report in the back office shows it.

test.beforeEach(async ({ login }) => login('admin'))
test.use({ viewport: { width: 1366, height: 768 } })

/** An alert list of this test's own with one confirmed reader (imported with consent). */
async function alertListWithReader(page: Page) {
  const name = unique('Report')
  await page.goto('/admin/newsletters')
  await page.getByRole('button', { name: 'New newsletter' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Kind').selectOption({ label: 'Article alerts' })
  await dialog.getByLabel('Default on sign-up').check()
  await dialog.getByRole('button', { name: 'Create newsletter' }).click()
  await expect(toast(page, 'Newsletter created')).toBeVisible()
  const reader = newReader().email
  const imported = await page.request.post('/admin/subscribers', {
    multipart: {
      intent: 'import',
      file: {
        name: 'readers.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`email,consented_at\n${reader},2026-01-01\n`),
      },
    },
  })
  expect(imported.status()).toBe(200)
  await page.reload()
  const card = page.locator('[data-slot="card"]').filter({ hasText: name })
  await card.getByRole('button', { name: `Edit ${name}`, exact: true }).click()
  await dialog.getByLabel('Default on sign-up').uncheck()
  await dialog.getByRole('button', { name: 'Save newsletter' }).click()
  await expect(toast(page, 'Newsletter saved')).toBeVisible()
  return { name, reader }
}

test('a click on a story link in the mail is counted and the issue’s report shows it', async ({
  page,
}) => {
  test.slow()
  const list = await alertListWithReader(page)
  const word = uniqueWord('report')
  const title = `Tide report ${word}`
  const created = await page.request.post('/admin/new-article', {
    form: {
      title,
      excerpt: 'High water at noon.',
      content: '<p>The harbour master posted the tides.</p>'.repeat(30),
      status: 'published',
    },
    maxRedirects: 0,
  })
  expect(created.status()).toBe(302)
  await page.goto(`/admin/articles?q=${encodeURIComponent(word)}`)
  await page.getByRole('link', { name: title, exact: true }).click()
  const row = page
    .getByRole('region', { name: 'Email to subscribers' })
    .getByRole('listitem')
    .filter({ hasText: list.name })
  await row.getByRole('button', { name: 'Email to subscribers' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send' }).click()
  await expect(toast(page, 'Sending to subscribers')).toContainText('1 recipient.')

  // The reader's mail, from the outbox: the story's link is the site's counted redirect.
  await expect.poll(() => mailTo(list.reader), { timeout: 15_000 }).toContain(title)
  const mail = await mailTo(list.reader)
  const link = /Read the story: (\S+)/.exec(mail)?.[1] ?? ''
  expect(link).toMatch(/\/n\/c\/[\w.-]+$/)
  await page.goto(link)
  await expect(page).toHaveURL(/\/article\//)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()

  await page.goto('/admin/newsletters')
  await page.getByRole('link', { name: title, exact: true }).first().click()
  const report = page.locator('[data-slot="card"]').filter({
    has: page.getByRole('heading', { name: 'Delivery' }),
  })
  await expect(report.getByRole('row').filter({ hasText: title })).toContainText('1')
  await expect(report.getByText('Started')).toBeVisible()
  await expect(report).not.toContainText('Not yet')
})
