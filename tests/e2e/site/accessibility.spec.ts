import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { FEATURED, waitForHydration } from './site-support'

// WCAG 2.1 A and AA: the rules a public page must pass, in both themes.
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

const PAGES = [
  ['home', '/'],
  ['category', '/category/politics'],
  ['tag', '/tag/transit'],
  ['article', `/article/${FEATURED.slug}`],
  ['search', '/search?q=harbour'],
  ['sign-in', '/signin'],
]

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' })

    for (const [name, path] of PAGES) {
      test(`the ${name} page has no WCAG 2.1 A/AA violations`, async ({ page }) => {
        await page.goto(path)
        await waitForHydration(page)
        await expect(page.locator('html')).toHaveClass(new RegExp(theme))
        const results = await new AxeBuilder({ page }).withTags(WCAG).analyze()
        const summary = results.violations.map((v) => ({
          rule: v.id,
          nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary}`),
        }))
        expect(summary).toEqual([])
      })
    }
  })
}

test('the search dialog has no WCAG 2.1 A/AA violations', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.getByPlaceholder('Search...').click()
  await page.getByPlaceholder('Search articles...').fill('harbour')
  await expect(page.getByRole('option').first()).toBeVisible()
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(WCAG).analyze()
  expect(results.violations.map((v) => v.id)).toEqual([])
})
