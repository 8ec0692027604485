import type { BrowserContext, Page, Request } from '@playwright/test'
import { waitForHydration } from '../site/site-support'
import { expect, test } from './admin-fixtures'
import {
  choose,
  contentEditor,
  deleteArticle,
  openNewArticle,
  toolbarButton,
  uniqueWord,
} from './articles-support'

// Issue 40, embeds: a supported address pasted alone on a line (or given to the toolbar's Embed
// dialog) becomes an embed block, described by the provider's oEmbed (here the stand-in of
// playwright.config.ts) with its picture kept in our media. Readers see a card, and the browser
// asks the provider for nothing until they choose to load it; "Always load from X" is kept.

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'
const POST = 'https://x.com/nasa/status/1234567890'
// Every host a provider's frame, script or picture could come from.
const PROVIDER_HOSTS =
  /(?:^|\.)(?:youtube(?:-nocookie)?\.com|ytimg\.com|twitter\.com|x\.com|twimg\.com)$/

const aboutVideo = new RegExp(`About ${VIDEO.replace(/[.?]/g, '\\$&')}`)

test.beforeEach(async ({ login }) => login('admin'))

/** Pastes `text` into the editor as a clipboard would (a paste event with its data). */
async function paste(page: Page, text: string) {
  await contentEditor(page).evaluate((editor, pasted) => {
    const data = new DataTransfer()
    data.setData('text/plain', pasted)
    editor.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    )
  }, text)
}

/** Stands in for the providers' frames, and records every request that goes to a provider. */
async function watchProviders(context: BrowserContext) {
  const asked: string[] = []
  context.on('request', (request: Request) => {
    if (PROVIDER_HOSTS.test(new URL(request.url()).hostname)) asked.push(request.url())
  })
  await context.route(
    /^https:\/\/(?:www\.youtube-nocookie\.com|platform\.twitter\.com)\//,
    (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Frame</title><p>Provider frame for ${new URL(route.request().url()).hostname}</p>`,
      }),
  )
  return asked
}

test('an embed pasted and one inserted load nothing from their provider until the reader chooses', async ({
  page,
  browser,
}) => {
  // The editor's chunk, two look-ups with their pictures, a publication and three readers.
  test.setTimeout(180_000)
  const word = uniqueWord('launch')
  const title = `Launch ${word} watched`

  await openNewArticle(page)
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type(`The ${word} launch went ahead.`)
  await page.keyboard.press('Enter')
  await paste(page, VIDEO)
  const editorCards = contentEditor(page).locator('figure[data-embed-editor]')
  await expect(editorCards.first()).toContainText(`About ${VIDEO}`)
  await expect(editorCards.first()).toContainText('YouTube embed')
  await expect(editorCards.first().locator('img')).toHaveAttribute('src', /^\/media\/media\//)
  // The writer carries on below it.
  await page.keyboard.type('After the video.')

  await toolbarButton(page, 'Embed').click()
  const dialog = page.getByRole('dialog', { name: 'Embed' })
  await dialog.getByLabel('Address').fill('javascript:alert(1)')
  await dialog.getByRole('button', { name: 'Insert embed' }).click()
  await expect(dialog.getByText('Enter a web address (http or https)')).toBeVisible()
  await dialog.getByLabel('Address').fill(POST)
  await dialog.getByRole('button', { name: 'Insert embed' }).click()
  await expect(dialog).toBeHidden()
  await expect(editorCards).toHaveCount(2)
  await expect(editorCards.nth(1)).toContainText(`About ${POST}`)

  await choose(page, 'Status', 'Make public')
  await page.getByRole('button', { name: 'Create Article' }).click()
  await expect(page).toHaveURL(/\/admin\/articles$/)
  const path = '/article/' + title.toLowerCase().replace(/\s+/g, '-')

  const context = await browser.newContext()
  try {
    const asked = await watchProviders(context)
    const reader = await context.newPage()
    await reader.goto(path)
    await waitForHydration(reader)
    const video = reader.locator('figure.embed[data-embed-kind="youtube"]')
    const post = reader.locator('figure.embed[data-embed-kind="x"]')
    await expect(video.getByRole('link', { name: aboutVideo })).toHaveAttribute('href', VIDEO)
    await expect(video.locator('img.embed-thumb')).toHaveAttribute('src', /^\/media\/media\//)
    const load = video.getByRole('button', { name: 'Load YouTube content' })
    await expect(load).toBeVisible()
    await expect(post.getByRole('button', { name: 'Always load from X' })).toBeVisible()
    await expect(reader.locator('iframe')).toHaveCount(0)
    expect(asked).toEqual([])

    await load.click()
    await expect(
      video.frameLocator('iframe').getByText('Provider frame for www.youtube-nocookie.com'),
    ).toBeVisible()
    expect(asked).toEqual(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'])
    await expect(post.locator('iframe')).toHaveCount(0)

    // "Always load from X" loads it, and is kept: on the next visit X's frame loads on sight,
    // YouTube's still waits for a click.
    await post.getByRole('button', { name: 'Always load from X' }).click()
    await expect(post.frameLocator('iframe').getByText(/platform\.twitter\.com/)).toBeVisible()
    asked.length = 0
    await reader.reload()
    await waitForHydration(reader)
    await post.scrollIntoViewIfNeeded()
    await expect(post.locator('iframe')).toHaveAttribute(
      'src',
      'https://platform.twitter.com/embed/Tweet.html?id=1234567890&dnt=true',
    )
    await expect(video.getByRole('button', { name: 'Load YouTube content' })).toBeVisible()
    await expect(video.locator('iframe')).toHaveCount(0)
    expect(asked.every((url) => url.startsWith('https://platform.twitter.com/'))).toBe(true)
  } finally {
    await context.close()
  }

  // Without JavaScript the card is a plain link, and nothing is framed.
  const noScript = await browser.newContext({ javaScriptEnabled: false })
  try {
    const asked = await watchProviders(noScript)
    const reader = await noScript.newPage()
    await reader.goto(path)
    const video = reader.locator('figure.embed[data-embed-kind="youtube"]')
    await expect(video.getByRole('link', { name: aboutVideo })).toBeVisible()
    await expect(video.getByRole('button')).toHaveCount(0)
    await expect(reader.locator('iframe')).toHaveCount(0)
    expect(asked).toEqual([])
  } finally {
    await noScript.close()
  }

  // Taken down again, so the public pages other journeys read stay as seeded.
  await deleteArticle(page, title)
})
