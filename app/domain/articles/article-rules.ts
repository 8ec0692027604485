import type { ArticleStatus } from './articles-schema'

// The publishing rules as pure functions, shared by the writes (articles.server.ts) and the
// form (which shows "Scheduled for …"). Glossary in README.md.

export interface PublishState {
  status: ArticleStatus
  publishedAt: Date | null
}

/** Statuses in which an article has been in front of readers and keeps its publication date. */
const KEEPS_PUBLICATION: readonly ArticleStatus[] = ['published', 'hidden']

/**
 * published_at after a save (docs/product.md "Where we differ" 4 and 1):
 * - becoming or staying published: the date the editor asked for (a future one schedules);
 *   without one, the date it already had while published or hidden, else now;
 * - hidden: keeps the date it had, so "Show" republishes it under its first date;
 * - any other status: none (it is no longer, or not yet, published).
 */
export function nextPublishedAt(
  previous: PublishState | null,
  nextStatus: ArticleStatus,
  requested: Date | null,
  now: Date,
): Date | null {
  const kept = previous && KEEPS_PUBLICATION.includes(previous.status) ? previous.publishedAt : null
  if (nextStatus === 'published') return requested ?? kept ?? now
  if (nextStatus === 'hidden') return kept
  return null
}

/** Dashboard actions as status changes; Show makes a hidden article published again. */
export function statusAfterAction(action: 'archive' | 'hide' | 'show'): ArticleStatus {
  return action === 'archive' ? 'archived' : action === 'hide' ? 'hidden' : 'published'
}

/** Published with a publication time still to come: readers see it from that time on. */
export function isScheduled(state: PublishState, now: Date): boolean {
  return (
    state.status === 'published' &&
    state.publishedAt !== null &&
    state.publishedAt.getTime() > now.getTime()
  )
}

/** What readers can see now; the SQL twin is `isPublicArticle`. */
export function isLive(state: PublishState, now: Date): boolean {
  return (
    state.status === 'published' &&
    state.publishedAt !== null &&
    state.publishedAt.getTime() <= now.getTime()
  )
}

/**
 * The slug follows the title until the article has been published; from then on links to it
 * exist (readers, search engines, the RSS feed), so it never changes again.
 */
export function isSlugLocked(state: PublishState): boolean {
  return state.publishedAt !== null || (state.status !== 'draft' && state.status !== 'review')
}

export function shouldRegenerateSlug(
  previous: PublishState & { title: string },
  nextTitle: string,
): boolean {
  return !isSlugLocked(previous) && previous.title.trim() !== nextTitle.trim()
}
