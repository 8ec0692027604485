import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import { articles, liveCoverage, liveEntries, liveEntryRevisions } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { announceChanged, cacheKey } from '~/infra/cache-keys.server'
import { getDb, type Transaction } from '~/infra/db.server'
import { queueWebhookEvent } from '~/infra/webhook-outbox.server'
import { sanitizeArticleHtml } from '~/infra/sanitize.server'
import type { LiveEntryInput, LiveState } from './live-schema'
import type { LiveEntryStatus } from './live-types'

// Live coverage's writes (who may: `canRunLiveCoverage` and `canSubmitLiveEntry`, asked by the
// route; whether the sender publishes at once is the route's answer to `canRunLiveCoverage`).
// Every write locks the coverage row first: writes to one article's coverage take turns (two
// editors posting at once both succeed, one after the other; pins never race), and each moves
// `last_entry_at`, the readers' cursor. A change readers can see announces the article's key
// (its page, its delta answers, the cards that show it) and the sitemaps' — never the whole
// page cache.

export class LiveError extends domainErrors('LiveError', {
  NOT_FOUND: 404,
  ENTRY_NOT_FOUND: 404,
  NOT_STARTED: 409,
  ENDED: 409,
  NOT_PENDING: 409,
  PENDING: 409,
}) {}

/** The database's clock at the statement (not the transaction's start): the cursor's time. */
const CLOCK = sql`clock_timestamp()`

export interface Author {
  id: string
}

async function lockCoverage(tx: Transaction, articleId: number) {
  const [row] = await tx
    .select({ state: liveCoverage.state })
    .from(liveCoverage)
    .where(eq(liveCoverage.articleId, articleId))
    .for('update')
  if (!row) throw new LiveError('NOT_STARTED', 'Start live coverage first.')
  return row
}

async function touchCoverage(tx: Transaction, articleId: number) {
  await tx
    .update(liveCoverage)
    .set({ lastEntryAt: CLOCK })
    .where(eq(liveCoverage.articleId, articleId))
}

// A change readers can see: the article's page and delta answers, the cards that show the
// article (they name its key), and the sitemaps, whose `lastmod` follows the newest entry.
const announceArticle = (articleId: number) =>
  announceChanged([cacheKey.article(articleId), 'sitemap'])

/**
 * Coverage starting, pausing or ending also turns the article's LIVE badge on or off, in lists
 * that do not name each article they show: search results and the breaking-news bar.
 */
const announceCoverageState = (articleId: number) =>
  announceChanged([cacheKey.article(articleId), 'sitemap', 'search', 'breaking'])

/** Starts coverage (or resumes it, or opens it again after its end). */
export async function startCoverage(articleId: number, summary?: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [article] = await tx
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.id, articleId))
      .for('update')
    if (!article) throw new LiveError('NOT_FOUND', 'This article no longer exists.')
    await tx
      .insert(liveCoverage)
      .values({ articleId, state: 'live', summary: summary ?? '', lastEntryAt: CLOCK })
      .onConflictDoUpdate({
        target: liveCoverage.articleId,
        set: { state: 'live', endedAt: null, lastEntryAt: CLOCK },
      })
  })
  announceCoverageState(articleId)
}

/** Pauses, resumes or ends coverage. An ended coverage stays as the record of the day. */
export async function setCoverageState(
  articleId: number,
  state: Exclude<LiveState, 'live'> | 'live',
): Promise<void> {
  await getDb().transaction(async (tx) => {
    const current = await lockCoverage(tx, articleId)
    if (current.state === 'ended' && state !== 'ended') {
      throw new LiveError('ENDED', 'Coverage has ended. Start it again to continue.')
    }
    await tx
      .update(liveCoverage)
      .set({
        state,
        // Ending twice keeps the first end.
        ...(state === 'ended' && current.state !== 'ended' ? { endedAt: CLOCK } : {}),
        lastEntryAt: CLOCK,
      })
      .where(eq(liveCoverage.articleId, articleId))
  })
  announceCoverageState(articleId)
}

export async function updateSummary(articleId: number, summary: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    await lockCoverage(tx, articleId)
    await tx
      .update(liveCoverage)
      .set({ summary: summary.trim(), lastEntryAt: CLOCK })
      .where(eq(liveCoverage.articleId, articleId))
  })
  announceArticle(articleId)
}

/** An entry's going public, as a webhook event queued in its transaction (docs/webhooks.md). */
function queueEntryPublished(tx: Transaction, articleId: number, entryId: number) {
  return queueWebhookEvent(tx, { type: 'live_entry.published', subject: { articleId, entryId } })
}

/**
 * A new entry: published at once when `publish` (the sender may run the coverage), else
 * pending until an editor approves it. Refused once coverage has ended.
 */
