import { expect, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'

// Shared steps of the article journeys (tests/e2e/admin/articles-*, dashboard-*, editor-*).

/** A short token that keeps titles, tags and search terms unique within a run. */
export function uniqueWord(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`
}

/** A real PNG, for uploads through the media picker. */
export async function pngFile(name: string, colour = '#2f5d8a') {
  const buffer = await sharp({
    create: { width: 1600, height: 900, channels: 3, background: colour },
  })
    .png()
    .toBuffer()
  return { name, mimeType: 'image/png', buffer }
}

export function contentEditor(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Content' })
}

export function toolbarButton(page: Page, name: string): Locator {
  return page
    .getByRole('toolbar', { name: 'Formatting' })
    .getByRole('button', { name, exact: true })
}

/** Opens the new-article form and waits for the editor to be ready for typing. */
export async function openNewArticle(page: Page) {
  await page.goto('/admin/new-article')
  await expect(page.getByRole('heading', { name: 'New Article' })).toBeVisible()
  await expect(contentEditor(page)).toBeVisible()
}

/** Picks an option of one of the form's Radix selects by its label. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** Fills the form with a minimal valid article and saves it; returns to the article list. */
export async function createArticle(
  page: Page,
  options: {
    title: string
    body?: string
    status?: string
    category?: string
    tags?: string[]
    /** The button that saves it (a contributor's "Submit for review"); else "Create Article". */
    button?: string
  },
) {
  await openNewArticle(page)
  await page.getByLabel('Title').fill(options.title)
  await contentEditor(page).click()
  await page.keyboard.type(options.body ?? `Body of ${options.title}.`)
  if (options.status) await choose(page, 'Status', options.status)
  if (options.category) await choose(page, 'Category', options.category)
  for (const tag of options.tags ?? []) {
    await page.getByPlaceholder('Add a tag').fill(tag)
    await page.getByPlaceholder('Add a tag').press('Enter')
  }
  await page.getByRole('button', { name: options.button ?? 'Create Article', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/articles$/)
  await expect(page.getByText('Article created successfully')).toBeVisible()
}

/** The id of an article, from its edit link in the article list. */
export async function articleIdFromList(page: Page, title: string) {
  await page.goto(`/admin/articles?q=${encodeURIComponent(title)}`)
  const href = await page.getByRole('link', { name: title, exact: true }).getAttribute('href')
  const id = Number(href?.split('/').pop())
  expect(id).toBeGreaterThan(0)
  return id
}

/**
 * Deletes the article titled `title` from the articles list (confirmed), so that the public
 * pages other journeys read stay as seeded.
 */
export async function deleteArticle(page: Page, title: string) {
  await page.goto(`/admin/articles?q=${encodeURIComponent(title)}`)
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: 'Delete' })
    .click()
  await page
    .getByRole('alertdialog', { name: 'Are you sure you want to delete this article?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(page.getByText('Article deleted successfully')).toBeVisible()
}
