import { eq, inArray } from 'drizzle-orm'
import { categories, plans } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import type { Transaction } from '~/infra/db.server'
import {
  accessLevelOf,
  defaultAccessState,
  postedAccess,
  type ArticleAccessState,
} from './article-access'

// The access columns a save writes (issue 38), inside the save's transaction. Who may change
// them is the field rules' question (article-field-rules.ts, ACCESS_REFUSED), asked on the row
// the save leaves, like every other protected field.

export class ArticleAccessError extends domainErrors('ArticleAccessError', {
  /** A plan ticked on the form that no longer exists (deleted meanwhile, or a hand-made id). */
  UNKNOWN_PLAN: 400,
}) {}

/** The default access of a category (everyone without one, or for one that is gone). */
export async function categoryDefaultAccess(tx: Transaction, categoryId: number | null) {
  if (categoryId === null) return 'everyone'
  const [row] = await tx
    .select({ defaultAccess: categories.defaultAccess })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1)
  return accessLevelOf(row?.defaultAccess)
}

async function requireKnownPlans(tx: Transaction, planIds: readonly number[]) {
  if (planIds.length === 0) return
  const found = await tx
    .select({ id: plans.id })
    .from(plans)
    .where(inArray(plans.id, [...planIds]))
  if (found.length !== planIds.length) {
    throw new ArticleAccessError(
      'UNKNOWN_PLAN',
      'A chosen plan no longer exists. Reload the page and choose again.',
      { field: 'accessPlanIds' },
    )
  }
}

/**
 * The access columns to write: what the form posted; for a new article that posted none, its
 * category's default; for an existing one, nothing (the stored level stays).
 */
export async function accessColumns(
  tx: Transaction,
  input: Parameters<typeof postedAccess>[0],
  article: { isNew: boolean; categoryId: number | null },
): Promise<Partial<ArticleAccessState>> {
  const posted = postedAccess(input)
  if (posted) {
    await requireKnownPlans(tx, posted.accessPlanIds)
    return posted
  }
  if (!article.isNew) return {}
  return defaultAccessState(await categoryDefaultAccess(tx, article.categoryId))
}
