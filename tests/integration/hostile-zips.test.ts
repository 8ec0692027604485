import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { articles, redirects } from '@db/schema/index'
import { importSiteExport } from '~/domain/export/content-import.server'
import { ImageZipError, openImageZip } from '~/domain/import/import-images.server'
import { getDb } from '~/infra/db.server'
import { logger } from '~/infra/logger.server'
import { getStorage, storageRoot } from '~/infra/storage.server'
import { action } from '~/routes/admin.api.import'
import { callRoute, signedInCallers } from '../setup/admin-fixtures'
import { requestAs } from '../setup/auth-fixtures'
import { prepareDataDir, spawnScript, type ChildEvent } from '../setup/child-process'
import {
  deflatedEntry,
  deflatedRepeat,
  GIB,
  MIB,
  storedEntry,
  zerosEntry,
  zipOf,
  type RawEntry,
} from '../setup/hostile-zips'
import { WXR_CLOSING, wxrOpening } from '../setup/wxr'

// The audit's zip findings (docs/security.md, "zip archives"): zip bombs in an images zip and
// in the site's own export (1 MB that unpacks to 1 GiB, honestly declared or not), a 300 MB
// redirects.csv, a 1 GiB media entry, and a zip-slip name. Every zip is made here, small on
// disk; each is refused before it is unpacked, or stopped at its bound while it is, with a
// 4xx and a message that names the entry, and nothing left in storage or the database.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-hostile-zips-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
let zips = 0
function writeZip(entries: RawEntry[]) {
  const file = path.join(dir, `${++zips}.zip`)
  fs.writeFileSync(file, zipOf(entries))
  return file
}

const CONTENT_JSON = JSON.stringify({
  format: 'broadsheet-content',
  version: 1,
  authors: [],
  categories: [],
  tags: [],
  articles: [],
})

/** Every byte under a folder, temporary files included. */
function bytesUnder(folder: string): number {
  if (!fs.existsSync(folder)) return 0
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0)
}

async function rowsOf(table: typeof articles | typeof redirects) {
  const [{ n }] = await getDb().select({ n: count() }).from(table)
  return n
}

const figures: Record<string, unknown>[] = []
afterAll(() => console.log(JSON.stringify(figures, null, 1)))

describe('an images zip for a WordPress import, uploaded on the Import screen', () => {
  let cookie = ''
  let job = 0

  function upload(url: string, fileName: string, body: Buffer) {
    const boundary = `----zip${Date.now()}`
    return requestAs(cookie, url, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        body,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    })
  }

  beforeAll(async () => {
    cookie = (await signedInCallers()).admin.cookie
    const wxr = `${wxrOpening('Old Gazette')}<item><title>One</title><wp:post_id>1</wp:post_id><wp:post_name>one</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type><content:encoded><![CDATA[<img src="https://old.example/wp-content/uploads/2020/01/bomb.png">]]></content:encoded></item>${WXR_CLOSING}`
    const response = await callRoute(
      action,
      upload('/admin/api/import?part=export&pagesAs=articles', 'export.xml', Buffer.from(wxr)),
    )
    expect(response.status).toBe(201)
    job = ((await response.json()) as { job: { id: number } }).job.id
  })

  async function attach(entries: RawEntry[]) {
    const logged = vi.spyOn(logger, 'error')
    try {
      const response = await callRoute(
        action,
        upload(`/admin/api/import?part=images&job=${job}`, 'images.zip', zipOf(entries)),
      )
      const body = (await response.json()) as { toast?: { description?: string } }
      return {
        status: response.status,
        message: body.toast?.description,
        logged: logged.mock.calls,
      }
    } finally {
      logged.mockRestore()
    }
  }

  it('answers a zip-slip entry (../../x) with a 400 that names it, not a logged 500', async () => {
    const answer = await attach([
      storedEntry('wp-content/uploads/2020/01/ok.png', 'png'),
      storedEntry('../../x', 'outside'),
    ])
    expect(answer).toMatchObject({
      status: 400,
      message: 'The images zip holds an entry named “../../x”, which points outside the archive.',
    })
    expect(answer.logged).toEqual([])
  })

  it('refuses a 1 MB zip of an image that unpacks to 1 GiB before unpacking it', async () => {
    const started = performance.now()
    const bomb = zerosEntry('wp-content/uploads/2020/01/bomb.png', GIB)
    const answer = await attach([bomb])
    expect(answer).toMatchObject({
      status: 400,
      message:
        '“wp-content/uploads/2020/01/bomb.png” in the images zip unpacks to 1,024 MB; it may be at most 15 MB.',
    })
    expect(answer.logged).toEqual([])
    figures.push({
      case: 'images zip, 1 GiB image declared',
      zipBytes: zipOf([bomb]).length,
      ms: Math.round(performance.now() - started),
    })
  })

  it('stops an image that declares 1 KB and unpacks to 1 GiB at 1 KB, and leaves no file', async () => {
    const tmp = fs.mkdtempSync(path.join(dir, 'tmp-'))
    vi.stubEnv('TMPDIR', tmp)
    try {
      const file = writeZip([zerosEntry('wp-content/uploads/2020/01/liar.png', GIB, 1024)])
      const zip = await openImageZip(file)
      expect(zip.has('https://old.example/wp-content/uploads/2020/01/liar.png')).toBe(true)
      const started = performance.now()
      const refused = zip
        .extract('https://old.example/wp-content/uploads/2020/01/liar.png')
        .catch((error: unknown) => error)
      const error = await refused
      expect(error).toBeInstanceOf(ImageZipError)
      expect((error as Error).message).toBe(
        '“wp-content/uploads/2020/01/liar.png” in the images zip unpacks to more than the 1,024 bytes it declares.',
      )
      expect(bytesUnder(tmp)).toBe(0)
      figures.push({
        case: 'images zip, image declares 1 KB, unpacks to 1 GiB',
        ms: Math.round(performance.now() - started),
      })
      zip.close()
    } finally {
      vi.unstubAllEnvs()
    }
  })
})

