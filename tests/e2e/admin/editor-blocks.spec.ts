import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import {
  choose,
  contentEditor,
  createArticle,
  openNewArticle,
  toolbarButton,
  uniqueWord,
} from './articles-support'

// The article editor's blocks (issue 40): a pull quote, a fact box, a divider and a related
// article card, inserted by the "/" menu with the keyboard alone and by the toolbar, saved,
// published and read on the article page, on a desktop and a phone, with and without script.
test.describe.configure({ mode: 'serial' })

const word = uniqueWord('breakwater')
const targetTitle = `Breakwater ${word} repairs begin`
const targetSlug = `breakwater-${word}-repairs-begin`

function postedContent(page: Page) {
  return page.locator('input[type=hidden][name=content]')
}

async function readerPage(page: Page, path: string, options: { javaScript?: boolean } = {}) {
  const context = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: options.javaScript ?? true })
  const reader = await context.newPage()
  const response = await reader.goto(path)
  expect(response?.status()).toBe(200)
  return { reader, close: () => context.close() }
}

async function publish(page: Page, title: string) {
  await choose(page, 'Status', 'Make public')
  await page.getByRole('button', { name: 'Create Article', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/articles$/)
  await expect(page.getByText('Article created successfully')).toBeVisible()
  await expect(
    page.getByRole('row').filter({ hasText: title }).getByText('published'),
  ).toBeVisible()
}

/** The related-article dialog: search the target's word, take the first story with the keyboard. */
async function chooseTargetByKeyboard(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Related article' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Search stories')).toBeFocused()
  await page.keyboard.type(word)
  await expect(dialog.getByRole('button', { name: new RegExp(targetTitle) })).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: new RegExp(targetTitle) })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
}

test('the story a card will point to is published', async ({ page, login }) => {
  await login('admin')
  await createArticle(page, { title: targetTitle, status: 'Make public' })
})

