import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { articles, articleTags, categories, profiles, tags } from '@db/schema/index'
import { newsroomName } from '~/domain/authors/authors-queries.server'
import type { BodyImageLibrary } from '~/domain/media/body-images'
import { bodyImagesColumn } from '~/domain/media/body-images.server'
import { imageFactsColumn } from '~/domain/media/image-facts.server'
import type { ImageFacts } from '~/domain/media/media-schema'
import { coAuthorIdsColumn, isBylineOf } from '~/domain/access/bylines.server'
import { getDb } from '~/infra/db.server'
import { findArticleDetail, type ArticleDetail, type Page } from './articles-queries.server'
import { isArticleStatus, NO_CATEGORY, type ArticleStatus } from './articles-schema'
import type { AccessLevel } from '~/domain/membership/access-level'
import { accessLevelOf } from './article-access'

/** An article's name in staff lists: a draft autosaved from its body alone has no title yet. */
export const listedTitle = sql<string>`coalesce(nullif(${articles.title}, ''), 'Untitled')`

// Read models of the back office. Unlike public reads these see every status, so they must
// only ever be called behind requireStaff.

export const ADMIN_PAGE_SIZE = 50

export const ARTICLE_SORTS = [
  'created-desc',
  'created-asc',
  'published-desc',
  'published-asc',
] as const
export type ArticleSort = (typeof ARTICLE_SORTS)[number]

export interface AdminArticleFilters {
  page: number
  status: ArticleStatus | null
  /** A category id, NO_CATEGORY for uncategorised articles, or null for all. */
  category: number | typeof NO_CATEGORY | null
  q: string
  sort: ArticleSort
}

/** The list's filter state lives in the URL; anything unexpected there means "no filter". */
export function parseAdminArticleFilters(params: URLSearchParams): AdminArticleFilters {
  const page = Number(params.get('page'))
  const status = params.get('status')
  const category = params.get('category')
  const categoryId = Number(category)
  const sort = params.get('sort')
  return {
    page: Number.isInteger(page) && page > 0 && page < 1_000_000 ? page : 1,
    status: isArticleStatus(status) ? status : null,
    category:
      category === NO_CATEGORY
        ? NO_CATEGORY
        : Number.isInteger(categoryId) && categoryId > 0 && categoryId < 2 ** 31
          ? categoryId
          : null,
    q: (params.get('q') ?? '').trim().slice(0, 200),
    sort: (ARTICLE_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as ArticleSort)
      : 'created-desc',
  }
}