describe('a site export zip loaded with importSiteExport', () => {
  async function nothingWritten() {
    expect(await rowsOf(articles)).toBe(0)
    expect(await rowsOf(redirects)).toBe(0)
    expect(await getStorage().list('media', { includeVariants: true })).toEqual([])
    expect(bytesUnder(path.join(storageRoot(), 'media'))).toBe(0)
  }

  it('refuses a 1 GiB media entry before writing a byte of it', async () => {
    const started = performance.now()
    const file = writeZip([
      deflatedEntry('content.json', CONTENT_JSON),
      storedEntry('media/media/small.jpg', 'a small file first'),
      zerosEntry('media/media/huge.jpg', GIB),
    ])
    for (const dryRun of [true, false])
      await expect(importSiteExport(getDb(), getStorage(), file, { dryRun })).rejects.toMatchObject(
        {
          code: 'ENTRY_TOO_LARGE',
          status: 413,
          message:
            '“media/media/huge.jpg” in the export zip unpacks to 1,024 MB; it may be at most 15 MB.',
        },
      )
    await nothingWritten()
    figures.push({
      case: 'export zip, 1 GiB media entry declared',
      zipBytes: fs.statSync(file).size,
      ms: Math.round(performance.now() - started),
    })
  })

  it('stops a media entry that unpacks past what it declares, and removes the files written', async () => {
    const started = performance.now()
    const file = writeZip([
      deflatedEntry('content.json', CONTENT_JSON),
      storedEntry('media/media/small.jpg', 'a small file first'),
      zerosEntry('media/media/liar.jpg', GIB, MIB),
    ])
    await expect(importSiteExport(getDb(), getStorage(), file)).rejects.toMatchObject({
      code: 'DAMAGED',
      status: 400,
      message:
        '“media/media/liar.jpg” in the export zip unpacks to more than the 1 MB it declares.',
    })
    await nothingWritten()
    figures.push({
      case: 'export zip, media entry declares 1 MiB, unpacks to 1 GiB',
      ms: Math.round(performance.now() - started),
    })
  })

  it('answers a zip-slip or unstorable media name with a 400 that names it', async () => {
    const slip = writeZip([
      deflatedEntry('content.json', CONTENT_JSON),
      storedEntry('media/media/../../../x.jpg', 'outside'),
    ])
    await expect(importSiteExport(getDb(), getStorage(), slip)).rejects.toMatchObject({
      code: 'UNSAFE_NAME',
      status: 400,
      message:
        'The export zip holds an entry named “media/media/../../../x.jpg”, which points outside the archive.',
    })
    const odd = writeZip([
      deflatedEntry('content.json', CONTENT_JSON),
      storedEntry('media/media/what is this?.jpg', 'odd'),
    ])
    await expect(importSiteExport(getDb(), getStorage(), odd)).rejects.toMatchObject({
      code: 'BAD_FILE',
      status: 400,
      message:
        'The zip’s “media/media/what is this?.jpg” does not have a name a stored file may have.',
    })
    await nothingWritten()
  })

  it('refuses a redirects.csv line longer than its bound as it is read', async () => {
    const file = writeZip([
      deflatedEntry('content.json', CONTENT_JSON),
      deflatedEntry('redirects.csv', `from,to,status\n/${'a'.repeat(MIB)},/b,301\n`),
    ])
    await expect(importSiteExport(getDb(), getStorage(), file)).rejects.toMatchObject({
      code: 'BAD_FILE',
      message: 'The zip’s redirects.csv has a line longer than 16 KB at line 2.',
    })
    await nothingWritten()
  })
})