export async function postEntry(
  articleId: number,
  input: LiveEntryInput,
  author: Author,
  options: { publish: boolean },
): Promise<{ id: number; status: LiveEntryStatus }> {
  const row = await getDb().transaction(async (tx) => {
    const coverage = await lockCoverage(tx, articleId)
    if (coverage.state === 'ended') {
      throw new LiveError('ENDED', 'Coverage has ended. Start it again to post.')
    }
    const status = options.publish ? ('published' as const) : ('pending' as const)
    const [inserted] = await tx
      .insert(liveEntries)
      .values({
        articleId,
        headline: input.headline,
        content: sanitizeArticleHtml(input.content),
        isKeyEvent: input.isKeyEvent,
        status,
        authorId: author.id,
        publishedAt: options.publish ? CLOCK : null,
        createdAt: CLOCK,
        updatedAt: CLOCK,
      })
      .returning({ id: liveEntries.id, status: liveEntries.status })
    if (options.publish) {
      await touchCoverage(tx, articleId)
      await queueEntryPublished(tx, articleId, inserted.id)
    }
    return inserted
  })
  if (row.status === 'published') announceArticle(articleId)
  return row
}

/** Reads an entry of this article under the coverage's lock; deleted entries are gone. */
async function lockedEntry(tx: Transaction, articleId: number, entryId: number) {
  await lockCoverage(tx, articleId)
  const [entry] = await tx
    .select()
    .from(liveEntries)
    .where(
      and(
        eq(liveEntries.id, entryId),
        eq(liveEntries.articleId, articleId),
        isNull(liveEntries.deletedAt),
      ),
    )
  if (!entry) throw new LiveError('ENTRY_NOT_FOUND', 'This entry no longer exists.')
  return entry
}

/** Changes an entry's text, keeping what it was as a revision (corrections show in place). */
export async function editEntry(
  articleId: number,
  entryId: number,
  input: LiveEntryInput,
  editor: Author,
): Promise<void> {
  const wasPublished = await getDb().transaction(async (tx) => {
    const entry = await lockedEntry(tx, articleId, entryId)
    await tx.insert(liveEntryRevisions).values({
      entryId,
      headline: entry.headline,
      content: entry.content,
      createdBy: editor.id,
      createdAt: CLOCK,
    })
    await tx
      .update(liveEntries)
      .set({
        headline: input.headline,
        content: sanitizeArticleHtml(input.content),
        isKeyEvent: input.isKeyEvent,
        updatedAt: CLOCK,
      })
      .where(eq(liveEntries.id, entryId))
    if (entry.status === 'published') await touchCoverage(tx, articleId)
    return entry.status === 'published'
  })
  if (wasPublished) announceArticle(articleId)
}

/** Deletes an entry as a tombstone: readers' pages drop it at their next question. */
export async function deleteEntry(articleId: number, entryId: number): Promise<void> {
  const wasPublished = await getDb().transaction(async (tx) => {
    const entry = await lockedEntry(tx, articleId, entryId)
    await tx
      .update(liveEntries)
      .set({ deletedAt: CLOCK, isPinned: false, updatedAt: CLOCK })
      .where(eq(liveEntries.id, entryId))
    if (entry.status === 'published') await touchCoverage(tx, articleId)
    return entry.status === 'published'
  })
  if (wasPublished) announceArticle(articleId)
}

/** Publishes a contributor's entry, at the time of approval (it joins the top of the list). */
export async function approveEntry(articleId: number, entryId: number): Promise<void> {
  await getDb().transaction(async (tx) => {
    const entry = await lockedEntry(tx, articleId, entryId)
    if (entry.status !== 'pending') {
      throw new LiveError('NOT_PENDING', 'This entry is already published.')
    }
    await tx
      .update(liveEntries)
      .set({ status: 'published', publishedAt: CLOCK, updatedAt: CLOCK })
      .where(eq(liveEntries.id, entryId))
    await touchCoverage(tx, articleId)
    await queueEntryPublished(tx, articleId, entryId)
  })
  announceArticle(articleId)
}

/** Pins an entry above the others (the one pinned before is unpinned), or unpins it. */
export async function setPinned(articleId: number, entryId: number, on: boolean): Promise<void> {
  await getDb().transaction(async (tx) => {
    const entry = await lockedEntry(tx, articleId, entryId)
    if (on && entry.status !== 'published') {
      throw new LiveError('PENDING', 'Approve this entry before pinning it.')
    }
    if (on) {
      await tx
        .update(liveEntries)
        .set({ isPinned: false, updatedAt: CLOCK })
        .where(
          and(
            eq(liveEntries.articleId, articleId),
            eq(liveEntries.isPinned, true),
            ne(liveEntries.id, entryId),
          ),
        )
    }
    await tx
      .update(liveEntries)
      .set({ isPinned: on, updatedAt: CLOCK })
      .where(eq(liveEntries.id, entryId))
    await touchCoverage(tx, articleId)
  })
  announceArticle(articleId)
}

/** Marks an entry as a key event (listed at the top of the page, linking to it), or not. */
export async function setKeyEvent(articleId: number, entryId: number, on: boolean): Promise<void> {
  const wasPublished = await getDb().transaction(async (tx) => {
    const entry = await lockedEntry(tx, articleId, entryId)
    await tx
      .update(liveEntries)
      .set({ isKeyEvent: on, updatedAt: CLOCK })
      .where(eq(liveEntries.id, entryId))
    if (entry.status === 'published') await touchCoverage(tx, articleId)
    return entry.status === 'published'
  })
  if (wasPublished) announceArticle(articleId)
}
