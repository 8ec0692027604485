import fs from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { articleIdFromList, contentEditor, openNewArticle, uniqueWord } from './articles-support'

// Paste from Google Docs and Microsoft Word (issue 40): the real clipboard captures of
// ../shared/fixtures/clipboard pasted into the editor as the browser delivers them (a paste
// event carrying text/html), then saved.

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/clipboard')

/** Pastes a capture into the editor as Chromium hands a paste to ProseMirror. */
async function paste(page: Page, name: string) {
  const html = fs.readFileSync(path.join(FIXTURES, name), 'utf8')
  const editor = contentEditor(page)
  await editor.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Delete')
  await editor.evaluate((element, clipboardHtml) => {
    const data = new DataTransfer()
    data.setData('text/html', clipboardHtml)
    data.setData('text/plain', 'plain text fallback')
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    )
  }, html)
}

/** The HTML the form will post, as the editor last emitted it. */
function posted(page: Page) {
  return page.locator('input[type=hidden][name=content]')
}

/** Every item text of the list at `selector` (direct items only). */
function itemsOf(editor: Locator, selector: string) {
  return editor.locator(`${selector} > li > p`)
}

test.beforeEach(async ({ login, page }) => {
  await login('admin')
  await openNewArticle(page)
})

test('Google Docs: text, headings and the bold wrapper that is not bold', async ({ page }) => {
  await paste(page, 'google-docs-bold-wrapper-simple-text.html')
  await expect(posted(page)).toHaveValue('<p>Hello world</p>')
  await paste(page, 'google-docs-paragraphs-with-line-breaks.html')
  await expect(posted(page)).toHaveValue('<h1>A</h1><p>B</p>')
})

test('Google Docs: nested lists of both kinds, up to four levels', async ({ page }) => {
  const editor = contentEditor(page)
  await paste(page, 'google-docs-mixed-list.html')
  await expect(itemsOf(editor, ':scope > ol')).toHaveText(['1', '2', '3'])
  await expect(itemsOf(editor, ':scope > ol > li > ul > li > ol')).toHaveText(['1'])
  await expect(itemsOf(editor, ':scope > ul > li > ol')).toHaveText(['1', '2'])

  await paste(page, 'google-docs-nested-ordered-lists.html')
  await expect(itemsOf(editor, ':scope > ol > li > ol > li > ol > li > ol')).toHaveText([
    '1121',
    '1122',
    '1123',
    '1221',
    '2231',
  ])

  await paste(page, 'google-docs-repeatedly-nested-list.html')
  await expect(itemsOf(editor, ':scope > ol > li > ol')).toHaveText(['B8', 'C3', 'E2'])
  await expect(itemsOf(editor, ':scope > ol > li > ol > li > ol')).toHaveText(['D4'])
  await expect(posted(page)).not.toHaveValue(/<li><p><\/p>/)
})

test('Word: bold, italic, underline and strikethrough, without fonts or Word tags', async ({
  page,
}) => {
  for (const name of [
    'word-2016-multiple-styles-multiline.html',
    'word-2016-safari-multiple-styles-multiline.html',
  ]) {
    await paste(page, name)
    await expect(posted(page)).toHaveValue(/<strong>bold<\/strong>/)
    await expect(posted(page)).toHaveValue(/<em>italics<\/em>/)
    await expect(posted(page)).toHaveValue(/<s>Third<\/s>/)
    await expect(posted(page)).not.toHaveValue(/style=|class=|<span|o:p|mso-/)
  }
})

