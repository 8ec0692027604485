import { and, eq, isNotNull, ne, notExists } from 'drizzle-orm'
import { articles, articleTags, tags } from '@db/schema/index'
import type { Actor } from '~/domain/access/access-rules'
import { DomainError, domainErrors } from '~/domain/domain-error'
import { findOrCreateTag } from '~/domain/tags/tags.server'
import { getDb, type Transaction } from '~/infra/db.server'
import { logger } from '~/infra/logger.server'
import { sanitizeArticleHtml } from '~/infra/sanitize.server'
import { uniqueSlug } from '~/lib/slugify'
import {
  announceArticleChange,
  announceArticleDeleted,
  queueArticleWebhookEvent,
  readArticleFacts,
} from './article-changes.server'
import { accessColumns } from './article-access.server'
import { enforceFieldRules, fieldStateOf, requireWriter } from './article-field-rules.server'
import { requireEditLock } from './edit-lock.server'
import { nextPublishedAt, planSlug, statusAfterAction } from './article-rules'
import { BREAKING_NEWS_TAG } from './articles-queries.server'
import { recordRevision } from './revision-record.server'
import { writeCoAuthors } from './bylines.server'
import {
  entersReview,
  keepsReviewNote,
  NO_REVIEW_NOTE,
  queueSubmittedForReview,
  sendQueuedReviewMails,
} from './review.server'
import { nextRevisedAt } from './revision-rules'
import {
  hasDraftText,
  isEmptyEditorHtml,
  type ArticleDraftInput,
  type ArticleInput,
  type ArticleStatus,
} from './articles-schema'

// Article writes (docs/product.md §7 "Writes", docs/product.md "Where we differ" 1–5). Every save is one
// transaction: the row, its slug and its tag links are written together or not at all.

const ArticleErrorBase = domainErrors('ArticleError', {
  NOT_FOUND: 404,
  /** Someone else saved the article since the editor opened it. */
  CONFLICT: 409,
  /** Autosave only stores drafts. */
  NOT_DRAFT: 409,
  EMPTY_CONTENT: 400,
  /** The database refused the save for a reason the editor can fix; nothing was written. */
  SAVE_FAILED: 422,
})

export type ArticleErrorCode = InstanceType<typeof ArticleErrorBase>['code']

export class ArticleError extends ArticleErrorBase {
  /** For CONFLICT: when the stored article was last changed. */
  readonly currentUpdatedAt?: Date

  constructor(
    code: ArticleErrorCode,
    message: string,
    options: { field?: string; cause?: unknown; currentUpdatedAt?: Date } = {},
  ) {
    super(code, message, options)
    this.currentUpdatedAt = options.currentUpdatedAt
  }
}

export const CONFLICT_MESSAGE =
  'This article was changed by someone else since you opened it. Saving now would overwrite their changes.'

export type { Actor }

export interface SaveOptions {
  /** The updated_at the editor saw when it opened the article (optimistic concurrency). */
  expectedUpdatedAt?: Date | null
  /** Save even though someone else changed the article meanwhile. */
  overwrite?: boolean
  now?: Date
}

export interface SavedArticle {
  id: number
  slug: string
  status: ArticleStatus
  publishedAt: Date | null
  updatedAt: Date
}

const savedColumns = {
  id: articles.id,
  slug: articles.slug,
  status: articles.status,
  publishedAt: articles.publishedAt,
  updatedAt: articles.updatedAt,
}

/**
 * The slug columns a save writes (article-rules `planSlug`). A claimed slug is unique among
 * claimed slugs only: drafts' provisional slugs block no one (the index is partial).
 */
async function slugColumns(
  tx: Transaction,
  current: { id: number; slug: string; slugClaimed: boolean } | null,
  title: string,
  status: ArticleStatus,
): Promise<{ slug: string; slugClaimed: boolean }> {
  const plan = planSlug(current, title, status)
  if (plan.kind === 'keep') return { slug: current!.slug, slugClaimed: true }
  if (plan.kind === 'provisional') return { slug: plan.slug, slugClaimed: false }
  const slug = await uniqueSlug(plan.base, async (candidate) => {
    const clash = and(eq(articles.slug, candidate), eq(articles.slugClaimed, true))
    const rows = await tx
      .select({ id: articles.id })
      .from(articles)
      .where(current ? and(clash, ne(articles.id, current.id)) : clash)
      .limit(1)
    return rows.length > 0
  })
  return { slug, slugClaimed: true }
}

