import zlib from 'node:zlib'
import { expect, test, toast } from './admin-fixtures'

test.beforeEach(async ({ login }) => login('admin'))

test('Backup Database stores an archive that downloads from the Backups panel', async ({
  page,
}) => {
  await page.goto('/admin')
  await page.getByRole('button', { name: 'Backup Database' }).click()
  const done = toast(page, 'Backup created successfully')
  await expect(done).toBeVisible({ timeout: 30_000 })
  const fileName = /stored as (\S+)/.exec((await done.textContent()) ?? '')![1]

  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Backups' })
    .click()
  const row = page.getByRole('row').filter({ hasText: fileName })
  await expect(row).toBeVisible()
  const downloading = page.waitForEvent('download')
  await row.getByRole('link', { name: /Download/ }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(fileName)
  const path = await download.path()
  const { readFileSync } = await import('node:fs')
  const tar = zlib.gunzipSync(readFileSync(path))
  expect(tar.includes(Buffer.from('manifest.json'))).toBe(true)
})
