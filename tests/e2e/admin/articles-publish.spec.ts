import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import {
  choose,
  contentEditor,
  openNewArticle,
  pngFile,
  toolbarButton,
  uniqueWord,
} from './articles-support'

// The newsroom's main journey: write with every toolbar feature, illustrate, tag, publish,
// find the article everywhere readers look, then withdraw it to draft. The tests share the
// article, so they run in order.
test.describe.configure({ mode: 'serial' })

const word = uniqueWord('quayside')
const title = `Harbour ${word} reopens to ferries`
const tagName = `Ferry ${word}`
const tagSlug = `ferry-${word}`
let articleSlug = ''

async function publicPage(page: Page, path: string) {
  // Readers are anonymous: a separate context without the admin's cookies.
  const context = await page.context().browser()!.newContext()
  const reader = await context.newPage()
  const response = await reader.goto(path)
  return { reader, response, close: () => context.close() }
}

test('an editor writes an article with the whole toolbar, an image, tags and publishes it', async ({
  page,
  login,
}) => {
  // A long journey of real typing and two uploads.
  test.slow()
  await login('admin')
  await openNewArticle(page)
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Excerpt').fill(`The ${word} crossing is back in service.`)

  const editor = contentEditor(page)
  await editor.click()
  // Undo and redo.
  await page.keyboard.type('Scratch words')
  await toolbarButton(page, 'Undo').click()
  await expect(editor).not.toContainText('Scratch words')
  await toolbarButton(page, 'Redo').click()
  await expect(editor).toContainText('Scratch words')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Backspace')

  await toolbarButton(page, 'Heading 1').click()
  await expect(toolbarButton(page, 'Heading 1')).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.type('Harbour heading')
  await page.keyboard.press('Enter')

  await page.keyboard.type('Plain start ')
  await toolbarButton(page, 'Bold').click()
  await page.keyboard.type('bold words')
  await expect(toolbarButton(page, 'Bold')).toHaveAttribute('aria-pressed', 'true')
  await toolbarButton(page, 'Bold').click()
  await page.keyboard.type(' and ')
  await toolbarButton(page, 'Italic').click()
  await page.keyboard.type('italic words')
  await toolbarButton(page, 'Italic').click()
  await page.keyboard.type(' then link text')
  for (let i = 0; i < 'link text'.length; i++) await page.keyboard.press('Shift+ArrowLeft')
  await toolbarButton(page, 'Link').click()
  const linkDialog = page.getByRole('dialog', { name: 'Insert Link' })
  await expect(linkDialog.getByText('Enter the URL for your link below')).toBeVisible()
  await linkDialog.getByPlaceholder('Enter URL').fill('https://example.org/harbour')
  await linkDialog.getByRole('button', { name: 'Add Link' }).click()
  await expect(linkDialog).toBeHidden()
  await expect(editor).toBeFocused()
  await expect(toolbarButton(page, 'Link')).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('End')
  await page.keyboard.press('Enter')

  await toolbarButton(page, 'Heading 2').click()
  await page.keyboard.type('Second level')
  await page.keyboard.press('Enter')

  await toolbarButton(page, 'Bullet list').click()
  await page.keyboard.type('First bullet')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Second bullet')
  await expect(toolbarButton(page, 'Bullet list')).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')

  await toolbarButton(page, 'Ordered list').click()
  await page.keyboard.type('Step one')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Step two')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')

  await toolbarButton(page, 'Blockquote').click()
  await page.keyboard.type('A quoted line')
  await expect(toolbarButton(page, 'Blockquote')).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await page.keyboard.type(`Closing line about ${word}.`)

  // Featured image: uploaded through the media picker of the "Media Library" dialog.
  await page.getByRole('button', { name: 'Select Image' }).click()
  const library = page.getByRole('dialog', { name: 'Media Library' })
  await library.getByLabel('Upload images').setInputFiles(await pngFile(`${word}.png`))
  await expect(page.getByText('File uploaded').first()).toBeVisible()
  await library
    .getByRole('button', { name: /^Select image / })
    .first()
    .click()
  await expect(library).toBeHidden()
  await expect(page.getByRole('img', { name: 'Featured image preview' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Change Image' })).toBeVisible()

  // Inline image through the editor's media dialog, with alt text.
  await editor.click()
  await page.keyboard.press('ControlOrMeta+End')
  await toolbarButton(page, 'Media').click()
  const media = page.getByRole('dialog', { name: 'Media Library' })
  await expect(
    media.getByText('Select or upload media files to include in your content'),
  ).toBeVisible()
  await media
    .getByRole('button', { name: /^Select image / })
    .first()
    .click()
  await media.getByLabel('Alt text').fill('Harbour at dawn')
  await media.getByRole('button', { name: 'Insert Image' }).click()
  await expect(media).toBeHidden()
  await expect(editor.getByRole('img', { name: 'Harbour at dawn' })).toBeVisible()

  await choose(page, 'Category', 'Science')
  await page.getByPlaceholder('Add a tag').fill(tagName)
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await page.getByRole('button', { name: 'Trade', exact: true }).click()
  const chips = page.getByRole('list', { name: 'Tags on this article' })
  await expect(chips.getByText(tagName)).toBeVisible()
  await expect(chips.getByText('Trade')).toBeVisible()
  await choose(page, 'Status', 'Make public')

  await page.getByRole('button', { name: 'Create Article' }).click()
  await expect(page).toHaveURL(/\/admin\/articles$/)
  await expect(page.getByText('Article created successfully')).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row.getByText('published')).toBeVisible()
  await expect(row.getByText(tagName)).toBeVisible()
  await expect(row.getByText('Science')).toBeVisible()

  articleSlug = `harbour-${word}-reopens-to-ferries`
  const { reader, response, close } = await publicPage(page, `/article/${articleSlug}`)
  expect(response?.status()).toBe(200)
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const body = reader.locator('.article-content')
  await expect(body.locator('h1')).toHaveText('Harbour heading')
  await expect(body.locator('h2')).toHaveText('Second level')
  await expect(body.locator('p strong')).toHaveText('bold words')
  await expect(body.locator('p em')).toHaveText('italic words')
  const link = body.getByRole('link', { name: 'link text' })
  await expect(link).toHaveAttribute('href', 'https://example.org/harbour')
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow')
  await expect(body.locator('ul > li')).toHaveText(['First bullet', 'Second bullet'])
  await expect(body.locator('ol > li')).toHaveText(['Step one', 'Step two'])
  await expect(body.locator('blockquote')).toHaveText('A quoted line')
  const inline = body.getByRole('img', { name: 'Harbour at dawn' })
  await expect(inline).toHaveAttribute('src', /^\/media\/media\/_v\/.+-1200\.webp$/)
  await expect(inline).toHaveJSProperty('complete', true)
  expect(await inline.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200)
  await expect(reader.getByText(`By admin`)).toBeVisible()
  await expect(reader.getByRole('link', { name: `#${tagName}` })).toBeVisible()
  await close()
})

test('the published article is on the home page, its category and tag pages, search and RSS', async ({
  page,
}) => {
  const cardLink = (reader: Page) => reader.locator(`a[href="/article/${articleSlug}"]`).first()

  const home = await publicPage(page, '/')
  await expect(cardLink(home.reader)).toBeVisible()
  await home.close()

  const category = await publicPage(page, '/category/science')
  await expect(cardLink(category.reader)).toBeVisible()
  await category.close()

  const tag = await publicPage(page, `/tag/${tagSlug}`)
  await expect(
    tag.reader.getByRole('heading', { name: new RegExp(`^Articles tagged with .${tagName}.$`) }),
  ).toBeVisible()
  await expect(cardLink(tag.reader)).toBeVisible()
  await tag.close()

  const search = await publicPage(page, `/search?q=${word}`)
  await expect(cardLink(search.reader)).toBeVisible()
  await search.close()

  const rss = await page.request.get('/rss.xml')
  expect(rss.status()).toBe(200)
  const xml = await rss.text()
  expect(xml).toContain(`<title>${title}</title>`)
  expect(xml).toContain(`/article/${articleSlug}`)
})

test('editing it back to draft takes it out of every public list', async ({ page, login }) => {
  await login('admin')
  await page.goto(`/admin/articles?q=${encodeURIComponent(word)}`)
  await page.getByRole('link', { name: title, exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Edit Article' })).toBeVisible()
  await expect(page.getByLabel('Title')).toHaveValue(title)
  await choose(page, 'Status', 'Save as a draft')
  await page.getByRole('button', { name: 'Update Article' }).click()
  await expect(page).toHaveURL(/\/admin\/articles$/)
  await expect(page.getByText('Article updated successfully')).toBeVisible()
  await expect(
    page.getByRole('row').filter({ hasText: title }).getByText('Not published'),
  ).toBeVisible()

  for (const path of ['/', '/category/science', `/tag/${tagSlug}`, `/search?q=${word}`]) {
    const { reader, close } = await publicPage(page, path)
    await expect(reader.locator('main')).toBeVisible()
    await expect(reader.locator(`a[href="/article/${articleSlug}"]`), path).toHaveCount(0)
    await close()
  }
  const article = await page.request.get(`/article/${articleSlug}`)
  expect(article.status()).toBe(404)
  expect(await (await page.request.get('/rss.xml')).text()).not.toContain(articleSlug)
})
