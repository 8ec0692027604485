import fs from 'node:fs'
import path from 'node:path'
import { expect, linkInMail, test } from '../fixtures'
import { E2E_DATA_DIR } from '../../../playwright.config'
import { CATEGORIES, waitForHydration } from './site-support'

test('the footer has About Us, categories, Quick Links and the copyright year', async ({
  page,
}) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('heading', { name: 'About Us' })).toBeVisible()
  const categories = footer.getByRole('navigation', { name: 'Footer categories' })
  for (const name of CATEGORIES) await expect(categories.getByRole('link', { name })).toBeVisible()
  const quick = footer.getByRole('navigation', { name: 'Quick Links' })
  for (const [name, href] of [
    ['About', '/about'],
    ['Contact', '/contact'],
    ['Privacy Policy', '/privacy'],
    ['Terms of Service', '/terms'],
  ]) {
    await expect(quick.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
  }
  await expect(
    footer.getByText(`© ${new Date().getFullYear()} Broadsheet. All rights reserved.`),
  ).toBeVisible()
})

test('social links open in a new tab; inactive ones are not shown', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  const facebook = footer.getByRole('link', { name: /Facebook/ })
  await expect(facebook).toHaveAttribute('href', 'https://facebook.com/broadsheet')
  await expect(facebook).toHaveAttribute('target', '_blank')
  await expect(facebook).toHaveAttribute('rel', /noopener/)
  await expect(footer.getByRole('link', { name: /Github/i })).toHaveCount(0)
})

test('the newsletter block subscribes an address and mails a confirmation link', async ({
  page,
}) => {
  const email = `reader-${Date.now()}@example.com`
  await page.goto('/')
  await waitForHydration(page)
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('heading', { name: 'Stay Informed, Stay Ahead' })).toBeVisible()
  const input = footer.getByRole('textbox', { name: 'Newsletter email' })
  await expect(input).toHaveAttribute('type', 'email')
  await input.fill(email)
  await footer.getByRole('button', { name: 'Subscribe' }).click()
  await expect(footer.getByRole('status')).toHaveText(/check your inbox/i)
  const link = await linkInMail(email, /http:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/)

  await page.goto(link)
  await page.getByRole('button', { name: 'Confirm subscription' }).click()
  // The lists given to new readers are ticked: the seeded two at least (migration 0010).
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    /^You're subscribed to Breaking news.* and .*\./,
  )
})

test('subscribing twice is accepted without a second confirmation mail', async ({ page }) => {
  const email = `twice-${Date.now()}@example.com`
  for (let i = 0; i < 2; i++) {
    await page.goto('/')
    await waitForHydration(page)
    const footer = page.getByRole('contentinfo')
    await footer.getByRole('textbox', { name: 'Newsletter email' }).fill(email)
    await footer.getByRole('button', { name: 'Subscribe' }).click()
    await expect(footer.getByRole('status')).toHaveText(/check your inbox/i)
  }
  const dir = path.join(E2E_DATA_DIR, 'outbox')
  const mails = fs
    .readdirSync(dir)
    .filter((name) => fs.readFileSync(path.join(dir, name), 'utf8').includes(email))
  expect(mails).toHaveLength(1)
})

test('on a phone the footer links read at 16 px and are 44 px targets', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/')
  const links = page
    .getByRole('contentinfo')
    .getByRole('navigation', { name: /Footer categories|Quick Links/ })
    .getByRole('link')
  expect(await links.count()).toBeGreaterThan(5)
  for (const link of await links.all()) {
    const { fontSize, height } = await link.evaluate((el) => ({
      fontSize: getComputedStyle(el).fontSize,
      height: el.getBoundingClientRect().height,
    }))
    expect(fontSize).toBe('16px')
    expect(height).toBeGreaterThanOrEqual(44)
  }
})
