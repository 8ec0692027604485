import { buildPdf } from '../../../app/domain/seed/seed.server'
import { expect, test } from '../fixtures'
import { FEATURED, waitForHydration } from './site-support'
import type { Page } from '@playwright/test'

// Issue 11 item 4: an edition uploaded with a title and date shows its cover on /newspapers,
// its reader opens page 1 and turns to page 2 by keyboard, and searching a word printed only
// on page 2 finds the edition and opens that page.

/** A word no demo content holds: letters only, so the search reads it as one word. */
function uniqueWord() {
  const letters = Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'qwxzjkvbpy'[Number(d)])
  return `quokka${letters}`
}

/** The newest edition's card on /newspapers. */
function firstEdition(page: Page) {
  return page.locator('main a[href^="/newspapers/"]').first()
}

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text }).first()
}

/** The reader has drawn the page it shows (no "Drawing…"/"Loading…" left). */
async function pageDrawn(page: Page, n: number, of: number) {
  await expect(page.getByRole('toolbar', { name: 'Edition pages' })).toContainText(
    `Page ${n} of ${of}`,
  )
  await expect(page.getByRole('img', { name: new RegExp(`page ${n} of ${of}$`) })).toBeVisible()
  await expect(page.getByText(/Drawing the page|Loading the edition/)).toHaveCount(0)
  const canvas = page
    .getByRole('img', { name: new RegExp(`page ${n} of ${of}$`) })
    .locator('canvas')
  await expect(canvas).toHaveCount(1)
}

