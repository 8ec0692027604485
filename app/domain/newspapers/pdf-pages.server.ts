import { createRequire } from 'node:module'
import path from 'node:path'
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs'
import { domainErrors } from '~/domain/domain-error'
import { loadSharp } from '~/infra/images.server'
import { logger } from '~/infra/logger.server'
import { checkInflatedSize, PDF_LIMITS } from './pdf-limits.server'

/**
 * A PDF that is not made an edition: broken, locked with a password, or past a limit of
 * PDF_LIMITS or of the reading process (time, memory). Its message says what to do.
 */
export class PdfError extends domainErrors('PdfError', {
  UNREADABLE: 422,
  PASSWORD_PROTECTED: 422,
  TOO_MANY_PAGES: 422,
  TOO_MUCH_DATA: 422,
  TOO_SLOW: 422,
  TOO_MUCH_MEMORY: 422,
}) {}

export type PdfErrorCode = PdfError['code']

/** Page text kept for search, per page: a newspaper page holds 5,000–20,000 characters. */
export const PAGE_TEXT_LIMIT = 50_000
/** The cover's width in pixels (the first page, scaled to it); its height follows the page. */
export const COVER_WIDTH = 600
/** A very tall first page (a banner) is scaled down further so the cover stays this high at most. */
const COVER_MAX_HEIGHT = 1_600

export interface PdfCover {
  /** webp bytes. */
  data: Buffer
  width: number
  height: number
}

export interface PdfContents {
  pageCount: number
  /** Text of each page in order (index 0 is page 1), whitespace tidied, capped at PAGE_TEXT_LIMIT. */
  pages: string[]
  /** The first page as a webp image, or null when it could not be drawn (logged). */
  cover: PdfCover | null
}

// pdf.js finds its font data and character maps on disk in Node (paths end with a slash).
const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))
const STANDARD_FONTS = `${path.join(pdfjsDir, 'standard_fonts')}/`
const CMAPS = `${path.join(pdfjsDir, 'cmaps')}/`

type PdfJs = typeof PdfJsModule
let pdfjs: Promise<PdfJs> | undefined

/** The legacy build runs in Node; loaded on first use, so no other path pays for it. */
function loadPdfJs() {
  pdfjs ??= keepingBuiltIns(async () => {
    // In Node pdf.js runs its worker's code in this thread, importing it on the first document
    // unless it is found here: imported now, under the same guard.
    const [library, worker] = await Promise.all([
      import('pdfjs-dist/legacy/build/pdf.mjs'),
      // @ts-expect-error -- the worker module ships no types; it is handed to pdf.js as is.
      import('pdfjs-dist/legacy/build/pdf.worker.mjs') as Promise<unknown>,
    ])
    Object.assign(globalThis, { pdfjsWorker: worker })
    return library
  })
  return pdfjs
}

// The legacy build carries core-js, which replaces built-ins of the whole process with its
// own, slower versions where it finds the engine short of the latest spec (on Node 20:
// Array.prototype.push and JSON.parse). Every page the server draws would pay for them.
// pdf.js needs only what core-js adds; what it replaced is put back.
const GUARDED_BUILT_INS: object[] = [
  Array.prototype,
  JSON,
  Object,
  Promise,
  String.prototype,
  Map.prototype,
  Set.prototype,
  Object.getPrototypeOf(Uint8Array.prototype) as object,
  Uint8Array.prototype,
  ArrayBuffer.prototype,
  Math,
]

async function keepingBuiltIns<T>(load: () => Promise<T>): Promise<T> {
  const saved = GUARDED_BUILT_INS.map(
    (target) =>
      new Map(
        Reflect.ownKeys(target).map((key) => [key, Reflect.getOwnPropertyDescriptor(target, key)!]),
      ),
  )
  try {
    return await load()
  } finally {
    GUARDED_BUILT_INS.forEach((target, i) => {
      for (const [key, descriptor] of saved[i]) {
        const now = Reflect.getOwnPropertyDescriptor(target, key)
        if (now?.value !== descriptor.value || now?.get !== descriptor.get) {
          Reflect.defineProperty(target, key, descriptor)
        }
      }
    })
  }
}

type TextItem = { str: string; hasEOL?: boolean }

/** The text of a page as pdf.js returns it, as lines; runs of spaces become one, NULs go. */
export function pageText(items: ReadonlyArray<TextItem | object>, limit = PAGE_TEXT_LIMIT) {
  let text = ''
  for (const item of items) {
    if (!('str' in item)) continue
    text += item.str
    if (item.hasEOL) text += '\n'
    if (text.length > limit * 2) break
  }
  return (
    text
      // eslint-disable-next-line no-control-regex -- PostgreSQL text cannot hold NUL
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, ' ')
      .replace(/[ \t\u00A0]+/g, ' ')
      .replace(/ *\n[\n ]*/g, '\n')
      .trim()
      .slice(0, limit)
  )
}