test('Word: mso-list paragraphs become nested numbered and bulleted lists', async ({ page }) => {
  const editor = contentEditor(page)
  await paste(page, 'word-2016-nested-list.html')
  await expect(itemsOf(editor, ':scope > ol')).toHaveText(['A1', 'B1', 'G1'])
  await expect(itemsOf(editor, ':scope > ol > li > ol')).toHaveText(['C2', 'E2'])
  await expect(itemsOf(editor, ':scope > ol > li > ol > li > ol')).toHaveText(['D4', 'F3'])
  // The numbers Word draws as text are gone: the list numbers itself.
  await expect(editor).not.toContainText('1.')

  await paste(page, 'word-2016-nested-mixed-list.html')
  await expect(itemsOf(editor, ':scope > ul')).toHaveText(['A1', 'E1'])
  await expect(itemsOf(editor, ':scope > ul > li > ol')).toHaveText(['B2', 'F2'])
  await expect(itemsOf(editor, ':scope > ul > li > ol > li > ul')).toHaveText(['C4'])
  await expect(editor).not.toContainText('·')

  await paste(page, 'word-2016-heading1-numbered-list.html')
  // The editor keeps an empty paragraph after a heading that ends the text, to type on in.
  await expect(posted(page)).toHaveValue(/^<h1>H1 1<\/h1><h1>H1 2<\/h1>(<p><\/p>)?$/)
})

test('Word: links, a line break inside one, and spaces between words', async ({ page }) => {
  const editor = contentEditor(page)
  await paste(page, 'word-2016-links-combined.html')
  await expect(editor.getByRole('link')).toHaveText(['CKEditor', 'CKSource'])
  await expect(editor.getByRole('link', { name: 'CKSource' })).toHaveAttribute(
    'href',
    'https://cksource.com/',
  )
  await paste(page, 'word-2016-link-two-line.html')
  await expect(editor.locator('a[href="https://cksource.com/"] br')).toHaveCount(1)
  await paste(page, 'word-2016-spacing-multi-line.html')
  await expect(editor.locator('p')).toHaveText([/^2Foo\s+3Bar4\s*$/, /^03\s*$/, /^\s*21\s*$/])
})

test('Word: a table pastes as a table, its bold first row as the header row', async ({ page }) => {
  const editor = contentEditor(page)
  await paste(page, 'word-table.html')
  const table = editor.locator('table')
  await expect(table).toHaveCount(1)
  await expect(table.locator('tr')).toHaveCount(4)
  await expect(table.locator('th')).toHaveText(['Project Phase', 'Deadline', 'Status'])
  await expect(table.locator('tr').nth(1).locator('td')).toHaveText([
    'Phase 1: Market research',
    '2019-10-15',
    '✓',
  ])
  await expect(posted(page)).toHaveValue(
    /<th><p>Project Phase<\/p><\/th><th><p>Deadline<\/p><\/th><th><p>Status<\/p><\/th>/,
  )
  await expect(posted(page)).not.toHaveValue(/width|border|background|#CCCCCC|<strong>/i)
})

async function saveAndReopen(page: Page, title: string) {
  await page.getByRole('button', { name: 'Create Article', exact: true }).click()
  await expect(page.getByText('Article created successfully')).toBeVisible()
  const id = await articleIdFromList(page, title)
  await page.goto(`/admin/edit-article/${id}`)
}

test('a pasted Word list survives the save', async ({ page }) => {
  const title = uniqueWord('Pasted')
  await page.getByLabel('Title', { exact: true }).fill(title)
  await paste(page, 'word-2016-nested-list.html')
  await saveAndReopen(page, title)
  const editor = contentEditor(page)
  await expect(itemsOf(editor, ':scope > ol > li > ol > li > ol')).toHaveText(['D4', 'F3'])
  await expect(posted(page)).toHaveValue(
    '<ol><li><p>A1</p></li><li><p>B1</p><ol><li><p>C2</p><ol><li><p>D4</p></li></ol></li><li><p>E2</p><ol><li><p>F3</p></li></ol></li></ol></li><li><p>G1</p></li></ol>',
  )
})

test('a pasted Word table survives the save with its header row', async ({ page }) => {
  const title = uniqueWord('Table')
  await page.getByLabel('Title', { exact: true }).fill(title)
  await paste(page, 'word-table.html')
  await saveAndReopen(page, title)
  const table = contentEditor(page).locator('table')
  await expect(table.locator('th')).toHaveText(['Project Phase', 'Deadline', 'Status'])
  await expect(table.locator('td')).toHaveCount(9)
  await expect(posted(page)).toHaveValue(/^<table>.*<\/table>$/)
})
