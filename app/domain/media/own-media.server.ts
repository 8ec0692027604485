import { and, eq } from 'drizzle-orm'
import { mediaFiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { getStorage } from '~/infra/storage.server'

// "Our own image": a URL this site's media storage serves (`/media/media/<name>`, or the S3
// public address), naming an image that was uploaded through the media endpoint. Profile
// pictures must be one, so no page ever loads a picture from a host we do not control.

const STORED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/

/** The stored name behind a URL of the media bucket, or null for any other URL. */
export function mediaNameOfUrl(url: string): string | null {
  const prefix = getStorage().publicUrl('media', '')
  if (!url.startsWith(prefix)) return null
  const name = url.slice(prefix.length)
  return STORED_NAME.test(name) && !name.includes('..') ? name : null
}

/** Whether `url` is an image uploaded to this site's media library. */
export async function isUploadedImageUrl(url: string): Promise<boolean> {
  const name = mediaNameOfUrl(url)
  if (!name) return false
  const [row] = await getDb()
    .select({ name: mediaFiles.name })
    .from(mediaFiles)
    .where(
      and(eq(mediaFiles.bucket, 'media'), eq(mediaFiles.name, name), eq(mediaFiles.kind, 'image')),
    )
    .limit(1)
  return !!row
}
