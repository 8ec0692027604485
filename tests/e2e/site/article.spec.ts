import { expect, test } from '@playwright/test'
import { DRAFT_SLUG, FEATURED, VIDEO_ARTICLE, VIMEO_ARTICLE } from './site-support'

test('an article shows image, title, category, author, date, excerpt and body', async ({
  page,
}) => {
  await page.goto(`/article/${FEATURED.slug}`)
  const article = page.getByRole('main').getByRole('article')
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(FEATURED.title)
  await expect(article.getByRole('img', { name: FEATURED.title })).toBeVisible()
  await expect(article.getByRole('link', { name: FEATURED.category })).toBeVisible()
  await expect(article.getByText(/^By (\w+|Anonymous)$/)).toBeVisible()
  await expect(article.locator('header time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)
  await expect(article.locator('blockquote').first()).toContainText('City Council voted')
  await expect(article.locator('.article-content h2').first()).toBeVisible()
})

test('the image order follows the spec: media first, then the title', async ({ page }) => {
  await page.goto(`/article/${FEATURED.slug}`)
  const imageTop = (await page.getByRole('img', { name: FEATURED.title }).boundingBox())!.y
  const titleTop = (await page.getByRole('heading', { level: 1 }).boundingBox())!.y
  expect(imageTop).toBeLessThan(titleTop)
})

test('a YouTube article embeds the video instead of the image', async ({ page }) => {
  await page.goto(`/article/${VIDEO_ARTICLE.slug}`)
  const frame = page.locator('main iframe')
  await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ')
  await expect(frame).toHaveAttribute('title', `Video: ${VIDEO_ARTICLE.title}`)
  await expect(page.getByRole('img', { name: VIDEO_ARTICLE.title })).toHaveCount(0)
})

test('a Vimeo article embeds the Vimeo player', async ({ page }) => {
  await page.goto(`/article/${VIMEO_ARTICLE.slug}`)
  await expect(page.locator('main iframe')).toHaveAttribute(
    'src',
    'https://player.vimeo.com/video/76979871',
  )
})

test('the article’s tags link to their pages', async ({ page }) => {
  await page.goto(`/article/${FEATURED.slug}`)
  await page.getByRole('link', { name: '#Transit' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Articles tagged with "Transit"')
})

test('an unknown article answers 404 with a page, not a blank screen', async ({ page }) => {
  const response = await page.goto('/article/no-such-story')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible()
})

test('a draft article is not public', async ({ page }) => {
  const response = await page.goto(`/article/${DRAFT_SLUG}`)
  expect(response?.status()).toBe(404)
})
