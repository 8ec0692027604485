import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { smallGhostExport } from '../../setup/ghost-export'
import { WXR_CLOSING, wxrOpening } from '../../setup/wxr'
import { expect, test, toast, unique } from './admin-fixtures'

// /admin/import as an admin uses it: a real WordPress export analysed and discarded (nothing
// written), then a small export of the paper's own imported, reported, and imported again
// without doubling. The small one holds a single draft, so no page another spec reads changes.

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures')
const THEME_UNIT_DATA = path.join(FIXTURES, 'wordpress/themeunittestdata.wordpress.xml')

function draftExport(title: string) {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  return `${wxrOpening('Old Gazette')}<wp:author><wp:author_login>admin</wp:author_login><wp:author_email>admin@example.com</wp:author_email><wp:author_display_name><![CDATA[admin]]></wp:author_display_name></wp:author>
<item>
<title>${title}</title>
<link>https://old.example/?p=1</link>
<dc:creator><![CDATA[admin]]></dc:creator>
<content:encoded><![CDATA[<p>The harbour wall, as it was reported then.</p>]]></content:encoded>
<excerpt:encoded><![CDATA[]]></excerpt:encoded>
<wp:post_id>1</wp:post_id>
<wp:post_date_gmt>2019-03-05 10:00:00</wp:post_date_gmt>
<wp:post_name>${slug}</wp:post_name>
<wp:status>draft</wp:status>
<wp:post_type>post</wp:post_type>
</item>
${WXR_CLOSING}`
}

/**
 * A Ghost export as Ghost writes it (db[0].data), with a post of each visibility: public,
 * members, paid, and tiers (one named like the demo's Digital plan, one like no plan here).
 */
function ghostWithWalls() {
  const post = (slug: string, visibility: string) => ({
    id: slug,
    title: `Tidewater ${slug}`,
    slug: `tidewater-${slug}`,
    html: '<p>The tide tables.</p>',
    type: 'post',
    status: 'published',
    visibility,
    published_at: '2021-03-01T10:00:00.000Z',
  })
  return smallGhostExport({
    posts: [
      post('public', 'public'),
      post('members', 'members'),
      post('paid-1', 'paid'),
      post('paid-2', 'paid'),
      post('digital', 'tiers'),
      post('platinum', 'tiers'),
    ],
    tiers: [
      { id: 't1', name: 'Digital', slug: 'digital' },
      { id: 't2', name: 'Platinum', slug: 'platinum' },
    ],
    tierOf: { digital: 't1', platinum: 't2' },
    dbHash: 'tidewater-e2e',
  })
}

async function uploadExport(page: Page, file: { name: string; buffer: Buffer; mimeType?: string }) {
  await page.goto('/admin/import')
  await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible()
  await page.getByLabel('Export file').setInputFiles({
    name: file.name,
    mimeType: file.mimeType ?? 'application/xml',
    buffer: file.buffer,
  })
  await page.getByRole('button', { name: 'Upload and analyse' }).click()
  await expect(page).toHaveURL(/\/admin\/import\?job=\d+$/)
}

test.beforeEach(async ({ login }) => login('admin'))

test('a WordPress export is analysed before anything is written, and can be discarded', async ({
  page,
}) => {
  test.slow()
  await uploadExport(page, {
    name: 'themeunittestdata.wordpress.xml',
    buffer: fs.readFileSync(THEME_UNIT_DATA),
  })
  const analysis = page.getByText('Nothing has been written yet.')
  await expect(analysis).toBeVisible({ timeout: 30_000 })
  // The theme unit data: 56 published posts, 1 scheduled, 1 draft and 21 pages.
  await expect(analysis).toContainText(/79 of \d+ items would be imported/)
  // WordPress's own test data carries no membership plugin's marker.
  await expect(analysis).toContainText('None would be behind a wall.')
  await expect(page.getByText('Child categories (each its own; the parent named')).toBeVisible()
  await page.getByRole('button', { name: 'Discard' }).click()
  await expect(toast(page, 'Import discarded')).toBeVisible()
})

test('the analysis of a Ghost export says how many stories would be behind a wall, and for which plans', async ({
  page,
}) => {
  await uploadExport(page, {
    name: 'tidewater.json',
    mimeType: 'application/json',
    buffer: Buffer.from(ghostWithWalls()),
  })
  const analysis = page.getByText('Nothing has been written yet.')
  await expect(analysis).toHaveText(
    'Nothing has been written yet. 6 of 6 items would be imported. Behind a wall: 4 stories for paying members, 1 for registered readers.',
  )
  const byPlan = page
    .getByRole('heading', { name: 'Members stories by plan' })
    .locator('xpath=..')
    .getByRole('listitem')
  await expect(byPlan).toHaveText([
    'Digital: 1 story',
    'Platinum: 1 story, for any plan (no plan here has that name)',
    'Any plan: 2 stories',
  ])
  await page.getByRole('button', { name: 'Discard' }).click()
  await expect(toast(page, 'Import discarded')).toBeVisible()
})

