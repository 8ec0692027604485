import { expect, test } from '../fixtures'
import {
  articleIdFromList,
  choose,
  contentEditor,
  createArticle,
  openNewArticle,
  uniqueWord,
} from './articles-support'

// The article form beyond the main journey: validation, tags, video, leaving with unsaved
// changes, another editor's changes, autosave, preview, unknown articles.

test.beforeEach(async ({ login }) => {
  await login('admin')
})

test('an empty title and content are refused with the spec messages', async ({ page }) => {
  await openNewArticle(page)
  await page.getByRole('button', { name: 'Create Article' }).click()
  await expect(page.getByText('Title is required')).toBeVisible()
  await expect(page.getByText('Content is required')).toBeVisible()
  await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Title')).toBeFocused()
  await expect(page).toHaveURL(/\/admin\/new-article$/)

  await page.getByLabel('Title').fill('Now with a title')
  await expect(page.getByText('Title is required')).toBeHidden()
  await expect(page.getByText('Content is required')).toBeVisible()
})

test('tags: Enter and Add add, blanks are ignored, duplicates are refused, chips are removable', async ({
  page,
}) => {
  await openNewArticle(page)
  const input = page.getByPlaceholder('Add a tag')
  const chips = page.getByRole('list', { name: 'Tags on this article' })
  await input.fill('   ')
  await input.press('Enter')
  await expect(chips).toHaveCount(0)

  await input.fill('Harbour Nights')
  await input.press('Enter')
  await expect(input).toHaveValue('')
  await expect(chips.getByText('Harbour Nights')).toBeVisible()
  await expect(page.getByText('Tag added successfully')).toBeVisible()

  await input.fill('harbour nights')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page.getByText('This tag is already added to the article')).toBeVisible()
  await expect(chips.getByRole('listitem')).toHaveCount(1)

  const recent = page.getByText('Recently used tags:').locator('..').getByRole('button')
  await expect(recent).toHaveCount(10)
  const recentName = await recent.first().innerText()
  await recent.first().click()
  await expect(chips.getByRole('listitem')).toHaveCount(2)
  await page.getByRole('button', { name: 'Remove tag Harbour Nights' }).click()
  await expect(chips.getByRole('listitem')).toHaveCount(1)
  await expect(chips.getByText(recentName)).toBeVisible()
})

