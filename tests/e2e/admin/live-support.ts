import { expect, type Page } from '@playwright/test'

/** The demo's live article: its coverage has ended, with about 30 entries. */
export const DEMO_LIVE = '/article/election-night-in-calder-bay-live-results-as-they-came-in'
export const DEMO_TITLE = 'Election night in Calder Bay: live results as they came in'

/** Opens the live desk of the demo's live article with its coverage running (started again). */
export async function deskWithCoverageRunning(page: Page) {
  await page.goto(DEMO_LIVE)
  const articleId = await page.locator('[data-live-blog]').getAttribute('data-live-blog')
  await page.goto(`/admin/articles/${articleId}/live`)
  const startAgain = page.getByRole('button', { name: 'Start again' })
  const end = page.getByRole('button', { name: 'End coverage' })
  await expect(startAgain.or(end)).toBeVisible()
  if (await startAgain.isVisible()) await startAgain.click()
  await expect(end).toBeVisible()
}

/** Ends the coverage of the desk open in `page`, answering its question. */
export async function endCoverage(page: Page) {
  await page.getByRole('button', { name: 'End coverage' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'End coverage' }).click()
  await expect(page.getByRole('button', { name: 'Start again' })).toBeVisible()
}

/** Posts an entry from the desk's composer (Ctrl+Enter) and waits for it in the desk's list. */
export async function postOnDesk(
  page: Page,
  headline: string,
  text: string,
  { keyEvent = false }: { keyEvent?: boolean } = {},
) {
  const composer = page.getByRole('region', { name: 'New entry' })
  await composer.getByLabel('Headline (optional)').fill(headline)
  if (keyEvent) await composer.getByLabel('Key event').check()
  await composer.locator('[contenteditable="true"]').click()
  await page.keyboard.type(text)
  await page.keyboard.press('Control+Enter')
  const posted = page.getByRole('listitem').filter({ hasText: headline })
  await expect(posted).toBeVisible()
  return posted
}
