import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../fixtures'

// The Dashboard's Recent Articles and the Article list on a phone (375 px): below md each row
// turns into a small card, so neither the page nor the table scrolls sideways and the row
// actions are on screen without scrolling. The newsletter screens fit it too (the composer,
// which needs an edition to be made first, is measured in newsletter-composer.spec.ts).

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
  // The admin's dashboard puts the publisher's figures first: the page is scrolled down to the
  // row, never sideways (a sideways-scrolling table would leave its actions off screen).
  await firstRow.evaluate((row) =>
    window.scrollTo(0, row.getBoundingClientRect().top + window.scrollY - 120),
  )
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

/** The page is no wider than the phone, and the named controls are within its width. */
async function expectFitsPhone(page: Page, controls: Locator[]) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  for (const control of controls) {
    await expect(control).toBeVisible()
    const box = (await control.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(375)
  }
}

test('the newsletters fit a phone, with each list’s buttons on screen', async ({ page }) => {
  await page.goto('/admin/newsletters')
  const cards = page.locator('[data-slot="card"]')
  await expect(cards.first()).toBeVisible()
  const controls: Locator[] = [page.getByRole('button', { name: 'New newsletter' })]
  for (const card of await cards.all()) {
    // Each Edit names its list ("Edit Breaking news"), the visible word first.
    controls.push(card.getByRole('button', { name: /^Edit \S/ }))
    controls.push(card.getByRole('link', { name: 'Archive', exact: true }))
  }
  await expectFitsPhone(page, controls)
})

test('a newsletter’s edit dialog fits a phone', async ({ page }) => {
  await page.goto('/admin/newsletters')
  await page
    .getByRole('button', { name: /^Edit \S/ })
    .first()
    .click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Edit newsletter' })).toBeVisible()
  await expectFitsPhone(page, [
    dialog.getByLabel('Name'),
    dialog.getByLabel('Kind'),
    dialog.getByRole('button', { name: 'Save newsletter' }),
  ])
})

test('the subscribers fit a phone', async ({ page }) => {
  await page.goto('/admin/subscribers')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectFitsPhone(page, [page.getByRole('link', { name: /Export/ }).first()])
})