test('a video article keeps its video URL and readers see the player', async ({ page }) => {
  const word = uniqueWord('video')
  const title = `Video ${word} tour`
  await openNewArticle(page)
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type('Watch the tour.')
  await expect(page.getByLabel('Video URL')).toBeHidden()
  await page.getByLabel('This is a video article').check()
  const url = page.getByLabel('Video URL')
  await expect(url).toHaveAttribute('placeholder', /YouTube, Vimeo or (a )?direct video link/)
  await url.fill('javascript:alert(1)')
  await choose(page, 'Status', 'Make public')
  await page.getByRole('button', { name: 'Create Article' }).click()
  await expect(
    page.getByText('Enter a valid video URL starting with http:// or https://'),
  ).toBeVisible()

  await url.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
  await expect(page.getByTitle('Video preview')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  )
  await page.getByRole('button', { name: 'Create Article' }).click()
  await expect(page.getByText('Article created successfully')).toBeVisible()

  const id = await articleIdFromList(page, title)
  await page.goto(`/admin/edit-article/${id}`)
  await expect(page.getByLabel('This is a video article')).toBeChecked()
  await expect(page.getByLabel('Video URL')).toHaveValue(
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  )

  const reader = await page.context().browser()!.newContext()
  const html = await (await reader.request.get(`/article/video-${word}-tour`)).text()
  expect(html).toContain('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
  await reader.close()
})

test('leaving with unsaved changes asks first', async ({ page }) => {
  await openNewArticle(page)
  await page.getByLabel('Title').fill('Unsaved thoughts')
  await page.getByRole('link', { name: 'Back to articles' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Stay on this page' }).click()
  await expect(page).toHaveURL(/\/admin\/new-article$/)
  await expect(page.getByLabel('Title')).toHaveValue('Unsaved thoughts')

  await page.getByRole('link', { name: 'Back to articles' }).click()
  await dialog.getByRole('button', { name: 'Leave without saving' }).click()
  await expect(page).toHaveURL(/\/admin\/articles$/)
})

test('saving over another editor’s newer version warns, and can overwrite on purpose', async ({
  page,
}) => {
  // Four loads of the editor and three saves in two tabs: longer than one journey step.
  test.slow()
  const title = `Contested ${uniqueWord('edit')}`
  await createArticle(page, { title })
  const id = await articleIdFromList(page, title)

  const other = await page.context().newPage()
  await other.goto(`/admin/edit-article/${id}`)
  await page.goto(`/admin/edit-article/${id}`)

  await other.getByLabel('Title').fill(`${title} (theirs)`)
  await other.getByRole('button', { name: 'Update Article' }).click()
  await expect(other.getByText('Article updated successfully')).toBeVisible()
  await other.close()

  await page.getByLabel('Title').fill(`${title} (mine)`)
  await page.getByRole('button', { name: 'Update Article' }).click()
  await expect(
    page.getByText(/^This article was changed by someone else since you opened it/),
  ).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/admin/edit-article/${id}$`))
  await expect(page.getByLabel('Title')).toHaveValue(`${title} (mine)`)

  await page.getByRole('button', { name: 'Overwrite with my version' }).click()
  await expect(page.getByText('Article updated successfully')).toBeVisible()
  await expect(page.getByRole('link', { name: `${title} (mine)` })).toBeVisible()
})

test('a draft is saved automatically while it is being written', async ({ page }) => {
  test.slow()
  const title = `Autosaved ${uniqueWord('draft')}`
  await openNewArticle(page)
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type('Half a thought')
  await choose(page, 'Status', 'Make public')
  await expect(page.getByText(/^Draft saved at /)).toBeVisible({ timeout: 25_000 })

  // Stored as a draft whatever the form says, and the form can be left without a warning.
  await page.getByRole('link', { name: 'Back to articles' }).click()
  await expect(page).toHaveURL(/\/admin\/articles$/)
  await page.goto(`/admin/articles?q=${encodeURIComponent(title)}`)
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row.getByText('Draft', { exact: true })).toBeVisible()
  await expect(page.getByText('Total articles: 1')).toBeVisible()
})

test('Preview opens the unsaved article as readers would see it', async ({ page }) => {
  await openNewArticle(page)
  await page.getByLabel('Title').fill('Preview headline')
  await page.getByLabel('Excerpt').fill('Preview excerpt')
  await contentEditor(page).click()
  await page.keyboard.type('Preview body')
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Preview' }).click(),
  ])
  await expect(preview.getByRole('heading', { level: 1, name: 'Preview headline' })).toBeVisible()
  await expect(preview.getByText('Preview excerpt')).toBeVisible()
  await expect(preview.locator('.article-content')).toHaveText('Preview body')
  await expect(preview.getByRole('note')).toContainText('Preview')
  await expect(preview.getByRole('note')).toContainText('includes unsaved changes')
  await preview.close()
})

test('after a save, Preview no longer says it includes unsaved changes, and the save says what it did', async ({
  page,
}) => {
  const title = `Saved ${uniqueWord('preview')}`
  await openNewArticle(page)
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type('Saved body')
  await choose(page, 'Status', 'Save as a draft')
  await page.getByRole('button', { name: 'Create Article' }).click()
  await expect(page).toHaveURL(/\/admin\/articles$/)
  const toast = page
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Article created successfully' })
  await expect(toast).toContainText('Draft saved')
  await expect(toast.getByRole('link', { name: 'Open the article' })).toBeVisible()

  const id = await articleIdFromList(page, title)
  await page.goto(`/admin/edit-article/${id}`)
  await expect(contentEditor(page)).toHaveText('Saved body')
  const [saved] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Preview' }).click(),
  ])
  await expect(saved.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(saved.getByRole('note')).not.toContainText('unsaved')
  await saved.close()

  await contentEditor(page).click()
  await page.keyboard.type(' and more')
  const [edited] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Preview' }).click(),
  ])
  await expect(edited.getByRole('note')).toContainText('includes unsaved changes')
  await edited.close()
})

test('a save that fails keeps everything that was typed', async ({ page }) => {
  const title = `Unlucky ${uniqueWord('fail')}`
  await openNewArticle(page)
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type('Words worth keeping')
  await page.getByText('Recently used tags:').locator('..').getByRole('button').first().click()
  // The tag is deleted by someone else before the save: its link fails, nothing is saved.
  await page.locator('input[type=hidden][name=tags]').evaluate((input: HTMLInputElement) => {
    input.value = '999999'
  })
  await page.getByRole('button', { name: 'Create Article' }).click()
  await expect(page.getByText('Failed to save article')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/new-article$/)
  await expect(page.getByLabel('Title')).toHaveValue(title)
  await expect(contentEditor(page)).toHaveText('Words worth keeping')
  const list = await page.context().newPage()
  await list.goto(`/admin/articles?q=${encodeURIComponent(title)}`)
  await expect(list.getByText('Total articles: 0')).toBeVisible()
  await list.close()
})

test('an unknown or non-numeric article id shows "Failed to fetch article"', async ({ page }) => {
  for (const id of ['999999', 'not-a-number']) {
    const response = await page.goto(`/admin/edit-article/${id}`)
    expect(response?.status()).toBe(404)
    await expect(page.getByText('Failed to fetch article')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to articles' })).toBeVisible()
  }
})
