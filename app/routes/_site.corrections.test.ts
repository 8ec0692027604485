import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles, profiles } from '@db/schema/index'
import { addCorrection } from '~/domain/articles/corrections.server'
import { getDb } from '~/infra/db.server'
import * as articlePage from '~/routes/_site.article.$slug'
import * as correctionsPage from '~/routes/_site.corrections'
import { requestAs, settleRoute } from '../../tests/setup/auth-fixtures'
import { insertArticle } from '../../tests/setup/content-fixtures'

// What readers get of corrections and updates: the article page (its view and JSON-LD) and
// /corrections.

const HOUR = 3_600_000

// A thrown data() (404, 400) is the route's error: read like a returned answer.
function run(handler: (args: never) => unknown, url: string, params = {}) {
  return settleRoute(handler, requestAs(null, url), { params })
}

type Meta = Record<string, unknown>[]
const jsonLd = (meta: Meta) =>
  meta.find((m) => 'script:ld+json' in m)?.['script:ld+json'] as Record<string, unknown>

let editor: { id: string }

beforeAll(async () => {
  const id = crypto.randomUUID()
  await getDb()
    .insert(profiles)
    .values({ id, email: `editor-${id}@example.com`, username: 'edna', role: 'editor' })
  editor = { id }
})

describe('the article page', () => {
  it('ends with its corrections, newest first, also in its JSON-LD, and shows "Updated"', async () => {
    const publishedAt = new Date(Date.now() - 72 * HOUR)
    const article = await insertArticle({ publishedAt })
    const older = new Date(Date.now() - 48 * HOUR)
    const newer = new Date(Date.now() - 24 * HOUR)
    await addCorrection(article.id, { text: 'Older fix.', correctedAt: older }, editor)
    await addCorrection(article.id, { text: 'Newer fix.', correctedAt: newer }, editor)

    const { status, data } = await run(articlePage.loader, `/article/${article.slug}`, {
      slug: article.slug,
    })
    expect(status).toBe(200)
    // The page arrives as server-drawn HTML: corrections newest first, and "Updated" on the day.
    const html: string = data.html
    expect(html.indexOf('Newer fix.')).toBeGreaterThan(-1)
    expect(html.indexOf('Newer fix.')).toBeLessThan(html.indexOf('Older fix.'))
    expect(html).toMatch(
      new RegExp(
        `Updated <time dateTime="${newer.toISOString()}">(\\d{1,2}:\\d{2} [AP]M|\\w+ \\d{1,2}, \\d{4} at \\d{1,2}:\\d{2} [AP]M)</time>`,
        'i',
      ),
    )
    const ld = jsonLd(data.meta)
    expect(ld.dateModified).toBe(newer.toISOString())
    expect(ld.datePublished).toBe(publishedAt.toISOString())
    expect(ld.correction).toEqual([
      { '@type': 'CorrectionComment', text: 'Newer fix.', datePublished: newer.toISOString() },
      { '@type': 'CorrectionComment', text: 'Older fix.', datePublished: older.toISOString() },
    ])
  })

  it('without corrections or later edits: no "Updated", dateModified is the publication', async () => {
    const publishedAt = new Date(Date.now() - 5 * HOUR)
    const article = await insertArticle({ publishedAt })
    // Saved again within the minute of publication: not an update.
    await getDb()
      .update(articles)
      .set({ revisedAt: new Date(publishedAt.getTime() + 30_000), updatedAt: new Date() })
      .where(eq(articles.id, article.id))
    const { data } = await run(articlePage.loader, `/article/${article.slug}`, {
      slug: article.slug,
    })
    expect(data.html).not.toContain('Updated')
    expect(data.html).not.toContain('Corrections')
    const ld = jsonLd(data.meta)
    expect(ld.dateModified).toBe(publishedAt.toISOString())
    expect(ld).not.toHaveProperty('correction')
  })
})

describe('/corrections', () => {
  it('lists the latest corrections with their articles, a page at a time', async () => {
    const article = await insertArticle({ title: 'Bridge closes for repairs' })
    const base = Date.now() - 22 * HOUR
    for (let n = 1; n <= 21; n++) {
      await addCorrection(
        article.id,
        { text: `Fix ${n}`, correctedAt: new Date(base + n * HOUR) },
        editor,
      )
    }
    const first = await run(correctionsPage.loader, '/corrections')
    expect(first.status).toBe(200)
    expect(first.data.corrections).toHaveLength(20)
    expect(first.data.corrections[0]).toMatchObject({
      text: 'Fix 21',
      articleTitle: 'Bridge closes for repairs',
      articlePath: `/article/${article.slug}`,
    })
    expect(first.data.pageCount).toBeGreaterThanOrEqual(2)
    const second = await run(correctionsPage.loader, '/corrections?page=2')
    expect(second.data.page).toBe(2)
    expect((await run(correctionsPage.loader, '/corrections?page=0')).status).toBe(400)
    expect((await run(correctionsPage.loader, '/corrections?page=999')).status).toBe(404)
  })

  it('leaves out corrections of articles readers cannot see', async () => {
    const article = await insertArticle({ title: 'Withdrawn story' })
    await addCorrection(article.id, { text: 'Withdrawn fix', correctedAt: null }, editor)
    await getDb().update(articles).set({ status: 'hidden' }).where(eq(articles.id, article.id))
    const { data } = await run(correctionsPage.loader, '/corrections')
    expect(data.corrections.map((c: { text: string }) => c.text)).not.toContain('Withdrawn fix')
  })
})
