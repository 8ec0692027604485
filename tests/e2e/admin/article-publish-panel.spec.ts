import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { contentEditor, openNewArticle, uniqueWord } from './articles-support'

// The article form's publishing panel stays in reach however long the article: beside the
// body on a desktop, in a bar at the bottom of a phone's screen. "View on site" opens the
// published article; the status choices follow the role.

/** A published article long enough to scroll through, made through the form's own action. */
async function longPublishedArticle(page: Page) {
  const word = uniqueWord('longread')
  const title = `Long read ${word}`
  const paragraph = 'The harbour authority said the ferries would keep the winter timetable. '
  const content = Array.from({ length: 80 }, (_, i) => `<p>${i + 1}. ${paragraph}</p>`).join('')
  const response = await page.request.post('/admin/new-article', {
    form: { title, excerpt: 'Long enough to scroll.', content, status: 'published' },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(302)
  await page.goto(`/admin/articles?q=${encodeURIComponent(word)}`)
  const href = await page.getByRole('link', { name: title, exact: true }).getAttribute('href')
  return { title, slug: `long-read-${word}`, editUrl: href ?? '' }
}

/** To the end of the page, again until it holds: panels loading below may still lengthen it. */
async function scrollToEnd(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight)
        return window.scrollY + window.innerHeight >= document.body.scrollHeight - 2
      }),
    )
    .toBe(true)
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
]) {
  test(`Update and Preview stay on screen at the end of a long article (${viewport.width} px)`, async ({
    page,
    login,
  }) => {
    await page.setViewportSize(viewport)
    await login('admin')
    const article = await longPublishedArticle(page)
    await page.goto(article.editUrl)
    await expect(contentEditor(page)).toBeVisible()
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight)
    expect(pageHeight).toBeGreaterThan(viewport.height * 3)

    await scrollToEnd(page)
    await expect(page.getByRole('button', { name: 'Update Article' })).toBeInViewport({
      ratio: 1,
    })
    await expect(page.getByRole('button', { name: 'Preview' })).toBeInViewport({ ratio: 1 })
    await expect(page.getByRole('link', { name: 'View on site' })).toBeInViewport({ ratio: 1 })

    // Nothing of the form is left under the bar or the panel: the last field can be reached.
    // Scrolled to the middle of the screen and looked at together, again until it holds: the
    // end of the form may still be settling (panels loading, the earlier scroll) when the first
    // look is taken. (Scrolled "if needed" it could stay where it was, under the top bar.)
    const video = page.getByLabel('This is a video article')
    await expect
      .poll(() =>
        video.evaluate((box) => {
          box.scrollIntoView({ block: 'center' })
          const { x, y, width, height } = box.getBoundingClientRect()
          return document.elementFromPoint(x + width / 2, y + height / 2) === box
        }),
      )
      .toBe(true)
    await expect(video).toBeInViewport({ ratio: 1 })
  })
}

test('View on site opens the published article; a new article has none', async ({
  page,
  login,
}) => {
  await login('admin')
  const article = await longPublishedArticle(page)
  await page.goto(article.editUrl)
  const [reader] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'View on site' }).click(),
  ])
  await expect(reader).toHaveURL(new RegExp(`/article/${article.slug}$`))
  await expect(reader.getByRole('heading', { level: 1, name: article.title })).toBeVisible()
  await reader.close()

  await openNewArticle(page)
  await expect(page.getByRole('button', { name: 'Preview' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'View on site' })).toHaveCount(0)
})

test('on a phone a toast rises above the bottom bar', async ({ page, login }) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await login('admin')
  await openNewArticle(page)
  const input = page.getByPlaceholder('Add a tag')
  await input.fill(uniqueWord('Pier'))
  await input.press('Enter')
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Tag added successfully' })
  await expect(toast).toBeVisible()
  const barTop = (await page.locator('[data-publish-bar]').boundingBox())!.y
  // Once it has slid into place.
  await expect
    .poll(async () => {
      const box = await toast.boundingBox()
      return box ? box.y + box.height : Infinity
    })
    .toBeLessThanOrEqual(barTop)
})

