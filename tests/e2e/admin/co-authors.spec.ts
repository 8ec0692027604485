import type { Page } from '@playwright/test'
import { E2E_ADMIN } from '../../../playwright.config'
import { expect, signInByRequest, test, type Credentials } from '../fixtures'
import { articleIdFromList, contentEditor, openNewArticle, uniqueWord } from './articles-support'

// Issue 40: an editor puts a second byline on a story with the form's co-author picker; the
// co-author, a contributor, edits the shared draft like her own; once published, readers see
// "By A and B" with both names linked.

async function signInAs(page: Page, who: Credentials) {
  await page.context().clearCookies()
  await signInByRequest(page, who)
}

test('an editor adds a co-author, who edits the draft; readers see "By A and B"', async ({
  page,
  login,
}) => {
  const writer = await login('contributor')
  const coAuthor = writer.email.split('@')[0]
  const title = `Two bylines ${uniqueWord('cowrite')}`

  await signInAs(page, E2E_ADMIN)
  await openNewArticle(page)
  const firstByline = (
    await page.getByRole('combobox', { name: 'Author', exact: true }).textContent()
  )?.trim()
  expect(firstByline).toBeTruthy()
  const add = page.getByRole('combobox', { name: 'Add a byline' })
  await add.selectOption({ label: coAuthor })
  const list = page.getByRole('list', { name: 'Co-authors in byline order' })
  await expect(list.getByRole('listitem')).toHaveText([coAuthor])
  // Chosen once: no longer offered.
  await expect(add.getByRole('option', { name: coAuthor, exact: true })).toHaveCount(0)
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type('Reported by two.')
  await page.getByRole('button', { name: 'Create Article', exact: true }).click()
  await expect(page.getByText('Article created successfully')).toBeVisible()
  const id = await articleIdFromList(page, title)

  // The co-author finds the draft in her list and saves a change to it.
  await signInAs(page, writer)
  await page.goto('/admin/articles')
  await page.getByRole('link', { name: title, exact: true }).click()
  await expect(contentEditor(page)).toBeVisible()
  await page.getByLabel('Title').fill(`${title} (edited)`)
  await page.getByRole('button', { name: 'Save draft', exact: true }).click()
  await expect(page.getByText('Article updated successfully')).toBeVisible()

  // The editor publishes it; the page reads both bylines, in order.
  await signInAs(page, E2E_ADMIN)
  await page.goto(`/admin/edit-article/${id}`)
  await expect(contentEditor(page)).toBeVisible()
  await expect(
    page.getByRole('list', { name: 'Co-authors in byline order' }).getByRole('listitem'),
  ).toHaveText([coAuthor])
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  const toast = page
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Article updated successfully' })
  const story = await toast.getByRole('link', { name: 'view the story' }).getAttribute('href')
  expect(story).toMatch(/^\/article\//)
  await page.context().clearCookies()
  await page.goto(story!)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${title} (edited)`)
  await expect(page.getByText(`By ${firstByline} and ${coAuthor}`)).toBeVisible()
  await expect(page.getByRole('link', { name: coAuthor, exact: true })).toHaveAttribute(
    'href',
    /^\/author\//,
  )
})
