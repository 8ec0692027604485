import { and, eq } from 'drizzle-orm'
import { articleRevisions, articles } from '@db/schema/index'
import type { Actor } from '~/domain/access/access-rules'
import { domainErrors } from '~/domain/domain-error'
import { getDb } from '~/infra/db.server'
import { revisionAccess } from './article-access'
import { updateArticle, type SavedArticle } from './articles.server'

// Restoring a revision: a manual save of the revision's fields, through the same write as the
// form's (updateArticle), so it is one transaction, keeps a revision of its own, follows the
// publishing rules and the field rules (article-field-rules.ts: the revision's status, its
// breaking-news tag), and checks the version the editor compared against.

export class RevisionError extends domainErrors('RevisionError', {
  NOT_FOUND: 404,
}) {}

export interface RestoreOptions {
  /** The article's updated_at when the editor looked at the revision (optimistic check). */
  expectedUpdatedAt?: Date | null
  now?: Date
}

/**
 * Writes the revision's title, excerpt, body, status, category, tags, featured image and
 * access level to the article. What revisions do not keep (featured flag, video, byline) stays as it is. A
 * change the role may not make — a status it may not reach (a contributor and a published
 * revision), the breaking-news tag put back or taken off by a non-editor — is refused by the
 * field rules (`ArticleFieldError`, 403), and nothing is written.
 */
export async function restoreRevision(
  articleId: number,
  revisionId: number,
  actor: Actor,
  options: RestoreOptions = {},
): Promise<SavedArticle> {
  const db = getDb()
  const [[revision], [current]] = await Promise.all([
    db
      .select()
      .from(articleRevisions)
      .where(and(eq(articleRevisions.id, revisionId), eq(articleRevisions.articleId, articleId))),
    db.select().from(articles).where(eq(articles.id, articleId)),
  ])
  if (!current) throw new RevisionError('NOT_FOUND', 'This article no longer exists.')
  if (!revision) {
    throw new RevisionError('NOT_FOUND', 'This revision no longer exists. Reload the list.')
  }
  return updateArticle(
    articleId,
    {
      title: revision.title,
      excerpt: revision.excerpt,
      content: revision.content,
      status: revision.status,
      categoryId: revision.categoryId,
      featuredImage: revision.featuredImage,
      tags: [],
      // By name: a tag deleted since comes back.
      newTags: revision.tagNames,
      publishedAt: null,
      isFeatured: current.isFeatured,
      hasVideo: current.hasVideo,
      videoUrl: current.videoUrl,
      authorId: current.authorId,
      // Kept with the title and excerpt they stand in for (null in revisions before them).
      seoTitle: revision.seoTitle,
      metaDescription: revision.metaDescription,
      socialImage: revision.socialImage,
      // Who may read it, as saved then; a revision kept before access levels leaves it alone.
      ...(revisionAccess(revision) ?? {}),
    },
    actor,
    // The revision was compared with this version: a save in between is a conflict, not a
    // change the restorer never saw.
    { expectedUpdatedAt: options.expectedUpdatedAt ?? current.updatedAt, now: options.now },
  )
}
