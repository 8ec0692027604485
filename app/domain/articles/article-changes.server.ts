import { and, eq, gt, lte, sql } from 'drizzle-orm'
import { articles, articleTags, tags } from '@db/schema/index'
import { announceChanged, type CacheKey, cacheKey, EVERYTHING } from '~/infra/cache-keys.server'
import { getDb, type Database, type Transaction } from '~/infra/db.server'
import { wasQueued } from '~/infra/jobs/job-queue.server'
import { queueWebhookEvent, WEBHOOK_EVENTS_JOB } from '~/infra/webhook-outbox.server'
import type { WebhookEventType } from '~/lib/webhook-events'
import { coAuthorIdsColumn } from '~/domain/access/bylines.server'
import { isPublicArticle } from '../published.server'
import { BREAKING_NEWS_TAG, listBreakingNews } from './articles-queries.server'

/**
 * What a reader's page can show of an article: read before a write and after its commit, the
 * two tell which pages changed (`articleChangeKeys`). An article no reader could see before or
 * after (a draft, an autosave, a submission) changes no page and announces nothing.
 */
export interface ArticleFacts {
  id: number
  slug: string
  /** Shown by the news sitemap, which lists no category, author or tag. */
  title: string
  isPublic: boolean
  /** Published with a publication time still to come. */
  isScheduled: boolean
  publishedAt: number | null
  categoryId: number | null
  authorId: string | null
  /** The later bylines (issue 40): their author pages list it too. */
  coAuthorIds?: readonly string[]
  isFeatured: boolean
  tagIds: number[]
  /** On the breaking-news bar (tagged), and until when. */
  isBreaking: boolean
  breakingUntil: number | null
}

export async function readArticleFacts(
  id: number,
  db: Database | Transaction = getDb(),
): Promise<ArticleFacts | null> {
  const [row] = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      isPublic: sql<boolean>`coalesce(${isPublicArticle}, false)`,
      isScheduled: sql<boolean>`coalesce(${articles.status} = 'published' and ${articles.publishedAt} > now(), false)`,
      publishedAt: articles.publishedAt,
      categoryId: articles.categoryId,
      authorId: articles.authorId,
      coAuthorIds: coAuthorIdsColumn,
      isFeatured: articles.isFeatured,
      breakingUntil: articles.breakingUntil,
      tagIds: sql<
        number[]
      >`coalesce((select array_agg(${articleTags.tagId} order by ${articleTags.tagId}) from ${articleTags} where ${articleTags.articleId} = ${articles.id}), '{}')`,
      // Drizzle names the columns of a one-table select without their table: inside a subquery
      // over tags, `articles.id` would read as `tags.id` (every article then looked breaking,
      // and each save emptied every page). Here the article's id stays outside the subquery.
      isBreaking: sql<boolean>`${articles.id} in (select ${articleTags.articleId} from ${articleTags} inner join ${tags} on ${tags.id} = ${articleTags.tagId} where ${tags.slug} = ${BREAKING_NEWS_TAG})`,
    })
    .from(articles)
    .where(eq(articles.id, id))
  if (!row) return null
  return {
    ...row,
    isPublic: Boolean(row.isPublic),
    isScheduled: Boolean(row.isScheduled),
    isBreaking: Boolean(row.isBreaking),
    tagIds: (row.tagIds ?? []).map(Number),
    publishedAt: row.publishedAt?.getTime() ?? null,
    breakingUntil: row.breakingUntil?.getTime() ?? null,
  }
}

/**
 * Google News' sitemap lists the articles of its last two days (routes/news-sitemap[.]xml.tsx),
 * by title; it shows `front` and this key of its own, which a new title in its window announces.
 */
export const NEWS_SITEMAP_WINDOW_MS = 2 * 24 * 60 * 60 * 1000
export const NEWS_SITEMAP_KEY = 'news-sitemap'

const sameTags = (a: number[], b: number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i])