function refusal(error: unknown): PdfError {
  const name = (error as { name?: string } | null)?.name
  if (name === 'PasswordException') {
    return new PdfError(
      'PASSWORD_PROTECTED',
      'This PDF is protected by a password. Upload a copy without a password.',
      { cause: error },
    )
  }
  return new PdfError(
    'UNREADABLE',
    'The PDF could not be read. It may be damaged; export it again and upload the new copy.',
    { cause: error },
  )
}

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024)

/**
 * Opens a PDF with pdf.js and returns its page count, each page's text and its first page as a
 * cover (COVER_WIDTH wide, webp). A PDF pdf.js cannot open, one with a password, or one past
 * PDF_LIMITS (pages, inflated bytes) is refused (PdfError, 422); images past the pixel limit
 * are left out of the cover; a cover that cannot be drawn is only logged (cover: null).
 * The server never calls this in its own process: pdf-sandbox.server.ts runs it in a child
 * process with time and memory limits (docs/decisions/0036).
 */
export async function readPdf(data: Uint8Array): Promise<PdfContents> {
  const inflation = checkInflatedSize(data)
  if (!inflation.ok) {
    throw new PdfError(
      'TOO_MUCH_DATA',
      `This PDF unpacks to more than ${megabytes(PDF_LIMITS.maxStreamBytes)} MB of page data, more than an edition may hold. Export it again (for example with "Reduce file size") and upload the new copy.`,
    )
  }
  const { getDocument } = await loadPdfJs()
  const task = getDocument({
    // pdf.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
    data: new Uint8Array(data),
    // Nothing in the file is run or fetched: no eval of fonts' code, no XFA forms, no fonts
    // loaded into the process, images past the pixel limit left out rather than decoded.
    isEvalSupported: false,
    enableXfa: false,
    maxImageSize: PDF_LIMITS.maxImagePixels,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: STANDARD_FONTS,
    cMapUrl: CMAPS,
    cMapPacked: true,
    // Errors only: pdf.js reports recoverable oddities of real-world PDFs on the console.
    verbosity: 0,
    // A password is never asked for: an encrypted PDF is refused.
    password: undefined,
  })
  let doc
  try {
    doc = await task.promise
  } catch (error) {
    await task.destroy().catch(() => {})
    throw refusal(error)
  }
  try {
    if (doc.numPages > PDF_LIMITS.maxPages) {
      throw new PdfError(
        'TOO_MANY_PAGES',
        `This PDF has ${doc.numPages.toLocaleString('en-US')} pages; an edition may have at most ${PDF_LIMITS.maxPages}. Upload the edition in a file of its own.`,
      )
    }
    const pages: string[] = []
    let cover: PdfCover | null = null
    for (let number = 1; number <= doc.numPages; number++) {
      let page
      try {
        page = await doc.getPage(number)
      } catch (error) {
        throw refusal(error)
      }
      try {
        const content = await page.getTextContent()
        pages.push(pageText(content.items))
      } catch (error) {
        // One page whose text cannot be read does not sink the edition: it has no text.
        logger.warn({ err: error, page: number }, 'PDF page text could not be read')
        pages.push('')
      }
      if (number === 1) cover = await renderCover(page)
      page.cleanup()
      await yieldToEventLoop()
    }
    return { pageCount: doc.numPages, pages, cover }
  } finally {
    await doc.destroy().catch(() => {})
  }
}

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<PdfJs['getDocument']>['promise']>['getPage']>>

async function renderCover(page: PdfPage): Promise<PdfCover | null> {
  try {
    const base = page.getViewport({ scale: 1 })
    const scale = Math.min(COVER_WIDTH / base.width, COVER_MAX_HEIGHT / base.height)
    const viewport = page.getViewport({ scale })
    const width = Math.max(1, Math.round(viewport.width))
    const height = Math.max(1, Math.round(viewport.height))
    // Skia loads on the first cover drawn: it costs ~25 MiB resident, and few processes draw one.
    const { createCanvas } = await import('@napi-rs/canvas')
    const canvas = createCanvas(width, height)
    const context = canvas.getContext('2d')
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, width, height)
    await page.render({
      // pdf.js types its canvas as the DOM's; @napi-rs/canvas draws the same 2D calls.
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise
    const png = await canvas.encode('png')
    const sharp = await loadSharp()
    const { data, info } = await sharp(png).webp({ quality: 80 }).toBuffer({
      resolveWithObject: true,
    })
    return { data, width: info.width, height: info.height }
  } catch (error) {
    logger.warn({ err: error }, 'PDF cover could not be drawn')
    return null
  }
}