test('an uploaded edition: its cover, its reader page by page, and search into page 2', async ({
  page,
  login,
}) => {
  test.setTimeout(90_000)
  const word = uniqueWord()
  const title = `The ${word.slice(6)} edition`
  await login('editor')

  await page.goto('/admin/media')
  await waitForHydration(page)
  await page.getByRole('tab', { name: 'PDF Newspapers' }).click()
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Edition date').fill('2031-05-02')
  await page.getByLabel('Number').fill('321')
  await page.getByLabel('PDF file').setInputFiles({
    name: 'edition.pdf',
    mimeType: 'application/pdf',
    buffer: buildPdf(
      [
        { heading: 'Front page', lines: ['Harbour news from the front page'] },
        { heading: 'Page two', lines: [`The ${word} was seen at the pier`] },
      ],
      { title },
    ),
  })
  await page.getByRole('button', { name: 'Upload edition' }).click()
  await expect(toast(page, 'File uploaded')).toBeVisible({ timeout: 20_000 })

  // /newspapers: its cover, title, date and number, linking to the reader.
  await page.goto('/newspapers')
  const card = page.getByRole('link', { name: new RegExp(title) })
  await expect(card).toContainText('May 2, 2031')
  await expect(card).toContainText('No. 321')
  await expect(card).toContainText('2 pages')
  const cover = card.getByRole('img', { name: `Front page of ${title}` })
  await cover.scrollIntoViewIfNeeded()
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)

  // The reader: page 1, then page 2 by keyboard, the address following.
  await card.click()
  await expect(page).toHaveURL(/\/newspapers\/2031-05-02(-\d+)?$/)
  const readerUrl = new URL(page.url()).pathname
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByRole('link', { name: /Download PDF/ })).toHaveAttribute(
    'href',
    /\/media\/pdf_newspapers\/.+\.pdf$/,
  )
  await pageDrawn(page, 1, 2)
  await page.keyboard.press('ArrowRight')
  await pageDrawn(page, 2, 2)
  await expect(page).toHaveURL(`${readerUrl}?page=2`)
  await page.keyboard.press('Home')
  await pageDrawn(page, 1, 2)
  // The thumbnails go to their page too.
  await page
    .getByRole('navigation', { name: `Pages of ${title}` })
    .getByRole('button', { name: 'Page 2' })
    .click()
  await pageDrawn(page, 2, 2)
  await page.keyboard.press('ArrowLeft')
  await pageDrawn(page, 1, 2)

  // Search: the word printed only on page 2 finds the edition, "Page 2" opens that page.
  await page.goto(`/search?q=${word}`)
  const print = page.getByRole('region', { name: 'In the print edition' })
  await expect(print).toContainText(title)
  await expect(print).toContainText('May 2, 2031')
  await expect(print.locator('mark')).toHaveText(word)
  await expect(print.getByRole('link', { name: 'Page 1', exact: true })).toHaveCount(0)
  await print.getByRole('link', { name: 'Page 2', exact: true }).click()
  await expect(page).toHaveURL(`${readerUrl}?page=2`)
  await pageDrawn(page, 2, 2)

  // Tidy up: the other journeys count the seeded editions.
  await page.goto('/admin/media')
  await waitForHydration(page)
  await page.getByRole('tab', { name: 'PDF Newspapers' }).click()
  await page.getByRole('button', { name: `Delete ${title}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'File deleted')).toBeVisible()
  expect((await page.request.get(readerUrl)).status()).toBe(404)
})

test('?page=N past the end opens the last page; zoom and fit width', async ({ page }) => {
  await page.goto('/newspapers')
  const first = firstEdition(page)
  const href = (await first.getAttribute('href'))!
  await page.goto(`${href}?page=99`)
  await waitForHydration(page)
  const indicator = page.getByRole('toolbar', { name: 'Edition pages' }).locator('[aria-live]')
  await expect(indicator).toHaveText(/^Page (\d+) of \1$/)
  await expect(page).toHaveURL(/\?page=\d$/)
  const canvas = page.getByRole('img', { name: /, page \d+ of \d+$/ }).locator('canvas')
  await expect(canvas).toHaveCount(1)
  await expect(page.getByText(/Drawing the page|Loading the edition/)).toHaveCount(0)
  const fitWidth = (await canvas.boundingBox())!.width
  // The page is drawn again at each zoom: between two drawings there may be no canvas to
  // measure, so a missing one reads as 0 and the poll asks again.
  const width = async () => (await canvas.boundingBox())?.width ?? 0
  await page.getByRole('button', { name: 'Zoom in' }).click()
  await expect.poll(width).toBeGreaterThan(fitWidth * 1.2)
  await page.getByRole('button', { name: 'Fit width' }).click()
  await expect.poll(async () => Math.round(await width())).toBe(Math.round(fitWidth))
})

test('a double click zooms in and back to fit', async ({ page }) => {
  await page.goto('/newspapers')
  await firstEdition(page).click()
  await waitForHydration(page)
  const canvas = page.getByRole('img', { name: /, page 1 of/ }).locator('canvas')
  await expect(canvas).toHaveCount(1)
  await expect(page.getByText(/Drawing the page|Loading the edition/)).toHaveCount(0)
  const fitWidth = (await canvas.boundingBox())!.width
  const toolbar = page.getByRole('toolbar', { name: 'Edition pages' })
  await canvas.dblclick({ position: { x: 40, y: 40 } })
  await expect(toolbar).toContainText('200%')
  await expect.poll(async () => (await canvas.boundingBox())!.width).toBeGreaterThan(fitWidth * 1.9)
  await canvas.dblclick({ position: { x: 40, y: 40 } })
  await expect(toolbar).toContainText('100%')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true })

  test('the reader fits the screen, and a sideways swipe turns the page', async ({ page }) => {
    await page.goto('/newspapers')
    await firstEdition(page).click()
    await waitForHydration(page)
    const indicator = page.getByRole('toolbar', { name: 'Edition pages' }).locator('[aria-live]')
    await expect(indicator).toHaveText(/^Page 1 of [2-9]/)
    await expect(page.getByRole('img', { name: /page 1 of/ }).locator('canvas')).toHaveCount(1)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    const swipe = (from: number, to: number) =>
      page.getByRole('img', { name: /, page \d+ of/ }).evaluate(
        (el, [x0, x1]) => {
          const fire = (type: string, x: number) =>
            el.dispatchEvent(
              new PointerEvent(type, {
                pointerType: 'touch',
                pointerId: 7,
                clientX: x,
                clientY: 300,
                bubbles: true,
              }),
            )
          fire('pointerdown', x0)
          fire('pointerup', x1)
        },
        [from, to],
      )
    await swipe(300, 80)
    await expect(indicator).toHaveText(/^Page 2 of/)
    await expect(page).toHaveURL(/\?page=2$/)
    await swipe(80, 300)
    await expect(indicator).toHaveText(/^Page 1 of/)
  })

  test('the page opens as wide as the screen; a double tap zooms in there and back', async ({
    page,
  }) => {
    await page.goto('/newspapers')
    await firstEdition(page).click()
    await waitForHydration(page)
    const sheet = page.getByRole('img', { name: /, page 1 of/ })
    const canvas = sheet.locator('canvas')
    await expect(canvas).toHaveCount(1)
    await expect(page.getByText(/Drawing the page|Loading the edition/)).toHaveCount(0)
    // Fit width: the whole screen's width (no gutters), nothing to scroll sideways.
    const fitted = (await canvas.boundingBox())!
    expect(fitted.width).toBeGreaterThan(360)
    expect(fitted.x).toBeGreaterThanOrEqual(-1)
    expect(fitted.x + fitted.width).toBeLessThanOrEqual(376)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    const toolbar = page.getByRole('toolbar', { name: 'Edition pages' })
    await expect(toolbar).toContainText('100%')

    // Two quick taps on the right half: 200 %, the tapped part still under the finger (the
    // frame scrolled sideways within itself, the page itself still 375 px wide).
    const tapTwice = () =>
      sheet.evaluate((el) => {
        const box = el.getBoundingClientRect()
        const x = box.left + box.width * 0.75
        const y = box.top + Math.min(box.height / 3, 200)
        const fire = (type: string) =>
          el.dispatchEvent(
            new PointerEvent(type, {
              pointerType: 'touch',
              pointerId: 9,
              isPrimary: true,
              clientX: x,
              clientY: y,
              bubbles: true,
            }),
          )
        for (let i = 0; i < 2; i++) {
          fire('pointerdown')
          fire('pointerup')
        }
      })
    await tapTwice()
    await expect(toolbar).toContainText('200%')
    await expect
      // The page's canvas is drawn anew at each zoom: between two, there may be none.
      .poll(async () => (await canvas.boundingBox())?.width ?? 0)
      .toBeGreaterThan(fitted.width * 1.9)
    const frame = page.locator('[data-zoom]')
    expect(await frame.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    // Chromium names "pan-x pan-y pinch-zoom" by its shorthand, "manipulation".
    await expect(frame).toHaveCSS('touch-action', /^(manipulation|pan-x pan-y pinch-zoom)$/)

    // Again: back to fit.
    await tapTwice()
    await expect(toolbar).toContainText('100%')
    await expect
      .poll(async () => Math.round((await canvas.boundingBox())?.width ?? 0))
      .toBe(Math.round(fitted.width))
    await expect(frame).toHaveCSS('touch-action', 'pan-y pinch-zoom')
  })
})

test.describe('on a phone, pinching', () => {
  // A phone's browser: the page's viewport tag is obeyed and two fingers zoom the visual viewport.
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true })

  test('two fingers zoom into the page and back out, the layout untouched', async ({ page }) => {
    await page.goto('/newspapers')
    await firstEdition(page).click()
    await waitForHydration(page)
    const sheet = page.getByRole('img', { name: /, page 1 of/ })
    await expect(sheet.locator('canvas')).toHaveCount(1)
    await expect(page.getByText(/Drawing the page|Loading the edition/)).toHaveCount(0)
    const scale = () => page.evaluate(() => window.visualViewport?.scale ?? 1)
    expect(await scale()).toBeCloseTo(1, 1)

    // A real pinch through Chromium's input pipeline, spread over the middle of the page: the
    // viewport tag's limits apply and the page could cancel it (the ctrl+wheel events a pinch
    // sends). Headless Chromium synthesises pinches from a touchpad only ('touch' leaves the
    // scale at 1 even on a blank page), so the touch-action that lets fingers pinch is checked
    // as CSS in the double-tap test above.
    const cdp = await page.context().newCDPSession(page)
    const pinch = async (scaleFactor: number) => {
      // The middle of what the screen shows, in the zoomed page's CSS pixels.
      const middle = await page.evaluate(() => ({
        x: Math.round(window.visualViewport!.width / 2),
        y: Math.round(window.visualViewport!.height / 2),
      }))
      await cdp.send('Input.synthesizePinchGesture', {
        ...middle,
        scaleFactor,
        relativeSpeed: 800,
        gestureSourceType: 'mouse',
      })
    }
    await pinch(2.5)
    await expect.poll(scale).toBeGreaterThan(1.8)
    // The browser zoomed, not the reader: its own zoom and the page's width stay as they were.
    await expect(page.getByRole('toolbar', { name: 'Edition pages' })).toContainText('100%')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

    await pinch(0.4)
    await expect.poll(scale).toBeLessThan(1.1)
  })
})

test('a PDF that fails to load leaves a message and the download link', async ({ page }) => {
  await page.route('**/media/pdf_newspapers/*.pdf', (route) => route.fulfill({ status: 500 }))
  await page.goto('/newspapers')
  await firstEdition(page).click()
  const alert = page.getByRole('alert').filter({ hasText: 'could not be displayed' })
  await expect(alert).toBeVisible()
  await expect(alert.getByRole('link', { name: /Download the PDF/ })).toHaveAttribute(
    'href',
    /\.pdf$/,
  )
})

test('an unknown edition is a 404 inside the site', async ({ page }) => {
  const response = await page.goto('/newspapers/1999-01-01')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Edition not found' })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
})

test('pdf.js loads on the edition page only', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  for (const path of ['/', `/article/${FEATURED.slug}`, '/newspapers', '/search?q=bay']) {
    await page.goto(path, { waitUntil: 'networkidle' })
  }
  expect(scripts.filter((url) => /pdf|edition-reader/.test(url))).toEqual([])
  await page.goto('/newspapers')
  await firstEdition(page).click()
  await expect(page.getByRole('toolbar', { name: 'Edition pages' })).toBeVisible()
  expect(scripts.some((url) => /edition-reader/.test(url))).toBe(true)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('an edition is its cover and a download link', async ({ page }) => {
    await page.goto('/newspapers')
    await firstEdition(page).click()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('link', { name: /Download PDF/ })).toHaveAttribute('href', /\.pdf$/)
    await expect(page.getByRole('img', { name: /^Front page of / })).toBeVisible()
  })
})

test('search results carry their publication date, on the page and in the dialog', async ({
  page,
}) => {
  await page.goto('/search?q=transit')
  const result = page.getByRole('link', { name: new RegExp(FEATURED.title.replace(/\$/g, '\\$')) })
  await expect(result.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)
  await page.goto('/')
  await waitForHydration(page)
  await page.getByPlaceholder('Search...').click()
  await page.getByPlaceholder('Search articles...').fill('transit')
  const option = page.getByRole('dialog').getByRole('option').first()
  await expect(option.locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)
})

test('the upload form proposes the next edition: its date, and a title that follows it', async ({
  page,
  login,
}) => {
  await login('editor')
  await page.goto('/admin/media')
  await waitForHydration(page)
  await page.getByRole('tab', { name: 'PDF Newspapers' }).click()
  await expect(page.getByRole('list', { name: 'Editions' })).toBeVisible()
  const title = page.getByLabel('Title', { exact: true })
  const date = page.getByLabel('Edition date')
  // A day, and the title of the newest edition (or the site's name) with that day in words.
  await expect(date).toHaveValue(/^\d{4}-\d{2}-\d{2}$/)
  await expect(title).toHaveValue(/^.+, [A-Z][a-z]+ \d{1,2}, \d{4}$/)

  await date.fill('2032-01-15')
  await expect(title).toHaveValue(/, January 15, 2032$/)
  // A title of the desk's own is kept, whatever the date.
  await title.fill('Special election edition')
  await date.fill('2032-01-16')
  await expect(title).toHaveValue('Special election edition')
})
