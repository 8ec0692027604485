import { E2E_BASE_URL } from '../../../playwright.config'
import { choose, contentEditor, openNewArticle, uniqueWord } from '../admin/articles-support'
import { expect, newReader, signUpByRequest, test } from '../fixtures'

// Gift links (issue 38): a member gives a members story from under it ("Gift this story", a
// plain form), gets the link on a small page, and a reader with no account follows it to the
// whole story.

const HIDDEN = 'The fourth paragraph is a gift.'

test('a member gives a story and a reader without an account reads it whole', async ({
  page,
  login,
  browser,
}, testInfo) => {
  test.slow()
  const member = newReader()
  const memberContext = await browser.newContext({ baseURL: E2E_BASE_URL })
  const memberPage = await memberContext.newPage()
  await signUpByRequest(memberPage, member)

  await login('admin')
  const title = `Harbour levy ${uniqueWord('g')}`
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
  await page.getByRole('button', { name: 'Create Article', exact: true }).click()
  await expect(page.getByText('Article created successfully')).toBeVisible()
  const story = `/article/${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`

  // Complimentary access to the demo's Digital plan, which opens any members story.
  await page.goto('/admin/members')
  await page.getByLabel('Reader’s e-mail').fill(member.email)
  await page.getByRole('button', { name: 'Open reader' }).click()
  await page.getByLabel('Plan', { exact: true }).selectOption({ label: 'Digital' })
  await page.getByLabel('Last day of access').fill('2099-12-31')
  await page.getByRole('button', { name: 'Grant access' }).click()
  await expect(page.getByText('Access granted').first()).toBeVisible()

  await memberPage.goto(story)
  await expect(memberPage.getByText(HIDDEN)).toBeVisible()
  await memberPage.getByRole('button', { name: 'Gift this story' }).click()
  await expect(memberPage.getByRole('heading', { name: 'Gift this story' })).toBeVisible()
  const link = await memberPage.getByLabel('Your gift link').inputValue()
  expect(link).toMatch(new RegExp(`${story}\\?gift=`))
  await expect(memberPage.getByText('You can make 9 more gift links this month.')).toBeVisible()
  for (const colorScheme of ['light', 'dark'] as const) {
    await memberPage.setViewportSize({ width: 375, height: 700 })
    await memberPage.emulateMedia({ colorScheme })
    await memberPage.screenshot({ path: testInfo.outputPath(`gift-page-375-${colorScheme}.png`) })
  }
  await memberPage.goto(story)
  await memberPage.getByRole('button', { name: 'Gift this story' }).scrollIntoViewIfNeeded()
  await memberPage.screenshot({ path: testInfo.outputPath('gift-control-375-dark.png') })
  await memberContext.close()

  // Whoever follows it reads the whole story; the plain address still has the wall.
  const stranger = await (await browser.newContext()).newPage()
  await stranger.goto(link)
  await expect(stranger.getByText(HIDDEN)).toBeVisible()
  await stranger.goto(story)
  await expect(stranger.getByRole('region', { name: 'Subscribe to keep reading' })).toBeVisible()
  await expect(stranger.getByText(HIDDEN)).toHaveCount(0)
  await stranger.context().close()
})
