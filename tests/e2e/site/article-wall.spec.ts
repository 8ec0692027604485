import AxeBuilder from '@axe-core/playwright'
import { contentEditor, openNewArticle, choose, uniqueWord } from '../admin/articles-support'
import { expect, newReader, signUpByRequest, test } from '../fixtures'

// A story for registered readers (issue 38): the newsroom sets its access in the publishing
// panel; an anonymous reader gets its first paragraphs and the wall, drawn by the server;
// signing in from the wall brings them back to the whole story.

const SECRET = 'The fourth paragraph is for readers with an account.'

test('an anonymous reader meets the wall of a registered story, and reads on after signing in', async ({
  page,
  login,
  browser,
}) => {
  test.slow()
  const title = `Harbour audit ${uniqueWord('w')}`
  await login('admin')
  await openNewArticle(page)
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  for (const text of ['First paragraph.', 'Second paragraph.', 'Third paragraph.']) {
    await page.keyboard.type(text)
    await page.keyboard.press('Enter')
  }
  await page.keyboard.type(SECRET)
  await choose(page, 'Status', 'Make public')
  await page.getByRole('radio', { name: 'Registered readers' }).check()
  await page.getByRole('button', { name: 'Create Article', exact: true }).click()
  await expect(page.getByText('Article created successfully')).toBeVisible()
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')

  const reader = await (await browser.newContext()).newPage()
  await reader.goto(`/article/${slug}`)
  const wall = reader.getByRole('region', {
    name: 'Sign in or create a free account to keep reading',
  })
  await expect(wall).toBeVisible()
  await expect(reader.getByText('Third paragraph.')).toBeVisible()
  await expect(reader.getByText(SECRET)).toHaveCount(0)
  expect(await reader.content()).not.toContain(SECRET)
  await expect(wall.getByRole('link', { name: 'Create a free account' })).toHaveAttribute(
    'href',
    `/signup?redirectTo=${encodeURIComponent(`/article/${slug}`)}`,
  )
  // The wall passes WCAG 2.1 A/AA in both themes.
  for (const colorScheme of ['light', 'dark'] as const) {
    await reader.emulateMedia({ colorScheme, reducedMotion: 'reduce' })
    await reader.reload()
    await expect(reader.locator('html')).toHaveClass(new RegExp(colorScheme))
    const results = await new AxeBuilder({ page: reader })
      .include('.paywalled-content')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(results.violations.map((v) => `${colorScheme}: ${v.id}`)).toEqual([])
  }

  // An account made elsewhere; signing in from the wall comes back to the whole story.
  const account = newReader()
  await signUpByRequest(reader, account)
  await reader.context().clearCookies()
  await wall.getByRole('link', { name: 'Sign in' }).click()
  await expect(reader).toHaveURL(/\/signin\?redirectTo=/)
  await reader.getByRole('main').getByLabel('Email address').fill(account.email)
  await reader.getByRole('main').getByLabel('Your Password').fill(account.password)
  await reader.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(reader).toHaveURL(new RegExp(`/article/${slug}$`))
  await expect(reader.getByText(SECRET)).toBeVisible()
  await expect(reader.getByRole('region', { name: /keep reading/ })).toHaveCount(0)
  await reader.context().close()
})
