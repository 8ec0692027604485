import { and, eq } from 'drizzle-orm'
import { articleTags, tags } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { slugify } from '~/lib/slugify'
import { BREAKING_NEWS_TAG } from './articles-queries.server'

/**
 * Whether a save would put the article on the breaking-news bar or take it off: the tag
 * (slug `breaking-news`) among the posted tag ids or new tag names, compared with the article's
 * tags now. The bar is the front page's loudest voice: only editors decide what is on it.
 */
export async function changesBreakingNews(
  articleId: number | null,
  tagIds: readonly number[],
  newTagNames: readonly string[],
): Promise<boolean> {
  const db = getDb()
  const [tag] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(eq(tags.slug, BREAKING_NEWS_TAG))
    .limit(1)
  const wanted =
    (tag !== undefined && tagIds.includes(tag.id)) ||
    newTagNames.some((name) => slugify(name) === BREAKING_NEWS_TAG)
  if (!tag || articleId === null) return wanted
  const [link] = await db
    .select({ tagId: articleTags.tagId })
    .from(articleTags)
    .where(and(eq(articleTags.articleId, articleId), eq(articleTags.tagId, tag.id)))
    .limit(1)
  return wanted !== (link !== undefined)
}
