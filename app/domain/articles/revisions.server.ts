import { and, eq } from 'drizzle-orm'
import { articleRevisions, articles } from '@db/schema/index'
import { canMoveArticleTo, type Actor } from '~/domain/access/access-rules'
import { domainErrors } from '~/domain/domain-error'
import { getDb } from '~/infra/db.server'
import { ARTICLE_STATUS_NAMES } from './articles-schema'
import { updateArticle, type SavedArticle } from './articles.server'

// Restoring a revision: a manual save of the revision's fields, through the same write as the
// form's (updateArticle), so it is one transaction, keeps a revision of its own, follows the
// publishing rules and checks the version the editor compared against.

export class RevisionError extends domainErrors('RevisionError', {
  NOT_FOUND: 404,
  /** The revision's status is one the restorer's role may not put the article in. */
  STATUS_REFUSED: 403,
}) {}

export interface RestoreOptions {
  /** The article's updated_at when the editor looked at the revision (optimistic check). */
  expectedUpdatedAt?: Date | null
  now?: Date
}

/**
 * Writes the revision's title, excerpt, body, status, category, tags and featured image to
 * the article. What revisions do not keep (featured flag, video, byline) stays as it is. A
 * role that may not move the article into the revision's status (a contributor and a
 * published revision) is refused, and nothing is written.
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
  if (!canMoveArticleTo(actor, current, revision.status)) {
    throw new RevisionError(
      'STATUS_REFUSED',
      `Your role cannot restore a revision saved as ${ARTICLE_STATUS_NAMES[revision.status]}.`,
    )
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
    },
    actor,
    // The access check above read this version: a save in between is a conflict, not a
    // status change the check never saw.
    { expectedUpdatedAt: options.expectedUpdatedAt ?? current.updatedAt, now: options.now },
  )
}
