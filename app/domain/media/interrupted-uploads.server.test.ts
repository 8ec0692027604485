import fs from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mediaFiles, newspaperEditions } from '@db/schema/index'
import { adoptOrphanPdfs, editionsSettled } from '~/domain/newspapers/editions.server'
import { buildPdf } from '~/domain/seed/seed.server'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { getStorage } from '~/infra/storage.server'
import {
  notePendingObjects,
  sweepInterruptedUploads,
  uploadsDir,
} from './interrupted-uploads.server'

// What a process killed mid-upload leaves is made here by hand, dated before this process
// started (as a dead process's files are); what this process is writing is never swept.

const LONG_AGO = new Date(Date.now() - 24 * 3600 * 1000)

function leave(file: string, content = 'x', old = true) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, content)
  if (old) fs.utimesSync(file, LONG_AGO, LONG_AGO)
  return file
}

const never = async () => false

describe('sweepInterruptedUploads', () => {
  it('removes bodies received by a dead process, and keeps those still arriving', async () => {
    const dead = leave(path.join(uploadsDir(), '1-dead.part'))
    const live = leave(path.join(uploadsDir(), '2-live.part'), 'x', false)
    const { removed } = await sweepInterruptedUploads(never)
    expect(fs.existsSync(dead)).toBe(false)
    expect(fs.existsSync(live)).toBe(true)
    expect(removed).toEqual(['tmp/uploads/1-dead.part'])
    fs.rmSync(live)
  })

  it("removes the disk driver's half-written files of a dead process", async () => {
    const root = path.join(getEnv().dataDir, 'storage', 'pdf_newspapers')
    const half = leave(path.join(root, '1-2.pdf.4242.1700000000000.tmp'))
    const whole = leave(path.join(root, '1-3.pdf'))
    await sweepInterruptedUploads(never)
    expect(fs.existsSync(half)).toBe(false)
    expect(fs.existsSync(whole)).toBe(true)
    fs.rmSync(whole)
  })

  it('removes the objects and rows a pending note names, unless they were committed', async () => {
    const storage = getStorage()
    await storage.put('pdf_newspapers', 'orphan.pdf', Buffer.from('%PDF-1.7'))
    await storage.put('pdf_newspapers', 'kept.pdf', Buffer.from('%PDF-1.7'))
    await getDb().insert(mediaFiles).values({
      bucket: 'pdf_newspapers',
      name: 'orphan.pdf',
      kind: 'pdf',
      contentType: 'application/pdf',
      size: 8,
    })
    await notePendingObjects([
      { bucket: 'pdf_newspapers', name: 'orphan.pdf' },
      { bucket: 'pdf_newspapers', name: 'kept.pdf' },
      { bucket: 'pdf_newspapers', name: 'never-stored.webp' },
    ])
    // A note written by this process belongs to a live upload.
    expect((await sweepInterruptedUploads(never)).removed).toEqual([])
    for (const note of fs.readdirSync(uploadsDir())) {
      fs.utimesSync(path.join(uploadsDir(), note), LONG_AGO, LONG_AGO)
    }
    const { removed } = await sweepInterruptedUploads(async ({ name }) => name === 'kept.pdf')
    expect(removed).toContain('pdf_newspapers/orphan.pdf')
    expect(await storage.stat('pdf_newspapers', 'orphan.pdf')).toBeNull()
    expect(await storage.stat('pdf_newspapers', 'kept.pdf')).not.toBeNull()
    const rows = await getDb()
      .select()
      .from(mediaFiles)
      .where(and(eq(mediaFiles.bucket, 'pdf_newspapers'), eq(mediaFiles.name, 'orphan.pdf')))
    expect(rows).toEqual([])
    expect(fs.readdirSync(uploadsDir())).toEqual([])
    await storage.remove('pdf_newspapers', 'kept.pdf')
  })
})

describe('sweepInterruptedUploads: images', () => {
  it('removes an image and its variants stored before its record, keeps a recorded one', async () => {
    const storage = getStorage()
    const noteImage = async (name: string) => {
      const original = { bucket: 'media' as const, name }
      const variant = { bucket: 'media' as const, name: `_v/${name.replace('.png', '')}-640.webp` }
      await notePendingObjects([original, variant], { recordedAs: original })
      await storage.put('media', original.name, Buffer.from('png'))
      await storage.put('media', variant.name, Buffer.from('webp'))
    }
    await noteImage('1700000000000-7.png')
    await noteImage('1700000000000-8.png')
    // The second upload reached its record before the process died.
    await getDb().insert(mediaFiles).values({
      bucket: 'media',
      name: '1700000000000-8.png',
      kind: 'image',
      contentType: 'image/png',
      size: 3,
    })
    for (const note of fs.readdirSync(uploadsDir())) {
      fs.utimesSync(path.join(uploadsDir(), note), LONG_AGO, LONG_AGO)
    }
    await sweepInterruptedUploads(never)
    const left = (await storage.list('media', { includeVariants: true })).map((f) => f.name)
    expect(left.sort()).toEqual(['1700000000000-8.png', '_v/1700000000000-8-640.webp'])
    expect(fs.readdirSync(uploadsDir())).toEqual([])
  })
})

describe('adoptOrphanPdfs after an interrupted upload', () => {
  it('does not make an edition of a PDF whose upload never committed', async () => {
    const storage = getStorage()
    const pdf = buildPdf([{ heading: 'Killed', lines: ['mid-upload'] }], { title: 'Killed' })
    // The upload noted its objects, stored the PDF and its media row, then the process died.
    await notePendingObjects([{ bucket: 'pdf_newspapers', name: '1700000000000-1.pdf' }])
    await storage.put('pdf_newspapers', '1700000000000-1.pdf', pdf)
    for (const note of fs.readdirSync(uploadsDir())) {
      fs.utimesSync(path.join(uploadsDir(), note), LONG_AGO, LONG_AGO)
    }
    // A PDF stored long ago by other means is still adopted.
    await storage.put('pdf_newspapers', '2026-01-02-legacy.pdf', pdf)
    await adoptOrphanPdfs()
    await editionsSettled()
    const editions = await getDb()
      .select({ fileName: newspaperEditions.fileName })
      .from(newspaperEditions)
    expect(editions.map((e) => e.fileName)).toEqual(['2026-01-02-legacy.pdf'])
    expect(await storage.stat('pdf_newspapers', '1700000000000-1.pdf')).toBeNull()
    // The legacy PDF is read in a child process started for it: slow on a busy machine.
  }, 120_000)
})
