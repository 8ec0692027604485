import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { newspaperEditions, newspaperPages, siteSettings } from '@db/schema/index'
import { announceChanged, EVERYTHING } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import * as listPage from '~/routes/_site.newspapers'
import * as readerPage from '~/routes/_site.newspapers_.$slug'
import * as searchPage from '~/routes/_site.search'
import { requestAs, runRoute } from '../../tests/setup/auth-fixtures'
import { clearContent, insertArticle } from '../../tests/setup/content-fixtures'

// What readers get of print editions: the list, the reader's page, and editions in search.

async function insertEdition(fields: Partial<typeof newspaperEditions.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(newspaperEditions)
    .values({
      slug: '2026-03-13',
      title: 'The Friday edition',
      editionDate: '2026-03-13',
      number: 123,
      fileName: 'f-1.pdf',
      size: 2048,
      pageCount: 2,
      coverName: 'f-1-cover.png',
      coverWidth: 612,
      coverHeight: 792,
      ...fields,
    })
    .returning()
  await getDb()
    .insert(newspaperPages)
    .values([
      { editionId: row.id, pageNumber: 1, text: 'Council meets on the budget' },
      { editionId: row.id, pageNumber: 2, text: 'The lighthouse keeper retires <b>today</b>' },
    ])
  return row
}

const reader = (slug: string, query = '') =>
  runRoute(readerPage.loader, requestAs(null, `/newspapers/${slug}${query}`), {
    params: { slug },
  })

beforeEach(async () => {
  await getDb().delete(newspaperPages)
  await getDb().delete(newspaperEditions)
})

describe('/newspapers/{slug}', () => {
  it('gives the edition with its title, date, number, PDF and cover', async () => {
    await insertEdition()
    const { status, data } = await reader('2026-03-13')
    expect(status).toBe(200)
    expect(data.edition).toMatchObject({
      title: 'The Friday edition',
      dateLabel: 'March 13, 2026',
      numberLabel: 'No. 123',
      pagesLabel: '2 pages',
      sizeLabel: '2 KB',
      pdfUrl: '/media/pdf_newspapers/f-1.pdf',
      cover: { url: '/media/pdf_newspapers/f-1-cover.png', width: 612, height: 792 },
    })
    expect(data.initialPage).toBe(1)
    const meta = data.meta as Record<string, string>[]
    expect(meta.find((m) => 'title' in m)?.title).toContain('The Friday edition (No. 123)')
    expect(meta.find((m) => m.property === 'og:image')?.content).toMatch(/f-1-cover\.png$/)
  })

  it('opens at ?page=N, clamped into the edition', async () => {
    await insertEdition()
    expect((await reader('2026-03-13', '?page=2')).data.initialPage).toBe(2)
    expect((await reader('2026-03-13', '?page=99')).data.initialPage).toBe(2)
    expect((await reader('2026-03-13', '?page=0')).data.initialPage).toBe(1)
    expect((await reader('2026-03-13', '?page=junk')).data.initialPage).toBe(1)
  })

  it('answers 404 for an unknown edition', async () => {
    await expect(reader('1999-01-01')).rejects.toMatchObject({
      init: { status: 404 },
    })
  })

  it('renders the cover and the download link before any JavaScript runs', async () => {
    await insertEdition({ coverName: null, coverWidth: null, coverHeight: null })
    const { data } = await reader('2026-03-13')
    const Stub = createRoutesStub([
      {
        path: '/newspapers/:slug',
        Component: readerPage.default,
        loader: () => data,
        HydrateFallback: () => null,
      },
    ])
    const html = renderToString(
      <Stub
        initialEntries={['/newspapers/2026-03-13']}
        hydrationData={{ loaderData: { 0: data } }}
      />,
    )
    expect(html).toContain('Download PDF (2 KB)')
    expect(html).toContain('href="/media/pdf_newspapers/f-1.pdf"')
    // No cover yet: a neutral sheet with the title, no broken image.
    expect(html).not.toContain('<img')
  })
})

