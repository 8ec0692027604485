import type { AdminEdition } from '../../app/domain/newspapers/editions-schema'
import { flateBomb, hugeImage, manyPagesOneStream, nestedForms } from './pdf-fixtures'

/**
 * The audit's crafted PDF editions (issue 20), uploaded to a running site while two readers ask
 * for `/` and `/healthz` without pause. One run of it serves two callers: the integration test
 * (tests/integration/hostile-pdfs.test.ts, the whole server in the test process), which checks
 * that the site never froze and each file ends as it should, and the benchmark
 * (bench/hostile-pdfs.ts, the production build), which records how long readers waited.
 */

/** How a caller reaches the site: a fetch of a path on it, redirects not followed. */
export type SiteFetch = (
  path: string,
  init?: { method?: string; headers?: Record<string, string>; body?: Uint8Array<ArrayBuffer> },
) => Promise<Response>

export interface HostilePdf {
  name: string
  make: () => Buffer | Promise<Buffer>
  /** How the edition must end: ready, or failed with a message matching `failure`. */
  outcome: { status: 'ready' } | { status: 'failed'; failure: RegExp }
}

export const HOSTILE_PDFS: HostilePdf[] = [
  {
    name: '1,000 pages sharing one content stream',
    make: () => manyPagesOneStream(1000),
    // Refused for its pages once pdf.js has opened it; a machine so busy that the reader (at a
    // lower priority) cannot open it within the time limit stops it for that instead.
    outcome: {
      status: 'failed',
      failure: /has 1,000 pages; an edition may have at most 500|took longer than \d+ seconds/,
    },
  },
  {
    name: 'form XObjects drawing each other twice, 17 deep',
    make: () => nestedForms(17),
    outcome: { status: 'failed', failure: /took longer than \d+ seconds, so it was stopped/ },
  },
  {
    name: 'a 1 MB Flate stream of spaces',
    make: () => flateBomb(1 << 20),
    outcome: { status: 'failed', failure: /unpacks to more than 64 MB/ },
  },
  { name: 'a 16,000 × 16,000 image', make: () => hugeImage(16_000), outcome: { status: 'ready' } },
]

function multipart(pdf: Buffer) {
  const boundary = `----hostile${Date.now()}`
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="edition.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, type: `multipart/form-data; boundary=${boundary}` }
}

export interface EditorSession {
  cookie: string
  /** The site's own origin, which the CSRF check wants on a POST. */
  origin: string
}

/** Uploads a PDF edition as an editor does; the server answers at once with it "processing". */
export async function uploadEdition(
  site: SiteFetch,
  session: EditorSession,
  pdf: Buffer,
  title: string,
): Promise<AdminEdition> {
  const { body, type } = multipart(pdf)
  const query = new URLSearchParams({ title, editionDate: '2026-11-20' })
  const response = await site(`/admin/api/editions?${query}`, {
    method: 'POST',
    headers: {
      cookie: session.cookie,
      origin: session.origin,
      'content-type': type,
      accept: 'application/json',
    },
    body,
  })
  if (response.status !== 201) {
    throw new Error(`the upload answered ${response.status}: ${await response.text()}`)
  }
  return ((await response.json()) as { edition: AdminEdition }).edition
}

/** The edition once it has left "processing" (ready or failed), asked for twice a second. */
export async function settledEdition(
  site: SiteFetch,
  session: EditorSession,
  edition: AdminEdition,
): Promise<AdminEdition> {
  let current = edition
  while (current.status === 'processing') {
    await new Promise((resolve) => setTimeout(resolve, 500))
    const response = await site(`/admin/api/editions?id=${edition.id}`, {
      headers: { cookie: session.cookie },
    })
    if (response.status !== 200) throw new Error(`the edition answered ${response.status}`)
    current = ((await response.json()) as { edition: AdminEdition }).edition
  }
  return current
}

export interface SiteWatch {
  /** Every reader's wait, ms, of an answer whole. */
  waitsMs: number[]
  longestWaitMs: number
  /** When the longest wait began, ms after the watch began. */
  longestWaitAtMs: number
  /** The largest `residentBytes()` seen, sampled every 20 ms. */
  peakResidentBytes: number
  /** The first few answers that were not 200. */
  failures: string[]
}

/**
 * Two readers asking for the home page and the health check one after the other (20 ms apart),
 * and the server's resident memory, from now until the returned function is called.
 */
export function watchTheSite(site: SiteFetch, residentBytes: () => number) {
  let running = true
  const began = performance.now()
  const waitsMs: number[] = []
  let longestWaitMs = 0
  let longestWaitAtMs = 0
  let peakResidentBytes = residentBytes()
  const failures: string[] = []
  const reader = async (path: string) => {
    while (running) {
      const started = performance.now()
      const response = await site(path)
      await response.arrayBuffer()
      const waitedMs = performance.now() - started
      waitsMs.push(waitedMs)
      if (waitedMs > longestWaitMs) {
        longestWaitMs = waitedMs
        longestWaitAtMs = started - began
      }
      if (response.status !== 200 && failures.length < 3) {
        failures.push(`${path} answered ${response.status}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  const memory = setInterval(() => {
    peakResidentBytes = Math.max(peakResidentBytes, residentBytes())
  }, 20)
  const readers = [reader('/'), reader('/healthz')]
  return async (): Promise<SiteWatch> => {
    running = false
    clearInterval(memory)
    await Promise.all(readers)
    return { waitsMs, longestWaitMs, longestWaitAtMs, peakResidentBytes, failures }
  }
}

export interface HostilePdfResult {
  /** As the upload answered it (the server reads the file later: "processing"). */
  uploaded: AdminEdition
  /** As it settled. */
  edition: AdminEdition
  bytes: number
  /** From the upload's start to its answer, ms. */
  uploadAnsweredMs: number
  /** From the upload's start until the edition settled, ms. */
  totalMs: number
  /** The readers, from the upload's start until the edition settled. */
  watched: SiteWatch
  residentBefore: number
}

/** One crafted file: uploaded while readers are watched, until its edition settles. */
export async function readHostilePdf(
  site: SiteFetch,
  session: EditorSession,
  file: HostilePdf,
  residentBytes: () => number,
): Promise<HostilePdfResult> {
  const pdf = await file.make()
  const residentBefore = residentBytes()
  const started = performance.now()
  const stop = watchTheSite(site, residentBytes)
  const uploaded = await uploadEdition(site, session, pdf, file.name)
  const uploadAnsweredMs = performance.now() - started
  const edition = await settledEdition(site, session, uploaded)
  const watched = await stop()
  return {
    uploaded,
    edition,
    bytes: pdf.length,
    uploadAnsweredMs,
    totalMs: performance.now() - started,
    watched,
    residentBefore,
  }
}
