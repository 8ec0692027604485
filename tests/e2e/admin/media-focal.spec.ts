import sharp from 'sharp'
import type { Page } from '@playwright/test'
import { expect, test, toast, unique } from './admin-fixtures'
import {
  articleIdFromList,
  choose,
  contentEditor,
  deleteArticle,
  openNewArticle,
} from './articles-support'

// The media library's focal point and credit (issue 40), set with the mouse and the keyboard,
// and what a reader's article page makes of them.

test.beforeEach(async ({ login }) => login('admin'))

async function removeUpload(page: Page, name: string) {
  const origin = new URL(page.url()).origin
  const response = await page.request.delete(
    `/admin/api/media?kind=image&name=${encodeURIComponent(name)}`,
    { headers: { origin, accept: 'application/json' } },
  )
  expect(response.ok()).toBe(true)
}

/** Clicks the picture at fractions of the picker's box (the picture fills its width). */
async function clickPicture(page: Page, x: number, y: number) {
  const picker = page.getByRole('dialog').getByRole('button', { name: /^Focal point/ })
  const box = (await picker.boundingBox())!
  await picker.click({ position: { x: box.width * x, y: box.height * y } })
  return picker
}

test('a focal point and a credit set in the library crop and credit the article’s picture', async ({
  page,
}) => {
  const name = `${unique('focal').replace(/\s/g, '-')}.png`
  // 3:1: every frame on the site cuts its sides, so the focal point decides what stays.
  const buffer = await sharp({
    create: { width: 2400, height: 800, channels: 3, background: '#2f5d8a' },
  })
    .png()
    .toBuffer()
  await page.goto('/admin/media')
  await page.getByLabel('Upload images').setInputFiles({ name, mimeType: 'image/png', buffer })
  await expect(toast(page, 'File uploaded')).toBeVisible()
  await page.getByRole('button', { name: `Edit image ${name}` }).click()
  const dialog = page.getByRole('dialog')
  const stored = (await dialog.locator('dt:text-is("Stored as") + dd').textContent())!.trim()
  await expect(dialog.getByRole('button', { name: 'Reset to centre' })).toBeDisabled()

  // The mouse puts the point where it clicks (to the pixel: about a hundredth of the picture).
  const picker = await clickPicture(page, 0.2, 0.1)
  await expect(picker).toHaveAccessibleName(/^Focal point, (19|20|21)% across and \d+% down$/)
  await expect(picker).toBeFocused()
  const down = Number(/and (\d+)% down/.exec((await picker.getAttribute('aria-label'))!)![1])
  // The picture (3:1) fills 4/9 of the 4:3 box's height, centred: a click in the band above it
  // is its top edge.
  expect(down).toBe(0)
  await dialog.getByRole('button', { name: 'Reset to centre' }).click()
  await expect(picker).toHaveAccessibleName('Focal point, 50% across and 50% down')
  // The arrow keys move it by hundredths, by tenths with Shift.
  await picker.focus()
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('Shift+ArrowDown')
  await expect(picker).toHaveAccessibleName('Focal point, 40% across and 60% down')
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowUp')
  await expect(picker).toHaveAccessibleName('Focal point, 40% across and 50% down')
  // The marker sits on the point: 40% across the picture, which fills the box's width.
  const marker = picker.locator('[data-focal-marker]')
  await expect(marker).toHaveAttribute('style', /left: 40%/)
  // The previews cut the picture as the site will.
  await expect(dialog.locator('[data-crop-preview="Wide (16:9)"]')).toHaveCSS(
    'object-position',
    '25.5% 50%',
  )

  const credit = dialog.getByLabel('Credit')
  await credit.fill('x'.repeat(121))
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Credit must be at most 120 characters')).toBeVisible()
  await credit.fill('Jane Doe / Wire')
  await expect(dialog.getByText('Shown as “Photo: Jane Doe / Wire”')).toBeVisible()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Image details saved')).toBeVisible()

  // Saved: the dialog opens again where it was left; "Reset to centre" is offered.
  await page.getByRole('button', { name: `Edit image ${name}` }).click()
  await expect(dialog.getByLabel('Credit')).toHaveValue('Jane Doe / Wire')
  await expect(dialog.getByRole('button', { name: /^Focal point/ })).toHaveAccessibleName(
    'Focal point, 40% across and 50% down',
  )
  await dialog.getByRole('button', { name: 'Reset to centre' }).click()
  await expect(dialog.getByRole('button', { name: /^Focal point/ })).toHaveAccessibleName(
    'Focal point, 50% across and 50% down',
  )
  await page.keyboard.press('Escape')

  // An article with the picture as its featured image.
  const title = unique('Focal harbour')
  await openNewArticle(page)
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type('The harbour reopened.')
  await choose(page, 'Status', 'Make public')
  await page.getByRole('button', { name: 'Select Image' }).click()
  const library = page.getByRole('dialog', { name: 'Media Library' })
  await library.getByLabel('Search images by name or alt text').fill(name)
  await library.getByRole('button', { name: `Select image ${name}` }).click()
  await expect(library).toBeHidden()
  // The form's preview is cut as the article's header will be.
  await expect(page.getByRole('img', { name: 'Featured image preview' })).toHaveCSS(
    'object-position',
    '25.5% 50%',
  )
  await page.getByRole('button', { name: 'Create Article', exact: true }).click()
  await expect(toast(page, 'Article created successfully')).toBeVisible()

  // Opened again, the saved picture's preview is cut the same way.
  await page.goto(`/admin/edit-article/${await articleIdFromList(page, title)}`)
  await expect(page.getByRole('img', { name: 'Featured image preview' })).toHaveCSS(
    'object-position',
    '25.5% 50%',
  )

  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  await page.goto(`/article/${slug}`)
  const header = page.locator('article figure').first()
  // 3:1 in the 16:9 header: the window centred on 40% starts 25.5% of the way.
  await expect(header.locator('img')).toHaveCSS('object-position', '25.5% 50%')
  await expect(header.locator('figcaption')).toHaveText('Photo: Jane Doe / Wire')
  const og = await page.locator('meta[property="og:image"]').getAttribute('content')
  expect(og).toMatch(/-social-400-500\.webp$/)
  const social = await page.request.get(og!)
  expect(social.ok()).toBe(true)
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent()
  expect(JSON.parse(jsonLd!).image).toMatchObject({ creditText: 'Jane Doe / Wire' })

  await deleteArticle(page, title)
  await removeUpload(page, stored)
})
