import {
  canCreateArticle,
  canEditArticle,
  canFeatureArticles,
  canManageBreakingNews,
  canMoveArticleTo,
  canReviewArticles,
  canSetArticleAccess,
  canSetByline,
  type Actor,
  type ArticleAccessFacts,
} from '~/domain/access/access-rules'
import type { AccessLevel } from '~/domain/membership/access-level'
import { slugify } from '~/lib/slugify'
import { defaultAccessState, sameAccess, type ArticleAccessState } from './article-access'
import { isSlugLocked } from './article-rules'
import { ARTICLE_STATUS_NAMES, type ArticleStatus } from './articles-schema'
import { BREAKING_NEWS_TAG_SLUG } from './breaking-news-rules'

// Which fields of an article a role may change: the one table, applied by every article write
// (article-field-rules.server.ts compares the row before and after inside the write's
// transaction), whatever path the write came by — form, autosave, revision restore, review,
// scheduled publication, row actions, and any future API or importer. Client-safe and pure,
// so the form asks the same rules to disable what would be refused.

/** What the rules look at: the article as stored, or as a write is about to leave it. */
export interface ArticleFieldState {
  /** The first byline. */
  authorId: string | null
  /** The later bylines, in order (issue 40). */
  coAuthorIds: readonly string[]
  status: ArticleStatus
  publishedAt: Date | null
  slug: string
  isFeatured: boolean
  /** Tagged breaking-news (slug `breaking-news`): on the bar once public. */
  isBreaking: boolean
  /** When an editor last returned it to its writer with a note; null without a note. */
  reviewNoteAt: Date | null
  categoryId: number | null
  /** Its category's default access (everyone without a category): where a new article starts. */
  categoryAccess: AccessLevel
  /** Who may read it (issue 38). */
  access: ArticleAccessState
}

export const FIELD_REFUSALS = [
  /** The role may not write this article at all (someone else's, or no longer a draft). */
  'EDIT_REFUSED',
  /** The status it would reach (or leave) needs the right to publish this article. */
  'STATUS_REFUSED',
  /** Another writer's name on the article: editors only. */
  'BYLINE_REFUSED',
  /** The breaking-news tag, put on or taken off: editors only. */
  'BREAKING_NEWS_REFUSED',
  /** The featured flag, set or cleared: editors only. */
  'FEATURED_REFUSED',
  /** A note returning the article to its writer: reviewers only. */
  'REVIEW_REFUSED',
  /** Who may read it (access level, plans, free for now, preview): whoever may publish it. */
  'ACCESS_REFUSED',
  /** The slug of an article that has been public: no one, links to it exist. */
  'SLUG_LOCKED',
] as const
export type FieldRefusalCode = (typeof FIELD_REFUSALS)[number]

export const BREAKING_NEWS_REFUSED_MESSAGE =
  'Only an editor can put an article on the breaking-news bar or take it off (the Breaking News tag).'

/** A tag name that is the breaking-news tag: the saves find a tag by name, and it by address. */
export function isBreakingNewsTagName(name: string): boolean {
  return slugify(name) === BREAKING_NEWS_TAG_SLUG
}

export const ACCESS_REFUSED_MESSAGE =
  'Only someone who may publish this article can change who may read it.'

/**
 * Whether the write changes who may read the article. A new article starts at its category's
 * default; a write that moves an article to another category and takes that category's default
 * with it follows the category (as the form does) rather than choosing.
 */
function changesAccess(before: ArticleFieldState | null, after: ArticleFieldState): boolean {
  const categoryDefault = defaultAccessState(after.categoryAccess)
  if (sameAccess(after.access, before?.access ?? categoryDefault)) return false
  const movedCategory = before !== null && before.categoryId !== after.categoryId
  return !(movedCategory && sameAccess(after.access, categoryDefault))
}

function sameIds(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((id, index) => id === b[index])
}

export interface FieldRefusal {
  code: FieldRefusalCode
  message: string
}

/** Whether `actor` may write to this article at all (`null`: a new one). */
export function refuseWriter(
  actor: Actor,
  current: ArticleAccessFacts | null,
): FieldRefusal | null {
  const allowed = current ? canEditArticle(actor, current) : canCreateArticle(actor)
  if (allowed) return null
  return {
    code: 'EDIT_REFUSED',
    message: current
      ? 'Your role does not allow you to edit this article.'
      : 'Your role does not allow you to write articles.',
  }
}

/** Only a new note counts: a save clearing one as the article moves on changes no one's words. */
function writesReviewNote(before: ArticleFieldState | null, after: ArticleFieldState) {
  if (after.reviewNoteAt === null) return false
  return before?.reviewNoteAt?.getTime() !== after.reviewNoteAt.getTime()
}

/**
 * What restoring a revision would change that the role may not: its status, its
 * breaking-news tag and its access level (byline and featured flag are not in revisions). For the revision list's
 * Restore buttons; the restore itself is checked by its write.
 */
export function refuseRestore(
  actor: Actor,
  current: ArticleFieldState,
  revision: { status: ArticleStatus; isBreaking: boolean; access?: ArticleAccessState },
): FieldRefusal | null {
  return refuseFieldChanges(actor, current, {
    ...current,
    status: revision.status,
    isBreaking: revision.isBreaking,
    access: revision.access ?? current.access,
  })
}

/**
 * The first change from `before` (null: the article is new) to `after` that `actor`'s role may
 * not make, or null when every change is theirs to make. A new article starts as the actor's
 * own draft: neither featured nor breaking, under their byline.
 */
export function refuseFieldChanges(
  actor: Actor,
  before: ArticleFieldState | null,
  after: ArticleFieldState,
): FieldRefusal | null {
  const writer = refuseWriter(actor, before)
  if (writer) return writer
  const from = before ?? { authorId: actor.id, coAuthorIds: [], status: 'draft' as const }
  if (!canMoveArticleTo(actor, from, after.status)) {
    return {
      code: 'STATUS_REFUSED',
      message: `Your role cannot save this article as ${ARTICLE_STATUS_NAMES[after.status]}.`,
    }
  }
  if (
    (after.authorId !== from.authorId || !sameIds(after.coAuthorIds, from.coAuthorIds)) &&
    !canSetByline(actor)
  ) {
    return {
      code: 'BYLINE_REFUSED',
      message: 'Only an editor can put another writer’s name on an article.',
    }
  }
  if (after.isBreaking !== (before?.isBreaking ?? false) && !canManageBreakingNews(actor)) {
    return {
      code: 'BREAKING_NEWS_REFUSED',
      message: BREAKING_NEWS_REFUSED_MESSAGE,
    }
  }
  if (after.isFeatured !== (before?.isFeatured ?? false) && !canFeatureArticles(actor)) {
    return {
      code: 'FEATURED_REFUSED',
      message: 'Only an editor can feature an article on the front page or stop featuring it.',
    }
  }
  if (changesAccess(before, after) && !canSetArticleAccess(actor, from)) {
    return { code: 'ACCESS_REFUSED', message: ACCESS_REFUSED_MESSAGE }
  }
  if (writesReviewNote(before, after) && !canReviewArticles(actor)) {
    return {
      code: 'REVIEW_REFUSED',
      message: 'Only an editor can return an article to its writer.',
    }
  }
  if (before && isSlugLocked(before) && after.slug !== before.slug) {
    return {
      code: 'SLUG_LOCKED',
      message: 'The address of an article that has been published never changes.',
    }
  }
  return null
}
