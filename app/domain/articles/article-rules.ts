import { slugify } from '~/lib/slugify'
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

/** What a staff list's status badge says: "Scheduled" for a story whose time is to come. */
export type ListedStatus = ArticleStatus | 'scheduled'

/**
 * The status the dashboard and the articles list show: published with a publication time
 * still ahead is scheduled (readers cannot see it yet), however far ahead; the rest as stored.
 */
export function listedStatus(state: PublishState, now: Date): ListedStatus {
  return isScheduled(state, now) ? 'scheduled' : state.status
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
 * Once published, links to an article exist (readers, search engines, the RSS feed), so its
 * slug never changes again except by an editor's deliberate move (article-slug.server.ts).
 */
export function isSlugLocked(state: PublishState): boolean {
  return state.publishedAt !== null || (state.status !== 'draft' && state.status !== 'review')
}

/** Statuses in which a saved article goes in front of readers (or has been): its slug is claimed. */
export function claimsSlug(status: ArticleStatus): boolean {
  return status !== 'draft' && status !== 'review'
}

export type SlugPlan =
  /** The article holds its slug: it never follows the title again. */
  | { kind: 'keep' }
  /** Unpublished: the title's slug, which other drafts may share and which blocks no one. */
  | { kind: 'provisional'; slug: string }
  /** Going public: the title's slug, or -2, -3… if a claimed slug has it. */
  | { kind: 'claim'; base: string }

/**
 * What a save does with the slug (docs/product.md "Where we differ" 5). Unique slugs are decided
 * at publication, or when an editor types one, so two drafts titled alike never block each
 * other and an abandoned draft never takes a story's address.
 */
export function planSlug(
  previous: { slugClaimed: boolean } | null,
  nextTitle: string,
  nextStatus: ArticleStatus,
): SlugPlan {
  if (previous?.slugClaimed) return { kind: 'keep' }
  const base = slugify(nextTitle) || 'untitled'
  return claimsSlug(nextStatus) ? { kind: 'claim', base } : { kind: 'provisional', slug: base }
}