test('a contributor is offered only what the role may do', async ({ page, login }) => {
  await login('contributor')
  await openNewArticle(page)
  // One primary action, and a save that says it keeps a draft (issue 36): no Status field to
  // contradict them, no "Create Article".
  const buttons = page.getByRole('button', {
    name: /^(Save draft|Submit for review|Create Article|Publish)$/,
  })
  await expect(buttons).toHaveText(['Save draft', 'Submit for review'])
  await expect(page.getByLabel('Status', { exact: true })).toHaveCount(0)
  // No publish date without publishing, and the byline is the contributor's own.
  await expect(page.getByLabel('Publish date')).toHaveCount(0)
  await expect(page.getByRole('combobox', { name: 'Author' })).toHaveCount(0)
  await expect(page.getByText('Author', { exact: true })).toBeVisible()
})

test('an editor chooses the byline among the staff', async ({ page, login }) => {
  await login('editor')
  await openNewArticle(page)
  const author = page.getByRole('combobox', { name: 'Author' })
  await author.click()
  await expect(page.getByRole('option', { name: 'admin', exact: true })).toBeVisible()
  await page.getByRole('option', { name: 'admin', exact: true }).click()
  await expect(author).toHaveText('admin')

  const title = `Byline ${uniqueWord('desk')}`
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type('Filed for the admin.')
  await page.getByRole('button', { name: 'Create Article' }).click()
  await expect(page.getByText('Article created successfully')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('admin')
})

/** A published article of this test's own on the breaking-news bar (the demo's tag, by id). */
async function breakingArticle(page: Page) {
  const bar = (await (await page.request.get('/api/breaking-news')).json()) as {
    items: { id: number }[]
  }
  await page.goto(`/admin/edit-article/${bar.items[0].id}`)
  const tagId = await page
    .getByRole('listitem')
    .filter({ hasText: 'Breaking News' })
    .locator('input[name="tags"]')
    .inputValue()
  const word = uniqueWord('flash')
  const title = `Flash ${word}`
  const response = await page.request.post('/admin/new-article', {
    form: { title, content: '<p>The pier is closed.</p>', status: 'published', tags: tagId },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(302)
  await page.goto(`/admin/articles?q=${encodeURIComponent(word)}`)
  return (await page.getByRole('link', { name: title, exact: true }).getAttribute('href')) ?? ''
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
]) {
  test(`a toast covers none of the panel's controls (${viewport.width} px)`, async ({
    page,
    login,
  }) => {
    // Two pages to set up (the tag's id, a new breaking story) before the one under test.
    test.slow()
    await page.setViewportSize(viewport)
    await login('admin')
    const editUrl = await breakingArticle(page)
    await page.goto(editUrl)
    const takeOff = page.getByRole('button', { name: 'Take off the bar now' })
    await takeOff.scrollIntoViewIfNeeded()
    await takeOff.click()
    const toast = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Taken off the breaking-news bar' })
    await expect(toast).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Off the bar since' })).toBeVisible()
    await expect(takeOff).toHaveCount(0)
    const controls = [
      page.getByRole('button', { name: 'Preview' }),
      page.getByRole('link', { name: 'View on site' }),
      page.getByRole('button', { name: 'Choose a time' }),
      page.getByRole('button', { name: 'Keep 12 more hours' }),
      page.getByRole('button', { name: 'Update Article' }),
    ]
    // The controls where the click left them, then brought to the middle of the screen;
    // checked once the toast has slid into place. (On a phone, Preview and View on site are in
    // the bottom bar, which the toast rises above.)
    for (const block of ['nearest', 'center'] as const) {
      await page
        .getByRole('button', { name: 'Choose a time' })
        .evaluate((el, b) => el.scrollIntoView({ block: b }), block)
      await expect
        .poll(async () => {
          const box = await toast.boundingBox()
          if (!box) return 'no toast'
          const covered: string[] = []
          for (const control of controls) {
            const other = await control.boundingBox()
            if (other && overlaps(box, other)) covered.push(await control.innerText())
          }
          return covered.join(', ')
        })
        .toBe('')
    }
  })
}
