import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm'
import {
  articleCorrections,
  articles,
  articleTags,
  categories,
  profiles,
  siteSettings,
  tags,
} from '@db/schema/index'
import { bylineColumns, bylinesColumn } from '~/domain/authors/authors-queries.server'
import type { BylineRow } from '~/domain/authors/byline'
import { isBylineOf } from '~/domain/access/bylines.server'
import type { BodyImageLibrary } from '~/domain/media/body-images'
import { bodyImagesColumn } from '~/domain/media/body-images.server'
import { relatedCardsColumn, type RelatedCards } from '~/domain/related-cards.server'
import { imageFactsColumn } from '~/domain/media/image-facts.server'
import type { ImageFacts } from '~/domain/media/media-schema'
import type { TagLink } from '~/domain/tags/tags-queries.server'
import { isLiveNow, liveUpdatedAt, modifiedWithLive } from '~/domain/live/live-now.server'
import { getDb, readDb } from '~/infra/db.server'
import { cacheKey, noteShownKeys } from '~/infra/cache-keys.server'
import { memoized } from '~/infra/memo-cache.server'
import type { AccessLevel } from '~/domain/membership/access-level'
import type { ArticleStatus } from './articles-schema'
import type { CorrectionRow } from './corrections-queries.server'
import { isPublicArticle, nextPublicationAt } from '~/domain/published.server'

/** What an article card needs; readers see an author's name, never the user row. */
export interface ArticleCardData {
  id: number
  slug: string
  title: string
  excerpt: string
  featuredImage: string | null
  /** The featured image's alt text, caption and size from the media library (null: unknown). */
  featuredImageFacts?: ImageFacts | null
  hasVideo: boolean
  isFeatured: boolean
  publishedAt: Date | null
  wordCount: number
  categoryName: string | null
  categorySlug: string | null
  /** Its live coverage is running: the card's LIVE badge (absent where a list does not ask). */
  isLive?: boolean
  /** While live, the coverage's newest change: the card says "Updated …" from it. */
  liveUpdatedAt?: Date | null
  /** A members story (not free for now): the card's "Members" label (absent where not asked). */
  isMembers?: boolean
}

/** The columns of ArticleCardData; other read models (trending, search) select the same. */
export const cardColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  excerpt: articles.excerpt,
  featuredImage: articles.featuredImage,
  featuredImageFacts: imageFactsColumn(articles.featuredImage),
  hasVideo: articles.hasVideo,
  isFeatured: articles.isFeatured,
  publishedAt: articles.publishedAt,
  wordCount: sql<number>`coalesce(${articles.wordCount}, 0)`,
  categoryName: categories.name,
  categorySlug: categories.slug,
  isLive: isLiveNow(articles.id),
  liveUpdatedAt: liveUpdatedAt(articles.id),
  isMembers: sql<boolean>`(${articles.access} = 'members' and not ${articles.freeForNow})`,
}

/** Cards with their category: the start of a card list, to which a read model adds the rest. */
export function selectCards() {
  return readDb()
    .select(cardColumns)
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .$dynamic()
}

export interface Page<T> {
  items: T[]
  total: number
  page: number
  pageSize: number
  pageCount: number
}

function toPage<T>(items: T[], total: number, page: number, pageSize: number): Page<T> {
  return { items, total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) }
}

export async function listPublishedArticles(
  options: {
    categoryId?: number
    tagId?: number
    /** One author's articles, first byline or co-author (the author page). */
    authorId?: string
    page?: number
    pageSize?: number
  } = {},
): Promise<Page<ArticleCardData>> {
  const db = readDb()
  const page = Math.max(1, options.page ?? 1)
  const pageSize = options.pageSize ?? 12
  const filters = [isPublicArticle]
  if (options.categoryId !== undefined) filters.push(eq(articles.categoryId, options.categoryId))
  // An author's articles are those with their byline, co-written ones included (issue 40).
  if (options.authorId !== undefined) filters.push(isBylineOf(options.authorId))
  if (options.tagId !== undefined) {
    filters.push(
      inArray(
        articles.id,
        db
          .select({ id: articleTags.articleId })
          .from(articleTags)
          .where(eq(articleTags.tagId, options.tagId)),
      ),
    )
  }
  const where = and(...filters)
  const [items, [{ total }]] = await Promise.all([
    selectCards()
      .where(where)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(articles).where(where),
  ])
  // The page shows these articles, and changes when one joins or leaves the list it pages.
  noteShownKeys([
    options.categoryId !== undefined
      ? cacheKey.category(options.categoryId)
      : options.tagId !== undefined
        ? cacheKey.tag(options.tagId)
        : options.authorId !== undefined
          ? cacheKey.author(options.authorId)
          : 'front',
    ...items.map((item) => cacheKey.article(item.id)),
  ])
  return toPage(items, total, page, pageSize)
}

