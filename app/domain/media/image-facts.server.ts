import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { mediaFiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import type { ImageFacts } from './media-schema'
import { mediaNameOfUrl } from './own-media.server'

// What the library says of an image (alt text, caption, credit, pixel size, focal point), found by the stored name
// behind its URL: `/media/media/<name>` on disk, `<S3 public URL>/media/<name>` on S3.

/** The stored name behind a media URL, in SQL (the same rule as mediaNameOfUrl). */
function storedNameOf(url: AnyPgColumn | SQL) {
  return sql`substring(${url} from '/media/([A-Za-z0-9][A-Za-z0-9._-]*)$')`
}

/**
 * A column of a list query: the facts of the image at `url` (an article's featuredImage), or
 * null for an image the library does not know. It rides in the list's own query, so a page of
 * cards costs no query more.
 */
export function imageFactsColumn(url: AnyPgColumn): SQL<ImageFacts | null> {
  return sql<ImageFacts | null>`(select json_build_object('alt', ${mediaFiles.alt}, 'caption', ${mediaFiles.caption}, 'credit', ${mediaFiles.credit}, 'width', ${mediaFiles.width}, 'height', ${mediaFiles.height}, 'focalX', ${mediaFiles.focalX}, 'focalY', ${mediaFiles.focalY}) from ${mediaFiles} where ${mediaFiles.bucket} = 'media' and ${mediaFiles.name} = ${storedNameOf(url)} limit 1)`
}

/** The facts of one image by its URL (the admin preview of unsaved values). */
export async function describeImage(url: string | null): Promise<ImageFacts | null> {
  const name = url ? mediaNameOfUrl(url) : null
  if (!name) return null
  const [row] = await getDb()
    .select({
      alt: mediaFiles.alt,
      caption: mediaFiles.caption,
      credit: mediaFiles.credit,
      width: mediaFiles.width,
      height: mediaFiles.height,
      focalX: mediaFiles.focalX,
      focalY: mediaFiles.focalY,
    })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.bucket, 'media'), eq(mediaFiles.name, name)))
    .limit(1)
  return row ?? null
}
