import crypto from 'node:crypto'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import * as tar from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackup, restoreBackup, RestoreError } from '~/domain/backup/backup.server'
import { dumpTables } from '~/domain/backup/table-dump.server'
import { getDb } from '~/infra/db.server'
import { getStorage, readAll } from '~/infra/storage.server'
import { insertArticle, insertCategory, insertTag } from '../setup/content-fixtures'

// Issue 13, durability: a corrupt or truncated backup archive is refused before anything is
// touched: every table and every stored file are as they were. (A good archive restoring
// across drivers is app/domain/backup/backup.server.test.ts.)

let work: string
let good: Buffer

async function siteState() {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'state-'))
  const summary = await dumpTables(getDb(), dir)
  const tables: Record<string, string> = {}
  for (const t of summary.tables) {
    tables[t.name] = await fsp.readFile(path.join(dir, `${t.name}.ndjson`), 'utf8')
  }
  await fsp.rm(dir, { recursive: true, force: true })
  const files: Record<string, string> = {}
  for (const bucket of ['media', 'pdf_newspapers'] as const) {
    for (const f of await getStorage().list(bucket, { includeVariants: true })) {
      const body = await readAll((await getStorage().get(bucket, f.name))!)
      files[`${bucket}/${f.name}`] = crypto.createHash('sha256').update(body).digest('hex')
    }
  }
  return { tables, files }
}

/** The good archive unpacked, changed by `edit`, and packed again (a well-formed archive). */
async function repacked(edit: (dir: string) => Promise<void>) {
  const dir = await fsp.mkdtemp(path.join(work, 'repack-'))
  await fsp.writeFile(path.join(dir, 'in.tar.gz'), good)
  const tree = path.join(dir, 'tree')
  await fsp.mkdir(tree)
  await tar.x({ file: path.join(dir, 'in.tar.gz'), cwd: tree })
  await edit(tree)
  const out = path.join(dir, 'out.tar.gz')
  await tar.c({ gzip: true, file: out, cwd: tree, portable: true }, await fsp.readdir(tree))
  return fsp.readFile(out)
}

beforeAll(async () => {
  work = await fsp.mkdtemp(path.join(os.tmpdir(), 'backup-refusals-'))
  const category = await insertCategory({ name: 'Before' })
  await insertTag({ name: 'kept' })
  for (let i = 0; i < 30; i++) {
    await insertArticle({ title: `Before ${i}`, categoryId: category.id, status: 'published' })
  }
  await getStorage().put('media', '1700000000000-1.png', crypto.randomBytes(40_000))
  await getStorage().put('pdf_newspapers', '1700000000000-2.pdf', crypto.randomBytes(20_000))
  const { fileName } = await createBackup()
  good = await readAll((await getStorage().get('backups', fileName))!)
  // The site moves on after the backup: a restore would visibly change it.
  await insertArticle({ title: 'After the backup', status: 'published' })
  await getStorage().put('media', '1700000000000-3.png', crypto.randomBytes(1000))
})

afterAll(async () => {
  await fsp.rm(work, { recursive: true, force: true })
})

const tarOf = (gz: Buffer) => zlib.gunzipSync(gz)

const DAMAGED: [string, () => Promise<Buffer>][] = [
  ['cut to half its length', async () => good.subarray(0, Math.floor(good.length / 2))],
  ['cut short by its last 20 bytes', async () => good.subarray(0, good.length - 20)],
  ['missing its first bytes', async () => good.subarray(100)],
  [
    'with bytes flipped in the middle',
    async () => {
      const bad = Buffer.from(good)
      for (let i = 0; i < 16; i++) bad[Math.floor(bad.length / 2) + i] ^= 0xff
      return bad
    },
  ],
  [
    'a tar cut at an entry boundary, in a valid gzip',
    async () => {
      // The manifest and the first table dumps only: well-formed gzip, tar without its end.
      const whole = tarOf(good)
      return zlib.gzipSync(whole.subarray(0, 512 * 8))
    },
  ],
  ['empty', async () => Buffer.alloc(0)],
  [
    'without a stored file its manifest lists',
    () =>
      repacked((dir) => fsp.rm(path.join(dir, 'files', 'pdf_newspapers', '1700000000000-2.pdf'))),
  ],
  [
    'with a stored file cut short',
    () =>
      repacked(async (dir) => {
        const file = path.join(dir, 'files', 'media', '1700000000000-1.png')
        await fsp.truncate(file, 1000)
      }),
  ],
  [
    'with a table dump that lost its last rows',
    () =>
      repacked(async (dir) => {
        const file = path.join(dir, 'db', 'articles.ndjson')
        const lines = (await fsp.readFile(file, 'utf8')).split('\n').filter(Boolean)
        await fsp.writeFile(file, `${lines.slice(0, 10).join('\n')}\n`)
      }),
  ],
  [
    'with a table dump missing',
    () => repacked((dir) => fsp.rm(path.join(dir, 'db', 'articles.ndjson'))),
  ],
  ['without its manifest', () => repacked((dir) => fsp.rm(path.join(dir, 'manifest.json')))],
]

describe('a damaged backup archive', () => {
  it('the good archive itself restores (the damage is what is refused)', async () => {
    expect(good.length).toBeGreaterThan(10_000)
    const entries: string[] = []
    await tar.t({ file: await saved('good', good), onReadEntry: (e) => void entries.push(e.path) })
    expect(entries).toContain('manifest.json')
    expect(entries).toContain('files/pdf_newspapers/1700000000000-2.pdf')
  })

  it.each(DAMAGED)('%s: refused, nothing touched', async (name, make) => {
    const before = await siteState()
    const archive = await saved(name, await make())
    const refused = await restoreBackup({ path: archive }).then(
      () => null,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(RestoreError)
    expect((refused as RestoreError).status).toBe(400)
    const after = await siteState()
    expect(Object.keys(after.files).sort()).toEqual(Object.keys(before.files).sort())
    expect(after.files).toEqual(before.files)
    expect(after.tables).toEqual(before.tables)
  })
})

async function saved(name: string, data: Buffer) {
  const file = path.join(work, `${name.replace(/\W+/g, '-')}.tar.gz`)
  await fsp.writeFile(file, data)
  return file
}
