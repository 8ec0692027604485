import { buildPdf } from '../../../app/domain/seed/seed.server'
import { formatMegabytes } from '../../../app/lib/file-size'
import { expect, test, toast, unique } from './admin-fixtures'

test.beforeEach(async ({ login, page }) => {
  await login('admin')
  await page.goto('/admin/media')
  await page.getByRole('tab', { name: 'PDF Newspapers' }).click()
})

test('an edition uploaded with a title and date is listed with its cover, then edited and deleted', async ({
  page,
}) => {
  const title = unique('E2E edition')
  const pdf = buildPdf(
    [
      { heading: 'The E2E Gazette', lines: ['Front-page news'] },
      { heading: 'Page two', lines: ['Only on the second page'] },
    ],
    { title },
  )
  const panel = page.getByRole('tabpanel')
  await panel.getByLabel('Title').fill(title)
  await panel.getByLabel('Edition date').fill('2026-04-17')
  await panel.getByLabel('PDF file').setInputFiles({
    name: 'gazette.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  })
  await panel.getByRole('button', { name: 'Upload edition' }).click()
  // The upload answers at once; the pages are read after, in a reading process that may have
  // to start first (decision 0036): the edition shows as processing until then.
  test.slow()
  await expect(
    panel.getByRole('listitem').filter({ hasText: title }).getByRole('status'),
  ).toContainText('Processing')
  await expect(toast(page, 'File uploaded')).toContainText(
    'Your file has been uploaded successfully.',
    {
      timeout: 60_000,
    },
  )

  const card = panel.getByRole('listitem').filter({ hasText: title })
  await expect(card).toContainText('April 17, 2026')
  await expect(card).toContainText('2 pages')
  await expect(card).toContainText(formatMegabytes(pdf.length))
  await expect(card).toContainText(/\d+\.\d\d MB/)
  const cover = card.getByAltText(`Cover of ${title}`)
  await expect(cover).toBeVisible()
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600)
  // The form is ready for the next edition: a new title with its day, not the last one's.
  await expect(panel.getByLabel('Title')).not.toHaveValue(title)
  await expect(panel.getByLabel('Title')).toHaveValue(/[A-Z][a-z]+ \d{1,2}, \d{4}$/)

  await card.getByRole('button', { name: `Edit ${title}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit edition' })
  await dialog.getByLabel('Number').fill('0')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(dialog.getByText('The number must be a whole number above 0')).toBeVisible()
  await dialog.getByLabel('Number').fill('512')
  // The message goes as soon as the field is valid.
  await expect(dialog.getByText('The number must be a whole number above 0')).toBeHidden()
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page, 'Edition updated')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(card).toContainText('No. 512')

  await card.getByRole('button', { name: `Delete ${title}` }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete this edition?' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(card).toBeVisible()
  await card.getByRole('button', { name: `Delete ${title}` }).click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'File deleted')).toContainText('The file has been deleted successfully.')
  await expect(card).toHaveCount(0)
})

test('the upload form asks for a title, a date and a PDF, and refuses other files', async ({
  page,
}) => {
  const panel = page.getByRole('tabpanel')
  // The form proposes a title and a date (the next edition): the desk empties both.
  await panel.getByLabel('Title').fill('')
  await panel.getByLabel('Edition date').fill('')
  await panel.getByRole('button', { name: 'Upload edition' }).click()
  await expect(panel.getByText('Title is required')).toBeVisible()
  await expect(panel.getByText('Edition date is required')).toBeVisible()
  await expect(panel.getByText('Choose a PDF file')).toBeVisible()

  await panel.getByLabel('Title').fill('Notes')
  await panel.getByLabel('Edition date').fill('2026-04-17')
  await panel.getByLabel('PDF file').setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('just some notes, not a PDF'),
  })
  await panel.getByRole('button', { name: 'Upload edition' }).click()
  await expect(toast(page, 'Invalid file type')).toContainText(
    'Please upload only PDF files in this section',
  )
  await expect(panel.getByRole('listitem').filter({ hasText: 'Notes' })).toHaveCount(0)
})

test('the demo editions are listed with their covers, titles, numbers and pages', async ({
  page,
}) => {
  const cards = page
    .getByRole('tabpanel')
    .getByRole('list', { name: 'Editions' })
    .getByRole('listitem')
  await expect(cards.first()).toContainText(/The Broadsheet, [A-Z][a-z]+ \d{1,2}, \d{4}/)
  await expect(cards.first()).toContainText(/No\. \d+ · 3 pages/)
  await expect(cards.first().getByRole('img')).toBeVisible()
})
