import { expect, test } from '../fixtures'

// Issue 36: the edit page's Views card names each day under its bar and shows its count, gives
// a screen reader the same figures as a table, and offers 30 days as well as 7.

const DAY_LABEL = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2}$/

test('the views card names the days, shows their counts and offers 30 days', async ({
  page,
  login,
}) => {
  await login('admin')
  const bar = (await (await page.request.get('/api/breaking-news')).json()) as {
    items: { id: number }[]
  }
  await page.goto(`/admin/edit-article/${bar.items[0].id}`)
  const card = page.locator('[data-slot="card"]').filter({
    has: page.getByRole('heading', { name: 'Views', exact: true }),
  })
  await expect(card.getByRole('tab', { name: '7 days' })).toHaveAttribute('aria-selected', 'true')

  const week = card.getByRole('tabpanel')
  const labels = week.getByTestId('views-bars').locator('span.whitespace-nowrap')
  await expect(labels).toHaveCount(7)
  for (const label of await labels.allInnerTexts()) expect(label).toMatch(DAY_LABEL)
  const counts = week.getByTestId('views-bars').locator('span.tabular-nums')
  await expect(counts).toHaveCount(7)
  for (const count of await counts.allInnerTexts()) expect(count).toMatch(/^[\d,]+$/)
  // The picture is hidden from assistive technology; the table reads the week out.
  const table = week.getByRole('table', { name: 'Views per day, last 7 days' })
  await expect(table.getByRole('row')).toHaveCount(8)
  await expect(table.getByRole('rowheader').first()).toHaveText(
    /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}$/,
  )

  await card.getByRole('tab', { name: '30 days' }).click()
  const month = card.getByRole('tabpanel')
  await expect(month.getByTestId('views-bars').locator('[title]')).toHaveCount(30)
  // A name every seventh day, so thirty fit a phone.
  await expect(
    month
      .getByTestId('views-bars')
      .locator('span.whitespace-nowrap')
      .filter({ hasText: DAY_LABEL }),
  ).toHaveCount(5)
  await month.getByText('Views day by day').click()
  const days = month.getByRole('table', { name: 'Views per day, last 30 days' })
  await expect(days.getByRole('row')).toHaveCount(31)
})
