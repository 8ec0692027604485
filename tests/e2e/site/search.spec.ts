import { expect, test, type Page } from '@playwright/test'
import { FEATURED, waitForHydration } from './site-support'

async function openSearch(page: Page) {
  await page.goto('/')
  await waitForHydration(page)
  await page.getByPlaceholder('Search...').click()
  const input = page.getByPlaceholder('Search articles...')
  await expect(input).toBeFocused()
  return input
}

/** The dialog's article results (print editions that match are listed in a group of their own). */
function articleResults(page: Page) {
  return page.getByRole('dialog').getByRole('group', { name: 'Articles' })
}

test('the header field opens the dialog, which invites typing', async ({ page }) => {
  await openSearch(page)
  await expect(
    page.getByRole('dialog').getByText('Start typing to search articles...'),
  ).toBeVisible()
})

test('Ctrl+K opens the dialog from anywhere', async ({ page }) => {
  await page.goto('/about')
  // The launcher marks its form once it listens for the shortcut itself: the press below goes
  // to it, not to the early listener it took over from.
  await expect(page.locator('form[data-search-ready]')).toBeAttached()
  await page.keyboard.press('Control+k')
  await expect(page.getByPlaceholder('Search articles...')).toBeFocused()
})

test('a query typed right after the page arrives is kept', async ({ page }) => {
  await page.goto('/about', { waitUntil: 'commit' })
  // As soon as the header's field is there, before any script of the app has run.
  await page.getByPlaceholder('Search...').waitFor({ state: 'attached' })
  await page.keyboard.press('Control+k')
  await page.keyboard.type('transit lev')
  await expect(page.getByPlaceholder('Search articles...')).toHaveValue('transit lev')
})

test('letters typed before the dialog arrived are not replaced by the next one', async ({
  page,
}) => {
  // The dialog's code is held back: the first letters wait in the header's query, and the
  // dialog, once there, must put the caret after them rather than select them.
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/search-dialog-*.js', async (route) => {
    await released
    await route.continue()
  })
  await page.goto('/about')
  await waitForHydration(page)
  await page.keyboard.press('Control+k')
  await page.keyboard.type('tran')
  release()
  const input = page.getByPlaceholder('Search articles...')
  await expect(input).toBeFocused()
  await page.keyboard.type('sit')
  await expect(input).toHaveValue('transit')
})

test('a query typed before the app has arrived goes into the dialog once it has', async ({
  page,
}) => {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/**/*.js', async (route) => {
    await released
    await route.continue()
  })
  await page.goto('/about')
  await page.keyboard.press('Control+k')
  await page.keyboard.type('transit')
  await page.keyboard.press('Backspace')
  release()
  const input = page.getByPlaceholder('Search articles...')
  await expect(input).toHaveValue('transi')
  await expect(input).toBeFocused()
})

test('Ctrl+K pressed before the app has arrived opens the dialog once it has', async ({ page }) => {
  // The app's modules are held back until after the key press: the page is drawn and
  // interactive, but nothing of React listens yet.
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/**/*.js', async (route) => {
    await released
    await route.continue()
  })
  await page.goto('/about')
  await page.keyboard.press('Control+k')
  release()
  await waitForHydration(page)
  await expect(page.getByPlaceholder('Search articles...')).toBeFocused()
})

test('results appear as you type, with title, category, author and excerpt', async ({ page }) => {
  const input = await openSearch(page)
  await input.pressSequentially('transit lev')
  // Among the articles: a print edition whose page lists the story matches it too (on the day
  // of the demo's newest edition, its page 2 lists the week's headlines).
  const result = articleResults(page).getByRole('option', {
    name: new RegExp(FEATURED.title.replace(/\$/g, '\\$')),
  })
  await expect(result).toBeVisible()
  await expect(result).toContainText(FEATURED.category)
  await expect(result).toContainText(/By \w+/)
  await expect(result.locator('.line-clamp-2')).toBeVisible()
})

