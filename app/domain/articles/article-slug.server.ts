import { and, eq, ne } from 'drizzle-orm'
import { articles } from '@db/schema/index'
import { canChangeArticleSlug, type Actor } from '~/domain/access/access-rules'
import { domainErrors } from '~/domain/domain-error'
import { recordMovedPath } from '~/domain/redirects/redirects.server'
import { getDb } from '~/infra/db.server'
import { slugify } from '~/lib/slugify'
import {
  announceArticleChange,
  queueArticleWebhookEvent,
  readArticleFacts,
} from './article-changes.server'
import { isLive } from './article-rules'

export class ArticleSlugError extends domainErrors('ArticleSlugError', {
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  INVALID_SLUG: 400,
  TAKEN: 409,
}) {}

/** Where readers find an article. */
export const articlePath = (slug: string) => `/article/${slug}`

/**
 * An editor gives an article a new address. Its slug is otherwise fixed once published
 * (article-rules `isSlugLocked`): this is the deliberate move, and the old address answers 301
 * to the new one if readers could ever reach it (published now, or archived or hidden after
 * being published). A slug typed here is claimed, even on a draft: it no longer follows the
 * title. A slug another article has claimed is refused rather than suffixed: the editor chose
 * this address and should know it is not theirs.
 */
export async function changeArticleSlug(
  id: number,
  wanted: string,
  actor: Actor,
  now = new Date(),
) {
  if (!canChangeArticleSlug(actor))
    throw new ArticleSlugError('FORBIDDEN', 'Your role does not allow this.')
  const slug = slugify(wanted)
  if (!slug)
    throw new ArticleSlugError('INVALID_SLUG', 'Slug must contain letters or numbers', {
      field: 'slug',
    })
  const shownBefore = await readArticleFacts(id)
  const saved = await getDb().transaction(async (tx) => {
    const [current] = await tx.select().from(articles).where(eq(articles.id, id)).for('update')
    if (!current) throw new ArticleSlugError('NOT_FOUND', 'This article no longer exists.')
    if (current.slug === slug && current.slugClaimed) return null
    // Drafts' provisional slugs are nobody's yet: only a claimed one is in the way.
    const [clash] = await tx
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.slug, slug), eq(articles.slugClaimed, true), ne(articles.id, id)))
      .limit(1)
    if (clash)
      throw new ArticleSlugError('TAKEN', 'Another article already has this slug', {
        field: 'slug',
      })
    await tx
      .update(articles)
      .set({ slug, slugClaimed: true, updatedAt: now })
      .where(eq(articles.id, id))
    await queueArticleWebhookEvent(tx, id, shownBefore, now)
    if (current.slug === slug) return { id, slug, previousSlug: slug }
    const wasPublic =
      isLive(current, now) || current.status === 'archived' || current.status === 'hidden'
    await recordMovedPath(tx, articlePath(current.slug), articlePath(slug), { wasPublic })
    return { id, slug, previousSlug: current.slug }
  })
  if (saved) await announceArticleChange(id, shownBefore)
  return saved ?? { id, slug, previousSlug: slug }
}
