import zlib from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { ImageTooLargeError, MAX_IMAGE_PIXELS, removeImage, storeImage } from './images.server'
import { getStorage } from './storage.server'

/** A PNG of `width` × `height` grey pixels, all zero, as small as Flate makes it. */
function bigPng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 0, 0, 0, 0], 8)
  // Rows of a filter byte and zeros: only the first rows, the decoder never gets further.
  const rows = zlib.deflateSync(Buffer.alloc((width + 1) * 16))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe('storeImage limits', () => {
  it('refuses an image past MAX_IMAGE_PIXELS from its header, storing nothing', async () => {
    const png = bigPng(16_000, 16_000)
    // A few kilobytes that would decode to 256 million pixels.
    expect(png.length).toBeLessThan(100_000)
    expect(16_000 * 16_000).toBeGreaterThan(MAX_IMAGE_PIXELS)
    const before = await getStorage().list('media', { includeVariants: true })
    const started = performance.now()
    const error = await storeImage(png, 'png').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ImageTooLargeError)
    expect((error as Error).message).toBe(
      'This image is 16,000 × 16,000 pixels; images may have at most 100 megapixels. Resize it and upload it again.',
    )
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(await getStorage().list('media', { includeVariants: true })).toEqual(before)
  })

  it('still stores an ordinary image with its variants', async () => {
    const png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer()
    const stored = await storeImage(png, 'png')
    expect(stored).toMatchObject({ width: 900, height: 600 })
    await removeImage(stored.name)
  })
})
