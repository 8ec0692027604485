import type { Page } from '@playwright/test'
import { expect, test, toast } from './admin-fixtures'
import {
  choose,
  contentEditor,
  deleteArticle,
  openNewArticle,
  toolbarButton,
  uniqueWord,
} from './articles-support'

// Issue 40, tables: built from the keyboard in the editor (a header row, Tab between cells,
// rows and columns added and removed), published, and read on a desktop and on a 375 px phone,
// where the table scrolls sideways inside its region and the page does not.

test.beforeEach(async ({ login }) => login('admin'))

function postedContent(page: Page) {
  return page.locator('input[type=hidden][name=content]')
}

test('a table built from the keyboard is published and scrolls sideways on a phone', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const word = uniqueWord('league')
  const title = `League ${word} standings`
  await openNewArticle(page)
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type(`The ${word} table after round nine.`)
  await page.keyboard.press('Enter')

  // A 3 × 3 table with a header row from the "/" menu, the caret in its first cell.
  await page.keyboard.type('/table')
  await expect(page.getByRole('listbox', { name: 'Insert block' }).getByRole('option')).toHaveText([
    /Table/,
  ])
  await page.keyboard.press('Enter')
  const table = contentEditor(page).locator('table')
  await expect(table.locator('th')).toHaveCount(3)
  await expect(table.locator('tr')).toHaveCount(3)
  // In a table the toolbar offers its buttons.
  await expect(toolbarButton(page, 'Add row below')).toBeVisible()
  await expect(toolbarButton(page, 'Add row below')).toHaveAttribute(
    'aria-keyshortcuts',
    'Control+Alt+ArrowDown',
  )

  // Tab moves from cell to cell; Tab in the last cell adds a row.
  const cells = ['Team', 'Played', 'Points', 'Harbour FC', '9', '21', 'Old Town', '9', '18']
  for (const text of cells) {
    await page.keyboard.type(text)
    await page.keyboard.press('Tab')
  }
  await expect(table.locator('tr')).toHaveCount(4)
  await page.keyboard.type('Riverside')

  // A column added to the right and removed again, a row added below and removed, from the
  // keyboard; commands act where the caret is, so it goes to the new column and row first.
  const row = (index: number) => table.locator('tr').nth(index)
  await page.keyboard.press('ControlOrMeta+Alt+ArrowRight')
  await expect(row(0).locator('th')).toHaveCount(4)
  await page.keyboard.press('Tab')
  await page.keyboard.press('ControlOrMeta+Alt+Shift+Backspace')
  await expect(row(0).locator('th')).toHaveCount(3)
  await expect(row(3).locator('td').first()).toHaveText('Riverside')
  await page.keyboard.press('ControlOrMeta+Alt+ArrowDown')
  await expect(table.locator('tr')).toHaveCount(5)
  await row(4).locator('td').first().click()
  await page.keyboard.press('ControlOrMeta+Alt+Backspace')
  await expect(table.locator('tr')).toHaveCount(4)

  // The toolbar does the same.
  await row(3).locator('td').first().click()
  await toolbarButton(page, 'Add column right').click()
  await expect(row(3).locator('td')).toHaveCount(4)
  await row(3).locator('td').nth(1).click()
  await toolbarButton(page, 'Remove column').click()
  await expect(row(3).locator('td')).toHaveCount(3)
  await row(3).locator('td').nth(1).click()
  await page.keyboard.type('8')
  await page.keyboard.press('Tab')
  await page.keyboard.type('12')

  // A caption, from its dialog.
  await toolbarButton(page, 'Table caption').click()
  const dialog = page.getByRole('dialog', { name: 'Table caption' })
  await dialog.getByLabel('Caption').fill(`Standings of the ${word} league`)
  await dialog.getByRole('button', { name: 'Save caption' }).click()
  await expect(table.locator('caption')).toHaveText(`Standings of the ${word} league`)
  await expect(postedContent(page)).toHaveValue(
    new RegExp(
      `<table><caption>Standings of the ${word} league</caption><tbody><tr><th><p>Team</p></th><th><p>Played</p></th><th><p>Points</p></th></tr>.*<tr><td><p>Riverside</p></td><td><p>8</p></td><td><p>12</p></td></tr></tbody></table>`,
    ),
  )

  await choose(page, 'Status', 'Make public')
  await page.getByRole('button', { name: 'Create Article' }).click()
  await expect(toast(page, 'Article created successfully')).toBeVisible()

  const path = '/article/' + title.toLowerCase().replace(/\s+/g, '-')
  const reader = await browser.newContext({ viewport: { width: 1366, height: 768 } })
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } })
  try {
    const desk = await reader.newPage()
    await desk.goto(path)
    const region = desk.getByRole('region', { name: `Standings of the ${word} league` })
    await expect(region.getByRole('table')).toBeVisible()
    await expect(region.getByRole('columnheader', { name: 'Points' })).toBeVisible()
    await expect(region.getByRole('cell', { name: 'Riverside' })).toBeVisible()

    // On a phone a wider table scrolls in its region, and the page keeps its width.
    const mobile = await phone.newPage()
    await mobile.goto(path)
    const box = mobile.getByRole('region', { name: `Standings of the ${word} league` })
    await expect(box).toBeVisible()
    await box.evaluate((element) => {
      // Long words in a cell make the table wider than the phone, as real tables are.
      for (const cell of element.querySelectorAll('td p')) cell.textContent += ' 0000000000'
    })
    const widths = await mobile.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
    }))
    expect(widths.page).toBeLessThanOrEqual(widths.viewport)
    const scroll = await box.evaluate((element) => ({
      overflow: getComputedStyle(element).overflowX,
      scrollable: element.scrollWidth > element.clientWidth,
    }))
    expect(scroll).toEqual({ overflow: 'auto', scrollable: true })
    // The keyboard reaches the region and scrolls it.
    await box.focus()
    await mobile.keyboard.press('ArrowRight')
    await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)
  } finally {
    await reader.close()
    await phone.close()
  }

  await deleteArticle(page, title)
})