/**
 * The cache keys an article's change reaches, from what it was (`before`, null: it did not
 * exist) to what it is (`after`, null: deleted):
 * - nothing, when no reader could see it either side (beyond `schedule` when its publication
 *   time moved: what waits for it must know when);
 * - its own key (its page and every list that shows it) and `search`, when a reader could;
 * - and the lists it joins or leaves (`front`, its category, author and tags, old and new),
 *   when it appears, disappears, or moves between them;
 * - `breaking`, when it is or was on the breaking-news bar;
 * - `news-sitemap`, when its title changed and it was published within the news sitemap's
 *   window (at `now`): a title edit moves it between no lists, so `front` does not go.
 */
export function articleChangeKeys(
  before: ArticleFacts | null,
  after: ArticleFacts | null,
  now = Date.now(),
): CacheKey[] {
  const keys = new Set<CacheKey>()
  const scheduledBefore = before?.isScheduled ? before.publishedAt : null
  const scheduledAfter = after?.isScheduled ? after.publishedAt : null
  if (scheduledBefore !== scheduledAfter) keys.add('schedule')
  const seen = [before, after].filter((facts): facts is ArticleFacts => !!facts?.isPublic)
  if (seen.length === 0) return [...keys]
  const id = (after ?? before)!.id
  keys.add(cacheKey.article(id)).add('search')
  const moved =
    seen.length === 1 ||
    !before ||
    !after ||
    before.slug !== after.slug ||
    before.publishedAt !== after.publishedAt ||
    before.categoryId !== after.categoryId ||
    before.authorId !== after.authorId ||
    (before.coAuthorIds ?? []).join() !== (after.coAuthorIds ?? []).join() ||
    before.isFeatured !== after.isFeatured ||
    !sameTags(before.tagIds, after.tagIds)
  if (moved) {
    keys.add('front')
    for (const facts of seen) {
      if (facts.categoryId !== null) keys.add(cacheKey.category(facts.categoryId))
      if (facts.authorId !== null) keys.add(cacheKey.author(facts.authorId))
      for (const coAuthorId of facts.coAuthorIds ?? []) keys.add(cacheKey.author(coAuthorId))
      for (const tagId of facts.tagIds) keys.add(cacheKey.tag(tagId))
    }
  }
  if (seen.some((facts) => facts.isBreaking)) keys.add('breaking')
  const inNewsWindow = (facts: ArticleFacts) =>
    facts.publishedAt !== null && facts.publishedAt >= now - NEWS_SITEMAP_WINDOW_MS
  if (before && after && before.title !== after.title && seen.some(inNewsWindow)) {
    keys.add(NEWS_SITEMAP_KEY)
  }
  return [...keys]
}

/**
 * Announces the change of article `id` from `before` (read before the write) to what it is
 * now: called after the write commits. A category that gains its first public article or
 * loses its last one appears in or leaves the navigation on every page (`chrome`).
 */
export async function announceArticleChange(
  id: number,
  before: ArticleFacts | null,
): Promise<void> {
  await announceFacts(before, await readArticleFacts(id))
}

/** Announces the deletion of an article, from what it was before (`readArticleFacts`). */
export async function announceArticleDeleted(before: ArticleFacts | null): Promise<void> {
  await announceFacts(before, null)
}

async function announceFacts(before: ArticleFacts | null, after: ArticleFacts | null) {
  const keys = articleChangeKeys(before, after)
  if (keys.length === 0) return
  const wasPublic = before?.isPublic ?? false
  const isPublic = after?.isPublic ?? false
  const categoryId = (after ?? before)?.categoryId
  // Its category's first public article, or its last one gone: the navigation changes.
  if (wasPublic !== isPublic && categoryId != null) {
    if ((await publicArticlesIn(categoryId)) === (isPublic ? 1 : 0)) keys.push(EVERYTHING)
  }
  announceChanged(keys)
}

