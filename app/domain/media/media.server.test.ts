import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { getStorage } from '~/infra/storage.server'
import { createTestUser } from '../../../tests/setup/auth-fixtures'
import { listMedia, storeUpload } from './media.server'
import type { ReceivedFile } from './receive-upload.server'

async function receivedPng(fileName: string): Promise<ReceivedFile> {
  const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#369' } })
    .png()
    .toBuffer()
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'media-test-')), 'upload')
  fs.writeFileSync(file, data)
  return {
    path: file,
    fileName,
    size: data.length,
    head: data.subarray(0, 64),
    discard: () => fs.promises.rm(path.dirname(file), { recursive: true, force: true }),
  }
}

describe('storeUpload', () => {
  it("keeps its original name and uploader when a listing noted the file between the upload's store and its record", async () => {
    const uploader = await createTestUser({ role: 'editor' })
    const received = await receivedPng('Harbour at dawn.png')
    const name = '1700000000000-42.png'
    // The upload's first step, storing the bytes, is done; its record is not yet made when a
    // listing (another reader of the library) sees the file and notes what it can: its size.
    await getStorage().put('media', name, fs.createReadStream(received.path), 'image/png')
    const during = (await listMedia('image')).find((item) => item.name === name)
    expect(during).toMatchObject({ originalName: name, uploadedBy: null, width: 64 })

    await storeUpload('image', received, { uploadedBy: uploader.id, name })
    await received.discard()
    const after = (await listMedia('image')).find((item) => item.name === name)
    expect(after).toMatchObject({ originalName: 'Harbour at dawn.png', width: 64, height: 48 })
    expect(after?.uploadedBy).toBe(uploader.email.split('@')[0])
  })
})