describe('/newspapers/{slug} of a members edition (issue 38)', () => {
  it('shows anyone without access the cover, the date and the wall, never the PDF', async () => {
    await insertEdition({ access: 'members' })
    const { data } = await reader('2026-03-13')
    expect(data.locked).toBe(true)
    // The stored name of a members edition's PDF is not sent: its route asks who reads.
    expect(data.edition.pdfUrl).toBe('/newspapers/2026-03-13/pdf')
    expect(JSON.stringify(data)).not.toContain('f-1.pdf')
    const Stub = createRoutesStub([
      {
        path: '/newspapers/:slug',
        Component: readerPage.default,
        loader: () => data,
        HydrateFallback: () => null,
      },
    ])
    const html = renderToString(
      <Stub
        initialEntries={['/newspapers/2026-03-13']}
        hydrationData={{ loaderData: { 0: data } }}
      />,
    )
    expect(html).toContain('The Friday edition')
    expect(html).toContain('f-1-cover.png')
    expect(html).toContain('This print edition is for members')
    expect(html).not.toContain('Download PDF')
    expect(html).not.toContain('/pdf"')
  })

  it('follows the site setting when the edition has none, and its own when it has', async () => {
    const edition = await insertEdition({ access: null })
    const setSiteAccess = async (editionsAccess: 'everyone' | 'members') => {
      await getDb()
        .insert(siteSettings)
        .values({ id: 1, editionsAccess })
        .onConflictDoUpdate({ target: siteSettings.id, set: { editionsAccess } })
      announceChanged([EVERYTHING])
    }
    const setOwn = (access: 'everyone' | 'members' | null) =>
      getDb().update(newspaperEditions).set({ access }).where(eq(newspaperEditions.id, edition.id))
    try {
      expect((await reader('2026-03-13')).data.locked).toBe(false)
      await setSiteAccess('members')
      expect((await reader('2026-03-13')).data.locked).toBe(true)
      await setOwn('everyone')
      expect((await reader('2026-03-13')).data.locked).toBe(false)
      await setSiteAccess('everyone')
      await setOwn('members')
      expect((await reader('2026-03-13')).data.locked).toBe(true)
    } finally {
      await setSiteAccess('everyone')
    }
  })
})

describe('/newspapers', () => {
  it('lists the editions as views for the grid', async () => {
    await insertEdition()
    const { data } = await runRoute(listPage.loader, requestAs(null, '/newspapers'))
    expect(data.editions).toEqual([
      expect.objectContaining({ href: '/newspapers/2026-03-13', numberLabel: 'No. 123' }),
    ])
  })
})

describe('/search with print editions', () => {
  beforeEach(clearContent)

  it('lists the edition with the page the word is on, linking into the reader', async () => {
    await insertEdition()
    await insertArticle({
      title: 'Lighthouse open day',
      publishedAt: new Date('2026-03-05T10:00:00Z'),
    })
    const { data } = await runRoute(searchPage.loader, requestAs(null, '/search?q=lighthouse'))
    expect(data.editions).toEqual([
      expect.objectContaining({
        title: 'The Friday edition',
        dateLabel: 'March 13, 2026',
        pages: [{ number: 2, href: '/newspapers/2026-03-13?page=2' }],
        morePages: 0,
      }),
    ])
    expect(data.results[0]).toMatchObject({
      title: 'Lighthouse open day',
      publishedLabel: 'March 5, 2026',
      publishedIso: '2026-03-05T10:00:00.000Z',
    })
    // Page 2 of the article results does not repeat the editions.
    const second = await runRoute(searchPage.loader, requestAs(null, '/search?q=lighthouse&page=2'))
    expect(second.data.editions).toEqual([])
  })

  it('answers no editions for a query of punctuation', async () => {
    await insertEdition()
    const { status, data } = await runRoute(
      searchPage.loader,
      requestAs(null, '/search?q=%21%3F%26'),
    )
    expect(status).toBe(200)
    expect(data.editions).toEqual([])
  })
})
