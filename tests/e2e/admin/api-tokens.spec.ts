import { expect, test, toast, unique } from './admin-fixtures'
import { screenshotInEveryTheme } from '../theme-screenshots'

// Personal API tokens on /profile (docs/admin-api.md): a contributor makes one, sees it once,
// calls the Admin API with it, and revokes it; a reader's profile has no such section.

test('a contributor creates a token, sees it once, calls the Admin API with it, and revokes it', async ({
  page,
  login,
}, testInfo) => {
  await login('contributor')
  const name = unique('Wire importer')
  await page.setViewportSize({ width: 1366, height: 768 })
  await page.goto('/profile')
  const section = page.locator('#api-tokens')
  await expect(section.getByRole('heading', { name: 'API tokens' })).toBeVisible()
  await expect(section).toContainText('You have no API tokens yet.')

  // Nothing to do is refused under the field, and nothing is made.
  await section.getByLabel('Name').fill(name)
  for (const scope of ['Read drafts', 'Write articles', 'Upload media']) {
    await section.getByLabel(scope).uncheck()
  }
  await section.getByRole('button', { name: 'Create token' }).click()
  await expect(section.getByRole('alert')).toHaveText('Choose at least one thing the token may do')

  await section.getByLabel('Name').fill(name)
  await section.getByLabel('Read drafts').check()
  await section.getByLabel('Expires').selectOption('30')
  await section.getByRole('button', { name: 'Create token' }).click()
  await expect(toast(page, 'Token created')).toBeVisible()
  const token = (await section.getByTestId('new-api-token').textContent())?.trim() ?? ''
  expect(token).toMatch(/^bst_[\w-]{43}$/)
  const row = section.getByRole('listitem').filter({ hasText: name })
  await expect(row).toContainText(token.slice(0, 10))
  await expect(row).toContainText('Read drafts')
  await expect(row).toContainText('Never used')
  await expect(section.getByLabel('Name')).toHaveValue('')

  await screenshotInEveryTheme(page, section, (width, scheme) =>
    testInfo.outputPath(`api-tokens-${width}-${scheme}.png`),
  )

  const headers = { Authorization: `Bearer ${token}` }
  const drafts = await page.request.get('/api/admin/v1/articles', { headers })
  expect(drafts.status()).toBe(200)
  expect(await drafts.json()).toMatchObject({ data: [], next: null })
  // The page's own session cookie opens nothing there.
  expect((await page.request.get('/api/admin/v1/articles')).status()).toBe(401)
  // Its scope is read drafts only.
  const write = await page.request.post('/api/admin/v1/articles', {
    headers,
    data: { title: 'x', html: '<p>x</p>' },
  })
  expect(write.status()).toBe(403)
  expect((await write.json()).error.code).toBe('insufficient_scope')

  // Shown once: after a reload the page holds only its prefix, and its last use.
  await page.reload()
  await expect(section.getByTestId('new-api-token')).toHaveCount(0)
  await expect(page.locator('body')).not.toContainText(token)
  await expect(row).toContainText('Last used')

  await row.getByRole('button', { name: `Revoke ${name}` }).click()
  await expect(toast(page, 'Token revoked')).toBeVisible()
  await expect(row).toContainText('Revoked')
  const refused = await page.request.get('/api/admin/v1/articles', { headers })
  expect(refused.status()).toBe(401)
  expect((await refused.json()).error.code).toBe('invalid_token')
})

test('a reader’s profile has no API tokens', async ({ page, login }) => {
  await login('viewer')
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Active sessions' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'API tokens' })).toHaveCount(0)
})
