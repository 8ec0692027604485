import { and, eq, ne } from 'drizzle-orm'
import { categories } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { getDb, type Transaction } from '~/infra/db.server'
import { slugify, uniqueSlug } from '~/lib/slugify'
import type { CategoryValues } from './categories-schema'

export class CategoryError extends domainErrors('CategoryError', {
  NOT_FOUND: 404,
  INVALID_SLUG: 400,
}) {}

/**
 * The slug an admin typed, normalised by the spec's rule; on a clash with another category it
 * gets -2, -3… (ARCHITECTURE "Where we differ" 5: checked against the whole table).
 */
async function freeSlug(tx: Transaction, wanted: string, exceptId?: number) {
  const base = slugify(wanted)
  if (!base) {
    throw new CategoryError('INVALID_SLUG', 'Slug must contain letters or numbers', {
      field: 'slug',
    })
  }
  return uniqueSlug(base, async (candidate) => {
    const clash = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(
        exceptId === undefined
          ? eq(categories.slug, candidate)
          : and(eq(categories.slug, candidate), ne(categories.id, exceptId)),
      )
      .limit(1)
    return clash.length > 0
  })
}

export async function createCategory(values: CategoryValues) {
  return getDb().transaction(async (tx) => {
    const slug = await freeSlug(tx, values.slug)
    const [row] = await tx
      .insert(categories)
      .values({ name: values.name, slug, description: values.description })
      .returning()
    return row
  })
}

export async function updateCategory(id: number, values: CategoryValues) {
  return getDb().transaction(async (tx) => {
    const slug = await freeSlug(tx, values.slug, id)
    const [row] = await tx
      .update(categories)
      .set({ name: values.name, slug, description: values.description })
      .where(eq(categories.id, id))
      .returning()
    if (!row) throw new CategoryError('NOT_FOUND', 'This category no longer exists')
    return row
  })
}

/** Its articles keep existing with no category ("Uncategorized"): the foreign key sets null. */
export async function deleteCategory(id: number) {
  const [row] = await getDb()
    .delete(categories)
    .where(eq(categories.id, id))
    .returning({ id: categories.id })
  if (!row) throw new CategoryError('NOT_FOUND', 'This category no longer exists')
}
