import crypto from 'node:crypto'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { E2E_BASE_URL } from '../../../playwright.config'
import { expect, test } from '../fixtures'

// The front page as an editor makes it: a story appears once (lead, trending, sections), and a
// category readers could only find empty stays out of the navigation and the home page until
// its first article is published. Everything made here is made through the running server as
// an admin would, and removed again, so the specs after this one see the demo content.

const word = () => crypto.randomBytes(4).toString('hex')

/** The category ids in the admin's order, read from the Categories screen's row controls. */
async function categoryIds(page: Page) {
  await page.goto('/admin/categories')
  const buttons = page.locator('button[data-direction="up"][data-move-id]')
  await expect(buttons.first()).toBeAttached()
  return (await buttons.evaluateAll((els) => els.map((el) => el.getAttribute('data-move-id'))))
    .filter((id): id is string => id !== null)
    .map(Number)
}

/** Publishes an article through the new-article form's action, as the signed-in admin. */
async function publish(
  request: APIRequestContext,
  fields: { title: string; categoryId: number; isFeatured?: boolean; publishedAt?: Date },
) {
  const response = await request.post('/admin/new-article', {
    form: {
      title: fields.title,
      excerpt: `${fields.title}, in brief.`,
      content: `<p>${fields.title}. The report follows.</p>`,
      status: 'published',
      categoryId: String(fields.categoryId),
      ...(fields.isFeatured ? { isFeatured: 'on' } : {}),
      ...(fields.publishedAt ? { publishedAt: fields.publishedAt.toISOString() } : {}),
    },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(302)
}

/** The ids of the articles whose titles carry `marker`, from the admin list (50 a page). */
async function articleIdsWith(page: Page, marker: string) {
  const ids: number[] = []
  for (let n = 1; ; n++) {
    await page.goto(`/admin/articles?q=${encodeURIComponent(marker)}&page=${n}`)
    const hrefs = await page
      .locator('a[href^="/admin/edit-article/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
    const found = [...new Set(hrefs.map((href) => Number(/\/(\d+)$/.exec(href)?.[1])))].filter(
      (id) => id > 0 && !ids.includes(id),
    )
    if (found.length === 0) return ids
    ids.push(...found)
  }
}

async function deleteArticles(request: APIRequestContext, ids: number[]) {
  for (const id of ids) {
    const response = await request.post('/admin/articles', {
      form: { intent: 'delete', id: String(id) },
    })
    expect(response.ok()).toBe(true)
  }
}

/** A reader with no session: sees what the page cache serves to everyone. */
async function reader(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL })
  return { page: await context.newPage(), close: () => context.close() }
}

/** Every article link on the home page's story blocks, by article slug. */
async function storySlugs(page: Page) {
  const main = page.getByRole('main')
  const featured = main.getByRole('region', { name: 'Featured' })
  await expect(featured.getByRole('article')).toHaveCount(1)
  return main
    .getByRole('article')
    .evaluateAll((articles) =>
      articles
        .map((article) => article.querySelector('a[href^="/article/"]')?.getAttribute('href'))
        .filter((href): href is string => Boolean(href)),
    )
}

test('no story appears twice on the home page, over the demo content and 100 more articles', async ({
  page,
  login,
  browser,
}) => {
  test.setTimeout(240_000)
  await login('admin')
  const ids = await categoryIds(page)
  expect(ids.length).toBeGreaterThan(3)
  const marker = `Frontpage${word()}`
  try {
    for (let i = 0; i < 100; i++) {
      await publish(page.request, {
        title: `${marker} story ${i + 1}`,
        categoryId: ids[i % ids.length],
        // The newest featured story becomes the lead; its category's section must skip it.
        isFeatured: i === 97,
      })
    }
    const visitor = await reader(browser)
    try {
      for (const width of [1366, 375]) {
        await visitor.page.setViewportSize({ width, height: 900 })
        await visitor.page.goto('/')
        const featured = visitor.page.getByRole('region', { name: 'Featured' })
        await expect(featured.getByRole('heading', { name: `${marker} story 98` })).toBeVisible()
        const slugs = await storySlugs(visitor.page)
        // Lead, six trending stories and three for each category section (the demo's seven).
        const sections = await visitor.page.locator('section[aria-labelledby^="category-"]').count()
        expect(sections).toBeGreaterThanOrEqual(7)
        expect(slugs.length).toBe(1 + 6 + 3 * sections)
        expect(new Set(slugs).size).toBe(slugs.length)
        await expect(visitor.page.getByText('No articles found in this category.')).toHaveCount(0)
      }
    } finally {
      await visitor.close()
    }
  } finally {
    await deleteArticles(page.request, await articleIdsWith(page, marker))
  }
  expect(await articleIdsWith(page, marker)).toEqual([])
})

test('an empty category stays out of the navigation and the home page until it has a published article', async ({
  page,
  login,
  browser,
}) => {
  await login('admin')
  const name = `Harbour ${word()}`
  await page.goto('/admin/categories')
  await page.getByRole('button', { name: 'Add Category' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Category' })
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByRole('button', { name: 'Create Category' }).click()
  await expect(dialog).toBeHidden()
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('Not on the site until an article is published in it.')
  const id = Number(await row.locator('[data-move-id]').first().getAttribute('data-move-id'))

  const visitor = await reader(browser)
  try {
    const { page: home } = visitor
    await home.setViewportSize({ width: 1366, height: 900 })
    await home.goto('/')
    const nav = home.getByRole('navigation', { name: 'Categories', exact: true })
    await expect(nav.getByRole('link', { name: 'Politics', exact: true })).toBeVisible()
    await expect(nav.getByRole('link', { name })).toHaveCount(0)
    await expect(home.getByRole('navigation', { name: 'Footer categories' })).not.toContainText(
      name,
    )
    await expect(home.getByRole('region', { name, exact: true })).toHaveCount(0)
    await expect(home.getByText('No articles found in this category.')).toHaveCount(0)

    // Dated a month back, so that the newest-first trending block does not show it first
    // (a story appears once: a section whose only story is shown above it is left out).
    const title = `${name} ferry returns`
    await publish(page.request, {
      title,
      categoryId: id,
      publishedAt: new Date(Date.now() - 30 * 24 * 3_600_000),
    })

    // At once: the publication emptied the page cache.
    await home.goto('/')
    await expect(nav.getByRole('link', { name })).toBeVisible()
    await expect(home.getByRole('navigation', { name: 'Footer categories' })).toContainText(name)
    const section = home.getByRole('region', { name, exact: true })
    await expect(section.getByRole('heading', { name: title })).toBeVisible()
    await expect(home.getByRole('main').getByRole('heading', { name: title })).toHaveCount(1)
    await home.setViewportSize({ width: 375, height: 812 })
    await home.getByRole('button', { name: 'Open menu' }).click()
    await expect(
      home.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name }),
    ).toBeVisible()
  } finally {
    await visitor.close()
    await deleteArticles(page.request, await articleIdsWith(page, name))
    await page.request.post('/admin/categories', { form: { intent: 'delete', id: String(id) } })
  }
  await page.goto('/admin/categories')
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0)
})

