import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newspaperEditions, newspaperPages } from '@db/schema/index'
import { buildPdf } from '~/domain/seed/seed.server'
import { getDb } from '~/infra/db.server'
import { getStorage } from '~/infra/storage.server'
import { adoptedEditionDate, adoptOrphanPdfs, editionsSettled } from './editions.server'

const pdf = buildPdf([
  { heading: 'Old front page' },
  { heading: 'Old page two', lines: ['marmalade'] },
])

describe('adoptedEditionDate', () => {
  it('takes a real date from the file name, else the upload day', () => {
    const uploaded = new Date('2026-03-04T22:10:00Z')
    expect(adoptedEditionDate('broadsheet-2026-05-01.pdf', uploaded)).toBe('2026-05-01')
    expect(adoptedEditionDate('broadsheet-2026-02-30.pdf', uploaded)).toBe('2026-03-04')
    expect(adoptedEditionDate('1795456417472-429242968.pdf', uploaded)).toBe('2026-03-04')
  })
})

describe('adoptOrphanPdfs', () => {
  it(
    'makes editions of stored PDFs without one, once, even when two run at the same time',
    { timeout: 120_000 },
    async () => {
      const storage = getStorage()
      await storage.put('pdf_newspapers', 'broadsheet-2026-05-01.pdf', pdf, 'application/pdf')
      await storage.put('pdf_newspapers', 'broadsheet-2026-05-01-late.pdf', pdf, 'application/pdf')
      await storage.put(
        'pdf_newspapers',
        '1795456417472-429242968.pdf',
        Buffer.from('%PDF-1.4 torn'),
      )

      const [first, second] = await Promise.all([adoptOrphanPdfs(), adoptOrphanPdfs()])
      expect(first.adopted + second.adopted).toBe(3)
      // The rows are there at once, 'processing'; their pages are read by the queued job.
      await editionsSettled()
      expect((await adoptOrphanPdfs()).adopted).toBe(0)

      const rows = await getDb().select().from(newspaperEditions).orderBy(newspaperEditions.slug)
      expect(rows).toHaveLength(3)
      const dated = rows.filter((r) => r.editionDate === '2026-05-01')
      expect(dated.map((r) => r.slug).sort()).toEqual(['2026-05-01', '2026-05-01-2'])
      for (const row of dated) {
        expect(row).toMatchObject({
          title: 'Edition of May 1, 2026',
          number: null,
          pageCount: 2,
          status: 'ready',
        })
        expect(await storage.stat('pdf_newspapers', row.coverName!)).not.toBeNull()
        const pages = await getDb()
          .select()
          .from(newspaperPages)
          .where(eq(newspaperPages.editionId, row.id))
          .orderBy(newspaperPages.pageNumber)
        expect(pages.map((p) => p.text)).toEqual(['Old front page', 'Old page two\nmarmalade'])
      }
      // A PDF pdf.js cannot read was public before: it stays listed, without cover or pages.
      const torn = rows.find((r) => r.fileName === '1795456417472-429242968.pdf')!
      expect(torn).toMatchObject({ pageCount: 0, coverName: null, status: 'ready' })
      expect(torn.title).toMatch(/^Edition of [A-Z][a-z]+ \d{1,2}, \d{4}$/)
      // Covers of the losing side of the race were removed: one per edition.
      const covers = (await storage.list('pdf_newspapers')).filter((f) => f.name.endsWith('.webp'))
      expect(covers.map((f) => f.name).sort()).toEqual(dated.map((r) => r.coverName).sort())
    },
  )
})
