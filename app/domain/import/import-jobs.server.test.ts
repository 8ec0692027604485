import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { importJobs } from '@db/schema/index'
import { DomainError } from '~/domain/domain-error'
import { getDb } from '~/infra/db.server'
import { drainQueue } from '~/infra/jobs/queue-worker.server'
import { getEnv } from '~/infra/env.server'
import { createTestUser } from '../../../tests/setup/auth-fixtures'
import { writeGhostExport } from '../../../tests/setup/ghost-export'
import { GHOST_STRING_MAX, GhostExportError } from './ghost-reader.server'
import {
  createImportJob,
  discardImportJob,
  importInHand,
  importRunsJob,
  ORPHAN_AGE_MS,
  startImportJob,
  sweepOrphanImports,
} from './import-jobs.server'

// An upload on the Import screen (security audit: a large Ghost export ended the server and its
// upload stayed in DATA_DIR/imports/). Whatever makes an upload fail, nothing of it is kept.

const options = { pagesAs: 'articles' as const, siteUrl: '' }

function importsDir() {
  return path.join(getEnv().dataDir, 'imports')
}

function kept() {
  return fs.existsSync(importsDir()) ? fs.readdirSync(importsDir()).sort() : []
}

async function upload(name: string, text: string) {
  const dir = await fsp.mkdtemp(path.join(getEnv().dataDir, 'upload-'))
  const file = path.join(dir, name)
  await fsp.writeFile(file, text)
  return { path: file, fileName: name }
}

async function ghostFile(posts: number) {
  const dir = await fsp.mkdtemp(path.join(getEnv().dataDir, 'upload-'))
  const file = path.join(dir, 'ghost.json')
  await writeGhostExport(file, { posts, bodyBytes: 2_000 })
  return { path: file, fileName: 'ghost.json' }
}

async function staffAdmin() {
  const user = await createTestUser({ role: 'admin' })
  return { id: user.id, role: 'admin' as const }
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(Error)
  return error as Error
}

describe('an upload that fails leaves nothing under DATA_DIR/imports', () => {
  it('a file that is no export', async () => {
    const admin = await staffAdmin()
    const error = await refusal(
      createImportJob(await upload('notes.txt', 'Minutes of the meeting'), options, admin),
    )
    expect(error).toMatchObject({ code: 'INVALID_FILE' })
    expect(kept()).toEqual([])
  })

  it('a JSON file that is no Ghost export, and one cut short half way', async () => {
    const admin = await staffAdmin()
    const notGhost = await refusal(
      createImportJob(await upload('other.json', '{"rows": [1, 2, 3]}'), options, admin),
    )
    expect(notGhost).toBeInstanceOf(GhostExportError)
    expect(notGhost).toMatchObject({ code: 'INVALID_FILE', status: 400 })
    expect(notGhost.message).toBe('Not a Ghost export: no posts in db[0].data or data.')

    const whole = await ghostFile(200)
    const text = await fsp.readFile(whole.path, 'utf8')
    const cut = await upload('cut.json', text.slice(0, Math.floor(text.length / 2)))
    const cutShort = await refusal(createImportJob(cut, options, admin))
    expect(cutShort).toMatchObject({ code: 'INVALID_FILE' })
    expect(cutShort.message).toMatch(/^Not a readable Ghost export: /)
    expect(kept()).toEqual([])
  })

  it('a Ghost export holding one string longer than any post', async () => {
    const admin = await staffAdmin()
    const html = `<p>${'The harbour wall. '.repeat(Math.ceil(GHOST_STRING_MAX / 18))}</p>`
    const post = { id: 'p1', title: 'Long', slug: 'long', html, type: 'post', status: 'published' }
    const file = await upload('long.json', JSON.stringify({ data: { posts: [post] } }))
    const error = await refusal(createImportJob(file, options, admin))
    expect(error).toMatchObject({ code: 'INVALID_FILE' })
    expect(error.message).toBe(
      'This Ghost export holds a value longer than 32 MB; no post is that long.',
    )
    expect(kept()).toEqual([])
  })

  it('a failure after the analysis, when the job is written', async () => {
    // The uploader's account gone during the analysis: the job's row cannot name it.
    const gone = { id: 'no-such-account', role: 'admin' as const }
    const error = await refusal(createImportJob(await ghostFile(20), options, gone))
    expect(error).not.toBeInstanceOf(DomainError)
    expect(kept()).toEqual([])
    expect(await getDb().select().from(importJobs)).toEqual([])
  })

  it('a process that ended during its analysis: its file goes with the next upload', async () => {
    const admin = await staffAdmin()
    const first = await createImportJob(await ghostFile(5), options, admin)
    await fsp.mkdir(importsDir(), { recursive: true })
    const old = (Date.now() - ORPHAN_AGE_MS - 60_000) / 1000
    // Left by a process that died: no job names it. And one being analysed right now.
    const orphan = path.join(importsDir(), '1700000000000-deadbeef.json')
    const recent = path.join(importsDir(), `${Date.now()}-cafebabe.json`)
    await fsp.writeFile(orphan, '{"db": [')
    await fsp.writeFile(recent, '{"db": [')
    await fsp.utimes(orphan, old, old)
    // A job's own file is kept however old it is.
    await fsp.utimes(path.join(importsDir(), first.storedFile!), old, old)

    const second = await createImportJob(await ghostFile(5), options, admin)
    expect(kept()).toEqual([first.storedFile, second.storedFile, path.basename(recent)].sort())
    expect(await sweepOrphanImports(Date.now() + ORPHAN_AGE_MS + 60_000)).toEqual([
      path.basename(recent),
    ])
    expect(kept()).toEqual([first.storedFile, second.storedFile].sort())
  })
})

describe('"Import": a run queued on the job queue', () => {
  it('runs once by the import-runs job, one import at a time on the site, and can be discarded after', async () => {
    const admin = await staffAdmin()
    const first = await createImportJob(await ghostFile(3), options, admin)
    const second = await createImportJob(await ghostFile(2), options, admin)
    await startImportJob(first.id, admin)
    expect(await importInHand(first.id)).toBe(true)
    const [queued] = await getDb().select().from(importJobs).where(eq(importJobs.id, first.id))
    expect(queued!.status).toBe('queued')
    // One at a time, and a run in hand is neither started twice nor discarded.
    await expect(startImportJob(second.id, admin)).rejects.toMatchObject({ code: 'BUSY' })
    await expect(startImportJob(first.id, admin)).rejects.toMatchObject({ code: 'BUSY' })
    await expect(discardImportJob(first.id)).rejects.toMatchObject({ code: 'BUSY' })

    expect(await drainQueue(importRunsJob)).toBe(1)
    const [done] = await getDb().select().from(importJobs).where(eq(importJobs.id, first.id))
    expect(done).toMatchObject({ status: 'done', processed: 3 })
    expect(await importInHand(first.id)).toBe(false)
    // The next import may start now.
    await startImportJob(second.id, admin)
    expect(await drainQueue(importRunsJob)).toBe(1)
  })
})
