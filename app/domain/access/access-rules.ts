// Who may do what: one function per capability, the only place the answer is decided.
// Loaders, actions and resource routes ask these on the server (`require-access.server.ts`);
// the interface asks the same functions only to hide what would be refused anyway.
// Client-safe: no server imports.

export const ROLES = ['viewer', 'contributor', 'author', 'editor', 'admin'] as const
export type Role = (typeof ROLES)[number]

/** Roles that open the back office, in the order the Users screen offers them. */
export const STAFF_ROLES = ['contributor', 'author', 'editor', 'admin'] as const

export const ROLE_NAMES: Record<Role, string> = {
  viewer: 'Viewer',
  contributor: 'Contributor',
  author: 'Author',
  editor: 'Editor',
  admin: 'Admin',
}

/** What each role adds, as the Users screen explains it. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  viewer: 'Reads the site and keeps a profile.',
  contributor: 'Writes articles and submits them for review; uploads images.',
  author: 'Also publishes, schedules, archives, hides and deletes their own articles.',
  editor:
    'Also does all of that to anyone’s articles, reviews submissions, and manages categories, tags, media, pages, breaking news and corrections.',
  admin:
    'Also manages users and roles, site settings, subscribers, backups and restore, and the database.',
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

const RANK: Record<Role, number> = { viewer: 0, contributor: 1, author: 2, editor: 3, admin: 4 }

/** Whoever asks: a signed-in person with a role, or nobody. */
export interface Actor {
  id: string
  role: Role
}

/** What the rules need to know of an article. */
export interface ArticleAccessFacts {
  /** The first byline. */
  authorId: string | null
  /**
   * The later bylines, in order (issue 40): each is as much an author of the article as the
   * first. Read with the facts (`coAuthorIdsColumn`); absent where none were read, which only
   * ever refuses more.
   */
  coAuthorIds?: readonly string[]
  status: 'draft' | 'review' | 'published' | 'archived' | 'hidden'
}

function atLeast(actor: Actor | null | undefined, role: Role): actor is Actor {
  return !!actor && RANK[actor.role] >= RANK[role]
}

/** "Own": the actor is one of the article's bylines, the first or a co-author. */
function isOwn(actor: Actor, article: ArticleAccessFacts) {
  if (article.authorId !== null && article.authorId === actor.id) return true
  return article.coAuthorIds?.includes(actor.id) ?? false
}

/** Read published content and keep one's own profile: everyone signed in. */
export function canUseProfile(actor: Actor | null | undefined): actor is Actor {
  return !!actor
}

/**
 * Delete one's own account (/profile/delete): readers only. A staff account holds bylines and
 * the newsroom's history, so an admin closes it (deactivation) instead.
 */
export function canDeleteOwnAccount(actor: Actor | null | undefined): actor is Actor {
  return !!actor && actor.role === 'viewer'
}

/** The back office, the new-article form, image uploads: contributors and up. */
export function canOpenBackOffice(actor: Actor | null | undefined): actor is Actor {
  return atLeast(actor, 'contributor')
}

export const canCreateArticle = canOpenBackOffice
export const canUploadImages = canOpenBackOffice
/** Insert an embed (its oEmbed is fetched and its picture stored): whoever writes and uploads. */
export const canInsertEmbeds = canUploadImages

/**
 * Change an article's text: editors any article; authors their own in any state; contributors
 * their own drafts (a returned article is a draft again), not once it waits for review or is
 * out.
 */
export function canEditArticle(actor: Actor | null | undefined, article: ArticleAccessFacts) {
  if (atLeast(actor, 'editor')) return true
  if (!atLeast(actor, 'contributor') || !isOwn(actor, article)) return false
  return atLeast(actor, 'author') || article.status === 'draft'
}

/** Hand an article to the editors: whoever may edit it. */
export const canSubmitForReview = canEditArticle

/** Publish, schedule, archive, hide, show again and delete: authors their own, editors any. */
export function canPublishArticle(actor: Actor | null | undefined, article: ArticleAccessFacts) {
  if (atLeast(actor, 'editor')) return true
  return atLeast(actor, 'author') && isOwn(actor, article)
}

export const canDeleteArticle = canPublishArticle

/**
 * Who may read an article (its access level, plans, "free for now", preview length): whoever
 * may publish it, since it decides what readers get once it is out (issue 38).
 */
export const canSetArticleAccess = canPublishArticle

const OUT_STATUSES: readonly ArticleAccessFacts['status'][] = ['published', 'archived', 'hidden']

/**
 * Save an article in status `next`: within draft and review, whoever may edit it; into or out
 * of readers' sight (published, archived, hidden), whoever may publish it.
 */
export function canMoveArticleTo(
  actor: Actor | null | undefined,
  article: ArticleAccessFacts,
  next: ArticleAccessFacts['status'],
) {
  if (!canEditArticle(actor, article)) return false
  if (OUT_STATUSES.includes(article.status) || OUT_STATUSES.includes(next)) {
    return canPublishArticle(actor, article)
  }
  return true
}

/**
 * Open an article in the back office and read it (its edit page, its preview): whoever may edit
 * it, and its own writer in any state — a contributor reads her submission while it waits for
 * review, although only an editor may change it then.
 */
