import { beforeEach, describe, expect, it } from 'vitest'
import { newspaperEditions, newspaperPages } from '@db/schema/index'
import type { SearchDialogAnswer } from '~/components/site/search-dialog'
import { getDb } from '~/infra/db.server'
import * as searchApi from '~/routes/api.search'
import { requestAs } from '../setup/auth-fixtures'
import { clearContent, insertArticle } from '../setup/content-fixtures'

// The header's search dialog reads /api/search: the articles, and the print editions whose
// pages match, worded as /search shows them.

let counter = 0
async function insertEdition(
  fields: Partial<typeof newspaperEditions.$inferInsert> & { pages: string[] },
) {
  const { pages, ...edition } = fields
  counter += 1
  const [row] = await getDb()
    .insert(newspaperEditions)
    .values({
      slug: `edition-${counter}`,
      title: `Edition ${counter}`,
      editionDate: '2026-03-06',
      fileName: `file-${counter}.pdf`,
      size: 2048,
      pageCount: pages.length,
      ...edition,
    })
    .returning()
  await getDb()
    .insert(newspaperPages)
    .values(pages.map((text, i) => ({ editionId: row.id, pageNumber: i + 1, text })))
  return row
}

async function ask(query: string) {
  const response = (await searchApi.loader({
    request: requestAs(null, `/api/search?q=${encodeURIComponent(query)}`),
    params: {},
    context: { clientIp: null, requestId: 'x' },
  } as never)) as Response
  return { status: response.status, body: (await response.json()) as SearchDialogAnswer }
}

beforeEach(async () => {
  await clearContent()
  await getDb().delete(newspaperPages)
  await getDb().delete(newspaperEditions)
})

describe('GET /api/search', () => {
  it('answers the print editions that match, with the page and the words marked', async () => {
    await insertArticle({ title: 'Lighthouse keeper retires' })
    await insertEdition({
      slug: '2026-03-13',
      title: 'The Friday edition',
      editionDate: '2026-03-13',
      number: 123,
      pages: ['Council meets on the budget', 'The lighthouse keeper retires after forty years'],
    })
    await insertEdition({ slug: 'unrelated', pages: ['Nothing about it here'] })

    const { status, body } = await ask('Lighthouse')
    expect(status).toBe(200)
    expect(body.results.map((r) => r.title)).toEqual(['Lighthouse keeper retires'])
    expect(body.editions).toEqual([
      expect.objectContaining({
        slug: '2026-03-13',
        title: 'The Friday edition',
        dateIso: '2026-03-13',
        numberLabel: 'No. 123',
        pages: [{ number: 2, href: '/newspapers/2026-03-13?page=2' }],
        morePages: 0,
        snippetPage: 2,
      }),
    ])
    expect(body.editions[0].dateLabel).toMatch(/2026/)
    expect(body.editions[0].snippet.filter((part) => part.hit).map((part) => part.text)).toEqual([
      'lighthouse',
    ])
  })

  it('answers editions when no article matches, and none for a blank query', async () => {
    await insertEdition({ slug: 'only-print', pages: ['The quayside ferry timetable'] })
    const printOnly = await ask('quayside')
    expect(printOnly.body.results).toEqual([])
    expect(printOnly.body.editions.map((e) => e.slug)).toEqual(['only-print'])

    const blank = await ask('   ')
    expect(blank.body).toMatchObject({ query: '', results: [], editions: [] })
  })

  it('leaves out an edition still being processed', async () => {
    await insertEdition({ slug: 'processing', status: 'processing', pages: ['quayside'] })
    expect((await ask('quayside')).body.editions).toEqual([])
  })
})
