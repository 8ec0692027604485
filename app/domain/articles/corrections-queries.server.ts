import { and, count, desc, eq } from 'drizzle-orm'
import { articleCorrections, articles } from '@db/schema/index'
import { noteShownKeys } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { isPublicArticle } from '~/domain/published.server'

// Reads of corrections: one article's (its page, its JSON-LD, the editor's panel) and the
// latest of every public article (/corrections).

export interface CorrectionRow {
  id: number
  text: string
  correctedAt: Date
}

const newestFirst = [desc(articleCorrections.correctedAt), desc(articleCorrections.id)]

/** Whether an article takes corrections: its status and publication time, or null. */
export async function getPublishState(articleId: number) {
  const [row] = await getDb()
    .select({ status: articles.status, publishedAt: articles.publishedAt })
    .from(articles)
    .where(eq(articles.id, articleId))
  return row ?? null
}

/** An article's corrections, newest first. */
export async function listArticleCorrections(articleId: number): Promise<CorrectionRow[]> {
  return getDb()
    .select({
      id: articleCorrections.id,
      text: articleCorrections.text,
      correctedAt: articleCorrections.correctedAt,
    })
    .from(articleCorrections)
    .where(eq(articleCorrections.articleId, articleId))
    .orderBy(...newestFirst)
}

export interface LatestCorrection extends CorrectionRow {
  articleTitle: string
  articleSlug: string
}

/** The latest corrections of articles readers can see, newest first, a page at a time. */
export async function listLatestCorrections({
  page,
  pageSize,
}: {
  page: number
  pageSize: number
}): Promise<{ items: LatestCorrection[]; total: number; page: number; pageCount: number }> {
  const db = getDb()
  const visible = and(isPublicArticle, eq(articles.id, articleCorrections.articleId))
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: articleCorrections.id,
        text: articleCorrections.text,
        correctedAt: articleCorrections.correctedAt,
        articleTitle: articles.title,
        articleSlug: articles.slug,
      })
      .from(articleCorrections)
      .innerJoin(articles, visible)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(articleCorrections).innerJoin(articles, visible),
  ])
  noteShownKeys(['corrections', 'front'])
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) }
}