export function canOpenArticle(actor: Actor | null | undefined, article: ArticleAccessFacts) {
  if (canEditArticle(actor, article)) return true
  return atLeast(actor, 'contributor') && isOwn(actor, article)
}

/** See an article as it would look, in any state: whoever may open it. */
export const canPreviewArticle = canOpenArticle

/**
 * Take one's submission back to draft: its writers, while it waits for review and no editor
 * has acted on it (publishing or returning it moves it out of review; `lastEditedBy`, when
 * known, is who saved it last — an editor's save while it waits counts as acting, a
 * co-author's does not).
 */
export function canWithdrawArticle(
  actor: Actor | null | undefined,
  article: ArticleAccessFacts & { lastEditedBy?: string | null },
) {
  if (!atLeast(actor, 'contributor') || !isOwn(actor, article)) return false
  if (article.status !== 'review') return false
  const lastEditedBy = article.lastEditedBy ?? null
  return lastEditedBy === null || isOwn({ ...actor, id: lastEditedBy }, article)
}

/**
 * The back office's article list with everyone's articles: authors and up. A contributor's
 * list holds her own articles only (others' drafts and submissions are not hers to see).
 */
export function canListAnyonesArticles(actor: Actor | null | undefined): boolean {
  return atLeast(actor, 'author')
}

/** Publish anything at all (the status choices of a new article). */
export function canPublishOwnArticles(actor: Actor | null | undefined) {
  return atLeast(actor, 'author')
}

/**
 * The newsroom's shared desk, editors and up: anyone's articles, the review queue (publish
 * or return with a note), bylines, categories, tags, the media library, pages, breaking news
 * and corrections.
 */
export function canEditAnyArticle(actor: Actor | null | undefined): actor is Actor {
  return atLeast(actor, 'editor')
}

export const canReviewArticles = canEditAnyArticle
export const canSetByline = canEditAnyArticle
export const canManageCategories = canEditAnyArticle
export const canManageTags = canEditAnyArticle
export const canManageMedia = canEditAnyArticle
export const canManagePages = canEditAnyArticle
export const canManageBreakingNews = canEditAnyArticle
/** The featured flag picks the front page's lead story: the editors' choice, like the bar. */
export const canFeatureArticles = canEditAnyArticle
export const canAddCorrections = canEditAnyArticle
/** The views counted for Trending, per article (the list and the form): the desk's figures. */
export const canSeeArticleViews = canEditAnyArticle
/**
 * Newsletters, editors and up: the lists, composing and sending editions, the reports. An
 * article alert is sent from the publishing panel by whoever may publish that article
 * (`canSendArticleAlert`); the subscriber list itself stays with admins.
 */
export const canManageNewsletters = canEditAnyArticle
export const canSendArticleAlert = canPublishArticle

/**
 * Live coverage of an article (its live desk): start, pause and end it, publish entries at once,
 * edit, delete, pin and mark key events, approve what contributors sent: whoever may publish the
 * article (authors their own, editors any).
 */
export const canRunLiveCoverage = canPublishArticle

/**
 * Open an article's live desk and send entries, which wait for an editor unless the sender may
 * run the coverage: whoever may run it, and any staff member on a published article (a reporter
 * on the scene files to a colleague's live article; others' drafts stay out of sight).
 */
export function canSubmitLiveEntry(actor: Actor | null | undefined, article: ArticleAccessFacts) {
  if (canRunLiveCoverage(actor, article)) return true
  return atLeast(actor, 'contributor') && article.status === 'published'
}

/** The running of the site, admins only: users and roles, settings, subscribers, backups, the database. */
export function canAdministerSite(actor: Actor | null | undefined): actor is Actor {
  return atLeast(actor, 'admin')
}

export const canManageUsers = canAdministerSite
export const canManageSettings = canAdministerSite
export const canManageSubscribers = canAdministerSite
export const canManageBackups = canAdministerSite
export const canSwitchDatabase = canAdministerSite

/** Old addresses (redirects, by hand or from a CSV) and the site's full export: admins only. */
export const canManageRedirects = canAdministerSite
export const canExportSite = canAdministerSite
/** Bringing a WordPress or Ghost archive in (articles, authors, categories by the hundred): admins. */
export const canImportContent = canAdministerSite
/** The Background work screen (jobs, their failures) and its "Run now": admins. */
export const canManageBackgroundWork = canAdministerSite
/** Integrations reading the Content API and their keys (issue 41): admins. */
export const canManageIntegrations = canAdministerSite
/** Reader revenue: the plans and their prices, the meter and paywall settings: admins. */
export const canManagePlans = canAdministerSite
/** Members: the list, a member's history, complimentary access, CSV imports, the figures: admins. */
export const canManageMembers = canAdministerSite

/**
 * Change a published article's address (its slug; the old one answers 301): editors, who
 * also rename categories. Links to it exist, so an author does not move them alone.
 */
export const canChangeArticleSlug = canEditAnyArticle

/** Personal API tokens (the Admin API, issue 41): staff, each acting with their own role. */
export const canUseApiTokens = canOpenBackOffice
