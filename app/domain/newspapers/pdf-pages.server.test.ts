import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { buildPdf } from '~/domain/seed/seed.server'
import { lockedPdf } from '../../../tests/setup/pdf-fixtures'
import { COVER_WIDTH, PAGE_TEXT_LIMIT, pageText, PdfError, readPdf } from './pdf-pages.server'

describe('pageText', () => {
  it('keeps lines, folds runs of spaces and drops control characters', () => {
    const items = [
      { str: 'Harbour   opens', hasEOL: true },
      { str: 'at\u0000 dawn', hasEOL: false },
      { type: 'beginMarkedContent' },
      { str: '  today  ', hasEOL: true },
    ]
    expect(pageText(items)).toBe('Harbour opens\nat dawn today')
  })

  it('caps a page at the limit', () => {
    const long = [{ str: 'word '.repeat(PAGE_TEXT_LIMIT) }]
    expect(pageText(long).length).toBe(PAGE_TEXT_LIMIT)
  })
})

describe('readPdf', () => {
  it('leaves the built-ins of the process as they were (pdf.js brings core-js)', async () => {
    const builtIns = { push: Array.prototype.push, parse: JSON.parse, keys: Object.keys }
    await readPdf(buildPdf([{ heading: 'One page' }]))
    expect(Array.prototype.push).toBe(builtIns.push)
    expect(JSON.parse).toBe(builtIns.parse)
    expect(Object.keys).toBe(builtIns.keys)
    // What pdf.js adds stays: it relies on it.
    expect(typeof (Promise as { withResolvers?: unknown }).withResolvers).toBe('function')
  })

  it('counts pages, reads each page apart and draws the first as a cover', async () => {
    const pdf = buildPdf(
      [
        { heading: 'Front page', lines: ['Council approves the harbour plan'] },
        { heading: 'Page two', lines: ['The quokka festival returns'] },
        { heading: 'Page three' },
      ],
      { title: 'Test edition' },
    )
    const contents = await readPdf(pdf)
    expect(contents.pageCount).toBe(3)
    expect(contents.pages[0]).toBe('Front page\nCouncil approves the harbour plan')
    expect(contents.pages[1]).toContain('quokka')
    expect(contents.pages[0]).not.toContain('quokka')
    expect(contents.pages[2]).toBe('Page three')
    const cover = contents.cover!
    expect(cover.width).toBe(COVER_WIDTH)
    // Letter paper is 612 × 792 points.
    expect(cover.height).toBe(Math.round((792 * COVER_WIDTH) / 612))
    const meta = await sharp(cover.data).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: cover.width, height: cover.height })
    // The cover is not blank: the heading is drawn in black on white.
    const stats = await sharp(cover.data).stats()
    expect(stats.channels[0].min).toBeLessThan(80)
    expect(stats.channels[0].max).toBeGreaterThan(240)
  })

  it('refuses what is not a readable PDF', async () => {
    for (const bytes of [Buffer.from('%PDF-1.4 and then nothing'), Buffer.from('plain text')]) {
      const error = await readPdf(bytes).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(PdfError)
      expect(error).toMatchObject({ code: 'UNREADABLE', status: 422 })
    }
  })

  it('refuses a PDF locked with a password', async () => {
    const error = await readPdf(lockedPdf(buildPdf([{ heading: 'Secret' }]))).catch(
      (e: unknown) => e,
    )
    expect(error).toMatchObject({ code: 'PASSWORD_PROTECTED', status: 422 })
    expect((error as Error).message).toMatch(/password/)
  })
})
