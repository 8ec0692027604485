import { expect, test } from '../fixtures'
import { choose, contentEditor, openNewArticle, pngFile, uniqueWord } from './articles-support'

// The search and social fields (issue 40): counts as they are typed, words and reading time
// in the publish panel, and what the published page's <head> says.

test.beforeEach(async ({ login }) => {
  await login('admin')
})

test('the SEO headline and meta description count as they are typed and warn past what engines show', async ({
  page,
}) => {
  await openNewArticle(page)
  const headline = page.getByLabel('SEO headline')
  const headlineCount = page.locator('#seoTitle-count')
  await expect(headlineCount).toHaveText(/Search engines show about 60 characters\.\s*0 \/ 60/)
  await headline.fill('x'.repeat(60))
  await expect(headlineCount).toContainText('60 / 60')
  await expect(headlineCount).not.toHaveAttribute('data-over')
  await headline.press('y')
  await expect(headlineCount).toContainText('61 / 60')
  await expect(headlineCount).toContainText('the rest will be cut')
  await expect(headlineCount).toHaveAttribute('data-over', 'true')
  // The hard limit: the field takes no more than 300 characters.
  await headline.fill('z'.repeat(320))
  await expect(headline).toHaveValue('z'.repeat(300))

  const description = page.getByLabel('Meta description')
  await description.fill('d'.repeat(161))
  await expect(page.locator('#metaDescription-count')).toContainText('161 / 160')
  await expect(page.locator('#metaDescription-count')).toContainText('the rest will be cut')
})

test('the publish panel counts words and reading time as the body is typed', async ({ page }) => {
  await openNewArticle(page)
  const count = page.getByTestId('word-count')
  await expect(count).toHaveText('0 words · 1 min read')
  await contentEditor(page).click()
  await page.keyboard.type('One two three')
  await expect(count).toHaveText('3 words · 1 min read')
  await page.keyboard.press('Enter')
  await page.keyboard.insertText('word '.repeat(200))
  await expect(count).toHaveText('203 words · 2 min read')
})

test('the published page’s head uses the search and social fields', async ({ page }) => {
  const title = uniqueWord('Seo')
  await openNewArticle(page)
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Excerpt').fill('The excerpt, not for search engines.')
  await contentEditor(page).click()
  await page.keyboard.type('The story itself.')
  await page.getByLabel('SEO headline').fill(`${title}: the search headline`)
  await page.getByLabel('Meta description').fill('What a search result says of this story.')
  await page.getByRole('button', { name: 'Select social image' }).click()
  const library = page.getByRole('dialog', { name: 'Media Library' })
  await library.getByLabel('Upload images').setInputFiles(await pngFile(`${title}.png`, '#8a2f5d'))
  await expect(page.getByText('File uploaded').first()).toBeVisible()
  await library
    .getByRole('button', { name: /^Select image / })
    .first()
    .click()
  await expect(page.getByRole('img', { name: 'Social image preview' })).toBeVisible()
  await choose(page, 'Status', 'Make public')
  await page.getByRole('button', { name: 'Create Article', exact: true }).click()
  await expect(page.getByText('Article created successfully')).toBeVisible()

  await page.goto(`/article/${title.toLowerCase()}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(`^${title}: the search headline \\| `))
  const head = page.locator('head')
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    `${title}: the search headline`,
  )
  await expect(head.locator('meta[name="twitter:title"]')).toHaveAttribute(
    'content',
    `${title}: the search headline`,
  )
  for (const selector of [
    'meta[name="description"]',
    'meta[property="og:description"]',
    'meta[name="twitter:description"]',
  ]) {
    await expect(head.locator(selector)).toHaveAttribute(
      'content',
      'What a search result says of this story.',
    )
  }
  const image = await head.locator('meta[property="og:image"]').getAttribute('content')
  expect(image).toMatch(/^https?:\/\/[^/]+\/.+/)
  await expect(head.locator('meta[name="twitter:image"]')).toHaveAttribute('content', image!)
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute(
    'content',
    'summary_large_image',
  )
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents())
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((value) => value['@type'] === 'NewsArticle')
  expect(jsonLd).toMatchObject({
    '@type': 'NewsArticle',
    headline: title,
    description: 'What a search result says of this story.',
    image: { url: image },
  })
})
