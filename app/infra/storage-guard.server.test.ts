import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { describeFailure } from '../routes/+shared/action-results.server'
import { createS3Storage } from './storage-s3.server'
import { guardStorage, StorageError, STORAGE_UNAVAILABLE_MESSAGE } from './storage-guard.server'
import { setStorage } from './storage.server'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-guard-'))
afterAll(() => {
  setStorage(undefined)
  fs.rmSync(root, { recursive: true, force: true })
})

describe('S3 unreachable', () => {
  it('refuses an upload with a 503 and a message to show, and media with a 503, not a 404', async () => {
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(root, 's3'),
      configureBuckets: [{ name: 'broadsheet' }],
    })
    const { port } = await s3.run()
    const storage = guardStorage(
      createS3Storage({
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        bucket: 'broadsheet',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }),
    )
    await storage.put('media', 'before.txt', Buffer.from('stored'), 'text/plain')
    expect(await storage.stat('media', 'before.txt')).toMatchObject({ size: 6 })
    await s3.close()

    const failure = await storage.put('media', 'after.txt', Buffer.from('lost'), 'text/plain').then(
      () => null,
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(StorageError)
    expect(failure).toMatchObject({ code: 'UNAVAILABLE', status: 503 })
    // What the upload route answers with it (its describeFailure, as for any refusal).
    const { status, body } = describeFailure(failure, {
      title: 'Upload failed',
      context: { requestId: 'test' },
    })
    expect(status).toBe(503)
    expect(body.toast).toEqual({
      type: 'error',
      title: 'Upload failed',
      description: STORAGE_UNAVAILABLE_MESSAGE,
    })

    // A reader asking for a stored file: 503, to be tried again, not a 404 to be kept.
    setStorage(storage)
    const server = createApp({
      mode: 'production',
      getBuild: () => {
        throw new Error('no React Router build in this test')
      },
    }).listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const res = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/media/media/before.txt`,
      )
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toBe('30')
    } finally {
      server.close()
    }
  })
})
