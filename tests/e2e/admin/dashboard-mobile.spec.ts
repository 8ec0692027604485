import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'

// The Dashboard's Recent Articles and the Article list on a phone (375 px): below md each row
// turns into a small card, so neither the page nor the table scrolls sideways and the row
// actions are on screen without scrolling.

test.use({ viewport: { width: 375, height: 812 } })

test.beforeEach(async ({ login }) => {
  await login('admin')
})

/** How wide the page and each table box are, against how much of them shows. */
function widths(page: Page) {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    tables: [...document.querySelectorAll('[data-slot=table-container]')].map((box) => ({
      scroll: box.scrollWidth,
      client: box.clientWidth,
    })),
  }))
}

async function expectNoSidewaysScroll(page: Page) {
  const { page: pageWidth, tables } = await widths(page)
  expect(pageWidth).toBeLessThanOrEqual(375)
  expect(tables.length).toBeGreaterThan(0)
  for (const table of tables) expect(table.scroll).toBeLessThanOrEqual(table.client)
}

test('the dashboard fits a phone, with the first row’s actions on screen', async ({ page }) => {
  await page.goto('/admin')
  const firstRow = page.getByRole('table', { name: 'Recent Articles' }).getByRole('row').nth(1)
  const edit = firstRow.getByRole('link', { name: 'Edit', exact: true })
  await expect(edit).toBeVisible()
  // The Author column (the author's e-mail) is hidden on small screens (spec, Dashboard).
  await expect(firstRow.getByText(/@/)).toBeHidden()
  await expectNoSidewaysScroll(page)
  // Not scrolled into view first: a sideways-scrolling table would leave it off screen.
  await expect(edit).toBeInViewport({ ratio: 1 })
  for (const name of ['Archive', 'Hide', 'Delete']) {
    await expect(firstRow.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 })
  }
})

test('the article list fits a phone, with the first row’s actions on screen', async ({ page }) => {
  await page.goto('/admin/articles')
  const firstRow = page.getByRole('table', { name: 'Articles' }).getByRole('row').nth(1)
  const edit = firstRow.getByRole('link', { name: 'Edit', exact: true })
  await expect(edit).toBeVisible()
  await expectNoSidewaysScroll(page)
  await expect(edit).toBeInViewport({ ratio: 1 })
  await expect(firstRow.getByRole('button', { name: 'Delete', exact: true })).toBeInViewport({
    ratio: 1,
  })
})
