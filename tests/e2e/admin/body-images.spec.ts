import type { Page } from '@playwright/test'
import { expect, test, toast } from './admin-fixtures'
import {
  choose,
  contentEditor,
  deleteArticle,
  openNewArticle,
  pngFile,
  toolbarButton,
  uniqueWord,
} from './articles-support'

// Images in an article's body follow the media library: inserted from it, they show the
// library's alt text and caption as they are now (a caption as a figure), unless this one use
// says otherwise in the editor's image dialog.

test.beforeEach(async ({ login }) => login('admin'))

/** Inserts the library image labelled `label` at the end of the body, with this use's words. */
async function insertLibraryImage(page: Page, label: string, own: { alt?: string } = {}) {
  await contentEditor(page).click()
  await page.keyboard.press('ControlOrMeta+End')
  await toolbarButton(page, 'Media').click()
  const media = page.getByRole('dialog', { name: 'Media Library' })
  await media.getByLabel('Search images by name or alt text').fill(label)
  await media.getByRole('button', { name: `Select image ${label}` }).click()
  // Empty fields follow the library.
  await expect(media.getByLabel('Alt text for this use')).toHaveValue('')
  await expect(media.getByLabel('Caption for this use')).toHaveValue('')
  await expect(
    media.getByText("Leave empty to use the library's caption (it has none yet)."),
  ).toBeVisible()
  if (own.alt) await media.getByLabel('Alt text for this use').fill(own.alt)
  await media.getByRole('button', { name: 'Insert Image' }).click()
  await expect(media).toBeHidden()
}

test('a body image takes the alt text and caption later given in the library, unless its use overrides them', async ({
  page,
  browser,
}) => {
  // A long journey: an upload, two insertions through the picker, a publication, an edit in
  // the library and two visits as a reader (past test.slow()'s 90 s on a loaded machine).
  test.setTimeout(180_000)
  const word = uniqueWord('pier')
  const label = `${word}.png`
  const title = `Pier ${word} rebuilt`
  const ownAlt = `Our own words for ${word}`

  // An image uploaded with no alt text or caption yet.
  await page.goto('/admin/media')
  await page.getByLabel('Upload images').setInputFiles(await pngFile(label, '#5d8a2f'))
  await expect(toast(page, 'File uploaded')).toBeVisible()

  await openNewArticle(page)
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type(`The ${word} pier is open again.`)
  await page.keyboard.press('Enter')
  await insertLibraryImage(page, label)
  await insertLibraryImage(page, label, { alt: ownAlt })
  await expect(contentEditor(page).locator('img[data-media-id]')).toHaveCount(2)
  await choose(page, 'Status', 'Make public')
  await page.getByRole('button', { name: 'Create Article' }).click()
  await expect(page).toHaveURL(/\/admin\/articles$/)

  // A reader (no session: the page cache serves them) sees it before the library has words:
  // no caption, the second use's own alt text.
  const context = await browser.newContext()
  try {
    const reader = await context.newPage()
    const path = '/article/' + title.toLowerCase().replace(/\s+/g, '-')
    await reader.goto(path)
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible()
    const body = reader.locator('.article-content')
    await expect(body.locator('img[data-media-id]')).toHaveCount(2)
    await expect(body.locator('figure')).toHaveCount(0)
    await expect(body.getByRole('img', { name: ownAlt })).toBeVisible()

    // The library learns its words after the article went out.
    const alt = `The rebuilt ${word} pier at low tide`
    const caption = `The ${word} pier, rebuilt after the storm.`
    await page.goto(`/admin/media?q=${encodeURIComponent(label)}`)
    await page.getByRole('button', { name: `Edit image ${label}` }).click()
    const details = page.getByRole('dialog')
    await details.getByLabel('Alt text').fill(alt)
    await details.getByLabel('Caption').fill(caption)
    await details.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Image details saved')).toBeVisible()

    // The same address now shows the library's words on both uses (a captioned figure each),
    // except the alt text the second one chose for itself.
    await reader.goto(path)
    const figures = body.locator('figure')
    await expect(figures).toHaveCount(2)
    await expect(figures.nth(0).locator('img')).toHaveAttribute('alt', alt)
    await expect(figures.nth(0).locator('figcaption')).toHaveText(caption)
    await expect(figures.nth(1).locator('img')).toHaveAttribute('alt', ownAlt)
    await expect(figures.nth(1).locator('figcaption')).toHaveText(caption)

    // The editor shows each image's caption as the page does (issue 36).
    await page.goto(`/admin/articles?q=${encodeURIComponent(title)}`)
    await page
      .getByRole('row')
      .filter({ hasText: title })
      .getByRole('link', { name: title })
      .click()
    await expect(contentEditor(page).locator('figure figcaption')).toHaveText([caption, caption])
  } finally {
    await context.close()
  }

  // Taken down again, so the public pages other journeys read stay as seeded.
  await deleteArticle(page, title)
})

test('the image dialog edits the words of a library image already in the text', async ({
  page,
}) => {
  // An upload, then the editor's lazy chunk and the picker.
  test.slow()
  const word = uniqueWord('quay')
  const label = `${word}.png`
  await page.goto('/admin/media')
  await page.getByLabel('Upload images').setInputFiles(await pngFile(label, '#8a5d2f'))
  await expect(toast(page, 'File uploaded')).toBeVisible()

  await openNewArticle(page)
  await insertLibraryImage(page, label)
  const image = contentEditor(page).locator('img[data-media-id]')
  await image.click()
  await toolbarButton(page, 'Media').click()
  const media = page.getByRole('dialog', { name: 'Media Library' })
  await media.getByLabel('Caption for this use').fill('Only here')
  await media.getByRole('button', { name: 'Update Image' }).click()
  await expect(media).toBeHidden()
  await expect(image).toHaveAttribute('data-caption', 'Only here')
  await expect(contentEditor(page).locator('img')).toHaveCount(1)
})

test('typing right after an image inserted at the end of the body writes below it, not over it', async ({
  page,
}) => {
  const word = uniqueWord('quay')
  const label = `${word}.png`
  await page.goto('/admin/media')
  await page.getByLabel('Upload images').setInputFiles(await pngFile(label, '#2f5d8a'))
  await expect(toast(page, 'File uploaded')).toBeVisible()

  await openNewArticle(page)
  await contentEditor(page).click()
  await page.keyboard.type(`The ${word} quay before the storm.`)
  await page.keyboard.press('Enter')
  await insertLibraryImage(page, label)
  await page.keyboard.type('And after it.')

  const editor = contentEditor(page)
  await expect(editor.locator('img[data-media-id]')).toHaveCount(1)
  await expect(editor.locator('p').first()).toHaveText(`The ${word} quay before the storm.`)
  await expect(editor.locator('p').last()).toHaveText('And after it.')
  // The words went below the picture.
  const [image, after] = [
    await editor.locator('img[data-media-id]').boundingBox(),
    await editor.locator('p').last().boundingBox(),
  ]
  expect(after!.y).toBeGreaterThan(image!.y)
})