test('"Searching..." shows while the answer is on its way', async ({ page }) => {
  let release: () => void = () => {}
  const answered = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/search?**', async (route) => {
    await answered
    await route.continue()
  })
  const input = await openSearch(page)
  await input.fill('harbour')
  await expect(page.getByRole('dialog').getByText('Searching...')).toBeVisible()
  release()
  await expect(page.getByRole('dialog').getByRole('option').first()).toBeVisible()
})

test('a search with no match says so', async ({ page }) => {
  const input = await openSearch(page)
  await input.fill('Zyzzyva')
  await expect(page.getByRole('dialog').getByText('No articles found for "Zyzzyva"')).toBeVisible()
})

test('the query is sent trimmed and lower-cased, and a blank one is not sent', async ({ page }) => {
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/search'))
      sent.push(new URL(request.url()).searchParams.get('q')!)
  })
  const input = await openSearch(page)
  await input.fill('   ')
  await expect(
    page.getByRole('dialog').getByText('Start typing to search articles...'),
  ).toBeVisible()
  await input.fill('  Harbour  ')
  await expect(page.getByRole('dialog').getByRole('option').first()).toBeVisible()
  expect(sent).toEqual(['harbour'])
})

test('arrow keys and Enter open a result', async ({ page }) => {
  const input = await openSearch(page)
  await input.fill('council')
  const options = page.getByRole('dialog').getByRole('option')
  await expect(options.nth(1)).toBeVisible()
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true')
  await input.press('ArrowDown')
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true')
  const href = await options.nth(1).getAttribute('href')
  await input.press('Enter')
  await expect(page).toHaveURL(new RegExp(`${href}$`))
  await expect(page.getByRole('dialog')).toBeHidden()
})

test('print editions that match show in their own group, reached by the arrow keys', async ({
  page,
}) => {
  const input = await openSearch(page)
  // Printed on page 3 of each demo edition ("Around Calder Bay this week").
  await input.fill('farmers market')
  const dialog = page.getByRole('dialog')
  const print = dialog.getByRole('group', { name: 'Print editions' })
  await expect(print).toBeVisible()
  const editions = print.getByRole('option')
  await expect(editions.first()).toContainText(/^The Broadsheet, /)
  await expect(editions.first()).toContainText('Page 3')
  await expect(editions.first().locator('mark').first()).toHaveText(/farmers/i)
  // Up from the first result wraps to the last one: an edition, opened at its page.
  await input.press('ArrowUp')
  const last = dialog.getByRole('option').last()
  await expect(last).toHaveAttribute('aria-selected', 'true')
  const href = (await last.getAttribute('href'))!
  expect(href).toMatch(/^\/newspapers\/[\w-]+\?page=3$/)
  await input.press('Enter')
  await expect(page).toHaveURL((url) => url.pathname + url.search === href)
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page.getByRole('toolbar', { name: 'Edition pages' })).toContainText('Page 3 of')
})

test('clicking a result goes to its article', async ({ page }) => {
  const input = await openSearch(page)
  await input.fill('transit levy')
  await articleResults(page)
    .getByRole('option', { name: /Council sends/ })
    .click()
  await expect(page).toHaveURL(new RegExp(`/article/${FEATURED.slug}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(FEATURED.title)
})

test('the query is cleared after the dialog closes', async ({ page }) => {
  const input = await openSearch(page)
  await input.fill('harbour')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await page.getByPlaceholder('Search...').click()
  await expect(page.getByPlaceholder('Search articles...')).toHaveValue('')
})

test('the results page lists every match with pages', async ({ page }) => {
  await page.goto('/search?q=calder')
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible()
  await expect(page.getByText(/^\d+ results for "calder"$/)).toBeVisible()
  await expect(page.locator('main li h2')).toHaveCount(10)
  await page
    .getByRole('navigation', { name: 'Pagination' })
    .getByRole('link', { name: 'Next' })
    .click()
  await expect(page).toHaveURL(/\/search\?q=calder&page=2$/)
  // The pagination's, not a print edition's "Page 2" among the results.
  await expect(
    page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }),
  ).toHaveAttribute('aria-current', 'page')
})

test('the results page says when nothing matches', async ({ page }) => {
  await page.goto('/search?q=zyzzyva')
  await expect(page.getByText('No articles found for "zyzzyva"')).toBeVisible()
})
