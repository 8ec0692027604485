import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createS3Storage } from './storage-s3.server'
import type { StorageDriver } from './storage-driver.server'
import { createDiskStorage, readAll } from './storage.server'

/**
 * One contract, every driver: the local disk, and S3 as spoken by s3rver (a local
 * S3-compatible server from npm) on 127.0.0.1.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-contract-'))
let s3: S3rver | undefined

const drivers: { name: string; make: () => Promise<StorageDriver> }[] = [
  { name: 'disk', make: async () => createDiskStorage(path.join(root, 'disk')) },
  {
    name: 's3',
    make: async () => {
      s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: path.join(root, 's3'),
        configureBuckets: [{ name: 'broadsheet' }],
      })
      const { port } = await s3.run()
      return createS3Storage({
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        bucket: 'broadsheet',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      })
    },
  },
]

afterAll(async () => {
  await s3?.close()
  fs.rmSync(root, { recursive: true, force: true })
})

describe.each(drivers)('storage driver: $name', ({ make }) => {
  let storage: StorageDriver
  beforeAll(async () => {
    storage = await make()
  })

  it('stores a buffer and reads it back', async () => {
    await storage.put('media', 'a.txt', Buffer.from('hello'), 'text/plain')
    expect((await readAll((await storage.get('media', 'a.txt'))!)).toString()).toBe('hello')
    expect(await storage.stat('media', 'a.txt')).toMatchObject({ name: 'a.txt', size: 5 })
  })

  it('stores a stream larger than one upload part', async () => {
    // 9 MiB in uneven chunks: more than the S3 driver's 8 MiB part.
    const chunks = Array.from({ length: 9 }, (_, i) => Buffer.alloc(1024 * 1024 + (i % 2), i))
    await storage.put('pdf_newspapers', 'big.pdf', Readable.from(chunks), 'application/pdf')
    const back = await readAll((await storage.get('pdf_newspapers', 'big.pdf'))!)
    expect(back.equals(Buffer.concat(chunks))).toBe(true)
  })

  it('keeps buckets apart and hides variants unless asked', async () => {
    await storage.put('backups', 'b.tar.gz', Buffer.from('x'))
    await storage.put('media', '_v/a-640.webp', Buffer.from('v'))
    const media = (await storage.list('media')).map((f) => f.name)
    expect(media).toContain('a.txt')
    expect(media).not.toContain('_v/a-640.webp')
    expect(media).not.toContain('b.tar.gz')
    const all = (await storage.list('media', { includeVariants: true })).map((f) => f.name)
    expect(all).toContain('_v/a-640.webp')
    expect((await storage.list('backups')).map((f) => f.name)).toEqual(['b.tar.gz'])
  })

  it('answers null for a missing object and removes quietly', async () => {
    expect(await storage.get('media', 'missing.png')).toBeNull()
    expect(await storage.stat('media', 'missing.png')).toBeNull()
    await storage.remove('media', 'a.txt')
    await storage.remove('media', 'a.txt')
    expect(await storage.get('media', 'a.txt')).toBeNull()
  })

  it('refuses names that are not ours', async () => {
    for (const bad of ['../x', '/etc/passwd', 'a/b/c', '.hidden', '']) {
      await expect(storage.put('media', bad, Buffer.from('x'))).rejects.toThrow('Unsafe storage')
    }
  })

  it('gives a public URL under /media', () => {
    expect(storage.publicUrl('media', 'x.jpg')).toBe('/media/media/x.jpg')
  })
})
