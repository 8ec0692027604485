import type { Browser, Page } from '@playwright/test'
import { E2E_BASE_URL } from '../../../playwright.config'
import { expect, test } from '../fixtures'
import { articleIdFromList, createArticle, uniqueWord } from '../admin/articles-support'
import {
  DEMO_LIVE,
  DEMO_TITLE,
  deskWithCoverageRunning,
  endCoverage,
  postOnDesk,
} from '../admin/live-support'

// A live article for readers while its coverage runs and once it ends: the LIVE badge in
// search results, on section cards and in the breaking-news bar (drawn on the server, gone
// once coverage ends), and an open page whose status line says that coverage ended, without a
// reload; a reader down the feed told of new entries by a floating button, the key events
// waiting for it with the feed. Uses the demo's live article and leaves its coverage ended, as the demo has it; the
// bar's test makes a breaking story of its own and takes it off the bar again.

const SEARCH = `/search?q=${encodeURIComponent('Election night Calder Bay')}`
/** The demo's live article is in Politics. */
const SECTION = '/category/politics'

/**
 * The desk (signed in as the admin, coverage running) in `page`, and a reader's page in a
 * window of its own for `read`, closed afterwards.
 */
async function withDeskAndReader(
  page: Page,
  browser: Browser,
  login: (role: 'admin') => Promise<unknown>,
  read: (reader: Page) => Promise<void>,
) {
  await login('admin')
  await deskWithCoverageRunning(page)
  const readerContext = await browser.newContext({ baseURL: E2E_BASE_URL })
  try {
    await read(await readerContext.newPage())
  } finally {
    await readerContext.close()
  }
}

function searchResult(page: Page) {
  return page.getByRole('link').filter({ has: page.getByRole('heading', { name: DEMO_TITLE }) })
}

/** The live article's card in its section's listing. */
function sectionCard(page: Page) {
  return page
    .locator('main article')
    .filter({ has: page.getByRole('link', { name: DEMO_TITLE }) })
    .first()
}

test('a live article is marked LIVE in search results and on its card while its coverage runs', async ({
  page,
  browser,
  login,
}) => {
  test.setTimeout(90_000)
  await withDeskAndReader(page, browser, login, async (reader) => {
    await reader.goto(SEARCH)
    await expect(searchResult(reader).getByText('Live', { exact: true })).toBeVisible()
    // The other results carry none.
    await expect(reader.locator('main').getByText('Live', { exact: true })).toHaveCount(1)
    await reader.goto(SECTION)
    await expect(sectionCard(reader).getByText('Live', { exact: true })).toBeVisible()

    await endCoverage(page)
    await reader.goto(SEARCH)
    await expect(searchResult(reader)).toBeVisible()
    await expect(searchResult(reader).getByText('Live', { exact: true })).toHaveCount(0)
    await reader.goto(SECTION)
    await expect(sectionCard(reader)).toBeVisible()
    await expect(sectionCard(reader).getByText('Live', { exact: true })).toHaveCount(0)
  })
})

test('an open page says that coverage ended, without a reload', async ({
  page,
  browser,
  login,
}) => {
  test.setTimeout(90_000)
  await withDeskAndReader(page, browser, login, async (reader) => {
    await reader.goto(DEMO_LIVE)
    const status = reader.locator('[data-live-status]')
    await expect(status).toContainText('Updates as they happen')
    await expect(status.getByText('Live', { exact: true })).toBeVisible()
    // Marked, to tell the same page from a reloaded one.
    await reader.evaluate(() => ((window as unknown as { sameTab: boolean }).sameTab = true))

    await endCoverage(page)
    // Within a poll or two (5 s each), the line changes in place.
    await expect(status).toContainText(
      /Live coverage ended on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/,
      {
        timeout: 30_000,
      },
    )
    await expect(status.getByText('Live', { exact: true })).toHaveCount(0)
    expect(await reader.evaluate(() => (window as unknown as { sameTab?: boolean }).sameTab)).toBe(
      true,
    )
  })
})

test('a reader down the feed is told of a new entry, and the key events wait for it with the feed', async ({
  page,
  browser,
  login,
}) => {
  test.setTimeout(90_000)
  const headline = `Ward 9 declares ${uniqueWord('key')}`
  await withDeskAndReader(page, browser, login, async (reader) => {
    await reader.goto(DEMO_LIVE)
    await expect(reader.locator('[data-live-status]')).toContainText('Updates as they happen')
    const entries = reader.locator('[data-live-entries] > article')
    const firstBefore = await entries.first().getAttribute('data-entry-id')
    // Down the feed, far from its top.
    await entries.last().scrollIntoViewIfNeeded()
    await expect(entries.first()).not.toBeInViewport()

    await postOnDesk(page, headline, 'Ward 9 has declared its result.', { keyEvent: true })

    const button = reader.getByRole('button', { name: '1 new update' })
    // It floats where the reader is, in a region a screen reader announces politely.
    await expect(button).toBeInViewport({ timeout: 30_000 })
    await expect(reader.locator('[aria-live="polite"]').filter({ has: button })).toHaveCount(1)
    const keyEvent = reader.locator('[data-live-key-events] li').filter({ hasText: headline })
    // Nothing moved, and the key events list, which has the event, does not run ahead of the feed.
    await expect(entries.first()).toHaveAttribute('data-entry-id', firstBefore ?? '')
    await expect(keyEvent).toBeAttached()
    await expect(keyEvent).toBeHidden()

    await button.click()
    const posted = entries.first().getByRole('heading', { name: headline })
    await expect(posted).toBeInViewport()
    await expect(keyEvent).toBeVisible()
    await expect(button).toHaveCount(0)
  })
})

test('a breaking story whose coverage runs is marked LIVE in the breaking-news bar', async ({
  page,
  browser,
  login,
}) => {
  test.setTimeout(120_000)
  const title = `Flood warning ${uniqueWord('live')}`
  await login('admin')
  await createArticle(page, { title, status: 'Make public', tags: ['Breaking News'] })
  const articleId = await articleIdFromList(page, title)
  await page.goto(`/admin/articles/${articleId}/live`)
  await page.getByRole('button', { name: 'Start live coverage' }).click()
  await expect(page.getByRole('button', { name: 'End coverage' })).toBeVisible()

  const readerContext = await browser.newContext({ baseURL: E2E_BASE_URL })
  try {
    const reader = await readerContext.newPage()
    const barItem = () =>
      reader
        .getByRole('region', { name: 'Breaking News' })
        .getByRole('link', { name: new RegExp(title) })
        .first()
    // The badge is the item's own ::before (app.css), so it is read from the computed style.
    const badge = () => barItem().evaluate((link) => getComputedStyle(link, '::before').content)
    await reader.goto('/')
    await expect(barItem()).toHaveAttribute('data-live', 'true')
    expect(await badge()).toBe('"Live"')

    await endCoverage(page)
    await reader.goto('/')
    await expect(barItem()).toBeVisible()
    await expect(barItem()).not.toHaveAttribute('data-live')
    expect(await badge()).toBe('none')
  } finally {
    await readerContext.close()
    // Off the bar again, so that later specs see the bar as they left it.
    await page.goto(`/admin/edit-article/${articleId}`)
    await page.getByRole('button', { name: 'Take off the bar now' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Off the bar since' })).toBeVisible()
  }
})
