import type { Browser } from '@playwright/test'
import { createArticle, uniqueWord } from '../admin/articles-support'
import { expect, test } from '../fixtures'

// States a reader can only meet after the newsroom acts: an empty category, an empty tag,
// a new breaking story. The admin works through the back office; the reader is a separate,
// anonymous browser context.
async function asReader(browser: Browser) {
  const context = await browser.newContext()
  return { page: await context.newPage(), close: () => context.close() }
}

test('a category without articles says so on its page, and stays off the home page', async ({
  page,
  login,
  browser,
}) => {
  const name = `Opinion ${uniqueWord('e')}`
  await login('admin')
  await page.goto('/admin/categories')
  await page.getByRole('button', { name: 'Add Category' }).click()
  await page.getByLabel('Name', { exact: true }).fill(name)
  const slug = await page.getByLabel('Slug', { exact: true }).inputValue()
  await page.getByRole('button', { name: 'Create Category' }).click()
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible()

  const reader = await asReader(browser)
  await reader.page.goto(`/category/${slug}`)
  await expect(reader.page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(reader.page.getByText('No articles found in this category.')).toBeVisible()
  // Readers are not sent to an empty section: no home section, no navigation link.
  await reader.page.goto('/')
  await expect(reader.page.getByRole('region', { name: 'Trending', exact: true })).toBeVisible()
  await expect(reader.page.getByRole('region', { name, exact: true })).toHaveCount(0)
  await expect(reader.page.getByRole('link', { name, exact: true })).toHaveCount(0)
  await reader.close()
})

test('a tag without articles says so', async ({ page, login, browser }) => {
  const name = `Quiet ${uniqueWord('t')}`
  await login('admin')
  await page.goto('/admin/tags')
  await page.getByPlaceholder('Tag name').fill(name)
  await page.getByRole('button', { name: 'Add Tag' }).click()
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible()

  const reader = await asReader(browser)
  await reader.page.goto(`/tag/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`)
  await expect(reader.page.getByRole('heading', { level: 1 })).toHaveText(
    `Articles tagged with "${name}"`,
  )
  await expect(reader.page.getByText('No articles found with this tag.')).toBeVisible()
  await reader.close()
})

test('an article published with the Breaking News tag appears in the bar', async ({
  page,
  login,
  browser,
}) => {
  test.slow()
  const title = `Ferry halted ${uniqueWord('b')}`
  await login('admin')
  await createArticle(page, { title, status: 'Make public', tags: ['Breaking News'] })

  const reader = await asReader(browser)
  await reader.page.goto('/')
  await expect(
    reader.page
      .getByRole('region', { name: 'Breaking News' })
      .getByRole('link', { name: new RegExp(title) }),
  ).toBeVisible()
  await reader.close()
})