export interface AdminArticleRow {
  id: number
  title: string
  slug: string
  status: ArticleStatus
  publishedAt: Date | null
  createdAt: Date
  categoryName: string | null
  /** For the row's actions: what the signed-in role may do depends on whose article it is. */
  authorId: string | null
  coAuthorIds: string[]
  authorUsername: string | null
  tags: { id: number; name: string; slug: string }[]
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`)
}

function orderFor(sort: ArticleSort): SQL[] {
  switch (sort) {
    case 'created-asc':
      return [asc(articles.createdAt), asc(articles.id)]
    case 'published-desc':
      return [sql`${articles.publishedAt} desc nulls last`, desc(articles.id)]
    case 'published-asc':
      return [sql`${articles.publishedAt} asc nulls last`, asc(articles.id)]
    default:
      return [desc(articles.createdAt), desc(articles.id)]
  }
}

/**
 * docs/product.md §7 "Admin list", paginated, filtered and sorted on the server. `onlyAuthorId`
 * keeps one writer's articles, co-written ones included (a contributor's list:
 * canListAnyonesArticles), counted alike.
 */
export async function listAdminArticles(
  filters: AdminArticleFilters,
  options: { onlyAuthorId?: string } = {},
): Promise<Page<AdminArticleRow>> {
  const db = getDb()
  const conditions: SQL[] = []
  if (options.onlyAuthorId !== undefined) {
    conditions.push(isBylineOf(options.onlyAuthorId))
  }
  if (filters.status) conditions.push(eq(articles.status, filters.status))
  if (filters.category === NO_CATEGORY) conditions.push(isNull(articles.categoryId))
  else if (filters.category !== null) conditions.push(eq(articles.categoryId, filters.category))
  if (filters.q) conditions.push(ilike(articles.title, `%${escapeLike(filters.q)}%`))
  const where = conditions.length > 0 ? and(...conditions) : undefined

  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: articles.id,
        title: listedTitle,
        slug: articles.slug,
        status: articles.status,
        publishedAt: articles.publishedAt,
        createdAt: articles.createdAt,
        categoryName: categories.name,
        authorId: articles.authorId,
        coAuthorIds: coAuthorIdsColumn,
        authorUsername: profiles.username,
      })
      .from(articles)
      .leftJoin(categories, eq(categories.id, articles.categoryId))
      .leftJoin(profiles, eq(profiles.id, articles.authorId))
      .where(where)
      .orderBy(...orderFor(filters.sort))
      .limit(ADMIN_PAGE_SIZE)
      .offset((filters.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ total: count() }).from(articles).where(where),
  ])

  const tagsByArticle = await tagsOf(rows.map((row) => row.id))
  return {
    items: rows.map((row) => ({ ...row, tags: tagsByArticle.get(row.id) ?? [] })),
    total,
    page: filters.page,
    pageSize: ADMIN_PAGE_SIZE,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
  }
}

async function tagsOf(articleIds: number[]) {
  const byArticle = new Map<number, { id: number; name: string; slug: string }[]>()
  if (articleIds.length === 0) return byArticle
  const rows = await getDb()
    .select({ articleId: articleTags.articleId, id: tags.id, name: tags.name, slug: tags.slug })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .where(inArray(articleTags.articleId, articleIds))
    .orderBy(asc(tags.name))
  for (const { articleId, ...tag } of rows) {
    const list = byArticle.get(articleId) ?? []
    list.push(tag)
    byArticle.set(articleId, list)
  }
  return byArticle
}

export interface ArticleForEdit {
  id: number
  title: string
  slug: string
  excerpt: string
  content: string
  featuredImage: string | null
  status: ArticleStatus
  isFeatured: boolean
  hasVideo: boolean
  videoUrl: string | null
  publishedAt: Date | null
  categoryId: number | null
  authorId: string | null
  /** The later bylines, in order (issue 40). */
  coAuthorIds: string[]
  createdAt: Date
  updatedAt: Date
  tags: { id: number; name: string }[]
  /** The library's alt texts and captions of the body's images: the editor shows the captions. */
  bodyImages: BodyImageLibrary
  /** Who may read it (issue 38): the publishing panel's Access. */
  access: AccessLevel
  accessPlanIds: number[]
  freeForNow: boolean
  previewParagraphs: number | null
  /** Search and social fields (article-seo.ts); null: the title, excerpt or featured image. */
  seoTitle: string | null
  metaDescription: string | null
  socialImage: string | null
  /** What the library says of the two pictures: the form's previews crop at their focal points. */
  featuredImageFacts: ImageFacts | null
  socialImageFacts: ImageFacts | null
}

/** docs/product.md §7 "Article by id", with its tags, for the edit form. */
export async function getArticleForEdit(id: number): Promise<ArticleForEdit | null> {
  const db = getDb()
  const [row] = await db
    .select({
      id: articles.id,
      title: articles.title,
      slug: articles.slug,
      excerpt: articles.excerpt,
      content: articles.content,
      featuredImage: articles.featuredImage,
      status: articles.status,
      isFeatured: articles.isFeatured,
      hasVideo: articles.hasVideo,
      videoUrl: articles.videoUrl,
      publishedAt: articles.publishedAt,
      categoryId: articles.categoryId,
      authorId: articles.authorId,
      coAuthorIds: coAuthorIdsColumn,
      createdAt: articles.createdAt,
      updatedAt: articles.updatedAt,
      bodyImages: bodyImagesColumn(articles.content),
      access: articles.access,
      accessPlanIds: articles.accessPlanIds,
      freeForNow: articles.freeForNow,
      previewParagraphs: articles.previewParagraphs,
      seoTitle: articles.seoTitle,
      metaDescription: articles.metaDescription,
      socialImage: articles.socialImage,
      featuredImageFacts: imageFactsColumn(articles.featuredImage),
      socialImageFacts: imageFactsColumn(articles.socialImage),
    })
    .from(articles)
    .where(eq(articles.id, id))
    .limit(1)
  if (!row) return null
  const articleTagRows = await db
    .select({ id: tags.id, name: tags.name })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .where(eq(articleTags.articleId, id))
    .orderBy(asc(tags.name))
  return { ...row, access: accessLevelOf(row.access), tags: articleTagRows }
}

/** docs/product.md §7: "for the form, all ordered by created_at descending limit 10". */
export async function listRecentTags(limit = 10) {
  return getDb()
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .orderBy(desc(tags.createdAt), desc(tags.id))
    .limit(limit)
}

export interface DashboardArticle {
  id: number
  title: string
  status: ArticleStatus
  /** A time still to come: the story is scheduled (article-rules `listedStatus`). */
  publishedAt: Date | null
  categoryName: string | null
  authorId: string | null
  coAuthorIds: string[]
  /** The byline's name; the address only for an account with no name at all. */
  authorName: string | null
  /** The author's address: the Recent Articles table's Author column (spec, Dashboard). */
  authorEmail: string | null
}

export interface DashboardData {
  totalArticles: number
  publishedArticles: number
  categories: number
  users: number
  recent: DashboardArticle[]
}

const dashboardArticleColumns = {
  id: articles.id,
  title: listedTitle,
  status: articles.status,
  publishedAt: articles.publishedAt,
  categoryName: categories.name,
  authorId: articles.authorId,
  coAuthorIds: coAuthorIdsColumn,
  // The newsroom's name for the author (domain/authors), not readers' "Staff".
  authorName: sql<
    string | null
  >`case when ${profiles.id} is null then null else ${newsroomName} end`,
  authorEmail: profiles.email,
}

export async function getDashboardData(): Promise<DashboardData> {
  const db = getDb()
  const [[totalArticles], [published], [categoryCount], [userCount], recent] = await Promise.all([
    db.select({ n: count() }).from(articles),
    // "Published" counts the status, as docs/product.md §7 does; scheduled ones are among them.
    db.select({ n: count() }).from(articles).where(eq(articles.status, 'published')),
    db.select({ n: count() }).from(categories),
    db.select({ n: count() }).from(profiles),
    db
      .select(dashboardArticleColumns)
      .from(articles)
      .leftJoin(categories, eq(categories.id, articles.categoryId))
      .leftJoin(profiles, eq(profiles.id, articles.authorId))
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(5),
  ])
  return {
    totalArticles: totalArticles.n,
    publishedArticles: published.n,
    categories: categoryCount.n,
    users: userCount.n,
    recent,
  }
}

export interface OwnDashboardData {
  /** How many of the writer's articles are in each state. */
  counts: Record<ArticleStatus, number>
  /** `returned`: an editor sent it back with a note the writer has not acted on yet. */
  recent: (DashboardArticle & { returned: boolean })[]
}

/**
 * A writer's dashboard (contributors and authors): the states of their own articles and the
 * five they started last, instead of site-wide figures they cannot act on.
 */
export async function getOwnDashboardData(authorId: string): Promise<OwnDashboardData> {
  const db = getDb()
  // Co-written articles are theirs too (issue 40).
  const own = isBylineOf(authorId)
  const [byStatus, recent] = await Promise.all([
    db
      .select({ status: articles.status, n: count() })
      .from(articles)
      .where(own)
      .groupBy(articles.status),
    db
      .select({
        ...dashboardArticleColumns,
        returned: sql<boolean>`${articles.reviewNote} is not null`,
      })
      .from(articles)
      .leftJoin(categories, eq(categories.id, articles.categoryId))
      .leftJoin(profiles, eq(profiles.id, articles.authorId))
      .where(own)
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(5),
  ])
  const counts: Record<ArticleStatus, number> = {
    draft: 0,
    review: 0,
    published: 0,
    archived: 0,
    hidden: 0,
  }
  for (const row of byStatus) counts[row.status] = row.n
  return { counts, recent }
}

/** The article as readers would see it, whatever its status (admin preview). */
export function getArticlePreview(id: number): Promise<ArticleDetail | null> {
  return findArticleDetail(eq(articles.id, id), 'any')
}
