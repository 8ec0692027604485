import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { FEATURED, waitForHydration } from '../site/site-support'
import { expect, test } from './admin-fixtures'

// Every rule axe-core has (WCAG and best practice), plus label-content-name-mismatch (WCAG
// 2.5.3, which axe ships as experimental and off): a screen fails on any serious or critical
// violation. Issue 42 found 18 media tiles whose name left out what they show.
const SERIOUS = new Set(['serious', 'critical'])

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze()
  return results.violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
    }))
}

const READER_PAGES = [
  '/',
  '/category/politics',
  '/tag/transit',
  `/article/${FEATURED.slug}`,
  '/search?q=harbour',
  '/author/maya.okafor',
  '/newspapers',
  '/about',
  '/corrections',
  '/newsletter',
  '/signup',
  '/signin',
]

const BACK_OFFICE = [
  '/admin',
  '/admin/articles',
  '/admin/media',
  '/admin/newsletters',
  '/admin/settings',
  '/admin/users',
  '/admin/categories',
  '/admin/tags',
  '/admin/new-article',
]

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' })

    for (const path of READER_PAGES) {
      test(`${path} has no serious or critical axe violation`, async ({ page }) => {
        await page.goto(path)
        await waitForHydration(page)
        expect(await seriousViolations(page)).toEqual([])
      })
    }

    for (const path of BACK_OFFICE) {
      test(`${path} has no serious or critical axe violation`, async ({ page, login }) => {
        await login('admin')
        await page.goto(path)
        await waitForHydration(page)
        expect(await seriousViolations(page)).toEqual([])
      })
    }
  })
}
