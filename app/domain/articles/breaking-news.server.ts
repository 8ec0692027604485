import { and, eq } from 'drizzle-orm'
import { articles, articleTags, tags } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { announceChanged } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { BREAKING_NEWS_TAG } from './articles-queries.server'
import type { BreakingNewsAction } from './breaking-news-schema'
import { breakingExpiry, isStillBreaking, keepLonger, refuseKeepUntil } from './breaking-news-rules'

export class BreakingNewsError extends domainErrors('BreakingNewsError', {
  NOT_FOUND: 404,
  NOT_BREAKING: 400,
  INVALID_TIME: 400,
}) {}

/** Where one article stands on the bar: for the publishing panel's "On the bar until …". */
export interface BreakingNewsState {
  /** Tagged breaking-news (as stored, not as the form holds it now). */
  isBreaking: boolean
  /** Published and its time come: readers can see it. */
  isPublic: boolean
  /** When it leaves the bar; null while unpublished without a chosen time. */
  expiresAt: Date | null
  /** On the bar now: breaking, public and not expired. */
  isOnBar: boolean
  /** The site's hours ("Keep 12 more hours"). */
  hours: number
  /** The site's time zone, in which the panel shows and reads times. */
  timeZone: string
}

async function breakingFacts(articleId: number) {
  const db = getDb()
  const [row] = await db
    .select({
      status: articles.status,
      publishedAt: articles.publishedAt,
      breakingUntil: articles.breakingUntil,
    })
    .from(articles)
    .where(eq(articles.id, articleId))
    .limit(1)
  if (!row) throw new BreakingNewsError('NOT_FOUND', 'This article no longer exists')
  const [link] = await db
    .select({ tagId: articleTags.tagId })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .where(and(eq(articleTags.articleId, articleId), eq(tags.slug, BREAKING_NEWS_TAG)))
    .limit(1)
  return { ...row, isBreaking: link !== undefined }
}

export async function getBreakingNewsState(
  articleId: number,
  now: Date = new Date(),
): Promise<BreakingNewsState> {
  const [facts, settings] = await Promise.all([breakingFacts(articleId), getSiteSettings()])
  const hours = settings.breakingNewsHours
  const isPublic =
    facts.status === 'published' &&
    facts.publishedAt !== null &&
    facts.publishedAt.getTime() <= now.getTime()
  return {
    isBreaking: facts.isBreaking,
    isPublic,
    expiresAt: breakingExpiry(facts, hours),
    isOnBar: facts.isBreaking && isPublic && isStillBreaking(facts, hours, now),
    hours,
    timeZone: settings.timeZone,
  }
}

/**
 * An editor keeps a breaking item on the bar longer ("Keep 12 more hours") or until a chosen
 * time (earlier ends it sooner), at most a week ahead, or takes it off now. Only an article
 * tagged breaking-news.
 * The article's `updatedAt` stays: the open editor's next save must not see a conflict.
 */
export async function keepOnBreakingBar(
  articleId: number,
  action: BreakingNewsAction,
  now: Date = new Date(),
): Promise<Date> {
  const [facts, settings] = await Promise.all([breakingFacts(articleId), getSiteSettings()])
  if (!facts.isBreaking) {
    throw new BreakingNewsError(
      'NOT_BREAKING',
      'Only an article tagged Breaking News is on the bar. Add the tag and save first.',
    )
  }
  const hours = settings.breakingNewsHours
  if (action.intent === 'end') {
    // "Take off the bar now": its expiry is now, so it leaves every reader's bar at once.
    await getDb().update(articles).set({ breakingUntil: now }).where(eq(articles.id, articleId))
    announceChanged(['breaking'])
    return now
  }
  const until =
    action.intent === 'keep' ? keepLonger(breakingExpiry(facts, hours), hours, now) : action.until
  const refusal = refuseKeepUntil(until, now)
  if (refusal) {
    throw new BreakingNewsError('INVALID_TIME', refusal, {
      field: action.intent === 'until' ? 'until' : undefined,
    })
  }
  await getDb().update(articles).set({ breakingUntil: until }).where(eq(articles.id, articleId))
  // The bar, on every reader's page.
  announceChanged(['breaking'])
  return until
}
