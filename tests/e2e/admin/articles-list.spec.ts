import { expect, test } from '../fixtures'
import { choose, createArticle, uniqueWord } from './articles-support'

// The article list (docs/product.md §2 "Article list"), with the newsroom additions: search, filters and
// sorting held in the URL.

test.beforeEach(async ({ login }) => {
  await login('admin')
})

test('lists articles with the spec columns and texts', async ({ page }) => {
  await page.goto('/admin/articles')
  await expect(page.getByRole('heading', { name: 'Articles', level: 1 })).toBeVisible()
  await expect(page.getByText(/^Total articles: \d+$/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'New Article', exact: true })).toHaveAttribute(
    'href',
    '/admin/new-article',
  )
  const table = page.getByRole('table', { name: 'Articles' })
  for (const column of ['Title', 'Category', 'Author', 'Status', 'Tags', 'Published', 'Actions']) {
    await expect(table.getByRole('columnheader', { name: column })).toBeVisible()
  }
  await expect(table.getByText('Not published').first()).toBeVisible()
  await expect(table.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/).first()).toBeVisible()
})

test('an article without category shows "Uncategorized"', async ({ page }) => {
  const title = `Loose ${uniqueWord('nocat')}`
  await createArticle(page, { title })
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row.getByRole('cell', { name: 'Uncategorized' })).toBeVisible()
  await expect(row.getByRole('cell', { name: 'Not published' })).toBeVisible()
})

test('search, status and category filters live in the URL', async ({ page }) => {
  const word = uniqueWord('filter')
  await createArticle(page, {
    title: `Filter ${word} one`,
    status: 'Submit for review',
    category: 'Sports',
  })
  await createArticle(page, { title: `Filter ${word} two`, category: 'Culture' })

  await page.getByLabel('Search by title').fill(word)
  await page.getByLabel('Search by title').press('Enter')
  await expect(page).toHaveURL(new RegExp(`q=${word}`))
  await expect(page.getByText('Total articles: 2')).toBeVisible()

  await choose(page, 'Status', 'Review')
  await expect(page).toHaveURL(/status=review/)
  await expect(page.getByText('Total articles: 1')).toBeVisible()
  await expect(page.getByRole('link', { name: `Filter ${word} one` })).toBeVisible()

  await page.reload()
  await expect(page.getByText('Total articles: 1')).toBeVisible()
  await choose(page, 'Status', 'All statuses')
  await choose(page, 'Category', 'Culture')
  await expect(page).toHaveURL(/category=\d+/)
  await expect(page.getByRole('link', { name: `Filter ${word} two` })).toBeVisible()
  await expect(page.getByText('Total articles: 1')).toBeVisible()

  await page.getByRole('link', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/admin\/articles$/)
})

test('sorting by creation date puts the oldest first on request', async ({ page }) => {
  const title = `Newest ${uniqueWord('sort')}`
  await createArticle(page, { title })
  const firstTitle = page
    .getByRole('table', { name: 'Articles' })
    .getByRole('row')
    .nth(1)
    .getByRole('link')
    .first()
  await expect(firstTitle).toHaveText(title)
  await choose(page, 'Sort', 'Oldest first')
  await expect(page).toHaveURL(/sort=created-asc/)
  await expect(firstTitle).not.toHaveText(title)
})

test('delete from the list asks first', async ({ page }) => {
  const title = `Listed ${uniqueWord('del')}`
  await createArticle(page, { title })
  const row = page.getByRole('row').filter({ hasText: title })
  await row.getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('alertdialog', {
    name: 'Are you sure you want to delete this article?',
  })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Article deleted successfully')).toBeVisible()
  await expect(row).toHaveCount(0)
})

test('the edit button opens the form with the article', async ({ page }) => {
  const title = `Editable ${uniqueWord('edit')}`
  await createArticle(page, { title, category: 'World', tags: ['Docks'] })
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('link', { name: 'Edit', exact: true })
    .click()
  await expect(page.getByRole('heading', { name: 'Edit Article' })).toBeVisible()
  await expect(page.getByLabel('Title')).toHaveValue(title)
  await expect(page.getByLabel('Category')).toHaveText('World')
  await expect(page.getByRole('list', { name: 'Tags on this article' })).toContainText('Docks')
  await expect(page.getByRole('button', { name: 'Update Article' })).toBeVisible()
})

test('a story scheduled for a later year reads Scheduled with its day, in the list and on the dashboard', async ({
  page,
}) => {
  const title = `Embargoed ${uniqueWord('later')} report`
  const response = await page.request.post('/admin/new-article', {
    form: {
      title,
      content: '<p>Released at the agreed time.</p>',
      status: 'published',
      publishedAt: '2030-01-05T09:00',
    },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(302)
  for (const path of [`/admin/articles?q=${encodeURIComponent(title)}`, '/admin']) {
    await page.goto(path)
    const row = page.getByRole('row').filter({ hasText: title })
    await expect(row.getByText('Scheduled', { exact: true })).toBeVisible()
    await expect(row.locator('time', { hasText: 'Jan 5, 2030' })).toBeVisible()
    await expect(row.getByText('Published', { exact: true })).toHaveCount(0)
  }
})

test('at 1366 px the table fits its card, its Actions column in view', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 })
  await page.goto('/admin/articles')
  const table = page.getByRole('table', { name: 'Articles' })
  await expect(table.getByRole('columnheader', { name: 'Actions' })).toBeInViewport({ ratio: 1 })
  const { scroll, client } = await table.evaluate((t) => ({
    scroll: t.parentElement!.scrollWidth,
    client: t.parentElement!.clientWidth,
  }))
  expect(scroll).toBeLessThanOrEqual(client)
})
