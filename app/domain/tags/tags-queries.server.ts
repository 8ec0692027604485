import { asc, eq } from 'drizzle-orm'
import { tags } from '@db/schema/index'
import { getDb } from '~/infra/db.server'

export type Tag = typeof tags.$inferSelect

/** A tag as public pages link to it (/tag/:slug). */
export interface TagLink {
  id: number
  name: string
  slug: string
}

/** The columns of TagLink, for the read models that list an article's or a page's tags. */
export const tagLinkColumns = { id: tags.id, name: tags.name, slug: tags.slug }

export async function listTags(): Promise<Tag[]> {
  return getDb().select().from(tags).orderBy(asc(tags.name))
}

export async function getTagBySlug(slug: string): Promise<Tag | null> {
  const [row] = await getDb().select().from(tags).where(eq(tags.slug, slug)).limit(1)
  return row ?? null
}
