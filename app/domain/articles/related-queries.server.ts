import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm'
import { articles, articleTags, tags } from '@db/schema/index'
import { readDb } from '~/infra/db.server'
import { BREAKING_NEWS_TAG, selectCards, type ArticleCardData } from './articles-queries.server'
import { isPublicArticle } from '~/domain/published.server'

/** Cards in "More in {category}" at an article's end: one row of the site's card grid. */
export const MORE_IN_CATEGORY_LIMIT = 3
/** Cards in "Related stories". */
export const RELATED_LIMIT = 4
/** A related story's weight halves every this many days of age. */
export const RELATED_HALF_LIFE_DAYS = 30

export interface ArticleEndings {
  moreInCategory: ArticleCardData[]
  related: ArticleCardData[]
}

/** An article as its endings need it: which one, and its category (none: no "More in"). */
export interface EndingsOf {
  id: number
  categoryId: number | null
}

/**
 * The newest public articles in the article's category, never the article itself; none when
 * it has no category. The category's id is a constant to the planner: a small category walks
 * articles_category_idx, a large one the newest public articles, either stopping after
 * `limit` (given as a subquery, the planner assumed an average category and walked every
 * public article for a new one).
 */
export async function listMoreInCategory(
  article: EndingsOf,
  limit = MORE_IN_CATEGORY_LIMIT,
): Promise<ArticleCardData[]> {
  if (article.categoryId === null) return []
  return moreInCategoryQuery(article.id, article.categoryId, limit)
}

/** The card query of listMoreInCategory (exported for EXPLAIN). */
export function moreInCategoryQuery(articleId: number, categoryId: number, limit: number) {
  return selectCards()
    .where(and(isPublicArticle, eq(articles.categoryId, categoryId), ne(articles.id, articleId)))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit)
}

/**
 * Public articles sharing tags with this one, scored by the number of shared tags weighted by
 * age: score = shared × 0.5^(age in days ÷ RELATED_HALF_LIFE_DAYS). Two shared tags a month
 * old weigh as much as one shared today. Never the article itself nor `excludeIds` (the
 * stories already shown in "More in"). The breaking-news tag marks urgency, not a subject: it
 * relates nothing.
 *
 * The candidates come from article_tags alone (its primary key for this article's tags, then
 * article_tags_tag_idx for the articles carrying each), counted before any article row is
 * read; only they are joined to articles.
 */
export function listRelatedArticles(
  articleId: number,
  options: { excludeIds?: number[]; limit?: number } = {},
): Promise<ArticleCardData[]> {
  const db = readDb()
  const own = db
    .select({ tagId: articleTags.tagId })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .where(and(eq(articleTags.articleId, articleId), ne(tags.slug, BREAKING_NEWS_TAG)))
  const shared = db
    .select({
      articleId: articleTags.articleId,
      sharedTags: sql<number>`count(*)::int`.as('shared_tags'),
    })
    .from(articleTags)
    .where(and(sql`${articleTags.tagId} in ${own}`, ne(articleTags.articleId, articleId)))
    .groupBy(articleTags.articleId)
    .as('shared')
  // 2^(−age ÷ half-life) in float8: numeric power() cost 20 times as much per candidate.
  const halfLifeSeconds = sql.raw(String(RELATED_HALF_LIFE_DAYS * 86_400))
  const score = sql<number>`${shared.sharedTags} * power(2::float8, extract(epoch from (${articles.publishedAt} - now()))::float8 / ${halfLifeSeconds})`
  const exclude = options.excludeIds ?? []
  // Ranked on narrow columns first; the cards' columns (and their image lookups) are read for
  // the few that are kept, not for every candidate.
  const ranked = db
    .select({ id: articles.id, score: score.as('score') })
    .from(shared)
    .innerJoin(articles, eq(articles.id, shared.articleId))
    .where(and(isPublicArticle, exclude.length > 0 ? notInArray(articles.id, exclude) : undefined))
    .orderBy(desc(score), desc(articles.publishedAt), desc(articles.id))
    .limit(options.limit ?? RELATED_LIMIT)
    .as('ranked')
  return selectCards()
    .innerJoin(ranked, eq(ranked.id, articles.id))
    .orderBy(desc(ranked.score), desc(articles.publishedAt), desc(articles.id))
}

/** What an article's end shows: "More in {category}", then related stories not among them. */
export async function getArticleEndings(article: EndingsOf): Promise<ArticleEndings> {
  const moreInCategory = await listMoreInCategory(article)
  const related = await listRelatedArticles(article.id, {
    excludeIds: moreInCategory.map((a) => a.id),
  })
  return { moreInCategory, related }
}
