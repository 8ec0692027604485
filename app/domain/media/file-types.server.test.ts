import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { isPdf, sniffFont, sniffImage, storedExtension } from './file-types.server'

const image = (format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
    .toFormat(format)
    .toBuffer()

describe('file types by content', () => {
  it.each(['jpeg', 'png', 'webp', 'gif', 'avif'] as const)('recognises %s', async (format) => {
    expect(sniffImage((await image(format)).subarray(0, 64))).toBe(
      format === 'jpeg' ? 'jpg' : format,
    )
  })

  it('recognises no image in SVG, PDF or text', () => {
    for (const text of ['<svg xmlns="http://www.w3.org/2000/svg"/>', '%PDF-1.4', 'hello', '']) {
      expect(sniffImage(Buffer.from(text))).toBeNull()
    }
  })

  it('recognises PDFs by their marker only', () => {
    expect(isPdf(Buffer.from('%PDF-1.7\n'))).toBe(true)
    expect(isPdf(Buffer.from(' %PDF-1.7'))).toBe(false)
  })

  it('recognises font formats', () => {
    expect(sniffFont(Buffer.from([0, 1, 0, 0, 0]))).toBe('ttf')
    expect(sniffFont(Buffer.from('OTTO'))).toBe('otf')
    expect(sniffFont(Buffer.from('wOFF'))).toBe('woff')
    expect(sniffFont(Buffer.from('wOF2'))).toBe('woff2')
    expect(sniffFont(Buffer.from('<html>'))).toBeNull()
  })

  it('keeps the uploaded extension only when it agrees with the content', () => {
    expect(storedExtension('photo.JPEG', 'jpg')).toBe('jpeg')
    expect(storedExtension('photo.png', 'jpg')).toBe('jpg')
    expect(storedExtension('noext', 'pdf')).toBe('pdf')
  })
})
