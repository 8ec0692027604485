import type { Readable } from 'node:stream'

// The contract both storage drivers implement. It lives apart from `storage.server.ts`, which
// picks a driver, so that the S3 driver does not import its own chooser (an import cycle).

export const BUCKETS = ['media', 'pdf_newspapers', 'backups'] as const
export type Bucket = (typeof BUCKETS)[number]
/** Buckets readers may fetch under /media; backups never are. */
export const PUBLIC_BUCKETS: readonly Bucket[] = ['media', 'pdf_newspapers']

export interface StoredFile {
  name: string
  size: number
  updatedAt: Date
}

export interface StorageDriver {
  readonly kind: 'disk' | 's3'
  list(bucket: Bucket, options?: { includeVariants?: boolean }): Promise<StoredFile[]>
  put(bucket: Bucket, name: string, body: Buffer | Readable, contentType?: string): Promise<void>
  get(bucket: Bucket, name: string): Promise<Readable | null>
  stat(bucket: Bucket, name: string): Promise<StoredFile | null>
  remove(bucket: Bucket, name: string): Promise<void>
  publicUrl(bucket: Bucket, name: string): string
}

/** Object names are ours (random, or variant paths); anything else is refused. */
export function assertSafeName(name: string) {
  if (!/^(?:_v\/)?[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(name) || name.includes('..')) {
    throw new Error(`Unsafe storage object name: ${JSON.stringify(name)}`)
  }
}
