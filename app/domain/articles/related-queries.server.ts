import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
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
/** The newest articles of each tag that may be related (by id: the order they were made in). */
export const RELATED_CANDIDATES_PER_TAG = 500

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
 * The candidates are the newest RELATED_CANDIDATES_PER_TAG articles carrying each of its tags,
 * read from article_tags alone (its primary key for this article's tags, then
 * article_tags_tag_idx backwards from the newest id for each tag) and counted before any
 * article row is read; only they are joined to articles. At a weight halving each month an
 * older story shares its tags in vain: counting every article of a busy tag took 135–262 ms
 * at 200,000 articles, on every uncached article page (signed-in readers and members).
 */
export function listRelatedArticles(
  articleId: number,
  options: { excludeIds?: number[]; limit?: number; candidatesPerTag?: number } = {},
): Promise<ArticleCardData[]> {
  const db = readDb()
  const own = db
    .select({ tagId: articleTags.tagId })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .where(and(eq(articleTags.articleId, articleId), ne(tags.slug, BREAKING_NEWS_TAG)))
    .as('own_tags')
  const tagged = alias(articleTags, 'tagged')
  const newest = db
    .select({ articleId: tagged.articleId })
    .from(tagged)
    .where(and(eq(tagged.tagId, own.tagId), ne(tagged.articleId, articleId)))
    .orderBy(desc(tagged.articleId))
    .limit(options.candidatesPerTag ?? RELATED_CANDIDATES_PER_TAG)
    .as('newest')
  const shared = db
    .select({
      articleId: newest.articleId,
      sharedTags: sql<number>`count(*)::int`.as('shared_tags'),
    })
    .from(own)
    .crossJoinLateral(newest)
    .groupBy(newest.articleId)
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