/** Replaces the article's tags with exactly these; an empty list removes them all. */
async function setArticleTags(
  tx: Transaction,
  articleId: number,
  tagIds: number[],
  tagNames: string[],
) {
  const ids = new Set(tagIds)
  const seenNames = new Set<string>()
  for (const name of tagNames) {
    const key = name.trim().toLowerCase()
    if (key === '' || seenNames.has(key)) continue
    seenNames.add(key)
    ids.add((await findOrCreateTag(tx, name)).id)
  }
  await tx.delete(articleTags).where(eq(articleTags.articleId, articleId))
  if (ids.size > 0) {
    // An id that names no tag fails the foreign key here and rolls the whole save back.
    await tx.insert(articleTags).values([...ids].map((tagId) => ({ articleId, tagId })))
  }
  // An editor's "keep on the bar" belongs to one spell of breaking news: taken off the bar,
  // the article forgets it, so tagged again later it gets the site's hours afresh.
  await tx
    .update(articles)
    .set({ breakingUntil: null })
    .where(
      and(
        eq(articles.id, articleId),
        isNotNull(articles.breakingUntil),
        notExists(
          tx
            .select({ one: articleTags.tagId })
            .from(articleTags)
            .innerJoin(tags, eq(tags.id, articleTags.tagId))
            .where(and(eq(articleTags.articleId, articleId), eq(tags.slug, BREAKING_NEWS_TAG))),
        ),
      ),
    )
}

// The editor always keeps an empty paragraph at the end to type into; readers need none.
const TRAILING_EMPTY_PARAGRAPHS = /(?:<p>(?:\s|&nbsp;|<br\s*\/?>)*<\/p>)+$/

function cleanContent(html: string, required: boolean) {
  const content = sanitizeArticleHtml(html).replace(TRAILING_EMPTY_PARAGRAPHS, '')
  // Hostile markup can sanitise down to nothing; that is no article.
  if (required && isEmptyEditorHtml(content)) {
    throw new ArticleError('EMPTY_CONTENT', 'Content is required', { field: 'content' })
  }
  return content
}

function articleValues(input: ArticleInput | ArticleDraftInput, content: string) {
  return {
    title: input.title,
    excerpt: input.excerpt,
    content,
    categoryId: input.categoryId,
    featuredImage: input.featuredImage,
    isFeatured: input.isFeatured,
    hasVideo: input.hasVideo,
    // The URL box only exists for video articles (docs/product.md §2); an unticked box means no video.
    videoUrl: input.hasVideo ? input.videoUrl : null,
    seoTitle: input.seoTitle,
    metaDescription: input.metaDescription,
    socialImage: input.socialImage,
  }
}

/** The PostgreSQL error under Drizzle's wrapper (the code is on one of its causes). */
function postgresError(error: unknown): { code: string; constraint: string } | null {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const pg = e as Error & { code?: string; constraint?: string }
    if (typeof pg.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) {
      return { code: pg.code, constraint: pg.constraint ?? e.message }
    }
  }
  return null
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pg = postgresError(error)
  return pg?.code === '23505' && pg.constraint.includes(constraint)
}

// A reference that names no row (foreign key violation, 23503): the one save failure an
// editor can fix, usually because another admin deleted the category or tag meanwhile.
const MISSING_REFERENCE: Array<[constraint: string, reason: string]> = [
  ['articles_category_id', 'The chosen category no longer exists. Choose another one.'],
  ['article_tags_tag_id', 'A tag on this article no longer exists. Remove it and try again.'],
  ['articles_author_id', 'The author of this article no longer exists.'],
]

/** Why a save failed, in words for the editor, when it is a reason the editor can fix. */
function missingReference(error: unknown): string | null {
  const pg = postgresError(error)
  if (pg?.code !== '23503') return null
  return MISSING_REFERENCE.find(([constraint]) => pg.constraint.includes(constraint))?.[1] ?? null
}

/**
 * Runs a save in one transaction, so a failure writes nothing. Domain errors pass through; a
 * row that another admin deleted meanwhile (a tag id or category) becomes SAVE_FAILED saying
 * which; two saves racing for the same slug retry with the next free one. Anything else is
 * unexpected and goes up as it is: the route logs it with the request's id and answers 500.
 */
async function inSaveTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await getDb().transaction(work)
    } catch (error) {
      if (error instanceof DomainError) throw error
      if (
        attempt < 3 &&
        (isUniqueViolation(error, 'articles_slug_key') || isUniqueViolation(error, 'tags_slug_key'))
      ) {
        continue
      }
      const reason = missingReference(error)
      if (reason === null) throw error
      logger.warn({ err: error }, 'article save refused')
      throw new ArticleError('SAVE_FAILED', reason, { cause: error })
    }
  }
}

