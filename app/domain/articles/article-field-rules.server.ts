import { and, asc, eq, gt } from 'drizzle-orm'
import { articleBylines, articles, articleTags, categories, tags } from '@db/schema/index'
import type { Actor, ArticleAccessFacts } from '~/domain/access/access-rules'
import { domainErrors } from '~/domain/domain-error'
import type { Database, Transaction } from '~/infra/db.server'
import { accessLevelOf, normalizeAccess } from './article-access'
import { refuseFieldChanges, refuseWriter, type ArticleFieldState } from './article-field-rules'
import { BREAKING_NEWS_TAG } from './articles-queries.server'

// The field rules (article-field-rules.ts) where the writes apply them: inside the write's
// transaction, on the row as it was (locked) and as the write is about to commit it. Checking
// the outcome rather than the posted fields means no way of expressing a change — a tag id, a
// tag name, a revision's tag list, a byline left blank — can slip past, and a write path
// added later is covered by calling these two functions.

export class ArticleFieldError extends domainErrors('ArticleFieldError', {
  EDIT_REFUSED: 403,
  STATUS_REFUSED: 403,
  BYLINE_REFUSED: 403,
  BREAKING_NEWS_REFUSED: 403,
  FEATURED_REFUSED: 403,
  REVIEW_REFUSED: 403,
  ACCESS_REFUSED: 403,
  SLUG_LOCKED: 409,
}) {}

type StoredFields = Omit<
  ArticleFieldState,
  'isBreaking' | 'categoryAccess' | 'access' | 'coAuthorIds'
> & {
  access: string
  accessPlanIds: number[]
  freeForNow: boolean
  previewParagraphs: number | null
}

/** The rules' view of a row already read in `tx` (its tag links and category read there too). */
export async function fieldStateOf(
  tx: Database | Transaction,
  articleId: number,
  row: StoredFields,
): Promise<ArticleFieldState> {
  const [[breaking], [category], bylines] = await Promise.all([
    tx
      .select({ tagId: articleTags.tagId })
      .from(articleTags)
      .innerJoin(tags, eq(tags.id, articleTags.tagId))
      .where(and(eq(articleTags.articleId, articleId), eq(tags.slug, BREAKING_NEWS_TAG)))
      .limit(1),
    row.categoryId === null
      ? []
      : tx
          .select({ defaultAccess: categories.defaultAccess })
          .from(categories)
          .where(eq(categories.id, row.categoryId))
          .limit(1),
    tx
      .select({ userId: articleBylines.userId })
      .from(articleBylines)
      .where(and(eq(articleBylines.articleId, articleId), gt(articleBylines.position, 0)))
      .orderBy(asc(articleBylines.position)),
  ])
  return {
    authorId: row.authorId,
    coAuthorIds: bylines.map((byline) => byline.userId),
    status: row.status,
    publishedAt: row.publishedAt,
    slug: row.slug,
    isFeatured: row.isFeatured,
    reviewNoteAt: row.reviewNoteAt,
    isBreaking: breaking !== undefined,
    categoryId: row.categoryId,
    categoryAccess: accessLevelOf(category?.defaultAccess),
    access: normalizeAccess({
      access: accessLevelOf(row.access),
      accessPlanIds: row.accessPlanIds,
      freeForNow: row.freeForNow,
      previewParagraphs: row.previewParagraphs,
    }),
  }
}

/** The fields the rules look at, read in `tx` (after the write's own changes), or null. */
export async function readFieldState(
  tx: Database | Transaction,
  articleId: number,
): Promise<ArticleFieldState | null> {
  const [row] = await tx
    .select({
      authorId: articles.authorId,
      status: articles.status,
      publishedAt: articles.publishedAt,
      slug: articles.slug,
      isFeatured: articles.isFeatured,
      reviewNoteAt: articles.reviewNoteAt,
      categoryId: articles.categoryId,
      access: articles.access,
      accessPlanIds: articles.accessPlanIds,
      freeForNow: articles.freeForNow,
      previewParagraphs: articles.previewParagraphs,
    })
    .from(articles)
    .where(eq(articles.id, articleId))
    .limit(1)
  return row ? fieldStateOf(tx, articleId, row) : null
}

/** Before any work: may `actor` write this article at all (null: a new one)? */
export function requireWriter(actor: Actor, current: ArticleAccessFacts | null): void {
  const refusal = refuseWriter(actor, current)
  if (refusal) throw new ArticleFieldError(refusal.code, refusal.message)
}

/**
 * Last thing in the write's transaction: compares the article as it was (`before`, null for a
 * new one) with what the write left, and throws the first change the role may not make, which
 * rolls the whole write back.
 */
export async function enforceFieldRules(
  tx: Transaction,
  actor: Actor,
  before: ArticleFieldState | null,
  articleId: number,
  /**
   * Changes a narrower rule has already allowed this write (a writer withdrawing her
   * submission: canWithdrawArticle grants review → draft): the table judges every other field
   * from the article as if those were already made.
   */
  granted: Partial<ArticleFieldState> = {},
): Promise<void> {
  const after = await readFieldState(tx, articleId)
  // Deleted under the write: nothing is left to protect, and the write reports it itself.
  if (!after) return
  const refusal = refuseFieldChanges(actor, before && { ...before, ...granted }, after)
  if (refusal) throw new ArticleFieldError(refusal.code, refusal.message)
}
