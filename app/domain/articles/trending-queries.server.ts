import { and, count, desc, eq, gte, notInArray, sql } from 'drizzle-orm'
import { articles, articleTags, articleViews, tags } from '@db/schema/index'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { tagLinkColumns, type TagLink } from '~/domain/tags/tags-queries.server'
import { readDb } from '~/infra/db.server'
import { selectCards, type ArticleCardData } from './articles-queries.server'
import { isPublicArticle } from '~/domain/published.server'
import { siteDay } from './view-counter.server'

/**
 * "Trending" looks at the last 7 days of the paper, today included: its days in the site
 * settings' zone, as `article_views` counts them and the desk's figures read them.
 */
export const TRENDING_DAYS = 7

export interface TrendingOptions {
  /** The moment whose paper's day ends the window; by default now. */
  now?: Date
}

/** Views since the first day of the window, the paper's today less 6 days. */
async function recentViews({ now = new Date() }: TrendingOptions) {
  const today = siteDay(now, (await getSiteSettings()).timeZone)
  return readDb()
    .select({
      articleId: articleViews.articleId,
      views: sql<number>`sum(${articleViews.views})::int`.as('views'),
    })
    .from(articleViews)
    .where(gte(articleViews.day, sql`${today}::date - ${sql.raw(String(TRENDING_DAYS - 1))}`))
    .groupBy(articleViews.articleId)
    .as('recent_views')
}

/**
 * Public articles ranked by page views in the last 7 days; when fewer than `limit` have been
 * viewed, the newest articles fill the rest (so a new site still has a trending section).
 */
export async function listTrendingArticles(
  limit = 6,
  options: TrendingOptions & { excludeIds?: number[] } = {},
): Promise<ArticleCardData[]> {
  const exclude = options.excludeIds ?? []
  const views = await recentViews(options)
  const notExcluded = exclude.length > 0 ? notInArray(articles.id, exclude) : undefined
  const viewed = await selectCards()
    .innerJoin(views, eq(views.articleId, articles.id))
    .where(and(isPublicArticle, notExcluded))
    .orderBy(desc(views.views), desc(articles.publishedAt), desc(articles.id))
    .limit(limit)
  if (viewed.length >= limit) return viewed
  const newest = await selectCards()
    .where(
      and(
        isPublicArticle,
        exclude.length + viewed.length > 0
          ? notInArray(articles.id, [...exclude, ...viewed.map((a) => a.id)])
          : undefined,
      ),
    )
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit - viewed.length)
  return [...viewed, ...newest]
}

/** Tags joined to the articles that carry them; the caller keeps the public ones. */
function selectArticleTags() {
  return readDb()
    .select(tagLinkColumns)
    .from(tags)
    .innerJoin(articleTags, eq(articleTags.tagId, tags.id))
    .innerJoin(articles, eq(articles.id, articleTags.articleId))
    .$dynamic()
}

/** How many of the newest public articles the tags' top-up counts over. */
export const TRENDING_TAGS_RECENT_ARTICLES = 1000

/**
 * Tags of the most-viewed public articles of the last 7 days; topped up with the tags on the
 * most of the newest 1,000 public articles (counting over every article took 0.2 s at 200,000
 * on PostgreSQL, and a tag that was busy years ago is not trending). A tag with no public
 * article never shows.
 */
export async function listTrendingTags(
  limit = 10,
  options: TrendingOptions = {},
): Promise<TagLink[]> {
  const views = await recentViews(options)
  const byViews = await selectArticleTags()
    .innerJoin(views, eq(views.articleId, articles.id))
    .where(isPublicArticle)
    .groupBy(tags.id)
    .orderBy(desc(sql`sum(${views.views})`), tags.name)
    .limit(limit)
  if (byViews.length >= limit) return byViews
  const newest = readDb()
    .select({ id: articles.id })
    .from(articles)
    .where(isPublicArticle)
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(TRENDING_TAGS_RECENT_ARTICLES)
    .as('newest')
  const byArticles = await readDb()
    .select(tagLinkColumns)
    .from(tags)
    .innerJoin(articleTags, eq(articleTags.tagId, tags.id))
    .innerJoin(newest, eq(newest.id, articleTags.articleId))
    .where(
      byViews.length > 0
        ? notInArray(
            tags.id,
            byViews.map((t) => t.id),
          )
        : undefined,
    )
    .groupBy(tags.id)
    .orderBy(desc(count()), tags.name)
    .limit(limit - byViews.length)
  return [...byViews, ...byArticles]
}