/** The later bylines as the save posted them (none posted: unchanged). */
async function saveCoAuthors(
  tx: Transaction,
  articleId: number,
  firstId: string | null,
  coAuthorIds: readonly string[] | undefined,
) {
  const refusal = await writeCoAuthors(tx, articleId, firstId, coAuthorIds)
  if (refusal) throw new ArticleError('SAVE_FAILED', refusal, { field: 'coAuthorIds' })
}

export async function createArticle(
  input: ArticleInput,
  actor: Actor,
  options: SaveOptions = {},
): Promise<SavedArticle> {
  const now = options.now ?? new Date()
  requireWriter(actor, null)
  const content = cleanContent(input.content, true)
  const saved = await inSaveTransaction(async (tx) => {
    const [row] = await tx
      .insert(articles)
      .values({
        ...articleValues(input, content),
        ...(await accessColumns(tx, input, { isNew: true, categoryId: input.categoryId })),
        ...(await slugColumns(tx, null, input.title, input.status)),
        status: input.status,
        publishedAt: nextPublishedAt(null, input.status, input.publishedAt, now),
        authorId: input.authorId ?? actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning(savedColumns)
    await setArticleTags(tx, row.id, input.tags, input.newTags)
    await saveCoAuthors(tx, row.id, input.authorId ?? actor.id, input.coAuthorIds)
    await enforceFieldRules(tx, actor, null, row.id)
    await recordRevision(tx, row.id, actor, now)
    // Queued with the save: the editors hear of a submission only once it is really stored.
    if (entersReview(null, row.status)) await queueSubmittedForReview(tx, row.id, actor)
    await queueArticleWebhookEvent(tx, row.id, null, now)
    return row
  })
  if (entersReview(null, saved.status)) sendQueuedReviewMails()
  // Readers' pages that show it (a new article published at once) are told, after the commit.
  await announceArticleChange(saved.id, null)
  return saved
}

/**
 * The row to save over, locked until the write commits, with its field-rule state; refuses a
 * writer the role does not allow before anything else (a conflict would tell them about
 * someone else's article).
 */
async function lockForSave(
  tx: Transaction,
  id: number,
  actor: Actor,
  options: SaveOptions & { editLock?: boolean },
) {
  const [current] = await tx.select().from(articles).where(eq(articles.id, id)).for('update')
  if (!current) throw new ArticleError('NOT_FOUND', 'This article no longer exists.')
  // Its field state holds its co-authors, who may write it as its first byline may.
  const before = await fieldStateOf(tx, id, current)
  requireWriter(actor, before)
  // The form's writes wait for whoever has the editor open (the edit lock); the dashboard's
  // Archive, Hide and Show do not: taking a story down never waits on an open tab.
  if (options.editLock !== false) await requireEditLock(tx, id, actor, options.now ?? new Date())
  const expected = options.expectedUpdatedAt
  if (expected && !options.overwrite && current.updatedAt.getTime() !== expected.getTime()) {
    throw new ArticleError('CONFLICT', CONFLICT_MESSAGE, { currentUpdatedAt: current.updatedAt })
  }
  return { current, before }
}

export async function updateArticle(
  id: number,
  input: ArticleInput,
  actor: Actor,
  options: SaveOptions = {},
): Promise<SavedArticle> {
  const now = options.now ?? new Date()
  const content = cleanContent(input.content, true)
  let before: ArticleStatus = input.status
  const shownBefore = await readArticleFacts(id)
  const saved = await inSaveTransaction(async (tx) => {
    const { current, before: fields } = await lockForSave(tx, id, actor, options)
    before = current.status
    const slug = await slugColumns(tx, current, input.title, input.status)
    const values = articleValues(input, content)
    const [row] = await tx
      .update(articles)
      .set({
        ...values,
        ...(await accessColumns(tx, input, { isNew: false, categoryId: input.categoryId })),
        ...slug,
        status: input.status,
        publishedAt: nextPublishedAt(current, input.status, input.publishedAt, now),
        revisedAt: nextRevisedAt(current, { ...values, status: input.status }, now),
        authorId: input.authorId ?? actor.id,
        updatedAt: now,
        ...(keepsReviewNote(current.status, input.status) ? {} : NO_REVIEW_NOTE),
      })
      .where(eq(articles.id, id))
      .returning(savedColumns)
    await setArticleTags(tx, id, input.tags, input.newTags)
    await saveCoAuthors(tx, id, input.authorId ?? actor.id, input.coAuthorIds)
    await enforceFieldRules(tx, actor, fields, id)
    await recordRevision(tx, id, actor, now)
    // Only on the way in: saving an article already in review mails no one.
    if (entersReview(current.status, row.status)) await queueSubmittedForReview(tx, id, actor)
    await queueArticleWebhookEvent(tx, id, shownBefore, now)
    return row
  })
  if (entersReview(before, saved.status)) sendQueuedReviewMails()
  await announceArticleChange(id, shownBefore)
  return saved
}

/**
 * Stores unfinished work without publishing anything: a new article becomes a draft (once it
 * has a title or body text: an untouched form stores nothing, EMPTY_CONTENT), an
 * existing one must still be a draft (autosaving a published article would put half-written
 * edits in front of readers), and its status and publication date stay as they are.
 */
export async function autosaveArticle(
  id: number | null,
  input: ArticleDraftInput,
  actor: Actor,
  options: SaveOptions = {},
): Promise<SavedArticle> {
  const now = options.now ?? new Date()
  const content = cleanContent(input.content, false)
  if (id === null) requireWriter(actor, null)
  // Nothing typed yet: no draft (an opened and abandoned form leaves nothing behind).
  if (id === null && !hasDraftText({ title: input.title, content })) {
    throw new ArticleError('EMPTY_CONTENT', 'Type a title or some text to save a draft.')
  }
  return inSaveTransaction(async (tx) => {
    if (id === null) {
      const [row] = await tx
        .insert(articles)
        .values({
          ...articleValues(input, content),
          ...(await accessColumns(tx, input, { isNew: true, categoryId: input.categoryId })),
          ...(await slugColumns(tx, null, input.title, 'draft')),
          status: 'draft',
          publishedAt: null,
          authorId: input.authorId ?? actor.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning(savedColumns)
      await setArticleTags(tx, row.id, input.tags, input.newTags)
      await saveCoAuthors(tx, row.id, input.authorId ?? actor.id, input.coAuthorIds)
      await enforceFieldRules(tx, actor, null, row.id)
      return row
    }
    const { current, before } = await lockForSave(tx, id, actor, options)
    if (current.status !== 'draft') {
      throw new ArticleError('NOT_DRAFT', 'Only drafts are saved automatically.')
    }
    const [row] = await tx
      .update(articles)
      .set({
        ...articleValues(input, content),
        ...(await accessColumns(tx, input, { isNew: false, categoryId: input.categoryId })),
        ...(await slugColumns(tx, current, input.title, 'draft')),
        authorId: input.authorId ?? current.authorId ?? actor.id,
        updatedAt: now,
      })
      .where(eq(articles.id, id))
      .returning(savedColumns)
    await setArticleTags(tx, id, input.tags, input.newTags)
    await saveCoAuthors(tx, id, input.authorId ?? current.authorId ?? actor.id, input.coAuthorIds)
    await enforceFieldRules(tx, actor, before, id)
    return row
  })
}

/**
 * Dashboard Archive, Hide and Show (docs/product.md "Where we differ" 1 and 4): status changes
 * under the same field rules as a save (whoever may publish the article).
 */
export async function setArticleStatus(
  id: number,
  action: 'archive' | 'hide' | 'show',
  actor: Actor,
  options: { now?: Date } = {},
): Promise<SavedArticle> {
  const now = options.now ?? new Date()
  const status = statusAfterAction(action)
  const shownBefore = await readArticleFacts(id)
  const saved = await inSaveTransaction(async (tx) => {
    const { current, before } = await lockForSave(tx, id, actor, { editLock: false })
    const [row] = await tx
      .update(articles)
      .set({
        status,
        publishedAt: nextPublishedAt(current, status, null, now),
        ...(await slugColumns(tx, current, current.title, status)),
        updatedAt: now,
      })
      .where(eq(articles.id, id))
      .returning(savedColumns)
    await enforceFieldRules(tx, actor, before, id)
    await queueArticleWebhookEvent(tx, id, shownBefore, now)
    return row
  })
  await announceArticleChange(id, shownBefore)
  return saved
}

/** Deletes the article; its tag links and view counts go with it (foreign keys cascade). */
export async function deleteArticle(id: number): Promise<void> {
  const shownBefore = await readArticleFacts(id)
  const deleted = await getDb().transaction(async (tx) => {
    const rows = await tx.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id })
    if (rows.length > 0) await queueArticleWebhookEvent(tx, id, shownBefore)
    return rows
  })
  if (deleted.length === 0) throw new ArticleError('NOT_FOUND', 'This article no longer exists.')
  await announceArticleDeleted(shownBefore)
}

/** Tag ids of an article, for tests and callers that only need the links. */
export async function articleTagIds(articleId: number): Promise<number[]> {
  const rows = await getDb()
    .select({ tagId: articleTags.tagId })
    .from(articleTags)
    .where(eq(articleTags.articleId, articleId))
  return rows.map((row) => row.tagId).sort((a, b) => a - b)
}
