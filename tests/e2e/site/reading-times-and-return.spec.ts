import { expect, newReader, signUpThroughForm, test } from '../fixtures'
import { FEATURED, waitForHydration } from './site-support'

// What readers tripped over (times, the headline below the fold, the standfirst printed twice,
// search without a reason, sign-in that forgot the page): each checked on the demo content.

const ARTICLE = `/article/${FEATURED.slug}`

test.describe('the article page at 1366 × 768', () => {
  test.use({ viewport: { width: 1366, height: 768 } })

  test('headline, byline and standfirst come before the picture, near the top', async ({
    page,
  }) => {
    await page.goto(ARTICLE)
    const headline = page.getByRole('heading', { level: 1, name: FEATURED.title })
    const box = await headline.boundingBox()
    expect(box?.y).toBeLessThan(300)
    const standfirst = page.locator('article blockquote').first()
    const picture = page.locator('article img').first()
    const [standfirstBox, pictureBox] = [
      await standfirst.boundingBox(),
      await picture.boundingBox(),
    ]
    expect(standfirstBox!.y).toBeLessThan(pictureBox!.y)
  })

  test('says when it was published, with the time, in a <time datetime>', async ({ page }) => {
    await page.goto(ARTICLE)
    const published = page.locator('article header').getByText(/^Published /)
    await expect(published).toHaveText(
      /^Published [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/,
    )
    const iso = await published.locator('time').getAttribute('datetime')
    expect(Number.isNaN(Date.parse(iso ?? ''))).toBe(false)
  })

  test('prints the standfirst once', async ({ page }) => {
    await page.goto(ARTICLE)
    const standfirst = (await page.locator('article blockquote').first().textContent())!.trim()
    const body = (await page.locator('article .article-content').textContent()) ?? ''
    expect(body).not.toContain(standfirst)
  })

  test('the header slides away while reading down and comes back on the way up', async ({
    page,
  }) => {
    await page.goto(ARTICLE)
    await waitForHydration(page)
    const chrome = page.locator('[data-chrome]')
    await expect(chrome).toHaveAttribute('data-chrome', 'shown')
    await page.mouse.wheel(0, 900)
    await expect(chrome).toHaveAttribute('data-chrome', 'hidden')
    // Still at the top of the layout: nothing below it moved.
    await expect(page.getByRole('banner')).not.toBeInViewport()
    await page.mouse.wheel(0, -200)
    await expect(chrome).toHaveAttribute('data-chrome', 'shown')
    await expect(page.getByRole('banner')).toBeInViewport()
  })
})

test.describe('the article page on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true })

  test('the header hides while reading down and returns on the way up', async ({ page }) => {
    await page.goto(ARTICLE)
    await waitForHydration(page)
    const chrome = page.locator('[data-chrome]')
    const banner = page.getByRole('banner')
    await expect(chrome).toHaveAttribute('data-chrome', 'shown')
    await expect(banner).toBeInViewport()
    // Scrolled as a finger scrolls: the page itself, in steps.
    for (const y of [300, 600, 900]) {
      await page.evaluate((top) => window.scrollTo(0, top), y)
    }
    await expect(chrome).toHaveAttribute('data-chrome', 'hidden')
    await expect(banner).not.toBeInViewport()
    // The text under it is what shows at the top of the screen now.
    await expect
      .poll(async () => {
        const box = (await chrome.boundingBox())!
        return Math.round(box.y + box.height)
      })
      .toBeLessThanOrEqual(0)
    await page.evaluate(() => window.scrollBy(0, -150))
    await expect(chrome).toHaveAttribute('data-chrome', 'shown')
    await expect(banner).toBeInViewport()
    // Pinned: it came back at the top of the screen, not at the top of the page.
    await expect.poll(async () => Math.round((await chrome.boundingBox())!.y)).toBe(0)
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the header is an ordinary one that scrolls away', async ({ page }) => {
    await page.goto(ARTICLE)
    const chrome = page.locator('[data-chrome]')
    await expect(chrome).toHaveAttribute('data-chrome', 'static')
    expect(await chrome.evaluate((el) => getComputedStyle(el).position)).not.toBe('sticky')
  })
})

test('search says why a result matched, the words marked', async ({ page }) => {
  await page.goto('/search?q=ballot')
  const snippet = page.locator('[data-search-snippet]').first()
  await expect(snippet).toBeVisible()
  await expect(snippet.locator('mark').first()).toHaveText(/^ballot/i)
})

test('sign-in from an article comes back to it', async ({ page, browser }) => {
  const reader = newReader()
  // Signed up in a browser of its own: this page stays signed out.
  const elsewhere = await browser.newContext()
  await signUpThroughForm(await elsewhere.newPage(), reader)
  await elsewhere.close()
  await page.goto(ARTICLE)
  await waitForHydration(page)
  // The header's link carries the page; followed as a document load (the sign-in page's own
  // code need not arrive first).
  const href = await page.getByRole('link', { name: 'Sign In' }).first().getAttribute('href')
  expect(href).toMatch(/^\/signin\?redirectTo=%2Farticle%2F/)
  await page.goto(href!)
  await page.getByRole('main').getByLabel('Email address').fill(reader.email)
  await page.getByRole('main').getByLabel('Your Password').fill(reader.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`${ARTICLE}$`))
  await expect(page.getByText('Welcome back!')).toBeVisible()
})

test('sign-up says check your inbox; the profile says whether the address is confirmed', async ({
  page,
}) => {
  await signUpThroughForm(page, newReader())
  await expect(page.getByText('Check your inbox')).toBeVisible()
  await page.goto('/profile')
  await expect(page.getByTestId('address-state')).toHaveText('· Not confirmed yet')
  await page.getByRole('button', { name: 'Resend the link' }).click()
  await expect(page.getByText('Link sent')).toBeVisible()
})
