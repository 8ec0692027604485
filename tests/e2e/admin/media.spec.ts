import sharp from 'sharp'
import type { Page } from '@playwright/test'
import { expect, test, toast, unique } from './admin-fixtures'

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

function pngOf(width: number, height: number, background: string) {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()
}

/** Uploads one image on the Media screen and answers its label (the name it was sent under). */
async function uploadImage(page: Page, name: string, buffer: Buffer) {
  await page.getByLabel('Upload images').setInputFiles({ name, mimeType: 'image/png', buffer })
  await expect(toast(page, 'File uploaded')).toBeVisible()
  await expect(page.getByRole('button', { name: `Edit image ${name}` })).toBeVisible()
}

/** The stored name behind the image the dialog shows. */
async function storedName(page: Page) {
  const dialog = page.getByRole('dialog')
  return (await dialog.locator('dt:text-is("Stored as") + dd').textContent())!.trim()
}

test('an uploaded image is listed under its own name with its size and date', async ({ page }) => {
  const name = `${unique('harbour').replace(/\s/g, '-')}.png`
  await page.goto('/admin/media')
  await uploadImage(page, name, await pngOf(1234, 777, '#8a2f5d'))
  const tile = page.getByRole('button', { name: `Edit image ${name}` })
  await expect(tile).toContainText('1234×777')
  // The whole image shows: contained, never cropped.
  await expect(tile.locator('img')).toHaveCSS('object-fit', 'contain')
  await tile.click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name })).toBeVisible()
  await expect(dialog.getByText('1234×777 px')).toBeVisible()
  const stored = await storedName(page)
  expect(stored).toMatch(/^\d+-\d+\.png$/)
  await page.keyboard.press('Escape')
  await removeUpload(page, 'image', stored)
})

test('deleting an image in the library asks first', async ({ page }) => {
  const name = `${unique('to-delete').replace(/\s/g, '-')}.png`
  await page.goto('/admin/media')
  await uploadImage(page, name, await pngOf(300, 200, '#225588'))
  await page.getByRole('button', { name: `Edit image ${name}` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  const question = page.getByRole('alertdialog')
  await expect(question).toContainText('Are you sure you want to delete this file?')
  await question.getByRole('button', { name: 'Cancel' }).click()
  await expect(question).toBeHidden()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: `Edit image ${name}` })).toBeVisible()

  await page.getByRole('button', { name: `Edit image ${name}` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'File deleted')).toBeVisible()
  await expect(page.getByRole('button', { name: `Edit image ${name}` })).toHaveCount(0)
})

test('the library searches by name and alt text, and says when nothing matches', async ({
  page,
}) => {
  await page.goto('/admin/media')
  await page.getByLabel('Search images by name or alt text').fill('no-such-picture-anywhere')
  await expect(page).toHaveURL(/q=no-such-picture-anywhere/)
  await expect(page.getByText(/No images match/)).toBeVisible()
  await expect(page.getByRole('button', { name: /^Edit image / })).toHaveCount(0)
})

test('the featured-image picker searches and has no delete button', async ({ page }) => {
  await page.goto('/admin/new-article')
  await page.getByRole('button', { name: 'Select Image' }).click()
  const dialog = page.getByRole('dialog', { name: 'Media Library' })
  const images = dialog.getByRole('button', { name: /^Select image / })
  await expect(images.first()).toBeVisible()
  await expect(dialog.getByRole('button', { name: /delete/i })).toHaveCount(0)
  await dialog.getByLabel('Search images by name or alt text').fill('no-such-picture-anywhere')
  await expect(dialog.getByText(/No images match/)).toBeVisible()
  await dialog.getByLabel('Search images by name or alt text').fill('')
  await expect(images.first()).toBeVisible()
})

test('alt text and caption given in the library appear on the public image', async ({ page }) => {
  // A demo article with a featured image, and the stored name behind it.
  await page.goto('/')
  const links = await page
    .locator('main a[href^="/article/"]')
    .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')!))])
  let article: string | null = null
  let image: string | null = null
  for (const href of links) {
    await page.goto(href)
    const og = await page
      .locator('meta[property="og:image"]')
      .getAttribute('content')
      .catch(() => null)
    if (og && og.includes('/media/media/')) {
      article = href
      image = og.split('/').pop()!
      break
    }
  }
  expect(article).not.toBeNull()
  const alt = unique('Alt text from the library')
  const caption = unique('A caption from the library')

  await page.goto(`/admin/media?q=${encodeURIComponent(image!)}`)
  await page
    .getByRole('button', { name: /^Edit image / })
    .first()
    .click()
  const dialog = page.getByRole('dialog')
  const before = {
    alt: await dialog.getByLabel('Alt text').inputValue(),
    caption: await dialog.getByLabel('Caption').inputValue(),
  }
  await dialog.getByLabel('Alt text').fill(alt)
  await dialog.getByLabel('Caption').fill(caption)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Image details saved')).toBeVisible()

  await page.goto(article!)
  const figure = page.locator('article figure').first()
  await expect(figure.locator('img')).toHaveAttribute('alt', alt)
  await expect(figure.locator('figcaption')).toHaveText(caption)
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent()
  expect(JSON.parse(jsonLd!).image).toMatchObject({ '@type': 'ImageObject', caption })

  // Put the demo image back as it was.
  await page.goto(`/admin/media?q=${encodeURIComponent(image!)}`)
  await page
    .getByRole('button', { name: /^Edit image / })
    .first()
    .click()
  await page.getByRole('dialog').getByLabel('Alt text').fill(before.alt)
  await page.getByRole('dialog').getByLabel('Caption').fill(before.caption)
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Image details saved')).toBeVisible()
})

// The PDF Newspapers tab (print editions) is tested in editions.spec.ts.
