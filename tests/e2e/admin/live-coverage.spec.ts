import { E2E_BASE_URL } from '../../../playwright.config'
import { expect, test } from '../fixtures'

// Live coverage end to end: an editor posts on the live desk in one browser, a reader on the
// article in another sees "1 new update" and, on asking, the entry; nothing moved before.

const DEMO_LIVE = '/article/election-night-in-calder-bay-live-results-as-they-came-in'

test('an entry posted on the desk reaches a reader as "1 new update"', async ({
  page,
  browser,
  login,
}) => {
  test.setTimeout(90_000)
  await login('admin')
  // The demo's ended coverage, started again.
  await page.goto(DEMO_LIVE)
  const articleId = await page.locator('[data-live-blog]').getAttribute('data-live-blog')
  await page.goto(`/admin/articles/${articleId}/live`)
  await page.getByRole('button', { name: 'Start again' }).click()
  await expect(page.getByRole('button', { name: 'End coverage' })).toBeVisible()

  const readerContext = await browser.newContext({ baseURL: E2E_BASE_URL })
  try {
    const reader = await readerContext.newPage()
    await reader.goto(DEMO_LIVE)
    await expect(reader.getByText('Updates as they happen')).toBeVisible()
    const firstEntry = reader.locator('[data-live-entries] > article').first()
    const before = await firstEntry.getAttribute('data-entry-id')

    const composer = page.getByRole('region', { name: 'New entry' })
    await composer.getByLabel('Headline (optional)').fill('Recount requested in Ward 7')
    await composer.locator('[contenteditable="true"]').click()
    await page.keyboard.type('The Ward 7 candidates have asked for a recount.')
    await page.keyboard.press('Control+Enter')
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Recount requested in Ward 7' }),
    ).toBeVisible()
    // The composer is empty again for the next entry.
    await expect(composer.getByLabel('Headline (optional)')).toHaveValue('')

    const button = reader.getByRole('button', { name: '1 new update' })
    await expect(button).toBeVisible({ timeout: 30_000 })
    // Held back until the reader asks: the list has not moved.
    await expect(firstEntry).toHaveAttribute('data-entry-id', before ?? '')
    await button.click()
    await expect(
      reader.locator('[data-live-entries] > article').first().getByRole('heading', {
        name: 'Recount requested in Ward 7',
      }),
    ).toBeVisible()
    await expect(button).toBeHidden()
  } finally {
    await readerContext.close()
  }
})
