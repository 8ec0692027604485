import { E2E_BASE_URL } from '../../../playwright.config'
import { expect, test } from '../fixtures'
import { toast } from './admin-fixtures'
import { DEMO_LIVE, deskWithCoverageRunning, postOnDesk } from './live-support'

// Live coverage end to end: an editor posts on the live desk in one browser, a reader on the
// article in another sees "1 new update" and, on asking, the entry; nothing moved before. On a
// phone, the desk's "Entry published" toast leaves the composer's Publish button uncovered.

test('an entry posted on the desk reaches a reader as "1 new update"', async ({
  page,
  browser,
  login,
}) => {
  test.setTimeout(90_000)
  await login('admin')
  // The demo's ended coverage, started again.
  await deskWithCoverageRunning(page)

  const readerContext = await browser.newContext({ baseURL: E2E_BASE_URL })
  try {
    const reader = await readerContext.newPage()
    await reader.goto(DEMO_LIVE)
    await expect(reader.getByText('Updates as they happen')).toBeVisible()
    const firstEntry = reader.locator('[data-live-entries] > article').first()
    const before = await firstEntry.getAttribute('data-entry-id')

    await postOnDesk(
      page,
      'Recount requested in Ward 7',
      'The Ward 7 candidates have asked for a recount.',
    )
    // The composer is empty again for the next entry.
    await expect(
      page.getByRole('region', { name: 'New entry' }).getByLabel('Headline (optional)'),
    ).toHaveValue('')

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

test('an edited entry changes in place for the reader, and the desk keeps what it was', async ({
  page,
  browser,
  login,
}) => {
  test.setTimeout(90_000)
  await login('admin')
  await deskWithCoverageRunning(page)

  const posted = await postOnDesk(page, 'Turnout figure in', 'Turnout reached 61 per cent.')
  // By its id: while it is edited, its headline is in a field, not in its text.
  const onDesk = page.locator(`li[data-entry-id="${await posted.getAttribute('data-entry-id')}"]`)

  const readerContext = await browser.newContext({ baseURL: E2E_BASE_URL })
  try {
    const reader = await readerContext.newPage()
    await reader.goto(DEMO_LIVE)
    const forReader = reader
      .locator('[data-live-entries] > article')
      .filter({ has: reader.getByRole('heading', { name: 'Turnout figure in' }) })
    await expect(forReader).toContainText('61 per cent')
    await reader.evaluate(() => ((window as unknown as { sameTab: boolean }).sameTab = true))

    await onDesk.getByRole('button', { name: 'Edit' }).click()
    const editor = onDesk.locator('[contenteditable="true"]')
    await editor.click()
    await page.keyboard.press('Control+A')
    await page.keyboard.type('Turnout reached 64 per cent, the highest since 1998.')
    await onDesk.getByRole('button', { name: 'Save' }).click()
    await expect(onDesk).toContainText('64 per cent')

    // The desk keeps the text as it was, folded away.
    const earlier = onDesk.getByText('Edited · 1 earlier version')
    await expect(earlier).toBeVisible()
    await expect(onDesk.getByText('Turnout reached 61 per cent.')).toBeHidden()
    await earlier.click()
    await expect(onDesk.getByText('Turnout reached 61 per cent.')).toBeVisible()
    await expect(onDesk.getByText(/^Before the edit of \d{1,2}:\d{2} [AP]M by /)).toBeVisible()

    // The reader's entry changes where it is, without a reload.
    await expect(forReader).toContainText('64 per cent', { timeout: 30_000 })
    expect(await reader.evaluate(() => (window as unknown as { sameTab?: boolean }).sameTab)).toBe(
      true,
    )
  } finally {
    await readerContext.close()
  }
})

test('on a phone the "Entry published" toast leaves the composer\'s Publish button free', async ({
  page,
  login,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 375, height: 740 })
  await login('admin')
  await deskWithCoverageRunning(page)
  const publish = page
    .getByRole('region', { name: 'New entry' })
    .getByRole('button', { name: 'Publish', exact: true })
  await postOnDesk(page, 'Count resumes in Ward 2', 'Counting has resumed in Ward 2.')
  const published = toast(page, 'Entry published')
  await expect(published).toBeVisible()
  await publish.scrollIntoViewIfNeeded()
  // Once the toast has slid into place, the two do not meet.
  await expect
    .poll(async () => {
      const [a, b] = await Promise.all([published.boundingBox(), publish.boundingBox()])
      if (!a || !b) return 'not measured'
      const apart = a.y + a.height <= b.y || b.y + b.height <= a.y
      return apart ? 'apart' : 'covered'
    })
    .toBe('apart')
  // Where a phone's toasts go: from the top, clear of the controls at the bottom.
  expect((await published.boundingBox())!.y).toBeLessThan(740 / 2)
})
