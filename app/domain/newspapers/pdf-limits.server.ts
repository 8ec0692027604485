import zlib from 'node:zlib'

/**
 * What reading one PDF may cost (issue 20). A newspaper edition is tens of pages of text and
 * pictures; a file that needs more than this is refused with a message, never read further.
 */
export const PDF_LIMITS = {
  /** Pages per edition: a thick weekend edition has about 200. */
  maxPages: 500,
  /** Bytes one Flate stream other than an image may inflate to (a dense page: a few MB). */
  maxStreamBytes: 64 * 1024 * 1024,
  /** Bytes all those streams together may inflate to. */
  maxInflatedBytes: 256 * 1024 * 1024,
  /**
   * Pixels of an image pdf.js decodes (for the cover): a broadsheet page scanned at 300 dpi
   * is ~26 million. Larger images are left out of the drawing (pdf.js `maxImageSize`).
   */
  maxImagePixels: 32_000_000,
} as const

export type InflationVerdict = { ok: true; inflated: number } | { ok: false; inflated: number }

const STREAM_KEYWORD = /stream\r?\n/g
const OBJ_KEYWORD = /\d+\s+\d+\s+obj\b/g

/**
 * Inflates every Flate stream of the file that is not an image, within the limits, before
 * pdf.js is given it: pdf.js inflates a content stream whole, with no limit, so a megabyte of
 * Flate data can ask for a gigabyte. Images are left to `maxImagePixels` (pdf.js reads only
 * what their declared size needs). Streams that do not inflate (encrypted, not Flate, broken)
 * are pdf.js's to judge. The reader's memory watch is the backstop for what this misses.
 */
export function checkInflatedSize(
  data: Uint8Array,
  limits: { maxStreamBytes: number; maxInflatedBytes: number } = PDF_LIMITS,
): InflationVerdict {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
  const text = bytes.toString('latin1')
  let inflated = 0
  for (const match of text.matchAll(STREAM_KEYWORD)) {
    const start = match.index + match[0].length
    if (text.slice(match.index - 3, match.index) === 'end') continue
    const dictionary = dictionaryBefore(text, match.index)
    if (!/\/(?:FlateDecode|Fl)\b/.test(dictionary) || /\/Subtype\s*\/Image\b/.test(dictionary)) {
      continue
    }
    const declared = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary)
    const end = declared ? start + Number(declared[1]) : text.indexOf('endstream', start)
    if (end <= start) continue
    const budget = Math.min(limits.maxStreamBytes, limits.maxInflatedBytes - inflated)
    try {
      const out = zlib.inflateSync(bytes.subarray(start, Math.min(end, bytes.length)), {
        maxOutputLength: Math.max(1, budget),
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
      })
      inflated += out.length
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        return { ok: false, inflated: inflated + budget }
      }
    }
  }
  return { ok: true, inflated }
}

/** The text between the object's header and its `stream` keyword: the stream's dictionary. */
function dictionaryBefore(text: string, streamAt: number) {
  const from = Math.max(0, streamAt - 4096)
  const window = text.slice(from, streamAt)
  let last = -1
  for (const match of window.matchAll(OBJ_KEYWORD)) last = match.index + match[0].length
  return last >= 0 ? window.slice(last) : window
}
