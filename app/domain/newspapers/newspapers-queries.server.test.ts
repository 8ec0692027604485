import { describe, expect, it } from 'vitest'
import { getStorage } from '~/infra/storage.server'
import { editionDate, listNewspaperEditions } from './newspapers-queries.server'

describe('editionDate', () => {
  const uploaded = new Date('2026-03-01T12:00:00Z')

  it('reads a YYYY-MM-DD date from the file name', () => {
    expect(editionDate('broadsheet-2026-11-20.pdf', uploaded).toISOString()).toBe(
      '2026-11-20T00:00:00.000Z',
    )
  })

  it('falls back to the upload time for names without a real date', () => {
    expect(editionDate('1795293104902-25997559.pdf', uploaded)).toBe(uploaded)
    expect(editionDate('edition-2026-02-31.pdf', uploaded)).toBe(uploaded)
  })
})

describe('listNewspaperEditions', () => {
  it('lists the PDFs of the pdf_newspapers bucket, newest edition first', async () => {
    const storage = getStorage()
    await storage.put('pdf_newspapers', 'broadsheet-2026-11-13.pdf', Buffer.from('%PDF-1.4 a'))
    await storage.put('pdf_newspapers', 'broadsheet-2026-11-20.pdf', Buffer.from('%PDF-1.4 bb'))
    await storage.put('pdf_newspapers', 'notes.txt', Buffer.from('not a pdf'))
    const editions = await listNewspaperEditions()
    expect(editions.map((e) => e.name)).toEqual([
      'broadsheet-2026-11-20.pdf',
      'broadsheet-2026-11-13.pdf',
    ])
    expect(editions[0]).toMatchObject({
      url: '/media/pdf_newspapers/broadsheet-2026-11-20.pdf',
      size: 11,
    })
    expect(await listNewspaperEditions(1)).toHaveLength(1)
  })
})
