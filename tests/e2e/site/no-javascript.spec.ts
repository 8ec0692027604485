import { expect, test } from '@playwright/test'
import { linkInMail } from '../fixtures'
import { FEATURED } from './site-support'

// Every public page is rendered on the server; without JavaScript the reader still reads,
// navigates and searches (the header's search field is a plain form to /search).
test.use({ javaScriptEnabled: false })

test('the home page renders its sections without JavaScript', async ({ page }) => {
  await page.goto('/')
  await expect(
    page.getByRole('region', { name: 'Featured' }).getByRole('heading', { name: FEATURED.title }),
  ).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Trending', exact: true }).getByRole('article'),
  ).toHaveCount(6)
  await expect(page.getByRole('region', { name: 'Breaking News' })).toBeVisible()
  // Images show at once: nothing would run to fade them in.
  await expect(page.getByRole('region', { name: 'Featured' }).locator('img')).toHaveCSS(
    'opacity',
    '1',
  )
})

test('an article renders without JavaScript', async ({ page }) => {
  await page.goto(`/article/${FEATURED.slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(FEATURED.title)
  await expect(page.locator('.article-content p').first()).toBeVisible()
})

test('the header search falls back to the results page', async ({ page }) => {
  await page.goto('/')
  const field = page.getByPlaceholder('Search...')
  await field.fill('transit levy')
  await field.press('Enter')
  await expect(page).toHaveURL(/\/search\?q=transit\+levy$/)
  await expect(
    page.getByRole('link', { name: new RegExp(FEATURED.title.replace(/\$/g, '\\$')) }),
  ).toBeVisible()
})

test('the newsletter form posts to its own page', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  await footer
    .getByRole('textbox', { name: 'Newsletter email' })
    .fill(`nojs-${Date.now()}@example.com`)
  await footer.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page).toHaveURL(/\/newsletter$/)
  await expect(page.getByRole('status')).toHaveText(/check your inbox/i)
})

test('the subscription is confirmed from the mail’s link without JavaScript', async ({ page }) => {
  // The confirmation page asks for no Referer (its address carries the token), so the browser
  // posts its form with `Origin: null`; the cross-site check still lets it through.
  const email = `nojs-confirm-${Date.now()}@example.com`
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  await footer.getByRole('textbox', { name: 'Newsletter email' }).fill(email)
  await footer.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByRole('status')).toHaveText(/check your inbox/i)
  await page.goto(await linkInMail(email, /http:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/))
  await page.getByRole('button', { name: 'Confirm subscription' }).click()
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/^You're subscribed to /)
})

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the menu button leads to the footer’s navigation', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Open menu' }).click()
    await expect(page).toHaveURL(/#site-footer-nav$/)
    await expect(page.getByRole('navigation', { name: 'Footer categories' })).toBeInViewport()
  })
})
