import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { articleIdFromList, contentEditor, openNewArticle, uniqueWord } from './articles-support'

// Issue 23 item 10: beside the spec's "Create Article"/"Update Article" (the form's save of
// whatever the Status field says), the panel's primary button names what it does: "Publish",
// "Schedule" once a time to come is chosen, "Submit for review" for a writer who may not
// publish. The toast then says what happened.

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text }).first()
}

test('an editor publishes a draft with "Publish"; a time to come makes it "Schedule"', async ({
  page,
  login,
}) => {
  await login('admin')
  const title = `Named action ${uniqueWord('pub')}`
  await openNewArticle(page)
  await expect(page.getByRole('button', { name: 'Create Article', exact: true })).toBeVisible()
  const publish = page.getByRole('button', { name: 'Publish', exact: true })
  await expect(publish).toBeVisible()

  const later = new Date(Date.now() + 3 * 24 * 3600_000).toISOString().slice(0, 16)
  await page.getByLabel('Publish date').fill(later)
  await expect(page.getByRole('button', { name: 'Schedule', exact: true })).toBeVisible()
  await expect(publish).toHaveCount(0)
  await page.getByLabel('Publish date').fill('')
  await expect(publish).toBeVisible()

  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type('Out as soon as it is saved.')
  await publish.click()
  await expect(page).toHaveURL(/\/admin\/articles$/)
  await expect(toast(page, 'Article created successfully')).toContainText('Published')
  await expect(
    toast(page, 'Article created successfully').getByRole('link', { name: 'view the story' }),
  ).toBeVisible()

  // Out already: saving it again is "Update Article", with nothing beside it.
  const id = await articleIdFromList(page, title)
  await page.goto(`/admin/edit-article/${id}`)
  await expect(contentEditor(page)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Update Article', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: /^(Publish|Schedule)$/ })).toHaveCount(0)
})

test('a contributor hands a draft on with "Submit for review"', async ({ page, login }) => {
  await login('contributor')
  const title = `For review ${uniqueWord('rev')}`
  await openNewArticle(page)
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0)
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type('Please read this one.')
  await page.getByRole('button', { name: 'Submit for review', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/articles$/)
  await expect(toast(page, 'Article created successfully')).toContainText('Submitted for review')
})

test('a contributor keeps a draft with "Save draft"', async ({ page, login }) => {
  await login('contributor')
  const title = `Kept back ${uniqueWord('draft')}`
  await openNewArticle(page)
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type('Not ready yet.')
  await page.getByRole('button', { name: 'Save draft', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/articles$/)
  await expect(toast(page, 'Article created successfully')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Draft')
})
