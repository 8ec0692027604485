import { slugify } from '../../../app/lib/slugify'
import { E2E_BASE_URL } from '../../../playwright.config'
import { expect, test } from '../fixtures'
import { articleIdFromList, choose, contentEditor, uniqueWord } from './articles-support'

// Revisions and corrections, as an editor works with them: save twice, compare, restore;
// correct the published article and see it where readers do.

/** A local date and time for the datetime-local input, `daysAgo` days back. */
function localDateTime(daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * 86_400_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:00`
}

test('an editor compares and restores a revision, then corrects the published article', async ({
  page,
  login,
  browser,
}) => {
  // Signing in as an editor takes an admin's round trip through the Users screen.
  test.slow()
  await login('editor')
  const title = uniqueWord('Ferry')
  const slug = slugify(title)

  // First save: published two days ago (so a later change counts as an update).
  await page.goto('/admin/new-article')
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type('The first ferry leaves at six every morning.')
  await choose(page, 'Status', 'Make public')
  await page.getByLabel('Publish date').fill(localDateTime(2))
  await page.getByRole('button', { name: 'Create Article' }).click()
  await expect(page.getByText('Article created successfully')).toBeVisible()

  // Second save: the time changes.
  const id = await articleIdFromList(page, title)
  await page.goto(`/admin/edit-article/${id}`)
  await contentEditor(page).click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('The first ferry leaves at seven every morning.')
  await page.getByRole('button', { name: 'Update Article' }).click()
  await expect(page.getByText('Article updated successfully')).toBeVisible()

  // Compare the first revision with the current text.
  await page.goto(`/admin/edit-article/${id}`)
  const revisions = page.getByRole('region', { name: 'Revisions' })
  const items = revisions
    .getByRole('list', { name: 'Revisions, newest first' })
    .getByRole('listitem')
  await expect(items).toHaveCount(2)
  await items
    .nth(1)
    .getByRole('button', { name: /^Compare/ })
    .click()
  const comparison = page.getByRole('dialog', { name: 'Compare with the current text' })
  await expect(comparison.locator('del')).toContainText(['six'])
  await expect(comparison.locator('ins')).toContainText(['seven'])

  // Restore it: the form opens again with the old text, and a third revision is listed.
  await comparison.getByRole('button', { name: /^Restore/ }).click()
  await page
    .getByRole('alertdialog', { name: 'Restore this revision?' })
    .getByRole('button', { name: 'Restore' })
    .click()
  await expect(page.getByText('Revision restored')).toBeVisible()
  await expect(contentEditor(page)).toHaveText('The first ferry leaves at six every morning.')
  await expect(items).toHaveCount(3)
  await expect(items.first()).toContainText('Restored from revision of ')

  // A reader has the article in the page cache before the correction.
  const reader = await browser.newContext({ baseURL: E2E_BASE_URL })
  const articlePage = async () => (await reader.request.get(`/article/${slug}`)).text()
  expect(await articlePage()).not.toContain('A correction for the timetable')

  // Correct it.
  const corrections = page.getByRole('region', { name: 'Corrections' })
  await corrections
    .getByRole('textbox', { name: 'Correction' })
    .fill('A correction for the timetable: six, not seven.')
  await corrections.getByRole('button', { name: 'Add correction' }).click()
  await expect(page.getByText('Correction added')).toBeVisible()
  await expect(corrections.getByRole('listitem')).toContainText(['six, not seven.'])

  // Readers see it at once (the cache was emptied), at the end of the article and in its JSON-LD.
  expect(await articlePage()).toContain('A correction for the timetable')
  await reader.close()
  await page.goto(`/article/${slug}`)
  const section = page.getByRole('region', { name: 'Corrections' })
  await expect(section).toContainText('A correction for the timetable: six, not seven.')
  await expect(
    page.getByText(
      /^Updated (\d{1,2}:\d{2} [AP]M|[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M)$/,
    ),
  ).toBeVisible()
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  ) as { correction?: { '@type': string; text: string }[]; dateModified?: string }
  expect(jsonLd.correction).toEqual([
    expect.objectContaining({
      '@type': 'CorrectionComment',
      text: 'A correction for the timetable: six, not seven.',
    }),
  ])
  expect(new Date(jsonLd.dateModified ?? 0).getTime()).toBeGreaterThan(Date.now() - 600_000)

  // And on /corrections, from the footer.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Corrections' }).click()
  await expect(page).toHaveURL(/\/corrections$/)
  await expect(page.getByRole('heading', { name: 'Corrections', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', `/article/${slug}`)
})
