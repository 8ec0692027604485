import { expect, test } from '../fixtures'
import { articleIdFromList, contentEditor, openNewArticle, uniqueWord } from './articles-support'

// The publishing panel's Access (issue 38): an editor makes a story for paying members with
// its preview length, and finds it so when she opens it again; a contributor sees the level
// and cannot change it.

test('an editor makes a story for paying members, and it opens so again', async ({
  page,
  login,
}) => {
  await login('editor')
  await openNewArticle(page)
  const access = page.getByRole('group', { name: 'Access' })
  await expect(access.getByLabel('Everyone')).toBeChecked()
  await expect(page.getByLabel('Free for now')).toHaveCount(0)

  await access.getByLabel('Paying members').check()
  await expect(page.getByLabel('Free for now')).toBeVisible()
  await page.getByLabel('Paragraphs before the wall').fill('2')

  const title = `Members ${uniqueWord('wall')}`
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type('Behind the wall.')
  await page.getByRole('button', { name: 'Create Article' }).click()
  await expect(page.getByText('Article created successfully')).toBeVisible()

  const id = await articleIdFromList(page, title)
  await page.goto(`/admin/edit-article/${id}`)
  await expect(
    page.getByRole('group', { name: 'Access' }).getByLabel('Paying members'),
  ).toBeChecked()
  await expect(page.getByLabel('Paragraphs before the wall')).toHaveValue('2')
})

test('a paragraph count past 50 is refused under its field', async ({ page, login }) => {
  await login('editor')
  await openNewArticle(page)
  await page.getByRole('group', { name: 'Access' }).getByLabel('Registered readers').check()
  await page.getByLabel('Paragraphs before the wall').fill('80')
  await page.getByLabel('Title').fill(`Too long a preview ${uniqueWord('wall')}`)
  await contentEditor(page).click()
  await page.keyboard.type('Text.')
  await page.getByRole('button', { name: 'Create Article' }).click()
  await expect(page.getByText(/must be a whole number from 0 to 50/)).toBeVisible()
  await expect(page.getByLabel('Paragraphs before the wall')).toHaveAttribute(
    'aria-invalid',
    'true',
  )
})

test('a contributor sees who may read her story and cannot change it', async ({ page, login }) => {
  await login('contributor')
  await openNewArticle(page)
  const access = page.getByRole('group', { name: 'Access' })
  await expect(access.getByLabel('Everyone')).toBeChecked()
  await expect(access.getByLabel('Paying members')).toBeDisabled()
  await expect(
    page.getByText('Set by whoever publishes the article.', { exact: false }),
  ).toBeVisible()
})
