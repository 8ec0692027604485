import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '../fixtures'
import { createArticle, pngFile, uniqueWord } from '../admin/articles-support'
import { waitForHydration } from './site-support'

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

// Bylines and author pages (issue 10): a writer's display name on the article, a link to
// their page, the page listing the article, and the page's RSS feed carrying it.

test('the byline links to the author page, which lists the article and its feed', async ({
  page,
  login,
  browser,
}) => {
  test.slow()
  const writer = await login('author')
  const username = writer.email.split('@')[0]
  const word = uniqueWord('gauge')
  const displayName = `Maya Okafor ${word.slice(-4)}`
  const title = `Tide ${word} returns to the harbour`

  await page.goto('/profile')
  const profile = page.getByRole('region', { name: 'Author profile' })
  await profile.getByLabel('Display name').fill(displayName)
  await profile.getByLabel('Short bio').fill('Covers the harbour, the port and the tides.')
  await profile.locator('input[type="file"]').setInputFiles(await pngFile('face.png', '#8a2f5d'))
  await expect(profile.getByText('Save your author profile to keep this change.')).toBeVisible()
  await profile.getByRole('button', { name: 'Save author profile' }).click()
  await expect(page.getByText('Your author profile has been saved.')).toBeVisible()

  await createArticle(page, { title, status: 'Make public' })

  const context = await browser.newContext()
  try {
    const reader = await context.newPage()
    await reader.goto(`/article/tide-${word}-returns-to-the-harbour`)
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible()
    const byline = reader.getByRole('link', { name: displayName })
    await expect(byline).toHaveAttribute('href', `/author/${username}`)
    const blocks = await reader.locator('script[type="application/ld+json"]').allTextContents()
    const newsArticle = blocks
      .map((text) => JSON.parse(text))
      .find((block) => block['@type'] === 'NewsArticle')
    expect(newsArticle.author).toMatchObject({
      '@type': 'Person',
      name: displayName,
      url: expect.stringMatching(new RegExp(`/author/${username}$`)),
    })

    await byline.click()
    await expect(reader).toHaveURL(new RegExp(`/author/${username}$`))
    await expect(reader.getByRole('heading', { level: 1, name: displayName })).toBeVisible()
    await expect(reader.getByText('Covers the harbour, the port and the tides.')).toBeVisible()
    await expect(reader.locator('main img[src*="/media/media/"]').first()).toBeVisible()
    await expect(reader.getByRole('link', { name: title })).toBeVisible()
    expect(await reader.content()).not.toContain(writer.email)

    const feedLink = reader.getByRole('link', { name: `RSS feed of ${displayName}` })
    await expect(feedLink).toHaveAttribute('href', `/author/${username}/rss.xml`)
    await expect(
      reader.locator(`link[rel="alternate"][title^="${displayName} |"]`),
    ).toHaveAttribute('href', `/author/${username}/rss.xml`)
    const feed = await reader.request.get(`/author/${username}/rss.xml`)
    expect(feed.status()).toBe(200)
    const xml = await feed.text()
    const parsed = await reader.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml')
      return {
        error: doc.getElementsByTagName('parsererror').length > 0,
        titles: [...doc.querySelectorAll('item > title')].map((t) => t.textContent),
      }
    }, xml)
    expect(parsed.error).toBe(false)
    expect(parsed.titles).toContain(title)
    expect(xml).not.toContain(writer.email)
  } finally {
    await context.close()
  }
})

test('an unknown author is "Author not found"', async ({ page }) => {
  const response = await page.goto('/author/no-one-by-this-name')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Author not found' })).toBeVisible()
})

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' })

    test('the author page and the profile’s author section have no WCAG 2.1 A/AA violations', async ({
      page,
      login,
    }) => {
      // The demo's reporters sign its stories (seed/demo-staff.ts): a page from the start.
      await page.goto('/author/maya.okafor')
      await waitForHydration(page)
      await expect(page.locator('html')).toHaveClass(new RegExp(theme))
      const violations = async (include?: string) => {
        const builder = new AxeBuilder({ page }).withTags(WCAG)
        const results = await (include ? builder.include(include) : builder).analyze()
        return results.violations.map((v) => ({
          rule: v.id,
          nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary}`),
        }))
      }
      expect(await violations()).toEqual([])
      await login('admin')
      await page.goto('/profile')
      await waitForHydration(page)
      expect(await violations('#author-profile')).toEqual([])
    })
  })
}
