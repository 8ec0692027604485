import type { Page } from '@playwright/test'
import { expect, mailTo, signInThroughForm, test, type Credentials } from '../fixtures'
import { toast } from './admin-fixtures'
import {
  choose,
  contentEditor,
  createArticle,
  openNewArticle,
  uniqueWord,
} from './articles-support'

// The newsroom's review, as its people click through it: a contributor writes and submits;
// the editor finds it in the queue and in the mail, returns it with a note; the contributor
// reads the note, revises and resubmits; the editor publishes. A contributor cannot publish,
// neither from the form nor with a hand-made post.

/** The same window, now signed in as someone else. */
async function switchTo(page: Page, who: Credentials) {
  await page.context().clearCookies()
  await signInThroughForm(page, who)
}

/** The newest mail to `to` once it mentions `text` (earlier mails to them may be there). */
async function mailMentioning(to: string, text: string) {
  let found = ''
  await expect
    .poll(async () => {
      found = await mailTo(to)
      return found
    })
    .toContain(text)
  return found
}

function editLinkIn(mail: string) {
  const link = /https?:\/\/\S+\/admin\/edit-article\/\d+/.exec(mail)?.[0]
  expect(link, mail).toBeTruthy()
  return new URL(link!).pathname
}

test('a submission goes through review: returned with a note, revised, resubmitted, published', async ({
  page,
  login,
}) => {
  // Four people's turns, each signing in: longer than one screen's test.
  test.slow()
  const editor = await login('editor')
  await page.context().clearCookies()
  const writer = await login('contributor')
  const word = uniqueWord('ferry')
  const title = `Ferry timetable ${word}`

  // The contributor's shell: their own articles, no screens they cannot use.
  await page.goto('/admin')
  const nav = page.getByRole('navigation', { name: 'Admin' })
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Articles'])
  await expect(page.getByRole('button', { name: 'Backup Database' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Waiting for review' })).toHaveCount(0)

  await createArticle(page, {
    title,
    body: 'The winter timetable starts on Monday.',
    button: 'Submit for review',
  })
  await page.goto('/admin')
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Review')

  // The editor hears of it by mail, and finds it in the queue with its count in the sidebar.
  const submittedMail = await mailMentioning(editor.email, title)
  expect(submittedMail).toContain('submitted')
  await switchTo(page, editor)
  await page.goto('/admin')
  const queue = page.getByRole('region', { name: /Waiting for review/ })
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /^Articles/ }),
  ).toHaveAccessibleName(/waiting for review/)
  await queue.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(editLinkIn(submittedMail))
  await expect(page.getByRole('status').filter({ hasText: 'Waiting for review' })).toBeVisible()

  // Returned, with a note the dialog insists on.
  await page.getByRole('button', { name: 'Return to writer' }).click()
  const dialog = page.getByRole('dialog', { name: 'Return to writer' })
  await dialog.getByRole('button', { name: 'Return to writer' }).click()
  await expect(dialog.getByText('Write a note for the writer')).toBeVisible()
  const note = 'Add the first sailing time and the fare.'
  await dialog.getByLabel('Note for the writer').fill(note)
  await dialog.getByRole('button', { name: 'Return to writer' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(toast(page, 'Returned to the writer')).toBeVisible()
  await expect(queue.getByRole('link', { name: title })).toHaveCount(0)

  // The contributor gets the note by mail and on the form, revises and resubmits.
  const returnedMail = await mailMentioning(writer.email, note)
  await switchTo(page, writer)
  await page.goto('/admin')
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText(
    'Returned with a note',
  )
  await page.goto(editLinkIn(returnedMail))
  await expect(page.getByRole('alert').filter({ hasText: 'Returned by' })).toContainText(note)
  const revised = `${title} first sailing at six`
  await page.getByLabel('Title').fill(revised)
  await contentEditor(page).click()
  await page.keyboard.press('End')
  await page.keyboard.type(' The first ferry sails at six; a single fare is $4.')
  await page.getByRole('button', { name: 'Submit for review', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/articles$/)
  await expect(toast(page, 'Article updated successfully')).toBeVisible()

  // The editor, told again, publishes from the form.
  await mailMentioning(editor.email, revised)
  await switchTo(page, editor)
  await page.goto('/admin')
  await page
    .getByRole('region', { name: /Waiting for review/ })
    .getByRole('link', { name: revised })
    .click()
  await expect(page.getByRole('alert').filter({ hasText: 'Returned by' })).toHaveCount(0)
  await choose(page, 'Status', 'Make public')
  await page.getByRole('button', { name: 'Update Article' }).click()
  await expect(toast(page, 'Article updated successfully')).toBeVisible()

  await page.goto(`/article/ferry-timetable-${word}-first-sailing-at-six`)
  await expect(page.getByRole('heading', { level: 1, name: revised })).toBeVisible()
})

test('a contributor cannot publish: no "Make public", and a forged post is refused', async ({
  page,
  login,
}) => {
  await login('contributor')
  const word = uniqueWord('pier')

  await openNewArticle(page)
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0)
  await expect(page.getByLabel('Status', { exact: true })).toHaveCount(0)

  const published = (title: string) => ({
    title,
    content: '<p>Straight to the front page.</p>',
    excerpt: '',
    status: 'published',
    categoryId: 'none',
  })
  const forgedNew = await page.request.post('/admin/new-article', {
    form: published(`Forged new ${word}`),
    maxRedirects: 0,
  })
  expect(forgedNew.status()).toBe(403)

  // Their own draft, saved through the form, cannot be published by a post to its address.
  const title = `Pier repairs ${word}`
  await createArticle(page, { title, button: 'Save draft' })
  await page.goto(`/admin/articles?q=${encodeURIComponent(word)}`)
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row).toContainText('Draft')
  const editUrl = await row.getByRole('link', { name: title }).getAttribute('href')
  const forgedEdit = await page.request.post(editUrl!, {
    form: published(title),
    maxRedirects: 0,
  })
  expect(forgedEdit.status()).toBe(403)
  const forgedReturn = await page.request.post(
    `${editUrl!.replace('edit-article', 'articles')}/review`,
    {
      form: { intent: 'return', note: 'Self-service' },
      maxRedirects: 0,
    },
  )
  expect(forgedReturn.status()).toBe(403)

  // Nothing reached readers, and the draft is still a draft.
  for (const slug of [`forged-new-${word}`, `pier-repairs-${word}`]) {
    expect((await page.request.get(`/article/${slug}`)).status(), slug).toBe(404)
  }
  await page.reload()
  await expect(row).toContainText('Draft')
  await expect(page.getByRole('row').filter({ hasText: `Forged new ${word}` })).toHaveCount(0)
})
