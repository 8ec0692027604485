import zlib from 'node:zlib'
import type { Request } from '@playwright/test'
import { E2E_BASE_URL } from '../../../playwright.config'
import { waitForHydration } from '../site/site-support'
import { expect, test } from '../fixtures'
import { DEMO_LIVE, deskWithCoverageRunning } from './live-support'

// Issue 40, blocks in live entries: an embedded video (the most common live update) and a pull
// quote are inserted from the live desk's "/" menu, published, and reach a reader already on
// the page as "1 new update". The embed is the same click-to-load card as in an article: the
// reader's browser asks the provider for nothing until they choose, the card's script arrives
// only with the entry that needs it, and it is the one script the blocks add to the live page.

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'
const PROVIDER_HOSTS = /(?:^|\.)(?:youtube(?:-nocookie)?\.com|ytimg\.com)$/
// The click-to-load script's gzip size, with room: about 0.9 KiB today.
const CARD_SCRIPT_BYTES = 1536

test('an entry with an embed and a pull quote reaches a reader as a click-to-load card', async ({
  page,
  browser,
  login,
}) => {
  test.setTimeout(120_000)
  await login('admin')
  await deskWithCoverageRunning(page)

  const readerContext = await browser.newContext({ baseURL: E2E_BASE_URL })
  try {
    const asked: string[] = []
    readerContext.on('request', (request: Request) => {
      if (PROVIDER_HOSTS.test(new URL(request.url()).hostname)) asked.push(request.url())
    })
    await readerContext.route(/^https:\/\/www\.youtube-nocookie\.com\//, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Frame</title><p>Provider frame for YouTube</p>',
      }),
    )
    const reader = await readerContext.newPage()
    const scripts: { url: string; body: Buffer }[] = []
    reader.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return
      scripts.push({ url: response.url(), body: await response.body() })
    })
    await reader.goto(DEMO_LIVE)
    await waitForHydration(reader)
    await expect(reader.getByText('Updates as they happen')).toBeVisible()

    // The desk's composer is the article's editor: the same "/" menu and blocks.
    const composer = page.getByRole('region', { name: 'New entry' })
    await composer.getByLabel('Headline (optional)').fill('The mayor speaks')
    await composer.locator('[contenteditable="true"]').click()
    await page.keyboard.type('The mayor has conceded.')
    await page.keyboard.press('Enter')
    const menu = page.getByRole('listbox', { name: 'Insert block' })
    await page.keyboard.type('/embed')
    await expect(menu.getByRole('option')).toHaveText([/Embed/])
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Embed' })
    await dialog.getByLabel('Address').fill(VIDEO)
    await dialog.getByRole('button', { name: 'Insert embed' }).click()
    await expect(dialog).toBeHidden()
    await expect(composer.locator('figure[data-embed-editor]')).toContainText(`About ${VIDEO}`)
    // Writing goes on after the card: the next key does not replace it.
    await page.keyboard.type('/quo')
    await expect(menu.getByRole('option')).toHaveText([/Pull quote/])
    await page.keyboard.press('Enter')
    await page.keyboard.type('We lost fair and square.')
    await page.keyboard.press('Control+Enter')
    const posted = page.getByRole('listitem').filter({ hasText: 'The mayor speaks' })
    await expect(posted).toBeVisible()
    // The desk shows the entry as stored: the embed kept by the entries' sanitiser.
    await expect(posted.locator('figure[data-embed]')).toHaveCount(1)
    await expect(posted.locator('figure[data-block="pull-quote"]')).toHaveCount(1)

    // Before the entry, the page had no embed: none of the blocks' scripts came.
    expect(scripts.map(({ url }) => url).filter((url) => /embed-consent/.test(url))).toEqual([])

    const button = reader.getByRole('button', { name: '1 new update' })
    await expect(button).toBeVisible({ timeout: 30_000 })
    await button.click()
    const entry = reader
      .locator('[data-live-entries] > article')
      .filter({ has: reader.getByRole('heading', { name: 'The mayor speaks' }) })
    const card = entry.locator('figure.embed[data-embed-kind="youtube"]')
    await expect(card.getByRole('link', { name: new RegExp('About ') })).toHaveAttribute(
      'href',
      VIDEO,
    )
    await expect(entry.locator('figure[data-block="pull-quote"] blockquote')).toHaveText(
      'We lost fair and square.',
    )
    // The card's script came with the entry that needs it, and asked the provider for nothing.
    const load = card.getByRole('button', { name: 'Load YouTube content' })
    await expect(load).toBeVisible()
    await expect(entry.locator('iframe')).toHaveCount(0)
    expect(asked).toEqual([])
    await load.click()
    await expect(card.frameLocator('iframe').getByText('Provider frame for YouTube')).toBeVisible()
    expect(asked).toEqual(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'])

    // A reader arriving now gets the card drawn by the server.
    const fresh = await readerContext.newPage()
    const freshScripts: { url: string; body: Buffer }[] = []
    fresh.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return
      freshScripts.push({ url: response.url(), body: await response.body() })
    })
    await fresh.goto(DEMO_LIVE, { waitUntil: 'networkidle' })
    await waitForHydration(fresh)
    await expect(
      fresh.locator('figure.embed').getByRole('button', { name: 'Load YouTube content' }),
    ).toBeVisible()
    // Its scripts are the article page's (performance-budget.spec.ts), its updates' and the
    // card's: no other block's, and the card's a small one.
    const sizes = freshScripts.map(({ url, body }) => ({ url, gzip: zlib.gzipSync(body).length }))
    const consent = sizes.filter(({ url }) => url.includes('/embed-consent-'))
    expect(consent).toHaveLength(1)
    expect(consent[0].gzip).toBeLessThan(CARD_SCRIPT_BYTES)
    expect(sizes.some(({ url }) => url.includes('/live-updates-'))).toBe(true)
    expect(sizes.filter(({ url }) => url.includes('gallery-lightbox'))).toEqual([])
  } finally {
    await readerContext.close()
  }
})
