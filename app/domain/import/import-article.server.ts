import { eq } from 'drizzle-orm'
import { articles, articleTags } from '@db/schema/index'
import type { Actor } from '~/domain/access/access-rules'
import {
  enforceFieldRules,
  fieldStateOf,
  requireWriter,
} from '~/domain/articles/article-field-rules.server'
import { writeCoAuthors } from '~/domain/articles/bylines.server'
import { recordRevision } from '~/domain/articles/revision-record.server'
import type { AccessLevel } from '~/domain/membership/access-level'
import type { Transaction } from '~/infra/db.server'
import { slugify, uniqueSlug } from '~/lib/slugify'
import { mapped, remember } from './import-map.server'
import { safeDecode, wasPublic } from './import-mapping'
import { recordImportRedirect } from './import-redirect.server'
import type { SourceItem } from './import-source'

// The article step: an item planned as an article is created, or updated when an earlier run
// made it and its values have changed, through the same field rules and revisions as the
// article form's save; its old address gets a redirect.

/** The article's values, compared with what is stored to tell an update from no change. */
export interface ArticleValues {
  title: string
  excerpt: string
  content: string
  status: (typeof articles.$inferSelect)['status']
  publishedAt: Date | null
  categoryId: number | null
  authorId: string | null
  featuredImage: string | null
  hasVideo: boolean
  videoUrl: string | null
  /** Who may read it (issue 38): import-access.ts, its plans matched to the site's. */
  access: AccessLevel
  accessPlanIds: number[]
  freeForNow: boolean
  previewParagraphs: number | null
  /** Search and social fields (article-seo-import.ts). */
  seoTitle: string | null
  metaDescription: string | null
  socialImage: string | null
}

function sameValues(stored: { [K in keyof ArticleValues]: unknown }, next: ArticleValues) {
  return (Object.keys(next) as (keyof ArticleValues)[]).every((k) => {
    const a = stored[k]
    const b = next[k]
    if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b)
    return a instanceof Date || b instanceof Date
      ? (a as Date | null)?.getTime() === (b as Date | null)?.getTime()
      : a === b
  })
}

/** The co-authors the article will carry: each once, never its first byline. */
function coAuthorIdsAfter(values: ArticleValues, coAuthorIds: readonly string[]) {
  return [...new Set(coAuthorIds)].filter((id) => id !== values.authorId)
}

/**
 * The source's co-authors: imported authors are staff; an account of this site's the source
 * names by address and that is a reader here is left off the byline rather than failing.
 */
async function writeImportedCoAuthors(
  tx: Transaction,
  id: number,
  values: ArticleValues,
  coAuthorIds: readonly string[],
) {
  await writeCoAuthors(tx, id, values.authorId, coAuthorIdsAfter(values, coAuthorIds), 'drop')
}

/** A step of the caller's transaction: the item's article written, or left as it is. */
export async function writeArticle(
  tx: Transaction,
  siteKey: string,
  item: SourceItem,
  values: ArticleValues,
  tagIds: number[],
  actor: Actor,
  now: Date,
  /** The later bylines' accounts, in order (issue 40). */
  coAuthorIds: readonly string[] = [],
): Promise<{ outcome: 'created' | 'updated' | 'unchanged'; slug: string }> {
  const type = item.type === 'page' ? 'page' : 'post'
  const known = await mapped(tx, siteKey, type, item.sourceId)
  const [current] = known
    ? await tx
        .select()
        .from(articles)
        .where(eq(articles.id, Number(known)))
        .for('update')
    : []
  let id: number
  let slug: string
  let outcome: 'created' | 'updated' | 'unchanged'
  if (current) {
    id = current.id
    slug = current.slug
    const storedTags = await tx
      .select({ id: articleTags.tagId })
      .from(articleTags)
      .where(eq(articleTags.articleId, id))
    const sameTags =
      storedTags.length === tagIds.length && storedTags.every((t) => tagIds.includes(t.id))
    const before = await fieldStateOf(tx, id, current)
    const sameBylines = before.coAuthorIds.join() === coAuthorIdsAfter(values, coAuthorIds).join()
    if (sameValues(current, values) && sameTags && sameBylines) {
      outcome = 'unchanged'
    } else {
      requireWriter(actor, before)
      await tx
        .update(articles)
        .set({ ...values, updatedAt: now })
        .where(eq(articles.id, id))
      await tx.delete(articleTags).where(eq(articleTags.articleId, id))
      if (tagIds.length)
        await tx.insert(articleTags).values(tagIds.map((tagId) => ({ articleId: id, tagId })))
      await writeImportedCoAuthors(tx, id, values, coAuthorIds)
      await enforceFieldRules(tx, actor, before, id)
      await recordRevision(tx, id, actor, now)
      outcome = 'updated'
    }
  } else {
    requireWriter(actor, null)
    const base =
      slugify(safeDecode(item.slug)) || slugify(values.title) || `${type}-${item.sourceId}`
    slug = await uniqueSlug(base, async (candidate) => {
      const rows = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.slug, candidate))
        .limit(1)
      return rows.length > 0
    })
    const [row] = await tx
      .insert(articles)
      .values({ ...values, slug, createdAt: item.date ?? now, updatedAt: now })
      .returning({ id: articles.id })
    id = row.id
    if (tagIds.length)
      await tx.insert(articleTags).values(tagIds.map((tagId) => ({ articleId: id, tagId })))
    await writeImportedCoAuthors(tx, id, values, coAuthorIds)
    await enforceFieldRules(tx, actor, null, id)
    await recordRevision(tx, id, actor, now)
    outcome = 'created'
  }
  await remember(tx, siteKey, type, item.sourceId, String(id))
  if (item.link && wasPublic(item)) await recordImportRedirect(tx, item.link, `/article/${slug}`)
  return { outcome, slug }
}