test('a WordPress post behind Restrict Content Pro is counted before the import and in its report', async ({
  page,
}) => {
  const title = unique('Harbour dues')
  // A draft (no page another spec reads changes), its own post id, marked paid by the plugin.
  const xml = draftExport(title)
    .replace('<wp:post_id>1</wp:post_id>', '<wp:post_id>7002</wp:post_id>')
    .replace(
      '</item>',
      '<wp:postmeta><wp:meta_key>_is_paid</wp:meta_key><wp:meta_value><![CDATA[on]]></wp:meta_value></wp:postmeta>\n</item>',
    )
  await uploadExport(page, { name: 'harbour-dues.xml', buffer: Buffer.from(xml) })
  await expect(page.getByText('Nothing has been written yet.')).toContainText(
    'Behind a wall: 1 story for paying members.',
  )
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(toast(page, 'Import started')).toBeVisible()
  await expect(page.getByText(/^\d+ created, \d+ updated/)).toHaveText(
    /^1 created, 0 updated, 0 unchanged, 0 skipped\. Behind a wall: 1 story for paying members\./,
    { timeout: 20_000 },
  )
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('for paying members')
})

test('an import reports what it created, and a second import of the same file doubles nothing', async ({
  page,
}) => {
  const title = unique('Harbour wall archive')
  const file = { name: 'old-gazette.xml', buffer: Buffer.from(draftExport(title)) }
  await uploadExport(page, file)
  await expect(page.getByText('1 of 1 items would be imported')).toBeVisible()
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(toast(page, 'Import started')).toBeVisible()
  const report = page.getByText(/^\d+ created, \d+ updated, \d+ unchanged, \d+ skipped\./)
  await expect(report).toHaveText(/^1 created, 0 updated, 0 unchanged, 0 skipped\./, {
    timeout: 20_000,
  })
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('created')

  // The same export again: recognised, and left as it is.
  await uploadExport(page, file)
  await expect(page.getByText('were imported before and would be updated')).toBeVisible()
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(report).toHaveText(/^0 created, 0 updated, 1 unchanged, 0 skipped\./, {
    timeout: 20_000,
  })

  // One article of that title in the back office, a draft.
  await page.goto(`/admin/articles?q=${encodeURIComponent(title)}`)
  await expect(page.getByText('Total articles: 1')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText(/draft/i)
})

test('"Fetch images from the old site": the old site\'s pictures come into the media library, a missing one is reported and kept, and the result says where to look next', async ({
  page,
}) => {
  // The old site, on this machine: the e2e server may reach it (IMPORT_FETCH_ALLOW_PRIVATE in
  // playwright.config.ts; without it a loopback address is refused, import-fetch-images.test.ts).
  const lamp = await sharp({
    create: { width: 64, height: 48, channels: 3, background: '#336699' },
  })
    .png()
    .toBuffer()
  const oldSite = http.createServer((request, response) => {
    if (request.url === '/wp-content/uploads/2019/03/lamp.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(lamp)
    } else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => oldSite.listen(0, '127.0.0.1', resolve))
  try {
    const origin = `http://127.0.0.1:${(oldSite.address() as AddressInfo).port}`
    const title = unique('Lighthouse keeper')
    const picture = `${origin}/wp-content/uploads/2019/03/lamp.png`
    const missing = `${origin}/wp-content/uploads/2019/03/gone.png`
    const body = `<p>The lamp.</p><p><img src="${picture}" alt="The lamp"></p><p><img src="${missing}" alt="Gone"></p>`
    // Its own post id: the other journey's draft (post 1 of the same old site) is left alone.
    const xml = draftExport(title)
      .replace('<p>The harbour wall, as it was reported then.</p>', body)
      .replace('<wp:post_id>1</wp:post_id>', '<wp:post_id>7001</wp:post_id>')
    await uploadExport(page, { name: 'lighthouse.xml', buffer: Buffer.from(xml) })
    await expect(page.getByText('1 of 1 items would be imported')).toBeVisible()
    await page.getByLabel('Fetch images from the old site').check()
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    await expect(toast(page, 'Import started')).toBeVisible()
    await expect(
      page.getByText(
        /^1 created, 0 updated, 0 unchanged, 0 skipped\. 1 image fetched from the old site into the media library; 1 image could not be\./,
      ),
    ).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('listitem').filter({ hasText: missing }).first()).toContainText(
      'HTTP 404',
    )
    await expect(page.getByRole('link', { name: 'Open the articles list' })).toHaveAttribute(
      'href',
      '/admin/articles?sort=published-desc',
    )
    // The option is kept with the job: "Import again" fetches again.
    await expect(page.getByLabel('Fetch images from the old site')).toBeChecked()

    // The story now shows the stored copy, with its alt text, where the old address was.
    await page.goto(`/admin/articles?q=${encodeURIComponent(title)}`)
    await page.getByRole('row').filter({ hasText: title }).getByRole('link').first().click()
    const stored = page.locator('.ProseMirror img[alt="The lamp"]')
    await expect(stored).toHaveAttribute('src', /^\/media\/media\//)
    await expect(page.locator(`.ProseMirror img[src="${missing}"]`)).toHaveCount(1)
  } finally {
    oldSite.close()
  }
})
