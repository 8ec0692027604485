import { asc, count, eq } from 'drizzle-orm'
import { articles, categories } from '@db/schema/index'
import { getDb } from '~/infra/db.server'

export type Category = typeof categories.$inferSelect

export async function listCategories(): Promise<Category[]> {
  return getDb().select().from(categories).orderBy(asc(categories.name))
}

export async function getCategoryBySlug(slug: string): Promise<Category | null> {
  const [row] = await getDb().select().from(categories).where(eq(categories.slug, slug)).limit(1)
  return row ?? null
}

export type CategoryWithCount = Category & { articleCount: number }

/** The admin table: every category with how many articles would become Uncategorized. */
export async function listCategoriesWithArticleCounts(): Promise<CategoryWithCount[]> {
  const db = getDb()
  const counts = db
    .select({ categoryId: articles.categoryId, total: count().as('total') })
    .from(articles)
    .groupBy(articles.categoryId)
    .as('counts')
  const rows = await db
    .select({ category: categories, total: counts.total })
    .from(categories)
    .leftJoin(counts, eq(counts.categoryId, categories.id))
    .orderBy(asc(categories.name))
  return rows.map((r) => ({ ...r.category, articleCount: Number(r.total ?? 0) }))
}
