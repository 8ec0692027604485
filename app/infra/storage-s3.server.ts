import type { Readable } from 'node:stream'
import type * as S3Sdk from '@aws-sdk/client-s3'
import { isVariantName } from '~/lib/image-variants'
import {
  assertSafeName,
  type Bucket,
  type StorageDriver,
  type StoredFile,
} from './storage-driver.server'

export interface S3StorageOptions {
  endpoint?: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** Public base URL of the bucket (a CDN, say); without it files are served through /media. */
  publicUrl?: string
  forcePathStyle?: boolean
}

/** Parts of a streamed upload: S3 needs a length per request, and at least 5 MiB per part. */
const PART_SIZE = 8 * 1024 * 1024

function isMissing(error: unknown) {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404
}

/**
 * Object storage on any S3-compatible service. The three logical buckets share one S3 bucket:
 * an object is keyed `{bucket}/{name}` (variants `{bucket}/_v/…`).
 */
/**
 * A PDF served straight from the bucket (S3_PUBLIC_URL) is downloaded, never shown inline: an
 * uploaded PDF may carry JavaScript or an XFA form (server/app.ts says the same for /media).
 */
function dispositionOf(contentType: string | undefined) {
  return contentType === 'application/pdf' ? 'attachment' : undefined
}

export function createS3Storage(options: S3StorageOptions): StorageDriver {
  // The SDK loads with the first request: it costs ~20 MiB resident, which a site on the local
  // disk never needs.
  let ready: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined
  const s3 = () =>
    (ready ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: options.endpoint,
        region: options.region,
        forcePathStyle: options.forcePathStyle,
        credentials: {
          accessKeyId: options.accessKeyId,
          secretAccessKey: options.secretAccessKey,
        },
        // Checksums only where S3 requires them: self-hosted S3 servers often reject the newer ones.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // An unreachable endpoint fails within seconds rather than hanging an upload.
        requestHandler: { connectionTimeout: 3000 },
      }),
    })))
  const Bucket = options.bucket
  const key = (bucket: Bucket, name: string) => {
    assertSafeName(name)
    return `${bucket}/${name}`
  }

  async function putStream(objectKey: string, body: Readable, contentType?: string) {
    const { sdk, client } = await s3()
    let buffered: Buffer[] = []
    let size = 0
    let uploadId: string | undefined
    const parts: { ETag?: string; PartNumber: number }[] = []
    const flush = async () => {
      const chunk = Buffer.concat(buffered)
      buffered = []
      size = 0
      if (!uploadId) {
        const created = await client.send(
          new sdk.CreateMultipartUploadCommand({
            Bucket,
            Key: objectKey,
            ContentType: contentType,
            ContentDisposition: dispositionOf(contentType),
          }),
        )
        uploadId = created.UploadId
      }
      const PartNumber = parts.length + 1
      const result = await client.send(
        new sdk.UploadPartCommand({
          Bucket,
          Key: objectKey,
          UploadId: uploadId,
          PartNumber,
          Body: chunk,
        }),
      )
      parts.push({ ETag: result.ETag, PartNumber })
    }
    try {
      for await (const chunk of body) {
        const data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
        buffered.push(data)
        size += data.length
        if (size >= PART_SIZE) await flush()
      }
      if (!uploadId) {
        // Small enough for one request.
        await client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: objectKey,
            Body: Buffer.concat(buffered),
            ContentType: contentType,
            ContentDisposition: dispositionOf(contentType),
          }),
        )
        return
      }
      if (size > 0) await flush()
      await client.send(
        new sdk.CompleteMultipartUploadCommand({
          Bucket,
          Key: objectKey,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      )
    } catch (error) {
      if (uploadId) {
        await client
          .send(new sdk.AbortMultipartUploadCommand({ Bucket, Key: objectKey, UploadId: uploadId }))
          .catch(() => {})
      }
      throw error
    }
  }

  return {
    kind: 's3',
    async list(bucket, listOptions = {}) {
      const { sdk, client } = await s3()
      const files: StoredFile[] = []
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: `${bucket}/`, ContinuationToken }),
        )
        for (const object of page.Contents ?? []) {
          const name = object.Key!.slice(bucket.length + 1)
          if (!name || (!listOptions.includeVariants && isVariantName(name))) continue
          files.push({
            name,
            size: object.Size ?? 0,
            updatedAt: object.LastModified ?? new Date(0),
          })
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
      return files.sort(
        (a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || a.name.localeCompare(b.name),
      )
    },
    async put(bucket, name, body, contentType) {
      const { sdk, client } = await s3()
      const objectKey = key(bucket, name)
      if (Buffer.isBuffer(body)) {
        await client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: objectKey,
            Body: body,
            ContentType: contentType,
            ContentDisposition: dispositionOf(contentType),
          }),
        )
      } else await putStream(objectKey, body, contentType)
    },
    async get(bucket, name) {
      const { sdk, client } = await s3()
      try {
        const result = await client.send(
          new sdk.GetObjectCommand({ Bucket, Key: key(bucket, name) }),
        )
        return (result.Body as Readable | undefined) ?? null
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async stat(bucket, name) {
      const { sdk, client } = await s3()
      try {
        const head = await client.send(
          new sdk.HeadObjectCommand({ Bucket, Key: key(bucket, name) }),
        )
        return { name, size: head.ContentLength ?? 0, updatedAt: head.LastModified ?? new Date(0) }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async remove(bucket, name) {
      const { sdk, client } = await s3()
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key(bucket, name) }))
    },
    publicUrl(bucket, name) {
      if (options.publicUrl) return `${options.publicUrl.replace(/\/+$/, '')}/${bucket}/${name}`
      return `/media/${bucket}/${name}`
    },
  }
}
