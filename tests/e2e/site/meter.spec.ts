import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { choose, contentEditor, openNewArticle, uniqueWord } from '../admin/articles-support'
import { expect, test } from '../fixtures'

// The meter (issue 38): with two free members stories a month for anonymous readers, a reader
// with no account reads two Opinion stories (members by the category's default) in full, is
// told where they stand, and meets the subscribe wall on the third, which says the meter is
// spent. The wall is looked at at 375 and 1366 px, light and dark.

const HIDDEN = 'The fourth paragraph is for members and the meter.'

async function setMeter(page: Page, mode: 'Metered' | 'No meter') {
  await page.goto('/admin/settings/access')
  await page.getByRole('radio', { name: mode }).check()
  if (mode === 'Metered') {
    await page.getByLabel('Free stories, anonymous readers').fill('2')
    await page.getByLabel('Free stories, registered readers').fill('3')
    await choose(page, 'Per', 'Calendar month')
  }
  await page.getByRole('button', { name: 'Save access settings' }).click()
  await expect(page.getByText('Access settings updated successfully')).toBeVisible()
}

async function membersStory(page: Page, title: string) {
  await openNewArticle(page)
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  for (const text of ['First paragraph.', 'Second paragraph.', 'Third paragraph.']) {
    await page.keyboard.type(text)
    await page.keyboard.press('Enter')
  }
  await page.keyboard.type(HIDDEN)
  await choose(page, 'Status', 'Make public')
  await choose(page, 'Category', 'Opinion')
  await expect(page.getByRole('radio', { name: 'Paying members' })).toBeChecked()
  await page.getByRole('button', { name: 'Create Article', exact: true }).click()
  await expect(page.getByText('Article created successfully')).toBeVisible()
  return `/article/${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
}

test('an anonymous reader reads two members stories on the meter, then meets the wall', async ({
  page,
  login,
  browser,
}, testInfo) => {
  test.slow()
  await login('admin')
  const word = uniqueWord('m')
  const stories = [
    await membersStory(page, `Levy column ${word} one`),
    await membersStory(page, `Levy column ${word} two`),
    await membersStory(page, `Levy column ${word} three`),
  ]
  await setMeter(page, 'Metered')
  try {
    const context = await browser.newContext()
    const reader = await context.newPage()
    await reader.goto(stories[0])
    await expect(reader.getByText(HIDDEN)).toBeVisible()
    const counter = reader.getByRole('complementary', { name: 'Free stories' })
    await expect(counter).toHaveText(/You are reading 1 of 2 free stories this month\./)
    await reader.setViewportSize({ width: 375, height: 812 })
    await counter.scrollIntoViewIfNeeded()
    await reader.screenshot({ path: testInfo.outputPath('meter-counter-375-light.png') })
    const [cookie] = (await context.cookies()).filter((c) => c.name === 'meter')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' })

    await reader.goto(stories[1])
    await expect(reader.getByText(HIDDEN)).toBeVisible()
    await expect(reader.getByText('You are reading 2 of 2 free stories this month.')).toBeVisible()

    await reader.goto(stories[2])
    const wall = reader.getByRole('region', { name: 'Subscribe to keep reading' })
    await expect(wall).toBeVisible()
    await expect(wall.getByText('You have read 2 of 2 free stories this month.')).toBeVisible()
    await expect(wall.getByText('to read 3 free stories this month.')).toBeVisible()
    await expect(wall.getByRole('link', { name: 'Create a free account' })).toHaveAttribute(
      'href',
      `/signup?redirectTo=${encodeURIComponent(stories[2])}`,
    )
    await expect(reader.getByText(HIDDEN)).toHaveCount(0)
    expect(await reader.content()).not.toContain(HIDDEN)

    // The wall with its counter, as a reader sees it.
    for (const width of [375, 1366]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await reader.setViewportSize({ width, height: width === 375 ? 812 : 900 })
        await reader.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
        await reader.reload()
        await expect(reader.locator('html')).toHaveClass(new RegExp(colorScheme))
        await wall.scrollIntoViewIfNeeded()
        await reader.screenshot({
          path: testInfo.outputPath(`meter-wall-${width}-${colorScheme}.png`),
        })
        // The counter's words pass WCAG 2.1 A/AA like the rest of the wall.
        const results = await new AxeBuilder({ page: reader })
          .include('.paywalled-content')
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze()
        expect(results.violations.map((v) => `${width} ${colorScheme}: ${v.id}`)).toEqual([])
      }
    }

    // Clearing cookies resets the meter: the third story opens as the first of two.
    await context.clearCookies()
    await reader.goto(stories[2])
    await expect(reader.getByText(HIDDEN)).toBeVisible()
    await expect(reader.getByText('You are reading 1 of 2 free stories this month.')).toBeVisible()
    await context.close()
  } finally {
    await setMeter(page, 'No meter')
  }
})
