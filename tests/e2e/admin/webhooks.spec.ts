import { screenshotInEveryTheme } from '../theme-screenshots'
import { startWebhookReceiver } from '../../setup/webhook-receiver'
import { createArticle, deleteArticle, uniqueWord } from './articles-support'
import { expect, test, toast } from './admin-fixtures'

test.beforeEach(async ({ login }) => login('admin'))

test('an admin adds a webhook endpoint, sees its secret once, publishes a story, finds the delivery in the log and resends it', async ({
  page,
}, testInfo) => {
  const receiver = await startWebhookReceiver()
  const title = `Webhook story ${uniqueWord('w')}`
  try {
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.goto('/admin/integrations')
    await page.getByRole('link', { name: 'Manage webhooks' }).click()
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible()

    await page.getByLabel('Address').fill(receiver.url)
    await expect(page.getByLabel(/^Article published/)).toBeChecked()
    await page.getByRole('button', { name: 'Add endpoint' }).click()
    await expect(toast(page, 'Endpoint added')).toBeVisible()
    const secret = (await page.getByTestId('new-webhook-secret').textContent())?.trim() ?? ''
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    receiver.secret = secret
    const row = page.getByRole('row').filter({ hasText: receiver.url })
    await expect(row).toContainText(secret.slice(0, 12))
    await expect(row).not.toContainText(secret)
    await screenshotInEveryTheme(page, page, (width, scheme) =>
      testInfo.outputPath(`webhooks-${width}-${scheme}.png`),
    )

    // Shown once: after a reload only its first characters remain.
    await page.reload()
    await expect(page.getByTestId('new-webhook-secret')).toHaveCount(0)
    await expect(page.locator('body')).not.toContainText(secret)

    await createArticle(page, { title, status: 'Make public' })
    // Other journeys publish on the same site meanwhile: this story's event is found by title.
    const mine = () =>
      receiver.received.filter(
        (r) => (r.body.data.article as { title?: string } | undefined)?.title === title,
      )
    await expect.poll(() => mine().length, { timeout: 20_000 }).toBe(1)
    const [first] = mine()
    expect(first!.body.type).toBe('article.published')
    expect(first!.verified).toBe(true)

    await page.goto('/admin/integrations/webhooks')
    await page.getByRole('link', { name: receiver.url }).click()
    await expect(page.getByRole('heading', { name: 'Delivery log', level: 1 })).toBeVisible()
    const delivery = page.getByRole('row').filter({ hasText: first!.id })
    await expect(delivery).toContainText('article.published')
    await expect(delivery).toContainText('Delivered')
    await expect(delivery).toContainText('200')
    await screenshotInEveryTheme(page, page, (width, scheme) =>
      testInfo.outputPath(`webhook-log-${width}-${scheme}.png`),
    )

    await delivery.getByRole('button', { name: /^Resend article\.published/ }).click()
    await expect(toast(page, 'Delivery queued')).toBeVisible()
    await expect.poll(() => mine().length, { timeout: 20_000 }).toBe(2)
    expect(mine()[1]!.id).toBe(first!.id)
    expect(mine()[1]!.verified).toBe(true)
    await page.reload()
    await expect(page.getByRole('row').filter({ hasText: first!.id })).toContainText('Delivered')

    // The endpoint goes before the story, so the story's deletion is sent nowhere.
    await page.goto('/admin/integrations/webhooks')
    await page.getByRole('button', { name: `Delete ${receiver.url}` }).click()
    await expect(toast(page, 'Endpoint deleted')).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: receiver.url })).toHaveCount(0)
  } finally {
    await receiver.close()
  }
  await deleteArticle(page, title)
})
