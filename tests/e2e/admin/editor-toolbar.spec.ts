import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { contentEditor, openNewArticle, toolbarButton } from './articles-support'

// The rich-text field (docs/product.md §2 "Rich-text content field", §4, §9): states, shortcuts, the link
// dialog, automatic links.

test.beforeEach(async ({ login, page }) => {
  await login('admin')
  await openNewArticle(page)
  await contentEditor(page).click()
})

/** The HTML the form will post, as the editor last emitted it. */
function postedContent(page: Page) {
  return page.locator('input[type=hidden][name=content]')
}

test('formatting buttons show their state; media, undo and redo have none', async ({ page }) => {
  for (const name of [
    'Bold',
    'Italic',
    'Bullet list',
    'Ordered list',
    'Blockquote',
    'Heading 1',
    'Heading 2',
    'Link',
  ]) {
    await expect(toolbarButton(page, name)).toHaveAttribute('aria-pressed', 'false')
  }
  for (const name of ['Media', 'Undo', 'Redo']) {
    await expect(toolbarButton(page, name)).not.toHaveAttribute('aria-pressed')
  }
  await toolbarButton(page, 'Heading 2').click()
  await page.keyboard.type('Title')
  await expect(toolbarButton(page, 'Heading 2')).toHaveAttribute('aria-pressed', 'true')
  await expect(toolbarButton(page, 'Heading 1')).toHaveAttribute('aria-pressed', 'false')
  await page.keyboard.press('Enter')
  await expect(toolbarButton(page, 'Heading 2')).toHaveAttribute('aria-pressed', 'false')
  await expect(postedContent(page)).toHaveValue(/^<h2>Title<\/h2><p><\/p>/)
})

test('TipTap keyboard shortcuts work: bold, italic, undo and redo', async ({ page }) => {
  await page.keyboard.press('ControlOrMeta+b')
  await page.keyboard.type('strong')
  await expect(toolbarButton(page, 'Bold')).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('ControlOrMeta+b')
  await page.keyboard.press('ControlOrMeta+i')
  await page.keyboard.type('slanted')
  await expect(postedContent(page)).toHaveValue('<p><strong>strong</strong><em>slanted</em></p>')
  await page.keyboard.press('ControlOrMeta+z')
  await expect(postedContent(page)).not.toHaveValue(/slanted/)
  await page.keyboard.press('ControlOrMeta+Shift+z')
  await expect(postedContent(page)).toHaveValue(/<em>slanted<\/em>/)
})

test('the toolbar works before the text has been clicked', async ({ page }) => {
  await page.reload()
  await expect(contentEditor(page)).toBeVisible()
  await expect(toolbarButton(page, 'Heading 1')).toBeEnabled()
  await toolbarButton(page, 'Heading 1').click()
  await page.keyboard.type('Straight in')
  await expect(postedContent(page)).toHaveValue(/^<h1>Straight in<\/h1>/)
  await expect(toolbarButton(page, 'Heading 1')).toHaveAttribute('aria-pressed', 'true')
})

test('Ctrl/Cmd+B in the editor makes text bold and leaves the sidebar alone', async ({ page }) => {
  const sidebar = page.locator('aside[data-state]')
  await expect(sidebar).toHaveAttribute('data-state', 'expanded')
  await page.keyboard.press('ControlOrMeta+b')
  await page.keyboard.type('bold')
  await expect(postedContent(page)).toHaveValue('<p><strong>bold</strong></p>')
  await expect(sidebar).toHaveAttribute('data-state', 'expanded')
})

test('the link dialog applies a link, an empty URL removes it, and it opens empty again', async ({
  page,
}) => {
  await page.keyboard.type('Read the report')
  for (let i = 0; i < 'report'.length; i++) await page.keyboard.press('Shift+ArrowLeft')
  await toolbarButton(page, 'Link').click()
  const dialog = page.getByRole('dialog', { name: 'Insert Link' })
  const url = dialog.getByPlaceholder('Enter URL')
  await expect(url).toHaveAttribute('type', 'url')
  await url.fill('example.org/report')
  await dialog.getByRole('button', { name: 'Add Link' }).click()
  await expect(dialog).toBeHidden()
  await expect(postedContent(page)).toHaveValue(
    '<p>Read the <a target="_blank" rel="noopener noreferrer nofollow" href="http://example.org/report">report</a></p>',
  )
  // Links do not open on click inside the editor.
  await contentEditor(page).getByRole('link', { name: 'report' }).click()
  await expect(page).toHaveURL(/\/admin\/new-article$/)

  await toolbarButton(page, 'Link').click()
  await expect(url).toHaveValue('')
  await dialog.getByRole('button', { name: 'Add Link' }).click()
  await expect(dialog).toBeHidden()
  await expect(postedContent(page)).toHaveValue('<p>Read the report</p>')
})

test('the link dialog refuses a javascript: URL', async ({ page }) => {
  await page.keyboard.type('Click')
  await page.keyboard.press('ControlOrMeta+a')
  await toolbarButton(page, 'Link').click()
  const dialog = page.getByRole('dialog', { name: 'Insert Link' })
  await dialog.getByPlaceholder('Enter URL').fill('javascript:alert(1)')
  await dialog.getByRole('button', { name: 'Add Link' }).click()
  await expect(dialog.getByRole('alert')).toBeVisible()
  await expect(postedContent(page)).toHaveValue('<p>Click</p>')
})

test('typed and pasted URLs become links', async ({ page }) => {
  await page.keyboard.type('See https://example.com/typed ')
  await expect(
    contentEditor(page).getByRole('link', { name: 'https://example.com/typed' }),
  ).toHaveAttribute('href', 'https://example.com/typed')
  await contentEditor(page).evaluate((element) => {
    const data = new DataTransfer()
    data.setData('text/plain', 'https://example.com/pasted')
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    )
  })
  await expect(
    contentEditor(page).getByRole('link', { name: 'https://example.com/pasted' }),
  ).toHaveAttribute('href', 'https://example.com/pasted')
})

test('the editor is at least about 200 px tall and keeps images inside its width', async ({
  page,
}) => {
  const box = await contentEditor(page).boundingBox()
  expect(box?.height).toBeGreaterThanOrEqual(200)
  const style = await contentEditor(page).evaluate((element) => {
    const img = document.createElement('img')
    element.appendChild(img)
    const computed = getComputedStyle(img)
    const result = { maxWidth: computed.maxWidth, radius: computed.borderTopLeftRadius }
    img.remove()
    return result
  })
  expect(style.maxWidth).toBe('100%')
  expect(style.radius).not.toBe('0px')
})
