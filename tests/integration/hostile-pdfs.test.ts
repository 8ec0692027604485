import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminEdition } from '~/domain/newspapers/editions-schema'
import { sandboxProbe, setPdfReadLimits } from '~/domain/newspapers/pdf-sandbox.server'
import { startTestServer, type TestServer } from '../setup/app-server'
import { signedInCallers } from '../setup/admin-fixtures'
import { TEST_SITE_URL } from '../setup/auth-fixtures'
import {
  flateBomb,
  hugeImage,
  manyPagesOneStream,
  nestedForms,
  scriptedPdf,
} from '../setup/pdf-fixtures'

// Issue 20: crafted PDF editions, each of which froze the server (the audit: `/healthz` did not
// answer for 107 s) or grew it by gigabytes while pdf.js read it in the server's own thread.
// Uploaded over HTTP to the whole server, while two readers ask for `/` and `/healthz` without
// pause: every answer comes within 200 ms, the server's memory stays within bounds, and the
// edition ends ready or failed with a message that says why.

const LONGEST_WAIT_MS = 200
const MEMORY_GROWTH_BYTES = 128 * 1024 * 1024
/**
 * Shorter than production's (60 s of CPU, 300 s in all), so the slow file is stopped within
 * the test's time, even on a busy machine where the reader (at a lower priority) waits long
 * for the CPU.
 */
const LIMITS = { cpuMs: 5_000, timeoutMs: 90_000 }

let server: TestServer
let cookie: string

// Loading every route module for the whole server takes long on a busy machine.
beforeAll(async () => {
  server = await startTestServer()
  cookie = (await signedInCallers()).admin.cookie
  setPdfReadLimits(LIMITS)
}, 180_000)

afterAll(async () => {
  setPdfReadLimits(undefined)
  await server?.close()
})

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

async function upload(pdf: Buffer, title: string) {
  const { body, type } = multipart(pdf)
  const query = new URLSearchParams({ title, editionDate: '2026-11-20' })
  const response = await server.fetch(`/admin/api/editions?${query}`, {
    method: 'POST',
    headers: { cookie, origin: TEST_SITE_URL, 'content-type': type, accept: 'application/json' },
    body,
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { edition: AdminEdition }).edition
}

async function editionById(id: number) {
  const response = await server.fetch(`/admin/api/editions?id=${id}`, { headers: { cookie } })
  expect(response.status).toBe(200)
  return ((await response.json()) as { edition: AdminEdition }).edition
}

/**
 * Two readers asking for the home page and the health check one after the other, and the
 * process's resident memory, from now until `stop()`. The longest wait is of an answer whole.
 */
function watchTheSite() {
  let running = true
  let longestWaitMs = 0
  let peakRss = process.memoryUsage.rss()
  const failures: string[] = []
  const reader = async (path: string) => {
    while (running) {
      const started = performance.now()
      const response = await server.fetch(path)
      await response.arrayBuffer()
      longestWaitMs = Math.max(longestWaitMs, performance.now() - started)
      if (response.status !== 200 && failures.length < 3) {
        failures.push(`${path} answered ${response.status}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  const memory = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss())
  }, 20)
  const readers = [reader('/'), reader('/healthz')]
  return async () => {
    running = false
    clearInterval(memory)
    await Promise.all(readers)
    return { longestWaitMs, peakRss, failures }
  }
}

type Corpus = [
  name: string,
  make: () => Buffer | Promise<Buffer>,
  outcome: { status: 'ready' } | { status: 'failed'; failure: RegExp },
]

const CORPUS: Corpus[] = [
  [
    '1,000 pages sharing one content stream',
    () => manyPagesOneStream(1000),
    // Refused for its pages once pdf.js has opened it; a machine so busy that the reader (at
    // a lower priority) cannot open it within the time limit stops it for that instead.
    {
      status: 'failed',
      failure: /has 1,000 pages; an edition may have at most 500|took longer than \d+ seconds/,
    },
  ],
  [
    'form XObjects drawing each other twice, 17 deep',
    () => nestedForms(17),
    { status: 'failed', failure: /took longer than (5|90) seconds, so it was stopped/ },
  ],
  [
    'a 1 MB Flate stream of spaces',
    () => flateBomb(1 << 20),
    { status: 'failed', failure: /unpacks to more than 64 MB/ },
  ],
  ['a 16,000 × 16,000 image', () => hugeImage(16_000), { status: 'ready' }],
]

const figures: Record<string, unknown>[] = []

describe('hostile PDF editions, read while readers are served', () => {
  it.each(CORPUS)('%s', { timeout: 180_000 }, async (name, make, outcome) => {
    const pdf = await make()
    // The first render of the home page compiles its modules: not what is measured.
    await (await server.fetch('/')).arrayBuffer()
    // What readers wait with no PDF being read. On a quiet machine a few milliseconds, and the
    // bound is 200 ms; on a machine shared with other work (a loaded CI runner, a developer's
    // machine running other suites), the CPU's own queue, and the bound is ten times that
    // (measured there: 0.7–2.1 s against 0.1–0.5 s idle): pdf.js in the server's thread (the
    // audit: 23–107 s) is far past either.
    const stopIdle = watchTheSite()
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    const idle = await stopIdle()
    const rssBefore = process.memoryUsage.rss()
    const started = performance.now()
    const stop = watchTheSite()
    const uploaded = await upload(pdf, name)
    const answeredMs = performance.now() - started
    expect(uploaded.status).toBe('processing')
    let edition = uploaded
    while (edition.status === 'processing') {
      await new Promise((resolve) => setTimeout(resolve, 500))
      edition = await editionById(uploaded.id)
    }
    const watched = await stop()
    figures.push({
      file: name,
      bytes: pdf.length,
      uploadAnsweredMs: Math.round(answeredMs),
      outcome: edition.status === 'ready' ? 'ready' : edition.failure,
      totalMs: Math.round(performance.now() - started),
      childMs: sandboxProbe.last?.ms,
      childPeakMiB: Math.round((sandboxProbe.last?.peakRssBytes ?? 0) / 2 ** 20),
      serverGrowthMiB: Math.round((watched.peakRss - rssBefore) / 2 ** 20),
      longestWaitMs: Math.round(watched.longestWaitMs),
      longestIdleWaitMs: Math.round(idle.longestWaitMs),
    })
    expect(watched.failures).toEqual([])
    expect(watched.longestWaitMs).toBeLessThan(Math.max(LONGEST_WAIT_MS, 10 * idle.longestWaitMs))
    expect(watched.peakRss - rssBefore).toBeLessThan(MEMORY_GROWTH_BYTES)
    expect(edition.status).toBe(outcome.status)
    if (outcome.status === 'failed') expect(edition.failure).toMatch(outcome.failure)
    else expect(edition.pageCount).toBe(1)
  })

  it('serves a PDF with JavaScript and an XFA form as a download no viewer runs', async () => {
    const uploaded = await upload(scriptedPdf(), 'Scripted')
    let edition = uploaded
    while (edition.status === 'processing') {
      await new Promise((resolve) => setTimeout(resolve, 500))
      edition = await editionById(uploaded.id)
    }
    expect(edition).toMatchObject({ status: 'ready', failure: null })
    const served = await server.fetch(edition.pdfUrl)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toMatch(/^application\/pdf/)
    expect(served.headers.get('content-disposition')).toBe('attachment')
    expect(served.headers.get('content-security-policy')).toBe('sandbox')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
  }, 120_000)

  afterAll(() => {
    // The figures docs/security.md records.
    if (figures.length > 0) console.log(JSON.stringify(figures, null, 1))
  })
})