/** Newest featured article; the newest article when none is featured. */
export async function getFeaturedArticle(): Promise<ArticleCardData | null> {
  const [row] = await selectCards()
    .where(isPublicArticle)
    .orderBy(desc(articles.isFeatured), desc(articles.publishedAt), desc(articles.id))
    .limit(1)
  return row ?? null
}

export interface ArticleDetail extends ArticleCardData {
  status: ArticleStatus
  content: string
  videoUrl: string | null
  updatedAt: Date
  /** Last change readers could see after publication ("Updated …"). */
  revisedAt: Date | null
  /** The byline's name (`bylineColumns`): the display name, else the username. */
  authorName: string | null
  authorUsername: string | null
  /** The byline's account (its cache key: a renamed author changes the page). */
  authorId: string | null
  /** Every byline in order, the first included (`bylinesColumn`). */
  bylines: (BylineRow & { id: string })[]
  categoryId: number | null
  tags: TagLink[]
  /** Its corrections, newest first. */
  corrections: CorrectionRow[]
  /** The library's alt text and caption of the images its body names by media id. */
  bodyImages: BodyImageLibrary
  /** The public stories its related-article cards name. */
  relatedCards: RelatedCards
  /** What it asks of its reader (app/domain/membership/access-level.ts: `ArticleGate`). */
  access: AccessLevel
  accessPlanIds: number[]
  freeForNow: boolean
  /** Paragraphs before the wall; null: the site's default. */
  previewParagraphs: number | null
  /** Search and social fields (article-seo.ts `articleSeo`); null: the title, excerpt, image. */
  seoTitle: string | null
  metaDescription: string | null
  socialImage: string | null
  /** What the library says of the social image (its focal point for the social crop). */
  socialImageFacts?: ImageFacts | null
}

// An article's tags by name, and its corrections newest first, as columns of its row: the
// page is one statement (each round trip to the embedded database costs more than the rows).
const tagsOfArticle = sql<
  TagLink[]
>`coalesce((select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'slug', ${tags.slug}) order by ${tags.name}) from ${articleTags} inner join ${tags} on ${tags.id} = ${articleTags.tagId} where ${articleTags.articleId} = ${articles.id}), '[]'::json)`
const correctionsOfArticle =
  sql`coalesce((select json_agg(json_build_object('id', ${articleCorrections.id}, 'text', ${articleCorrections.text}, 'correctedAt', ${articleCorrections.correctedAt}) order by ${articleCorrections.correctedAt} desc, ${articleCorrections.id} desc) from ${articleCorrections} where ${articleCorrections.articleId} = ${articles.id}), '[]'::json)`.mapWith(
    (rows: { id: number; text: string; correctedAt: string }[]): CorrectionRow[] =>
      rows.map((row) => ({ ...row, correctedAt: new Date(row.correctedAt) })),
  )

/**
 * One article with everything its page shows, its tags and corrections included: the single
 * statement behind the public page and the
 * admin preview. `'public'` adds isPublicArticle (published and live); `'any'` sees every
 * status and is for the back office only, behind requireStaff.
 */
export async function findArticleDetail(
  match: SQL,
  visibility: 'public' | 'any',
): Promise<ArticleDetail | null> {
  const [row] = await selectArticleDetails(visibility)
    .where(visibility === 'public' ? and(isPublicArticle, match) : match)
    .limit(1)
  return row ?? null
}

/**
 * ArticleDetail rows, to which the caller adds its conditions, order and limit (the Content
 * API pages them). `'public'` reads the replica (DATABASE_READ_URL) and its caller must add
 * isPublicArticle; `'any'` reads the back office's own writes.
 */
