import { expect, test } from '../fixtures'
import { choose, contentEditor, openNewArticle, uniqueWord } from './articles-support'

// A future publish date schedules: the article stays away from readers until its time, then
// appears without anyone touching it (published_at <= now() in every public read).

test('a scheduled article appears to readers once its time has come', async ({ page, login }) => {
  test.slow()
  await login('admin')
  const word = uniqueWord('embargo')
  const title = `Embargoed ${word} report`
  const slug = `embargoed-${word}-report`

  await openNewArticle(page)
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type('Released at the agreed time.')
  await choose(page, 'Status', 'Make public')
  // 12 s from now, in the site's time zone (Settings; UTC on the e2e server) that the field
  // names beside it, whatever zone the browser is in.
  await expect(page.getByText('Times are in UTC.')).toBeVisible()
  const local = new Date(Date.now() + 12_000).toISOString().slice(0, 19)
  await page.getByLabel('Publish date').fill(local)
  await expect(page.getByText(/^Scheduled for /)).toBeVisible()
  await page.getByRole('button', { name: 'Create Article' }).click()
  await expect(page.getByText('Article created successfully')).toBeVisible()

  const reader = await page.context().browser()!.newContext()
  const status = async () => (await reader.request.get(`/article/${slug}`)).status()
  const onHome = async () =>
    (await (await reader.request.get('/')).text()).includes(`/article/${slug}`)
  expect(await status()).toBe(404)
  expect(await onHome()).toBe(false)

  await expect.poll(status, { timeout: 30_000, intervals: [1000] }).toBe(200)
  await expect.poll(onHome, { timeout: 10_000 }).toBe(true)
  await reader.close()
})
