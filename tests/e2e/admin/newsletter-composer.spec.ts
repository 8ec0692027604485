import type { Locator, Page } from '@playwright/test'
import { expect, test, toast, unique } from './admin-fixtures'

// The edition composer beside its preview: every story's whole title and its Move up, Move
// down and Remove are on screen and take a real click, on a laptop and on a phone.

test.beforeEach(async ({ login }) => login('admin'))

/** A new edition of a list of this test's own, with the first three stories offered. */
async function editionWithThreeStories(page: Page) {
  const name = unique('Composer Weekly')
  await page.goto('/admin/newsletters')
  await page.getByRole('button', { name: 'New newsletter' }).click()
  await page.getByRole('dialog').getByLabel('Name').fill(name)
  await page.getByRole('dialog').getByRole('button', { name: 'Create newsletter' }).click()
  await expect(toast(page, 'Newsletter created')).toBeVisible()
  await page
    .locator('[data-slot="card"]')
    .filter({ hasText: name })
    .getByRole('button', { name: 'New edition' })
    .click()
  await expect(page).toHaveURL(/\/admin\/newsletters\/issues\/\d+$/)
  await page.getByLabel('Subject').fill(unique('The week in order'))
  const offered = page.getByRole('list', { name: 'Published stories' }).getByRole('button')
  const titles: string[] = []
  for (let i = 0; i < 3; i++) {
    titles.push((await offered.first().innerText()).trim())
    await offered.first().click()
  }
  const chosen = page.getByRole('group', { name: 'Stories, in order' }).getByRole('listitem')
  await expect(chosen).toHaveCount(3)
  return { titles, chosen }
}

/** Scrolled to, the element at the control's centre is the control: no frame lies over it. */
async function expectUncovered(control: Locator) {
  await control.scrollIntoViewIfNeeded()
  await expect
    .poll(() =>
      control.evaluate((element) => {
        const { x, y, width, height } = element.getBoundingClientRect()
        const top = document.elementFromPoint(x + width / 2, y + height / 2)
        return top !== null && element.contains(top)
      }),
    )
    .toBe(true)
}

/** Each chosen story's title is shown whole: as wide as its text, inside the page. */
async function expectWholeTitles(chosen: Locator, titles: string[]) {
  for (const title of titles) {
    const text = chosen.filter({ hasText: title }).getByText(title, { exact: true })
    await expect(text).toBeVisible()
    const cut = await text.evaluate(
      (element) =>
        element.scrollWidth > element.clientWidth ||
        element.getBoundingClientRect().right > document.documentElement.clientWidth,
    )
    expect(cut).toBe(false)
  }
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
]) {
  test(`stories are reordered and removed by mouse (${viewport.width} px)`, async ({ page }) => {
    test.slow()
    await page.setViewportSize(viewport)
    const { titles, chosen } = await editionWithThreeStories(page)
    const [first, second, third] = titles
    await expectWholeTitles(chosen, titles)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    )

    const down = page.getByRole('button', { name: `Move ${first} down` })
    await expectUncovered(down)
    await down.click()
    await expect(chosen).toContainText([second, first, third])
    const up = page.getByRole('button', { name: `Move ${third} up` })
    await expectUncovered(up)
    await up.click()
    await expect(chosen).toContainText([second, third, first])
    const remove = page.getByRole('button', { name: `Remove ${second}` })
    await expectUncovered(remove)
    await remove.click()
    await expect(chosen).toContainText([third, first])

    await page.getByRole('button', { name: 'Save draft' }).click()
    await expect(toast(page, 'Edition saved')).toBeVisible()
    await page.reload()
    await expect(chosen).toContainText([third, first])
  })
}