export function selectArticleDetails(visibility: 'public' | 'any') {
  return (visibility === 'public' ? readDb() : getDb())
    .select({
      ...cardColumns,
      categoryId: articles.categoryId,
      authorId: articles.authorId,
      status: articles.status,
      content: articles.content,
      videoUrl: articles.videoUrl,
      updatedAt: articles.updatedAt,
      revisedAt: articles.revisedAt,
      ...bylineColumns,
      bylines: bylinesColumn,
      tags: tagsOfArticle,
      corrections: correctionsOfArticle,
      bodyImages: bodyImagesColumn(articles.content),
      relatedCards: relatedCardsColumn(articles.content),
      access: sql<AccessLevel>`${articles.access}`,
      accessPlanIds: articles.accessPlanIds,
      freeForNow: articles.freeForNow,
      previewParagraphs: articles.previewParagraphs,
      seoTitle: articles.seoTitle,
      metaDescription: articles.metaDescription,
      socialImage: articles.socialImage,
      socialImageFacts: imageFactsColumn(articles.socialImage),
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(profiles, eq(profiles.id, articles.authorId))
    .$dynamic()
}

export function getPublishedArticleBySlug(slug: string): Promise<ArticleDetail | null> {
  return findArticleDetail(eq(articles.slug, slug), 'public')
}

export const BREAKING_NEWS_TAG = 'breaking-news'

export interface BreakingNewsItem {
  id: number
  slug: string
  title: string
  publishedAt: Date | null
  /** The last change readers could see, if any (the bar says when it was last touched). */
  revisedAt: Date | null
  /** When it leaves the bar (breaking-news-rules.ts: `breakingExpiry`). */
  expiresAt: Date
  /** Its live coverage is running: marked LIVE in the bar. */
  isLive: boolean
}

/**
 * Published articles tagged breaking-news whose time on the bar has not run out at `now`,
 * newest first. The expiry is `breakingExpiry` in SQL: the editor's `breaking_until`, else
 * publication plus the site's `breaking_news_hours` (12 while settings are unsaved).
 */
export function listBreakingNews(limit = 10, now?: Date): Promise<BreakingNewsItem[]> {
  return limit === BREAKING_BAR_LENGTH && !now ? breakingBar() : readBreakingNews(limit, now)
}

const BREAKING_BAR_LENGTH = 10

// The bar, on every page: kept in memory until a write, until its first item runs out, until
// a scheduled article goes public, and for 30 s at most. The list is frozen.
const breakingBar = memoized('breaking-news-bar', () => readBreakingNews(BREAKING_BAR_LENGTH), {
  ttlMs: 30_000,
  expiresAt: async (items) => {
    const ends = items.map((item) => item.expiresAt.getTime())
    const next = await nextPublicationAt()
    if (next !== null) ends.push(next)
    return ends.length ? Math.min(...ends) : null
  },
  shows: () => ['breaking'],
})

async function readBreakingNews(limit: number, now: Date = new Date()) {
  const db = getDb()
  // The tag's id first: as a constant the planner sees how few articles carry it. Joined by
  // slug it assumed an average tag and walked every public article newest first (41 ms
  // instead of 0.1 ms at 10,000 articles; docs/performance.md). This runs on every page.
  const [tag] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(eq(tags.slug, BREAKING_NEWS_TAG))
    .limit(1)
  if (!tag) return []
  const hours = sql`coalesce((select ${siteSettings.breakingNewsHours} from ${siteSettings} where ${siteSettings.id} = 1), 12)`
  const expiresAt = sql<Date>`coalesce(${articles.breakingUntil}, ${articles.publishedAt} + make_interval(hours => ${hours}))`
  return db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      publishedAt: articles.publishedAt,
      revisedAt: articles.revisedAt,
      expiresAt: expiresAt.mapWith(articles.publishedAt),
      isLive: isLiveNow(articles.id),
    })
    .from(articles)
    .innerJoin(articleTags, eq(articleTags.articleId, articles.id))
    .where(
      and(
        isPublicArticle,
        eq(articleTags.tagId, tag.id),
        sql`${expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(articles.publishedAt))
    .limit(limit)
}

/**
 * The newest `perCategory` published articles of every category, in one query (home page
 * sections), keyed by category id. Each category's are read from its index (category, status,
 * date) a few rows at a time: ranking every public article by category instead grew with the
 * archive (0.7 s at 200,000 articles on PostgreSQL).
 */
export async function listLatestPerCategory(
  perCategory = 3,
): Promise<Map<number, ArticleCardData[]>> {
  const db = readDb()
  // The inner "articles" is the lateral query's own: isPublicArticle's columns name it there.
  const newestOfCategory = db
    .select({ id: articles.id })
    .from(articles)
    .where(and(isPublicArticle, eq(articles.categoryId, sql`category.id`)))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(perCategory)
  const rows = await db
    .select({ ...cardColumns, categoryId: articles.categoryId })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(
      inArray(
        articles.id,
        sql`(select newest.id from ${categories} as category cross join lateral (${newestOfCategory}) as newest)`,
      ),
    )
    .orderBy(desc(articles.publishedAt), desc(articles.id))
  const byCategory = new Map<number, ArticleCardData[]>()
  for (const { categoryId, ...card } of rows) {
    if (categoryId === null) continue
    const list = byCategory.get(categoryId) ?? []
    list.push(card)
    byCategory.set(categoryId, list)
  }
  return byCategory
}

/** Public articles published at or after `since` (Google News sitemap: the last 2 days). */
export async function listPublishedSince(since: Date, limit = 1000) {
  return readDb()
    .select({
      slug: articles.slug,
      title: articles.title,
      publishedAt: articles.publishedAt,
      // A live article changes with each entry: its newest, like the other sitemaps' lastmod.
      lastModified: modifiedWithLive(articles.id, articles.updatedAt).mapWith(articles.updatedAt),
    })
    .from(articles)
    .where(and(isPublicArticle, gte(articles.publishedAt, since)))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit)
}

/** When the next scheduled article goes public (a cached page must not outlive it). */
export async function nextScheduledPublication(): Promise<Date | null> {
  const [row] = await getDb()
    .select({ at: articles.publishedAt })
    .from(articles)
    .where(and(eq(articles.status, 'published'), sql`${articles.publishedAt} > now()`))
    .orderBy(articles.publishedAt)
    .limit(1)
  return row?.at ?? null
}