test('editors order the home sections and the navigation, and choose where a category shows', async ({
  page,
  login,
  browser,
}) => {
  await login('admin')
  await page.goto('/admin/categories')
  const rows = page.getByRole('row').filter({ has: page.locator('[data-move-id]') })
  const first = (await rows.first().getByRole('cell').first().innerText()).split('\n')[0]
  const second = (await rows.nth(1).getByRole('cell').first().innerText()).split('\n')[0]

  // By keyboard: focus the second row's "Move up" and press Enter; focus stays on the control.
  const up = page.getByRole('button', { name: `Move ${second} up` })
  await up.focus()
  await page.keyboard.press('Enter')
  await expect(rows.first()).toContainText(second)
  await expect(page.getByRole('button', { name: `Move ${second} down` })).toBeFocused()
  await expect(page.getByRole('status').filter({ hasText: `${second} is number 1` })).toBeAttached()

  const onHome = page.getByRole('switch', { name: `Show ${first} on the home page` })
  await onHome.focus()
  await page.keyboard.press('Space')
  await expect(onHome).not.toBeChecked()
  const inNav = page.getByRole('switch', { name: `Show ${second} in the navigation` })
  await inNav.click()
  await expect(inNav).not.toBeChecked()

  const visitor = await reader(browser)
  try {
    const { page: home } = visitor
    await home.setViewportSize({ width: 1366, height: 900 })
    await home.goto('/')
    const sections = await home.locator('section[aria-labelledby^="category-"] h2').allInnerTexts()
    expect(sections[0]).toContain(second)
    expect(sections.join('|')).not.toContain(first)
    const nav = home.getByRole('navigation', { name: 'Categories', exact: true })
    await expect(nav.getByRole('link', { name: second })).toHaveCount(0)
    await expect(nav.getByRole('link').nth(1)).toHaveText(first)
  } finally {
    await visitor.close()
    // Back as it was, for the specs after this one.
    await page.reload()
    await page.getByRole('switch', { name: `Show ${second} in the navigation` }).click()
    await page.getByRole('switch', { name: `Show ${first} on the home page` }).click()
    await page.getByRole('button', { name: `Move ${first} up` }).click()
    await expect(rows.first()).toContainText(first)
    await expect(page.getByRole('switch', { name: `Show ${first} on the home page` })).toBeChecked()
    await expect(
      page.getByRole('switch', { name: `Show ${second} in the navigation` }),
    ).toBeChecked()
  }
})
