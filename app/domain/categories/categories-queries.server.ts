import { asc, eq } from 'drizzle-orm'
import { categories } from '@db/schema/index'
import { getDb } from '~/infra/db.server'

export type Category = typeof categories.$inferSelect

export async function listCategories(): Promise<Category[]> {
  return getDb().select().from(categories).orderBy(asc(categories.name))
}

export async function getCategoryBySlug(slug: string): Promise<Category | null> {
  const [row] = await getDb().select().from(categories).where(eq(categories.slug, slug)).limit(1)
  return row ?? null
}
