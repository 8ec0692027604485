import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { isVariantName } from '~/lib/image-variants'
import { getEnv } from './env.server'
import { singleton } from './singleton.server'
import {
  assertSafeName,
  type Bucket,
  type StorageDriver,
  type StoredFile,
} from './storage-driver.server'
import { guardStorage } from './storage-guard.server'
import { createS3Storage } from './storage-s3.server'

export function createDiskStorage(root: string): StorageDriver {
  const filePath = (bucket: Bucket, name: string) => {
    assertSafeName(name)
    return path.join(root, bucket, name)
  }
  async function walk(dir: string, prefix = ''): Promise<StoredFile[]> {
    let entries: fs.Dirent[]
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true })
    } catch {
      return []
    }
    const files: StoredFile[] = []
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) files.push(...(await walk(full, `${prefix}${entry.name}/`)))
      else {
        const stat = await fsp.stat(full)
        files.push({ name: `${prefix}${entry.name}`, size: stat.size, updatedAt: stat.mtime })
      }
    }
    return files
  }
  return {
    kind: 'disk',
    async list(bucket, options = {}) {
      const files = await walk(path.join(root, bucket))
      return files
        .filter((f) => options.includeVariants || !isVariantName(f.name))
        .sort(
          (a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || a.name.localeCompare(b.name),
        )
    },
    async put(bucket, name, body) {
      const target = filePath(bucket, name)
      await fsp.mkdir(path.dirname(target), { recursive: true })
      // Write beside and rename, so a reader never sees half a file.
      const temp = `${target}.${process.pid}.${Date.now()}.tmp`
      try {
        if (Buffer.isBuffer(body)) await fsp.writeFile(temp, body)
        else await pipeline(body, fs.createWriteStream(temp))
      } catch (error) {
        // A body that fails half way (a zip entry stopped at its bound) leaves nothing behind.
        await fsp.rm(temp, { force: true })
        throw error
      }
      await fsp.rename(temp, target)
    },
    async get(bucket, name) {
      const target = filePath(bucket, name)
      try {
        await fsp.access(target)
      } catch {
        return null
      }
      return fs.createReadStream(target)
    },
    async stat(bucket, name) {
      try {
        const stat = await fsp.stat(filePath(bucket, name))
        return { name, size: stat.size, updatedAt: stat.mtime }
      } catch {
        return null
      }
    },
    async remove(bucket, name) {
      await fsp.rm(filePath(bucket, name), { force: true })
    },
    publicUrl(bucket, name) {
      return `/media/${bucket}/${name}`
    },
  }
}

export function storageRoot() {
  return path.join(getEnv().dataDir, 'storage')
}

let override: StorageDriver | undefined

/** The configured storage: S3-compatible when S3_* is set, else the local disk. */
export function getStorage(): StorageDriver {
  if (override) return override
  return singleton('storage', () => {
    const env = getEnv()
    if (env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
      // S3 away: uploads answer 503 with a message (storage-guard.server.ts), not a 500.
      return guardStorage(
        createS3Storage({
          endpoint: env.S3_ENDPOINT || undefined,
          region: env.S3_REGION,
          bucket: env.S3_BUCKET,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          publicUrl: env.S3_PUBLIC_URL || undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }),
      )
    }
    return createDiskStorage(storageRoot())
  })
}

/** Tests point storage at their own folder. */
export function setStorage(driver: StorageDriver | undefined) {
  override = driver
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}

export { Readable }
