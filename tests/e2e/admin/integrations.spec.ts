import { expect, test, toast, unique } from './admin-fixtures'
import { screenshotInEveryTheme } from '../theme-screenshots'

test.beforeEach(async ({ login }) => login('admin'))

test('an admin creates an integration, sees its key once, reads the API with it, and revokes it', async ({
  page,
}, testInfo) => {
  const name = unique('Partner site')
  await page.setViewportSize({ width: 1366, height: 768 })
  await page.goto('/admin/integrations')
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible()
  await page.getByLabel('Name').fill(name)
  await page.getByRole('button', { name: 'Create integration' }).click()
  await expect(toast(page, 'Integration created')).toBeVisible()
  const key = (await page.getByTestId('new-content-key').textContent())?.trim() ?? ''
  expect(key).toMatch(/^bsc_[\w-]{40,}$/)
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText(key.slice(0, 10))
  await expect(row).not.toContainText(key)
  // The form starts again empty: a second click makes no second integration by mistake.
  await expect(page.getByLabel('Name')).toHaveValue('')
  await screenshotInEveryTheme(page, page, (width, scheme) =>
    testInfo.outputPath(`integrations-${width}-${scheme}.png`),
  )

  const answer = await page.request.get(`/api/content/v1/articles?limit=1&key=${key}`)
  expect(answer.status()).toBe(200)
  expect(answer.headers()['access-control-allow-origin']).toBe('*')

  // Shown once: after a reload the page holds only its prefix.
  await page.reload()
  await expect(page.getByTestId('new-content-key')).toHaveCount(0)
  await expect(page.locator('body')).not.toContainText(key)
  // The API call just made is its last use.
  await expect(page.getByRole('row').filter({ hasText: name })).not.toContainText('Never')

  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: `Revoke the key of ${name}` })
    .click()
  await expect(toast(page, 'Key revoked')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Revoked')
  const refused = await page.request.get(`/api/content/v1/articles?key=${key}`)
  expect(refused.status()).toBe(401)
  expect((await refused.json()).error.code).toBe('invalid_key')
})
