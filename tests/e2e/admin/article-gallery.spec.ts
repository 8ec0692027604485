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

// Issue 40, galleries: three library images with captions and credits put in a gallery from
// the editor, published, and shown as a grid whose images link to their full size and open in
// a lightbox that answers keys and swipes.

test.beforeEach(async ({ login }) => login('admin'))

const COLOURS = ['#8a2f2f', '#2f8a4a', '#2f4a8a']

async function pickImage(page: Page, label: string) {
  const dialog = page.getByRole('dialog', { name: 'Gallery' })
  await dialog.getByLabel('Search images by name or alt text').fill(label)
  await dialog.getByRole('button', { name: `Select image ${label}` }).click()
}

test('a gallery of three images is published as a grid that opens in a lightbox answering keys and swipes', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const word = uniqueWord('regatta')
  const labels = COLOURS.map((_, i) => `${word}-${i + 1}.png`)
  const title = `Regatta ${word} in pictures`

  await page.goto('/admin/media')
  await page
    .getByLabel('Upload images')
    .setInputFiles(await Promise.all(labels.map((label, i) => pngFile(label, COLOURS[i]))))
  for (const label of labels) {
    await expect(page.getByRole('button', { name: `Edit image ${label}` })).toBeVisible()
  }

  await openNewArticle(page)
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type(`The ${word} regatta, as our photographers saw it.`)
  await page.keyboard.press('Enter')
  await toolbarButton(page, 'Gallery').click()
  const dialog = page.getByRole('dialog', { name: 'Gallery' })
  for (const [i, label] of labels.entries()) {
    if (i > 0) await dialog.getByRole('button', { name: 'Add an image' }).click()
    await pickImage(page, label)
    await dialog.getByLabel(`Alt text of image ${i + 1}`).fill(`Boat ${i + 1} of ${word}`)
    await dialog.getByLabel(`Caption of image ${i + 1}`).fill(`Race ${i + 1} of the ${word}`)
    await dialog.getByLabel(`Credit of image ${i + 1}`).fill(`Photo: Crew ${i + 1}`)
  }
  await dialog.getByRole('button', { name: 'Insert gallery' }).click()
  await expect(dialog).toBeHidden()
  await expect(contentEditor(page).locator('figure[data-gallery] > figure')).toHaveCount(3)

  await choose(page, 'Status', 'Make public')
  await page.getByRole('button', { name: 'Create Article' }).click()
  await expect(toast(page, 'Article created successfully')).toBeVisible()
  const path = '/article/' + title.toLowerCase().replace(/\s+/g, '-')

  const desk = await browser.newContext({ viewport: { width: 1366, height: 768 } })
  const phone = await browser.newContext({
    viewport: { width: 375, height: 740 },
    hasTouch: true,
    isMobile: true,
  })
  try {
    const reader = await desk.newPage()
    const scripts: string[] = []
    reader.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await reader.goto(path)
    const gallery = reader.locator('.article-content figure[data-gallery]')
    const links = gallery.getByRole('link')
    await expect(links).toHaveCount(3)
    // Without the script each image is a link to its full size.
    await expect(links.first()).toHaveAttribute('href', /\/media\/media\/[^/]+\.png$/)
    await expect(gallery.locator('figcaption').first()).toHaveText(
      `Race 1 of the ${word}Photo: Crew 1`,
    )
    await expect(reader.locator('[data-lightbox]')).toHaveCount(1)
    expect(scripts.some((url) => url.includes('gallery-lightbox'))).toBe(true)
    // Only the gallery's island: the page has no embed.
    expect(scripts.some((url) => url.includes('embed-consent'))).toBe(false)

    // Keyboard: open from the first image, arrows move, Tab stays inside, Escape gives back
    // the focus to the image it opened from.
    await links.first().focus()
    await reader.keyboard.press('Enter')
    const lightbox = reader.getByRole('dialog', { name: 'Gallery' })
    await expect(lightbox).toBeVisible()
    await expect(lightbox.getByRole('button', { name: 'Close' })).toBeFocused()
    await expect(lightbox.getByText('Image 1 of 3')).toBeVisible()
    await expect(lightbox.getByRole('img', { name: `Boat 1 of ${word}` })).toBeVisible()
    await reader.keyboard.press('ArrowRight')
    await expect(lightbox.getByText('Image 2 of 3')).toBeVisible()
    await expect(lightbox.getByText(`Race 2 of the ${word}`)).toBeVisible()
    await reader.keyboard.press('ArrowLeft')
    await reader.keyboard.press('ArrowLeft')
    await expect(lightbox.getByText('Image 3 of 3')).toBeVisible()
    for (let i = 0; i < 4; i++) await reader.keyboard.press('Tab')
    await expect(lightbox.getByRole('button', { name: 'Previous image' })).toBeFocused()
    await reader.keyboard.press('Shift+Tab')
    await reader.keyboard.press('Shift+Tab')
    await expect(lightbox.getByRole('button', { name: 'Next image' })).toBeFocused()
    await reader.keyboard.press('Enter')
    await expect(lightbox.getByText('Image 1 of 3')).toBeVisible()
    await reader.keyboard.press('Escape')
    await expect(lightbox).toBeHidden()
    await expect(links.first()).toBeFocused()

    // Touch: a swipe to the left shows the next image, to the right the one before.
    const mobile = await phone.newPage()
    await mobile.goto(path)
    await expect(mobile.locator('[data-lightbox] figure[data-gallery]')).toBeVisible()
    const mobileLinks = mobile.locator('.article-content figure[data-gallery] a')
    await mobileLinks.nth(1).tap()
    const mobileBox = mobile.getByRole('dialog', { name: 'Gallery' })
    await expect(mobileBox.getByText('Image 2 of 3')).toBeVisible()
    const cdp = await phone.newCDPSession(mobile)
    const swipe = async (from: number, to: number) => {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchStart',
        touchPoints: [{ x: from, y: 300 }],
      })
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: (from + to) / 2, y: 300 }],
      })
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: to, y: 300 }],
      })
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    }
    await swipe(300, 80)
    await expect(mobileBox.getByText('Image 3 of 3')).toBeVisible()
    await swipe(80, 300)
    await swipe(80, 300)
    await expect(mobileBox.getByText('Image 1 of 3')).toBeVisible()
    // The page itself does not scroll sideways on the phone.
    const widths = await mobile.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ])
    expect(widths[0]).toBeLessThanOrEqual(widths[1])
  } finally {
    await desk.close()
    await phone.close()
  }

  await deleteArticle(page, title)
})
