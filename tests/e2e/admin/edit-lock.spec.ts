import type { Page } from '@playwright/test'
import { E2E_BASE_URL } from '../../../playwright.config'
import { expect, signInByRequest, test } from '../fixtures'
import { toast } from './admin-fixtures'
import { articleIdFromList, contentEditor, createArticle, uniqueWord } from './articles-support'

// Two people, one article, in two browsers: Ann opens it and writes; Bob sees her banner, reads
// it read-only and takes over; Ann's editor turns read-only at once with her unsaved text
// still there, and her save is refused; Bob saves. Leaving the form, or closing its tab, gives
// the lock back well before it would expire.

/** The form's own autosave post, from inside the page (its cookies and origin). */
async function autosaveFrom(page: Page, id: number, title: string) {
  return page.evaluate(
    async ({ id, title }) => {
      const body = new FormData()
      for (const [key, value] of Object.entries({
        id: String(id),
        title,
        content: '<p>Words.</p>',
        excerpt: '',
        status: 'draft',
        categoryId: 'none',
      }))
        body.set(key, value)
      const response = await fetch('/admin/api/articles/autosave', { method: 'POST', body })
      return { status: response.status, body: (await response.json()) as { formError?: string } }
    },
    { id, title },
  )
}

async function openToEdit(page: Page, id: number) {
  const claimed = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/admin/api/articles/${id}/lock`) &&
      response.request().method() === 'POST',
  )
  await page.goto(`/admin/edit-article/${id}`)
  await expect(page.getByRole('heading', { name: 'Edit Article' })).toBeVisible()
  await claimed
}

test('a second editor sees who is editing, takes over, and the first keeps her text read-only', async ({
  page,
  login,
  browser,
}) => {
  // Two staff accounts, each signing in: longer than one screen's test.
  test.slow()
  const ann = await login('editor')
  const annName = ann.email.split('@')[0]
  const bob = await login('editor')
  const bobName = bob.email.split('@')[0]
  const annContext = await browser.newContext({ baseURL: E2E_BASE_URL })
  try {
    const annPage = await annContext.newPage()
    await signInByRequest(annPage, ann)
    const title = `Harbour works ${uniqueWord('lock')}`
    await createArticle(annPage, { title, body: 'First paragraph.' })
    const id = await articleIdFromList(annPage, title)

    // Ann opens it and types, without saving.
    await openToEdit(annPage, id)
    await contentEditor(annPage).click()
    await annPage.keyboard.press('End')
    await annPage.keyboard.type(' Ann’s unsaved sentence.')

    // Bob opens it: Ann's name, the form read-only, and no way to save.
    await page.goto(`/admin/edit-article/${id}`)
    const banner = page.getByRole('alert').filter({ hasText: `${annName} is editing this article` })
    await expect(banner).toBeVisible()
    await expect(banner).toContainText('Editing since')
    await expect(page.getByLabel('Title')).toHaveAttribute('readonly', '')
    await expect(contentEditor(page)).toHaveAttribute('contenteditable', 'false')
    await expect(page.getByRole('button', { name: 'Update Article' }).first()).toBeDisabled()

    // Bob takes over: his form opens editable on the latest version.
    await banner.getByRole('button', { name: 'Take over' }).click()
    await expect(banner).toHaveCount(0)
    await expect(contentEditor(page)).toHaveAttribute('contenteditable', 'true')

    // Ann hears it at once (within her next check-in), her editor turns read-only, and what she
    // typed is still there to copy.
    const taken = annPage.getByRole('alert').filter({ hasText: `${bobName} took over editing at` })
    await expect(taken).toBeVisible({ timeout: 8_000 })
    await expect(taken).toContainText('Your unsaved changes are still here')
    await expect(contentEditor(annPage)).toHaveAttribute('contenteditable', 'false')
    await expect(contentEditor(annPage)).toContainText('Ann’s unsaved sentence.')
    await expect(annPage.getByRole('button', { name: 'Update Article' }).first()).toBeDisabled()
    const copied = await contentEditor(annPage).evaluate((element) => {
      const range = document.createRange()
      range.selectNodeContents(element)
      const selection = window.getSelection()!
      selection.removeAllRanges()
      selection.addRange(range)
      return selection.toString()
    })
    expect(copied).toContain('Ann’s unsaved sentence.')

    // A save from Ann's browser is refused by the server, naming Bob.
    const refused = await autosaveFrom(annPage, id, 'Ann’s late title')
    expect(refused.status).toBe(423)
    expect(refused.body.formError).toContain(`${bobName} is editing this article now`)

    // Bob saves.
    await page.getByLabel('Title').fill(`${title} (Bob)`)
    await page.getByRole('button', { name: 'Update Article' }).first().click()
    await expect(toast(page, 'Article updated successfully')).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/articles$/)

    // Leaving gives the lock back at once, rather than a minute later: Bob's save left the
    // form, so Ann opens it editable; her tab closing (pagehide) frees it for Bob.
    const reopened = await annContext.newPage()
    await expect(async () => {
      await reopened.goto(`/admin/edit-article/${id}`)
      await expect(contentEditor(reopened)).toHaveAttribute('contenteditable', 'true')
    }).toPass({ timeout: 15_000 })
    // Her tab's next check-in (every 4 s) says the lock is hers before she closes it.
    const held = await reopened.waitForResponse((response) =>
      response.url().endsWith(`/admin/api/articles/${id}/lock`),
    )
    expect(await held.json()).toMatchObject({ mine: true })
    await expect(reopened.getByRole('alert').filter({ hasText: 'editing' })).toHaveCount(0)
    await annPage.close()
    await reopened.close({ runBeforeUnload: true })
    await expect(async () => {
      await page.goto(`/admin/edit-article/${id}`)
      await expect(contentEditor(page)).toHaveAttribute('contenteditable', 'true')
      await expect(page.getByRole('alert').filter({ hasText: 'is editing' })).toHaveCount(0)
    }).toPass({ timeout: 15_000 })
  } finally {
    await annContext.close()
  }
})
