import sharp from 'sharp'
import { buildEditionPdf } from '../../../app/domain/seed/seed.server'
import type { Page } from '@playwright/test'
import { expect, test, toast } from './admin-fixtures'

/** Removes what a test uploaded, so the public pages other journeys check stay as seeded. */
async function removeUpload(page: Page, kind: 'image' | 'pdf', name: string) {
  const origin = new URL(page.url()).origin
  const response = await page.request.delete(
    `/admin/api/media?kind=${kind}&name=${encodeURIComponent(name)}`,
    { headers: { origin, accept: 'application/json' } },
  )
  expect(response.ok()).toBe(true)
}

test.beforeEach(async ({ login }) => login('admin'))

test('an uploaded image appears in the media grid with its size', async ({ page }) => {
  const buffer = await sharp({
    create: { width: 1234, height: 777, channels: 3, background: '#8a2f5d' },
  })
    .png()
    .toBuffer()
  await page.goto('/admin/media')
  const before = await page.getByRole('button', { name: /^Select image / }).count()
  await page.getByLabel('Upload images').setInputFiles({
    name: 'harbour.png',
    mimeType: 'image/png',
    buffer,
  })
  await expect(toast(page, 'File uploaded')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Select image / })).toHaveCount(before + 1)
  await expect(page.getByText('1234×777')).toBeVisible()
  // Selecting shows where the file lives.
  await page
    .getByRole('button', { name: /^Select image / })
    .first()
    .click()
  const selected = page.getByText(/^Selected: \d+-\d+\.png$/)
  await expect(selected).toBeVisible()
  await removeUpload(page, 'image', (await selected.textContent())!.replace('Selected: ', ''))
})

test('an uploaded PDF is listed and reaches the public newspapers page', async ({ page }) => {
  const pdf = buildEditionPdf('E2E edition', 'Uploaded by the admin test', ['Headline'])
  await page.goto('/admin/media')
  await page.getByRole('tab', { name: 'PDF Newspapers' }).click()
  await page.getByLabel('Upload PDF newspapers').setInputFiles({
    name: 'e2e-edition.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  })
  await expect(toast(page, 'File uploaded')).toBeVisible()
  const link = page.getByRole('tabpanel').getByRole('link').first()
  const name = (await link.textContent())!.trim()
  expect(name).toMatch(/^\d+-\d+\.pdf$/)
  await expect(
    page
      .getByRole('tabpanel')
      .getByText(`${(pdf.length / 1024 / 1024).toFixed(2)} MB`)
      .first(),
  ).toBeVisible()

  const file = await page.request.get(`/media/pdf_newspapers/${name}`)
  expect(file.ok()).toBe(true)
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-')
  await page.goto('/newspapers')
  await expect(page.locator(`a[href="/media/pdf_newspapers/${name}"]`)).toBeVisible()
  await removeUpload(page, 'pdf', name)
})

test('a text file named .pdf is refused as an invalid file type', async ({ page }) => {
  await page.goto('/admin/media')
  await page.getByRole('tab', { name: 'PDF Newspapers' }).click()
  await page.getByLabel('Upload PDF newspapers').setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('just some notes, not a PDF'),
  })
  await expect(toast(page, 'Invalid file type')).toContainText(
    'Please upload only PDF files in this section',
  )
})
