import type { Page } from '@playwright/test'
import { E2E_ADMIN } from '../../../playwright.config'
import { expect, test } from '../fixtures'
import { createArticle, uniqueWord } from './articles-support'

// Dashboard row actions (docs/product.md §2 Dashboard, §8 messages): each test writes its own article,
// which is then the newest and so in "Recent Articles".

function recentRow(page: Page, title: string) {
  return page
    .getByRole('table', { name: 'Recent Articles' })
    .getByRole('row')
    .filter({ hasText: title })
}

async function publishedArticle(page: Page, prefix: string) {
  const word = uniqueWord(prefix)
  const title = `Dashboard ${word} story`
  await createArticle(page, { title, status: 'Make public', category: 'Politics' })
  await page.goto('/admin')
  await expect(recentRow(page, title)).toBeVisible()
  return { title, slug: `dashboard-${word}-story` }
}

/** What an anonymous reader gets for the article's page. */
async function publicStatus(page: Page, slug: string) {
  const context = await page.context().browser()!.newContext()
  const response = await context.request.get(`/article/${slug}`)
  await context.close()
  return response.status()
}

test.beforeEach(async ({ login }) => {
  await login('admin')
})

test('shows the four counts and the recent articles table', async ({ page }) => {
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  const overview = page.getByRole('region', { name: 'Overview' })
  for (const card of ['Total Articles', 'Published Articles', 'Categories', 'Total Users']) {
    await expect(overview.getByText(card, { exact: true })).toBeVisible()
  }
  const total = await overview
    .locator('[data-slot=card]')
    .filter({ hasText: 'Total Articles' })
    .locator('p')
    .innerText()
  const table = page.getByRole('table', { name: 'Recent Articles' })
  for (const column of ['Title', 'Author', 'Category', 'Status', 'Actions']) {
    await expect(table.getByRole('columnheader', { name: column })).toBeVisible()
  }
  await expect(table.getByRole('row')).toHaveCount(6)
  await page.goto('/admin/articles')
  await expect(page.getByText(`Total articles: ${total}`)).toBeVisible()
})

test('the Author column shows the author’s e-mail, the name in its title', async ({ page }) => {
  // The admin writes it: the e2e admin is named "admin" (playwright.config.ts).
  const { title } = await publishedArticle(page, 'author')
  const author = recentRow(page, title).getByRole('cell').nth(1)
  await expect(author).toHaveText(E2E_ADMIN.email)
  await expect(author).toHaveAttribute('title', 'admin')
})

test('Archive moves an article to the archives', async ({ page }) => {
  const { title, slug } = await publishedArticle(page, 'archive')
  await recentRow(page, title).getByRole('button', { name: 'Archive' }).click()
  await expect(page.getByText('Article archived')).toBeVisible()
  await expect(page.getByText('The article has been moved to archives.')).toBeVisible()
  await expect(recentRow(page, title).getByText('archived')).toBeVisible()
  expect(await publicStatus(page, slug)).toBe(404)
})

test('Hide hides an article, and Show makes it public again', async ({ page }) => {
  const { title, slug } = await publishedArticle(page, 'hide')
  const row = recentRow(page, title)
  await row.getByRole('button', { name: 'Hide' }).click()
  await expect(page.getByText('Article hidden')).toBeVisible()
  await expect(page.getByText('The article has been hidden from view.')).toBeVisible()
  await expect(row.getByText('Hidden', { exact: true })).toBeVisible()
  expect(await publicStatus(page, slug)).toBe(404)

  await row.getByRole('button', { name: 'Show' }).click()
  await expect(page.getByText('Article published')).toBeVisible()
  await expect(row.getByText('Published', { exact: true })).toBeVisible()
  await expect(row.getByRole('button', { name: 'Hide' })).toBeVisible()
  expect(await publicStatus(page, slug)).toBe(200)
})

test('Delete asks first, then removes the article', async ({ page }) => {
  const { title, slug } = await publishedArticle(page, 'delete')
  await recentRow(page, title).getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('alertdialog', {
    name: 'Are you sure you want to delete this article?',
  })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(recentRow(page, title)).toBeVisible()

  await recentRow(page, title).getByRole('button', { name: 'Delete' }).click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Article deleted', { exact: true })).toBeVisible()
  await expect(page.getByText('The article has been successfully deleted.')).toBeVisible()
  await expect(recentRow(page, title)).toHaveCount(0)
  expect(await publicStatus(page, slug)).toBe(404)
})
