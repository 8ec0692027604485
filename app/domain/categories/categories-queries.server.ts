import { and, asc, count, eq, exists, sql, type SQL } from 'drizzle-orm'
import { articles, categories } from '@db/schema/index'
import { isPublicArticle, nextPublicationAt } from '~/domain/published.server'
import { getDb } from '~/infra/db.server'
import { memoized } from '~/infra/memo-cache.server'

export type Category = typeof categories.$inferSelect

/** Every category by name (docs/product.md §7): the article form's select, the sitemap. */
export async function listCategories(): Promise<Category[]> {
  return getDb().select().from(categories).orderBy(asc(categories.name))
}

/** The editors' order: position, then name (a new category goes last). */
export const editorialOrder = [asc(categories.position), asc(categories.name)] as const

/** The category has at least one article a reader may see. */
const hasPublicArticle = (): SQL =>
  exists(
    getDb()
      .select({ one: articles.id })
      .from(articles)
      .where(and(eq(articles.categoryId, categories.id), isPublicArticle)),
  )

export interface PublicCategory {
  id: number
  name: string
  slug: string
}

/**
 * The categories readers are shown, in the editors' order: those with a published article
 * that the editors keep in the navigation (header, mobile menu, footer) or on the home page.
 * An empty category stays out of both until its first article goes public.
 */
export function listPublicCategories(place: 'navigation' | 'home'): Promise<PublicCategory[]> {
  return place === 'navigation' ? navigationCategories() : homeCategories()
}

// Every page reads these: kept in memory until a write, or until a scheduled article goes
// public (it may bring its category in). The arrays are frozen.
const publicCategories = (place: 'navigation' | 'home') =>
  memoized(
    `public-categories:${place}`,
    (): Promise<PublicCategory[]> => {
      const shown = place === 'navigation' ? categories.showInNavigation : categories.showOnHome
      return getDb()
        .select({ id: categories.id, name: categories.name, slug: categories.slug })
        .from(categories)
        .where(and(eq(shown, true), hasPublicArticle()))
        .orderBy(...editorialOrder)
    },
    // The navigation is the chrome: changed by a category's write or its first or last public
    // article (articles/article-changes.server.ts). The home page's sections are the front
    // page's too: setCategoryShown(…, 'home') announces `front` only.
    {
      ttlMs: 60_000,
      expiresAt: () => nextPublicationAt(),
      shows: () => (place === 'home' ? ['front'] : []),
    },
  )
const navigationCategories = publicCategories('navigation')
const homeCategories = publicCategories('home')

export async function getCategoryBySlug(slug: string): Promise<Category | null> {
  const [row] = await getDb().select().from(categories).where(eq(categories.slug, slug)).limit(1)
  return row ?? null
}

export type CategoryWithCount = Category & {
  /** Articles that would become Uncategorized on delete. */
  articleCount: number
  /** Articles readers can see now: none keeps the category off the site's navigation and home. */
  publicCount: number
}

/** The admin table, in the editors' order, with each category's article counts. */
export async function listCategoriesWithArticleCounts(): Promise<CategoryWithCount[]> {
  const db = getDb()
  const counts = db
    .select({
      categoryId: articles.categoryId,
      total: count().as('total'),
      public: count(sql`case when ${isPublicArticle} then 1 end`).as('public'),
    })
    .from(articles)
    .groupBy(articles.categoryId)
    .as('counts')
  const rows = await db
    .select({ category: categories, total: counts.total, public: counts.public })
    .from(categories)
    .leftJoin(counts, eq(counts.categoryId, categories.id))
    .orderBy(...editorialOrder)
  return rows.map((r) => ({
    ...r.category,
    articleCount: Number(r.total ?? 0),
    publicCount: Number(r.public ?? 0),
  }))
}
