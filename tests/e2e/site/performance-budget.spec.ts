import zlib from 'node:zlib'
import { expect, test, type Page } from '@playwright/test'
import { FEATURED, waitForHydration } from './site-support'

// Issue 4: the article page ships at most 120 KiB of JavaScript, gzip-compressed, in total,
// and no back-office or editor code reaches a reader's page.
const BUDGET_BYTES = 120 * 1024

async function loadedScripts(page: Page, path: string) {
  const scripts: { url: string; body: Buffer }[] = []
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return
    scripts.push({ url: response.url(), body: await response.body() })
  })
  await page.goto(path, { waitUntil: 'networkidle' })
  await waitForHydration(page)
  return scripts
}

test('the article page ships at most 120 KiB of gzipped JavaScript', async ({ page }) => {
  const scripts = await loadedScripts(page, `/article/${FEATURED.slug}`)
  expect(scripts.length).toBeGreaterThan(0)
  const sizes = scripts.map(({ url, body }) => ({ url, gzip: zlib.gzipSync(body).length }))
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0)
  expect(total, JSON.stringify(sizes, null, 1)).toBeLessThanOrEqual(BUDGET_BYTES)
  // Its body has no embed and no gallery: none of their scripts (lib/body-islands.ts) comes.
  for (const { url } of scripts)
    expect(url).not.toMatch(/body-islands|embed-consent|gallery-lightbox/)
})

test('no admin or editor code is loaded on the reader’s pages', async ({ page }) => {
  for (const path of ['/', `/article/${FEATURED.slug}`, '/category/politics', '/search?q=bay']) {
    const scripts = await loadedScripts(page, path)
    for (const { url, body } of scripts) {
      expect(url, path).not.toMatch(/admin|rich-text-editor|article-editor|media-picker/)
      expect(body.toString('utf8'), `${url} on ${path}`).not.toMatch(/prosemirror|@tiptap|tiptap/i)
    }
  }
})
