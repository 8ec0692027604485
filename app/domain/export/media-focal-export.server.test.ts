import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { and, eq, inArray } from 'drizzle-orm'
import yazl from 'yazl'
import { afterAll, describe, expect, it } from 'vitest'
import { mediaFiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { getStorage } from '~/infra/storage.server'
import { importSiteExport } from './content-import.server'
import { contentJsonChunks } from './content-json.server'

// A library image's credit and focal point (issue 40) in content.json and back.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-focal-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

async function text(chunks: AsyncIterable<string>) {
  let out = ''
  for await (const chunk of chunks) out += chunk
  return out
}

async function importJson(content: unknown) {
  const zip = new yazl.ZipFile()
  zip.addBuffer(Buffer.from(JSON.stringify(content)), 'content.json')
  zip.end()
  const file = path.join(dir, `export-${Date.now()}.zip`)
  await pipeline(zip.outputStream, fs.createWriteStream(file))
  await importSiteExport(getDb(), getStorage(), file)
}

const row = (name: string) => ({
  bucket: 'media',
  name,
  kind: 'image',
  contentType: 'image/jpeg',
  size: 10,
  width: 300,
  height: 200,
})

async function rowsOf(names: string[]) {
  return getDb()
    .select({
      name: mediaFiles.name,
      credit: mediaFiles.credit,
      focalX: mediaFiles.focalX,
      focalY: mediaFiles.focalY,
    })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.bucket, 'media'), inArray(mediaFiles.name, names)))
    .orderBy(mediaFiles.name)
}

describe('the focal point and credit in the site export', () => {
  it('are written in content.json’s media and brought back by the import', async () => {
    await getDb()
      .insert(mediaFiles)
      .values({ ...row('900-1.jpg'), credit: 'Jane Doe / Wire', focalX: 0.25, focalY: 0.75 })
    const content = JSON.parse(
      await text(contentJsonChunks({ url: 'https://news.example', name: 'Test' })),
    )
    expect(content.media.find((m: { name: string }) => m.name === '900-1.jpg')).toMatchObject({
      credit: 'Jane Doe / Wire',
      focalX: 0.25,
      focalY: 0.75,
    })

    await getDb().delete(mediaFiles).where(eq(mediaFiles.name, '900-1.jpg'))
    await importJson(content)
    expect(await rowsOf(['900-1.jpg'])).toEqual([
      { name: '900-1.jpg', credit: 'Jane Doe / Wire', focalX: 0.25, focalY: 0.75 },
    ])
  })

  it('takes a file from before them, or with values out of range, without failing', async () => {
    const content = JSON.parse(
      await text(contentJsonChunks({ url: 'https://news.example', name: 'Test' })),
    )
    const createdAt = new Date(0).toISOString()
    content.media = [
      { ...row('901-1.jpg'), originalName: '', alt: '', caption: '', createdAt },
      {
        ...row('902-1.jpg'),
        originalName: '',
        alt: '',
        caption: '',
        createdAt,
        credit: 'c'.repeat(500),
        focalX: 7,
        focalY: 'top',
      },
    ]
    await importJson(content)
    expect(await rowsOf(['901-1.jpg', '902-1.jpg'])).toEqual([
      { name: '901-1.jpg', credit: '', focalX: 0.5, focalY: 0.5 },
      { name: '902-1.jpg', credit: 'c'.repeat(120), focalX: 1, focalY: 0.5 },
    ])
  })
})