describe('an export zip with a huge redirects.csv, in a process with a 192 MB heap', () => {
  let dataDir = ''
  beforeAll(async () => {
    dataDir = await prepareDataDir('broadsheet-hostile-zips-')
  })
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  const ROW = '/2009/03/an-old-story-from-the-first-site,/news/a-new-address-for-it,301\n'
  /** A redirects.csv of `rows` lines of ROW after its header, deflated to a small entry. */
  function redirectsCsv(rows: number, declared?: number): RawEntry {
    const perUnit = 8192
    const { data, crc, size } = deflatedRepeat(
      Buffer.from(ROW.repeat(perUnit)),
      Math.ceil(rows / perUnit),
      Buffer.from('from,to,status\n'),
    )
    return { name: 'redirects.csv', data, method: 8, crc, size: declared ?? size }
  }

  async function run(file: string, dryRun: boolean) {
    const child = spawnScript('tests/setup/site-import-child.ts', {
      DATA_DIR: dataDir,
      FILE: file,
      DRY_RUN: dryRun ? '1' : '0',
      NODE_OPTIONS: '--max-old-space-size=192',
    })
    const event = await child.next((e: ChildEvent) => e.event === 'done' || e.event === 'refused')
    expect(await child.exited).toBe(0)
    return event
  }

  it('refuses 300 MB of redirects before unpacking them, dry run or not', async () => {
    const entry = redirectsCsv(Math.ceil((300 * MIB) / ROW.length))
    const file = writeZip([deflatedEntry('content.json', CONTENT_JSON), entry])
    const refusal = {
      code: 'ENTRY_TOO_LARGE',
      status: 413,
      message: `“redirects.csv” in the export zip unpacks to ${Math.round(entry.size / MIB)} MB; it may be at most 64 MB.`,
    }
    // `npm run import -- export.zip --dry-run` ran out of heap on it: in a child, with 192 MB.
    const event = await run(file, true)
    expect(event).toMatchObject({ event: 'refused', ...refusal })
    figures.push({
      case: '300 MB redirects.csv, dry run',
      zipBytes: fs.statSync(file).size,
      ...event,
    })
    await expect(importSiteExport(getDb(), getStorage(), file)).rejects.toMatchObject(refusal)
    expect(await rowsOf(redirects)).toBe(0)
  })

  it('stops a redirects.csv that declares 1 MB and unpacks to 300 MB at 1 MB', async () => {
    const entry = redirectsCsv(Math.ceil((300 * MIB) / ROW.length), MIB)
    const file = writeZip([deflatedEntry('content.json', CONTENT_JSON), entry])
    const started = performance.now()
    for (const dryRun of [true, false])
      await expect(importSiteExport(getDb(), getStorage(), file, { dryRun })).rejects.toMatchObject(
        {
          code: 'DAMAGED',
          status: 400,
          message: '“redirects.csv” in the export zip unpacks to more than the 1 MB it declares.',
        },
      )
    expect(await rowsOf(redirects)).toBe(0)
    figures.push({
      case: 'redirects.csv declares 1 MiB, unpacks to 300 MB (dry run, then import)',
      ms: Math.round(performance.now() - started),
    })
  })

  it('reads 60 MB of redirects (within the bound) as a stream, in a dry run', async () => {
    const rows = Math.floor((60 * MIB) / ROW.length / 8192) * 8192
    const file = writeZip([deflatedEntry('content.json', CONTENT_JSON), redirectsCsv(rows)])
    const event = await run(file, true)
    expect(event).toMatchObject({ event: 'done', result: { redirects: rows } })
    figures.push({ case: `60 MB redirects.csv (${rows} rows), dry run`, ...event })
  })
})