async function publicArticlesIn(categoryId: number): Promise<number> {
  const [row] = await getDb()
    .select({ count: sql<number>`count(*)::int` })
    .from(articles)
    .where(and(eq(articles.categoryId, categoryId), isPublicArticle))
  return row?.count ?? 0
}

/** When the last look for articles going public was made (epoch ms), per process. */
let lookedUntil = Date.now()

/**
 * Announces the scheduled articles whose publication time came since the last look (a
 * periodic job, server/start.ts): their pages and lists change at that moment, with no write.
 * An article written at or after its publication time (published at once) was announced by
 * that write: announcing it again would empty the front page and every page waiting on a
 * schedule a second time.
 */
export async function announceScheduledPublications(now = new Date()): Promise<number> {
  const since = new Date(lookedUntil)
  const rows = await getDb()
    .select({ id: articles.id })
    .from(articles)
    .where(
      and(
        eq(articles.status, 'published'),
        gt(articles.publishedAt, since),
        lte(articles.publishedAt, now),
        gt(articles.publishedAt, articles.updatedAt),
      ),
    )
  lookedUntil = now.getTime()
  for (const { id } of rows) {
    const after = await readArticleFacts(id)
    // Before its time it was scheduled: no reader saw it.
    if (after) await announceFacts({ ...after, isPublic: false, isScheduled: true }, after)
    if (after?.isPublic) await queueScheduledWebhookEvent(after)
  }
  return rows.length
}

/**
 * A scheduled article going public is published with no write: its webhook event is queued
 * here, once per article and publication time (the key stays with the done entry for a week).
 */
async function queueScheduledWebhookEvent(after: ArticleFacts) {
  const key = `article.published:${after.id}:${after.publishedAt}`
  if (await wasQueued(WEBHOOK_EVENTS_JOB, key)) return
  await queueWebhookEvent(
    getDb(),
    { type: 'article.published', subject: { articleId: after.id, slug: after.slug } },
    new Date(after.publishedAt ?? Date.now()),
    { key },
  )
}

/** When the last look for breaking items leaving the bar was made (epoch ms), per process. */
let barLookedUntil = Date.now()

/**
 * Announces `breaking` when an item's time on the bar ran out since the last look (a periodic
 * job, server/start.ts): the bar changes at that moment with no write, and the pages and CDN
 * copies that show it must not wait for their time to live.
 */
export async function announceExpiredBreakingNews(now = new Date()): Promise<boolean> {
  const since = new Date(barLookedUntil)
  barLookedUntil = now.getTime()
  if (since >= now) return false
  const onTheBar = await listBreakingNews(50, since)
  const expired = onTheBar.some((item) => item.expiresAt.getTime() <= now.getTime())
  if (expired) announceChanged(['breaking'])
  return expired
}

/**
 * The webhook event an article's change is, from what readers could see before and after
 * (docs/webhooks.md): only a change a reader could see is one (a draft's save is none).
 */
export function articleWebhookEvent(
  before: ArticleFacts | null,
  after: ArticleFacts | null,
): WebhookEventType | null {
  const wasPublic = before?.isPublic ?? false
  const isPublic = after?.isPublic ?? false
  if (!wasPublic) return isPublic ? 'article.published' : null
  if (isPublic) return 'article.updated'
  return after ? 'article.unpublished' : 'article.deleted'
}

/**
 * Queues the webhook event of article `id`'s change in the change's transaction `tx` (after
 * its write), from `before` (read before the transaction): the event commits with the change
 * or not at all (infra/webhook-outbox.server.ts). Every write of an article calls it.
 */
export async function queueArticleWebhookEvent(
  tx: Transaction,
  id: number,
  before: ArticleFacts | null,
  now = new Date(),
): Promise<void> {
  const after = await readArticleFacts(id, tx)
  const type = articleWebhookEvent(before, after)
  if (!type) return
  const facts = after ?? before!
  await queueWebhookEvent(tx, { type, subject: { articleId: id, slug: facts.slug } }, now)
}
