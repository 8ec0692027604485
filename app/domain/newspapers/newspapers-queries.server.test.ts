import { beforeEach, describe, expect, it } from 'vitest'
import { newspaperEditions, newspaperPages } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import {
  EDITION_SEARCH_PAGES_SHOWN,
  getNewspaperEditionBySlug,
  listNewspaperEditions,
  searchNewspaperEditions,
  snippetParts,
} from './newspapers-queries.server'

// Rows as D1's upload writes them; inserted directly so reading is tested on its own.
let fileCounter = 0
async function insertEdition(
  fields: Partial<typeof newspaperEditions.$inferInsert> & { pages?: string[] } = {},
) {
  const { pages = [], ...edition } = fields
  fileCounter += 1
  const [row] = await getDb()
    .insert(newspaperEditions)
    .values({
      slug: `edition-${fileCounter}`,
      title: `Edition ${fileCounter}`,
      editionDate: '2026-03-06',
      fileName: `file-${fileCounter}.pdf`,
      size: 2048,
      pageCount: pages.length,
      ...edition,
    })
    .returning()
  if (pages.length > 0) {
    await getDb()
      .insert(newspaperPages)
      .values(pages.map((text, i) => ({ editionId: row.id, pageNumber: i + 1, text })))
  }
  return row
}

beforeEach(async () => {
  await getDb().delete(newspaperPages)
  await getDb().delete(newspaperEditions)
})

describe('listNewspaperEditions', () => {
  it('lists newest edition date first, the later upload first on the same date', async () => {
    await insertEdition({ slug: 'a', editionDate: '2026-03-06' })
    await insertEdition({ slug: 'b', editionDate: '2026-03-13' })
    await insertEdition({ slug: 'c', editionDate: '2026-03-06' })
    expect((await listNewspaperEditions()).map((e) => e.slug)).toEqual(['b', 'c', 'a'])
    expect((await listNewspaperEditions(2)).map((e) => e.slug)).toEqual(['b', 'c'])
  })
})

describe('getNewspaperEditionBySlug', () => {
  it('gives the edition with its page count, PDF URL and cover', async () => {
    await insertEdition({
      slug: '2026-03-13',
      title: 'The Friday edition',
      editionDate: '2026-03-13',
      number: 123,
      fileName: '1795-1.pdf',
      coverName: '1795-1-cover.png',
      coverWidth: 612,
      coverHeight: 792,
      pages: ['one', 'two'],
    })
    expect(await getNewspaperEditionBySlug('2026-03-13')).toMatchObject({
      title: 'The Friday edition',
      editionDate: '2026-03-13',
      number: 123,
      pageCount: 2,
      size: 2048,
      pdfUrl: '/media/pdf_newspapers/1795-1.pdf',
      cover: { url: '/media/pdf_newspapers/1795-1-cover.png', width: 612, height: 792 },
    })
  })

  it('has no cover until one is made, and no edition for an unknown slug', async () => {
    await insertEdition({ slug: 'bare' })
    expect((await getNewspaperEditionBySlug('bare'))?.cover).toBeNull()
    expect(await getNewspaperEditionBySlug('nope')).toBeNull()
  })
})

describe('searchNewspaperEditions', () => {
  it('finds a word printed only on page 2 and says page 2, not page 1', async () => {
    await insertEdition({
      slug: 'friday',
      title: 'Friday',
      pages: ['Council meets on the budget', 'The lighthouse keeper retires after forty years'],
    })
    await insertEdition({ slug: 'other', pages: ['Nothing about it here'] })
    const results = await searchNewspaperEditions('lighthouse')
    expect(results).toHaveLength(1)
    expect(results[0]).toMatchObject({
      slug: 'friday',
      title: 'Friday',
      pages: [2],
      matchingPageCount: 1,
      snippetPage: 2,
    })
    expect(results[0].snippet.filter((p) => p.hit).map((p) => p.text)).toEqual(['lighthouse'])
  })

  it('lists the first matching pages in order, ranks the better edition first', async () => {
    const many = Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? `harbour news ${i}` : 'other'))
    await insertEdition({ slug: 'many', editionDate: '2026-01-01', pages: many })
    await insertEdition({
      slug: 'best',
      editionDate: '2025-01-01',
      pages: ['harbour harbour harbour harbour: the harbour special'],
    })
    const results = await searchNewspaperEditions('harbour')
    expect(results.map((r) => r.slug)).toEqual(['best', 'many'])
    expect(results[1].pages).toEqual([1, 3, 5, 7].slice(0, EDITION_SEARCH_PAGES_SHOWN))
    expect(results[1].matchingPageCount).toBe(4)
  })

  it('matches stems and the last word as a prefix, like article search', async () => {
    await insertEdition({ slug: 'e', pages: ['Voters approve the transit levy'] })
    expect(await searchNewspaperEditions('transit lev')).toHaveLength(1)
    expect(await searchNewspaperEditions('approves')).toHaveLength(1)
  })

  it('keeps page text as text: markup in a PDF is never HTML in the snippet', async () => {
    await insertEdition({
      slug: 'x',
      pages: [
        'Prices: 5 < 6 & the lighthouse <b>keeper</b> says "hello" <img src=x onerror=alert(1)>',
      ],
    })
    const [result] = await searchNewspaperEditions('lighthouse')
    const text = result.snippet.map((p) => p.text).join('')
    expect(text).toContain('5 < 6 & the')
    expect(text).toContain('<img src=x onerror=alert')
    expect(text).not.toContain('&amp;')
    expect(result.snippet.filter((p) => p.hit)).toEqual([{ text: 'lighthouse', hit: true }])
  })

  it('answers no editions, not an error, for punctuation, syntax or a blank query', async () => {
    await insertEdition({ slug: 'e', pages: ['Rock & roll hall opens'] })
    for (const query of ['!!!', '...', ':*', "'", '!(', '&', '"', '-', '   ', 'the']) {
      await expect(searchNewspaperEditions(query), query).resolves.toEqual([])
    }
    expect(await searchNewspaperEditions('rock & roll')).toHaveLength(1)
  })
})

describe('snippetParts', () => {
  it('splits a headline on the markers and merges neighbouring hits', () => {
    expect(snippetParts('a \uE000city\uE001 \uE000council\uE001 met')).toEqual([
      { text: 'a ', hit: false },
      { text: 'city', hit: true },
      { text: ' ', hit: false },
      { text: 'council', hit: true },
      { text: ' met', hit: false },
    ])
    expect(snippetParts('stray \uE001 marker')).toEqual([{ text: 'stray marker', hit: false }])
  })
})
