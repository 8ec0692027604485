import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { mediaFiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { renderArticleHtml } from '~/infra/sanitize.server'
import { scrollableTables } from '~/lib/scrollable-tables'
import { mediaIdsOfBody, showBodyImage, type BodyImageLibrary } from './body-images'

/**
 * A column of an article query: the library's alt text, caption and credit of every image its body
 * (`content`, sanitised on save) names by media id. It rides in the article's own statement,
 * so a body of any number of images costs no query more.
 */
export function bodyImagesColumn(content: AnyPgColumn): SQL<BodyImageLibrary> {
  return sql<BodyImageLibrary>`coalesce((select json_object_agg(${mediaFiles.name}, json_build_object('alt', ${mediaFiles.alt}, 'caption', ${mediaFiles.caption}, 'credit', ${mediaFiles.credit})) from ${mediaFiles} where ${mediaFiles.bucket} = 'media' and ${mediaFiles.name} in (select (regexp_matches(${content}, 'data-media-id="([^"]+)"', 'g'))[1])), '{}'::json)`
}

/** The same for a body not saved yet (the preview of the form's values): one query. */
export async function describeBodyImages(html: string): Promise<BodyImageLibrary> {
  const ids = mediaIdsOfBody(html)
  if (ids.length === 0) return {}
  const rows = await getDb()
    .select({
      name: mediaFiles.name,
      alt: mediaFiles.alt,
      caption: mediaFiles.caption,
      credit: mediaFiles.credit,
    })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.bucket, 'media'), inArray(mediaFiles.name, ids)))
  return Object.fromEntries(
    rows.map(({ name, alt, caption, credit }) => [name, { alt, caption, credit }]),
  )
}

/**
 * A sanitised body as readers see it: each library image with the library's words (or this
 * use's own), a captioned one as a figure, each table in its scrolling region, an embed as its
 * click-to-load card. A body without library images or embeds is not parsed again.
 */
export function showLibraryWords(html: string, library: BodyImageLibrary): string {
  if (!html.includes('data-media-id=') && !html.includes('data-embed='))
    return scrollableTables(html)
  return renderArticleHtml(html, (image) => showBodyImage(image, library))
}
