import { and, desc, eq, notInArray } from 'drizzle-orm'
import { articleRevisions, articles, articleTags, siteSettings, tags } from '@db/schema/index'
import type { Transaction } from '~/infra/db.server'

// Keeping a revision is part of a manual save (createArticle, updateArticle): it runs inside
// the save's transaction, so an article never changes without its history, nor the other way
// round. Autosave keeps none (it would bury the editor's saves under one every 10 s).

/** Site setting `revisions_kept` when the settings row has not been written yet. */
export const DEFAULT_REVISIONS_KEPT = 100

async function revisionsKept(tx: Transaction): Promise<number> {
  const [row] = await tx
    .select({ kept: siteSettings.revisionsKept })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
  return Math.max(1, row?.kept ?? DEFAULT_REVISIONS_KEPT)
}

/**
 * Stores the article as the save left it (read back, so the revision is exactly what was
 * written: sanitised body, tags by name), then drops the oldest beyond the site's limit.
 */
export async function recordRevision(
  tx: Transaction,
  articleId: number,
  actor: { id: string },
  now: Date,
): Promise<void> {
  const [saved] = await tx
    .select({
      title: articles.title,
      excerpt: articles.excerpt,
      content: articles.content,
      status: articles.status,
      categoryId: articles.categoryId,
      featuredImage: articles.featuredImage,
      access: articles.access,
      accessPlanIds: articles.accessPlanIds,
      freeForNow: articles.freeForNow,
      previewParagraphs: articles.previewParagraphs,
      seoTitle: articles.seoTitle,
      metaDescription: articles.metaDescription,
      socialImage: articles.socialImage,
    })
    .from(articles)
    .where(eq(articles.id, articleId))
  if (!saved) return
  const tagRows = await tx
    .select({ name: tags.name })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .where(eq(articleTags.articleId, articleId))
    .orderBy(tags.name)
  await tx.insert(articleRevisions).values({
    ...saved,
    articleId,
    tagNames: tagRows.map((tag) => tag.name),
    createdBy: actor.id,
    createdAt: now,
  })
  const keep = tx
    .select({ id: articleRevisions.id })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.id))
    .limit(await revisionsKept(tx))
  await tx
    .delete(articleRevisions)
    .where(and(eq(articleRevisions.articleId, articleId), notInArray(articleRevisions.id, keep)))
}
