import { and, eq, ne } from 'drizzle-orm'
import { tags } from '@db/schema/index'
import { getDb, type Transaction } from '~/infra/db.server'
import { slugify, uniqueSlug } from '~/lib/slugify'
import type { TagValues } from './tags-schema'

export class TagError extends Error {
  constructor(
    readonly code: 'NOT_FOUND' | 'INVALID_NAME',
    message: string,
  ) {
    super(message)
  }
}

/** The slug of a name, -2, -3… on a clash with any other tag (not only the 10 recent ones). */
export async function freeTagSlug(
  tx: Pick<Transaction, 'select'>,
  name: string,
  exceptId?: number,
) {
  const base = slugify(name)
  if (!base) throw new TagError('INVALID_NAME', 'Name must contain letters or numbers')
  return uniqueSlug(base, async (candidate) => {
    const clash = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(
        exceptId === undefined
          ? eq(tags.slug, candidate)
          : and(eq(tags.slug, candidate), ne(tags.id, exceptId)),
      )
      .limit(1)
    return clash.length > 0
  })
}

export async function createTag(values: TagValues) {
  return getDb().transaction(async (tx) => {
    const slug = await freeTagSlug(tx, values.name)
    const [row] = await tx.insert(tags).values({ name: values.name, slug }).returning()
    return row
  })
}

export async function updateTag(id: number, values: TagValues) {
  return getDb().transaction(async (tx) => {
    const [current] = await tx.select().from(tags).where(eq(tags.id, id)).limit(1)
    if (!current) throw new TagError('NOT_FOUND', 'This tag no longer exists')
    // A rename that keeps the same slug root keeps the slug: links to /tag/x stay valid.
    const slug =
      slugify(values.name) === slugify(current.name)
        ? current.slug
        : await freeTagSlug(tx, values.name, id)
    const [row] = await tx
      .update(tags)
      .set({ name: values.name, slug, updatedAt: new Date() })
      .where(eq(tags.id, id))
      .returning()
    return row
  })
}

/** Article links go with the tag (cascade); the articles stay. */
export async function deleteTag(id: number) {
  const [row] = await getDb().delete(tags).where(eq(tags.id, id)).returning({ id: tags.id })
  if (!row) throw new TagError('NOT_FOUND', 'This tag no longer exists')
}