test('the "/" menu filters as you type, Escape closes it, and it inserts every block from the keyboard', async ({
  page,
  login,
}) => {
  test.slow()
  await login('admin')
  await openNewArticle(page)
  const title = `Keyboard blocks ${word}`
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type('Opening paragraph.')
  await page.keyboard.press('Enter')

  const menu = page.getByRole('listbox', { name: 'Insert block' })
  await page.keyboard.type('/')
  // Every registered block, these four first (tables, galleries and embeds have theirs too).
  const options = menu.getByRole('option')
  for (const [index, name] of ['Pull quote', 'Fact box', 'Divider', 'Related article'].entries()) {
    await expect(options.nth(index)).toContainText(name)
  }
  await expect(menu.getByRole('option', { name: /Pull quote/ })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(postedContent(page)).toHaveValue(/<p>\/<\/p>$/)
  await page.keyboard.press('Backspace')

  // Pull quote: filtered by a keyword, Enter moves from the words to the attribution and out.
  await page.keyboard.type('/quo')
  await expect(menu.getByRole('option')).toHaveText([/Pull quote/])
  await page.keyboard.press('Enter')
  await page.keyboard.type('We will not let the harbour close.')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Harbour master')
  await page.keyboard.press('Enter')

  // Fact box: arrows pick it; Enter from the title to its text, and out from an empty line.
  await page.keyboard.type('/')
  await page.keyboard.press('ArrowDown')
  await expect(menu.getByRole('option', { name: /Fact box/ })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await page.keyboard.press('Enter')
  await page.keyboard.type('What we know')
  await page.keyboard.press('Enter')
  await page.keyboard.type('The wall failed in March.')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')

  await page.keyboard.type('/divi')
  await page.keyboard.press('Enter')
  await page.keyboard.type('After the line.')
  await page.keyboard.press('Enter')

  await page.keyboard.type('/related')
  await page.keyboard.press('Enter')
  await chooseTargetByKeyboard(page)
  // Writing goes on after the card, which stays.
  await page.keyboard.type('Closing line.')

  await expect(postedContent(page)).toHaveValue(
    new RegExp(
      '^<p>Opening paragraph.</p>' +
        '<figure data-block="pull-quote"><blockquote><p>We will not let the harbour close.</p></blockquote><figcaption>Harbour master</figcaption></figure>' +
        '<aside data-block="fact-box"><h3>What we know</h3><p>The wall failed in March.</p></aside>' +
        '<hr><p>After the line.</p>' +
        '<aside data-block="related-article" data-article-id="\\d+" data-title="' +
        targetTitle +
        '"></aside><p>Closing line.</p>$',
    ),
  )
  await publish(page, title)
})

test('the toolbar inserts every block', async ({ page, login }) => {
  await login('admin')
  await openNewArticle(page)
  const title = `Toolbar blocks ${word}`
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()

  await toolbarButton(page, 'Pull quote').click()
  await page.keyboard.type('Toolbar quote')
  // On past the empty attribution, out of the quote.
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await toolbarButton(page, 'Fact box').click()
  await page.keyboard.type('Key facts')
  await page.keyboard.press('Enter')
  await page.keyboard.type('One fact.')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await toolbarButton(page, 'Divider').click()
  await toolbarButton(page, 'Related article').click()
  await chooseTargetByKeyboard(page)

  // A pull quote without attribution stores none.
  await expect(postedContent(page)).toHaveValue(
    /<figure data-block="pull-quote"><blockquote><p>Toolbar quote<\/p><\/blockquote><figcaption><\/figcaption><\/figure><aside data-block="fact-box"><h3>Key facts<\/h3><p>One fact.<\/p><\/aside>.*<hr>.*<aside data-block="related-article"/,
  )
  await publish(page, title)

  const { reader, close } = await readerPage(page, `/article/toolbar-blocks-${word}`)
  const body = reader.locator('.article-content')
  await expect(body.locator('figure[data-block="pull-quote"] blockquote')).toHaveText(
    'Toolbar quote',
  )
  await expect(body.locator('figure[data-block="pull-quote"] figcaption')).toHaveCount(0)
  await expect(body.locator('aside[data-block="fact-box"] h3')).toHaveText('Key facts')
  await close()
})

for (const [device, viewport] of [
  ['desktop', { width: 1366, height: 768 }],
  ['phone', { width: 375, height: 740 }],
] as const) {
  test(`a reader on a ${device} sees every block of the story`, async ({ page }) => {
    const { reader, close } = await readerPage(page, `/article/keyboard-blocks-${word}`)
    await reader.setViewportSize(viewport)
    const body = reader.locator('.article-content')
    const quote = body.locator('figure[data-block="pull-quote"]')
    await expect(quote.locator('blockquote')).toHaveText('We will not let the harbour close.')
    await expect(quote.locator('figcaption')).toHaveText('Harbour master')
    const facts = body.getByRole('complementary').filter({ hasText: 'What we know' })
    await expect(facts.getByRole('heading', { name: 'What we know' })).toBeVisible()
    await expect(facts).toContainText('The wall failed in March.')
    await expect(body.locator('hr')).toBeVisible()
    const card = body.getByRole('complementary', { name: 'Related article' })
    await expect(card.getByRole('link', { name: new RegExp(targetTitle) })).toHaveAttribute(
      'href',
      `/article/${targetSlug}`,
    )
    // Nothing of the blocks is wider than the page.
    const overflow = await reader.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await close()
  })
}

test('the blocks are there without JavaScript', async ({ page }) => {
  const { reader, close } = await readerPage(page, `/article/keyboard-blocks-${word}`, {
    javaScript: false,
  })
  const body = reader.locator('.article-content')
  await expect(body.locator('figure[data-block="pull-quote"] blockquote')).toHaveText(
    'We will not let the harbour close.',
  )
  await expect(body.locator('aside[data-block="fact-box"] h3')).toHaveText('What we know')
  await expect(body.getByRole('link', { name: new RegExp(targetTitle) })).toBeVisible()
  await close()
})

test('a card whose story is withdrawn shows nothing', async ({ page, login }) => {
  await login('admin')
  await page.goto(`/admin/articles?q=${encodeURIComponent(targetTitle)}`)
  await page.getByRole('link', { name: targetTitle, exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Edit Article' })).toBeVisible()
  await expect(page.getByLabel('Title')).toHaveValue(targetTitle)
  await choose(page, 'Status', 'Save as a draft')
  await page.getByRole('button', { name: 'Update Article' }).click()
  await expect(page.getByText('Article updated successfully')).toBeVisible()

  const { reader, close } = await readerPage(page, `/article/keyboard-blocks-${word}`)
  const body = reader.locator('.article-content')
  await expect(body.locator('figure[data-block="pull-quote"]')).toBeVisible()
  await expect(body.locator('aside[data-block="related-article"]')).toHaveCount(0)
  await expect(body).not.toContainText(targetTitle)
  await close()
})

test('on a phone the "/" menu low on the screen opens above the caret, clear of the publish bar', async ({
  page,
  login,
}) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await login('admin')
  await openNewArticle(page)
  await contentEditor(page).click()
  for (let i = 1; i <= 8; i++) {
    await page.keyboard.type(`Paragraph ${i} of the story.`)
    await page.keyboard.press('Enter')
  }
  await page.keyboard.type('/')
  const menu = page.getByRole('listbox', { name: 'Insert block' })
  await expect(menu).toHaveAttribute('data-side', 'top')
  const bar = (await page.locator('[data-publish-bar]').boundingBox())!
  const shown = (await menu.boundingBox())!
  const caret = (await contentEditor(page).locator('p').last().boundingBox())!
  // The menu, the line typed and the bar do not meet; the header (56 px) stays clear.
  expect(shown.y + shown.height).toBeLessThanOrEqual(caret.y)
  expect(caret.y + caret.height).toBeLessThanOrEqual(bar.y)
  expect(shown.y).toBeGreaterThanOrEqual(56)
  // The last block is reached by the arrows, scrolled into the menu's view.
  await page.keyboard.press('ArrowUp')
  const last = menu.getByRole('option').last()
  await expect(last).toHaveAttribute('aria-selected', 'true')
  await expect(last).toBeInViewport()
})
