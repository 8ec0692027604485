import { afterEach, describe, expect, it } from 'vitest'
import { buildPdf } from '~/domain/seed/seed.server'
import {
  flateBomb,
  hugeImage,
  lockedPdf,
  manyPagesOneStream,
  nestedForms,
} from '../../../tests/setup/pdf-fixtures'
import { COVER_WIDTH, PdfError } from './pdf-pages.server'
import { readPdfInSandbox, setPdfReadLimits } from './pdf-sandbox.server'

afterEach(() => setPdfReadLimits(undefined))

async function refusal(data: Uint8Array) {
  const error = await readPdfInSandbox(data).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(PdfError)
  return error as PdfError
}

describe('readPdfInSandbox', () => {
  // The first read starts the child and loads pdf.js in it, at a lower priority: on a busy
  // machine, many seconds.
  it('reads pages and cover in a child process', { timeout: 120_000 }, async () => {
    const read = await readPdfInSandbox(
      buildPdf([{ heading: 'Front page', lines: ['Harbour'] }, { heading: 'Page two' }]),
    )
    expect(read.contents.pageCount).toBe(2)
    expect(read.contents.pages).toEqual(['Front page\nHarbour', 'Page two'])
    expect(read.contents.cover?.width).toBe(COVER_WIDTH)
    expect(Buffer.isBuffer(read.contents.cover?.data)).toBe(true)
    expect(read.ms).toBeGreaterThan(0)
  })

  it('passes on the refusals of the reader: a password', async () => {
    const error = await refusal(lockedPdf(buildPdf([{ heading: 'Secret' }])))
    expect(error.code).toBe('PASSWORD_PROTECTED')
  })

  it('refuses more pages than an edition may have before reading them', async () => {
    const started = performance.now()
    const error = await refusal(manyPagesOneStream(1000))
    expect(error.code).toBe('TOO_MANY_PAGES')
    expect(error.message).toMatch(/1,000 pages; an edition may have at most 500/)
    expect(performance.now() - started).toBeLessThan(30_000)
  })

  it('refuses a stream that inflates past the limit', async () => {
    const error = await refusal(await flateBomb(256 * 1024))
    expect(error.code).toBe('TOO_MUCH_DATA')
  })

  it('stops a PDF that takes more CPU time than the limit', { timeout: 120_000 }, async () => {
    setPdfReadLimits({ cpuMs: 3_000 })
    const error = await refusal(nestedForms(17))
    expect(error.code).toBe('TOO_SLOW')
    expect(error.message).toMatch(/longer than 3 seconds/)
  })

  it('stops a PDF that takes longer than the wall-clock limit', async () => {
    setPdfReadLimits({ timeoutMs: 500 })
    const started = performance.now()
    const error = await refusal(buildPdf([{ heading: 'Any page' }]))
    expect(error.code).toBe('TOO_SLOW')
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  it('stops a reader past the memory limit', async () => {
    setPdfReadLimits({ maxRssBytes: 32 * 1024 * 1024 })
    const error = await refusal(buildPdf([{ heading: 'Any page' }]))
    expect(error.code).toBe('TOO_MUCH_MEMORY')
  })

  it('leaves an image past the pixel limit out of the cover', { timeout: 120_000 }, async () => {
    const read = await readPdfInSandbox(await hugeImage(16_000))
    expect(read.contents.pageCount).toBe(1)
    expect(read.contents.cover?.width).toBe(COVER_WIDTH)
    expect(read.peakRssBytes).toBeLessThan(512 * 1024 * 1024)
  })
})
