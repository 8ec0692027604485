/** File types recognised by their first bytes, never by name (docs/product.md "Where we differ" 9). */

export type ImageType = 'jpg' | 'png' | 'webp' | 'gif' | 'avif'
export type FontType = 'ttf' | 'otf' | 'woff' | 'woff2'

const ascii = (head: Buffer, start: number, text: string) =>
  head.subarray(start, start + text.length).toString('latin1') === text

export function sniffImage(head: Buffer): ImageType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg'
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png'
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return 'gif'
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'webp'
  // ISO-BMFF: size, "ftyp", major brand, minor version, compatible brands.
  if (ascii(head, 4, 'ftyp')) {
    const boxSize = Math.min(head.readUInt32BE(0), head.length)
    const brands: string[] = [head.subarray(8, 12).toString('latin1')]
    for (let i = 16; i + 4 <= boxSize; i += 4)
      brands.push(head.subarray(i, i + 4).toString('latin1'))
    if (brands.includes('avif') || brands.includes('avis')) return 'avif'
  }
  return null
}

export function isPdf(head: Buffer) {
  // Readers accept the marker within the first 1024 bytes; uploads from editing tools put it first.
  return ascii(head, 0, '%PDF-')
}

export function sniffFont(head: Buffer): FontType | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x00010000) return 'ttf'
  if (ascii(head, 0, 'true')) return 'ttf'
  if (ascii(head, 0, 'OTTO')) return 'otf'
  if (ascii(head, 0, 'wOFF')) return 'woff'
  if (ascii(head, 0, 'wOF2')) return 'woff2'
  return null
}

export function extensionOf(fileName: string) {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName)
  return match ? match[1].toLowerCase() : ''
}

/** The uploaded name's extension when it agrees with the content, else the content's own. */
export function storedExtension(fileName: string, detected: string) {
  const ext = extensionOf(fileName)
  const same = ext === detected || (detected === 'jpg' && ext === 'jpeg')
  return same ? ext : detected
}
