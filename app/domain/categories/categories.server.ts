import { and, eq, max, ne } from 'drizzle-orm'
import { categories } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { recordMovedPath } from '~/domain/redirects/redirects.server'
import { announceChanged, announcing, cacheKey, EVERYTHING } from '~/infra/cache-keys.server'
import { getDb, type Transaction } from '~/infra/db.server'
import { queueWebhookEvent } from '~/infra/webhook-outbox.server'
import { slugify, uniqueSlug } from '~/lib/slugify'
import { editorialOrder } from './categories-queries.server'
import type { CategoryPlace, CategoryValues, MoveDirection } from './categories-schema'

export class CategoryError extends domainErrors('CategoryError', {
  NOT_FOUND: 404,
  INVALID_SLUG: 400,
}) {}

/**
 * The slug an admin typed, normalised by the slug rule of docs/product.md §5; on a clash with another category it
 * gets -2, -3… (docs/product.md "Where we differ" 5: checked against the whole table).
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

/** A category's webhook event (docs/webhooks.md), queued in the change's transaction. */
function categoryEvent(
  type: 'category.created' | 'category.updated' | 'category.deleted',
  row: { id: number; slug: string; name: string },
) {
  return { type, subject: { categoryId: row.id, slug: row.slug, name: row.name } }
}

// A category's name and place show in the navigation and on every card: its changes are the
// chrome's (every page). A new one shows nowhere until an article is published in it, but in
// the sitemap.

export async function createCategory(values: CategoryValues) {
  return announcing(createCategoryRow(values), (row) => [cacheKey.category(row.id), 'sitemap'])
}

async function createCategoryRow(values: CategoryValues) {
  return getDb().transaction(async (tx) => {
    const slug = await freeSlug(tx, values.slug)
    // A new category goes last in the editors' order.
    const [{ last }] = await tx.select({ last: max(categories.position) }).from(categories)
    const [row] = await tx
      .insert(categories)
      .values({
        name: values.name,
        slug,
        description: values.description,
        defaultAccess: values.defaultAccess ?? 'everyone',
        position: last === null ? 0 : last + 1,
      })
      .returning()
    await queueWebhookEvent(tx, categoryEvent('category.created', row))
    return row
  })
}

export async function updateCategory(id: number, values: CategoryValues) {
  const write = getDb().transaction(async (tx) => {
    const slug = await freeSlug(tx, values.slug, id)
    const [before] = await tx
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, id))
      .for('update')
    const [row] = await tx
      .update(categories)
      .set({
        name: values.name,
        slug,
        description: values.description,
        ...(values.defaultAccess ? { defaultAccess: values.defaultAccess } : {}),
      })
      .where(eq(categories.id, id))
      .returning()
    if (!row) throw new CategoryError('NOT_FOUND', 'This category no longer exists')
    await queueWebhookEvent(tx, categoryEvent('category.updated', row))
    // Every category has a public page from the moment it exists: its old address answers 301.
    if (before && before.slug !== slug)
      await recordMovedPath(tx, `/category/${before.slug}`, `/category/${slug}`)
    return row
  })
  // Its name shows in the navigation (every page) and on every card of its articles.
  return announcing(write, [EVERYTHING])
}

/** Its articles keep existing with no category ("Uncategorized"): the foreign key sets null. */
export async function deleteCategory(id: number) {
  await getDb().transaction(async (tx) => {
    const [row] = await tx
      .delete(categories)
      .where(eq(categories.id, id))
      .returning({ id: categories.id, slug: categories.slug, name: categories.name })
    if (!row) throw new CategoryError('NOT_FOUND', 'This category no longer exists')
    await queueWebhookEvent(tx, categoryEvent('category.deleted', row))
  })
  // It leaves the navigation (every page); its articles' cards read "Uncategorized".
  announceChanged([EVERYTHING])
}

/**
 * Moves a category one place up or down in the editors' order (the navigation and the home
 * sections follow it). The order is renumbered 0, 1, 2… on the way, so categories that share a
 * position (the migration gave every existing one 0) get distinct places in their name order.
 * At the top or the bottom already, nothing changes.
 */
export async function moveCategory(id: number, direction: MoveDirection) {
  const write = getDb().transaction(async (tx) => {
    const rows = await tx
      .select({ id: categories.id, position: categories.position })
      .from(categories)
      .orderBy(...editorialOrder)
      .for('update')
    const from = rows.findIndex((row) => row.id === id)
    if (from === -1) throw new CategoryError('NOT_FOUND', 'This category no longer exists')
    const to = direction === 'up' ? from - 1 : from + 1
    const order = rows.map((row) => row.id)
    if (to >= 0 && to < order.length) [order[from], order[to]] = [order[to], order[from]]
    const positions = new Map(rows.map((row) => [row.id, row.position]))
    for (const [position, categoryId] of order.entries()) {
      if (positions.get(categoryId) === position) continue
      await tx.update(categories).set({ position }).where(eq(categories.id, categoryId))
    }
    return order
  })
  // The navigation's order, on every page.
  return announcing(write, [EVERYTHING])
}

const PLACE_COLUMN = { navigation: 'showInNavigation', home: 'showOnHome' } as const

/** Shows or hides a category in the navigation or on the home page. */
export async function setCategoryShown(id: number, place: CategoryPlace, shown: boolean) {
  const [row] = await getDb()
    .update(categories)
    .set({ [PLACE_COLUMN[place]]: shown })
    .where(eq(categories.id, id))
    .returning()
  if (!row) throw new CategoryError('NOT_FOUND', 'This category no longer exists')
  // The home page's sections, or the navigation on every page.
  announceChanged(place === 'home' ? ['front'] : [EVERYTHING])
  return row
}
