import { logger } from '~/infra/logger.server'
import { type CacheKey, cacheKey } from '~/infra/cache-keys.server'
import { memoizedByKey } from '~/infra/memo-cache.server'
import { getPublishedArticleBySlug, type ArticleDetail } from './articles-queries.server'
import { nextPublicationAt } from '~/domain/published.server'
import { getArticleEndings, type ArticleEndings } from './related-queries.server'

export interface PublicArticlePage {
  article: ArticleDetail
  endings: ArticleEndings
  /** False when the endings could not be read (logged): the page shows the article alone. */
  endingsRead: boolean
}

/** How many article pages are kept in memory at most (the most read). */
export const ARTICLE_PAGES_KEPT = 200

/**
 * A public article by its slug with its tags, corrections and endings (three statements), or
 * null. Kept in memory like the site's chrome (memo-cache.server.ts) for the most read
 * articles: until a write, until the next scheduled article goes public, 60 s at most. A
 * missing slug is not kept (any address a reader types would fill the cache), nor a page
 * whose endings failed.
 */
export const getPublicArticlePage: (slug: string) => Promise<PublicArticlePage | null> =
  memoizedByKey(
    'public-article-page',
    async (slug) => {
      const article = await getPublishedArticleBySlug(slug)
      if (!article) return null
      // The article's end degrades on its own: a failed list costs only itself.
      try {
        return { article, endings: await getArticleEndings(article), endingsRead: true }
      } catch (error) {
        logger.error({ err: error, articleId: article.id }, 'loading the article endings failed')
        return { article, endings: { moreInCategory: [], related: [] }, endingsRead: false }
      }
    },
    {
      ttlMs: 60_000,
      maxEntries: ARTICLE_PAGES_KEPT,
      keep: (page) => page !== null && page.endingsRead,
      expiresAt: () => nextPublicationAt(),
      shows: (page) => (page ? articlePageKeys(page) : []),
    },
  )

/** What an article's page shows: the article, its category, byline and tags, its endings. */
function articlePageKeys({ article, endings }: PublicArticlePage): CacheKey[] {
  return [
    cacheKey.article(article.id),
    ...(article.categoryId !== null ? [cacheKey.category(article.categoryId)] : []),
    ...article.bylines.map((byline) => cacheKey.author(byline.id)),
    ...article.tags.map((tag) => cacheKey.tag(tag.id)),
    ...[...endings.moreInCategory, ...endings.related].map((card) => cacheKey.article(card.id)),
  ]
}
