import { eq } from 'drizzle-orm'
import { articleEditLocks, articles, profiles } from '@db/schema/index'
import { canEditArticle, type Actor } from '~/domain/access/access-rules'
import { coAuthorIdsColumn } from '~/domain/access/bylines.server'
import { newsroomName } from '~/domain/authors/authors-queries.server'
import { domainErrors } from '~/domain/domain-error'
import { getDb, type Transaction } from '~/infra/db.server'
import {
  decideClaim,
  decideTakeOver,
  isHeldByOther,
  liveLock,
  mayRelease,
  type EditLock,
} from './edit-lock-rules'
import type { EditLockAnswer, EditLockHolder } from './edit-lock-schema'

// The edit lock in the database (db/schema/edit-locks.ts), under the rules of
// edit-lock-rules.ts: opening the editor claims it, its tab renews it, "Take over" moves it,
// closing the tab releases it, and every write of the form checks it (`requireEditLock`).

export class EditLockError extends domainErrors('EditLockError', {
  NOT_FOUND: 404,
  /** Someone else may edit it, and not this person (their role or the article's state). */
  EDIT_REFUSED: 403,
  /** Someone else holds the lock: the write is refused, nothing is saved. */
  LOCKED: 423,
}) {}

type Db = ReturnType<typeof getDb> | Transaction

interface StoredLock extends EditLock {
  holderName: string
}

async function readLock(db: Db, articleId: number): Promise<StoredLock | null> {
  const [row] = await db
    .select({
      userId: articleEditLocks.userId,
      acquiredAt: articleEditLocks.acquiredAt,
      renewedAt: articleEditLocks.renewedAt,
      expiresAt: articleEditLocks.expiresAt,
      holderName: newsroomName,
    })
    .from(articleEditLocks)
    .innerJoin(profiles, eq(profiles.id, articleEditLocks.userId))
    .where(eq(articleEditLocks.articleId, articleId))
    .limit(1)
  return row ?? null
}

function holderOf(lock: StoredLock): EditLockHolder {
  return { id: lock.userId, name: lock.holderName, since: lock.acquiredAt.toISOString() }
}

/** The lock in force on an article, as the edit page shows it (null: nobody is editing). */
export async function getEditLock(
  articleId: number,
  now = new Date(),
): Promise<EditLockHolder | null> {
  const lock = liveLock(await readLock(getDb(), articleId), now)
  return lock ? holderOf(lock) : null
}

/**
 * The article's row, held for the lock's change (its key is not changed, so the lock row's
 * reference to it does not wait), and whether `actor` may edit it at all.
 */
async function lockArticle(tx: Transaction, articleId: number, actor: Actor): Promise<void> {
  const [article] = await tx
    // Its co-authors too: each may edit it, so each may hold its lock (issue 40).
    .select({
      authorId: articles.authorId,
      coAuthorIds: coAuthorIdsColumn,
      status: articles.status,
    })
    .from(articles)
    .where(eq(articles.id, articleId))
    .for('no key update')
  if (!article) throw new EditLockError('NOT_FOUND', 'This article no longer exists.')
  if (!canEditArticle(actor, article)) {
    throw new EditLockError('EDIT_REFUSED', 'Your role does not allow you to edit this article.')
  }
}

async function writeLock(tx: Transaction, articleId: number, lock: EditLock): Promise<void> {
  const { userId, acquiredAt, renewedAt, expiresAt } = lock
  await tx
    .insert(articleEditLocks)
    .values({ articleId, userId, acquiredAt, renewedAt, expiresAt })
    .onConflictDoUpdate({
      target: articleEditLocks.articleId,
      set: { userId, acquiredAt, renewedAt, expiresAt },
    })
}

async function answerFor(tx: Transaction, articleId: number, actor: Actor, now: Date) {
  const lock = liveLock(await readLock(tx, articleId), now)
  const answer: EditLockAnswer = {
    mine: lock?.userId === actor.id,
    holder: lock ? holderOf(lock) : null,
  }
  return answer
}

/**
 * Opening the editor, and every check-in of its tab: takes a free lock, renews one's own
 * (a write only when the renewal is due), and answers who holds it. Not holding it is an
 * answer, not an error: the tab shows the banner (or learns it was taken over).
 */
export async function claimEditLock(
  articleId: number,
  actor: Actor,
  now = new Date(),
): Promise<EditLockAnswer> {
  return getDb().transaction(async (tx) => {
    await lockArticle(tx, articleId, actor)
    const decision = decideClaim(await readLock(tx, articleId), actor.id, now)
    if (decision.kind === 'write') await writeLock(tx, articleId, decision.lock)
    return answerFor(tx, articleId, actor, now)
  })
}

/** "Take over": the lock is the actor's, whoever held it; their next check-in tells them. */
export async function takeOverEditLock(
  articleId: number,
  actor: Actor,
  now = new Date(),
): Promise<EditLockAnswer & { takenFrom: string | null }> {
  return getDb().transaction(async (tx) => {
    await lockArticle(tx, articleId, actor)
    const { lock, from } = decideTakeOver(await readLock(tx, articleId), actor.id, now)
    await writeLock(tx, articleId, lock)
    return { ...(await answerFor(tx, articleId, actor, now)), takenFrom: from }
  })
}

/** The tab closed: its holder gives the lock back at once (anyone else's release does nothing). */
export async function releaseEditLock(articleId: number, actor: Actor): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    if (!mayRelease(await readLock(tx, articleId), actor.id)) return false
    await tx.delete(articleEditLocks).where(eq(articleEditLocks.articleId, articleId))
    return true
  })
}

/**
 * Inside a write's transaction, after its row is locked: refuses the write when someone else
 * holds the lock (LOCKED, naming them). A free lock lets the write through without taking it.
 */
export async function requireEditLock(
  tx: Transaction,
  articleId: number,
  actor: Actor,
  now: Date,
): Promise<void> {
  const lock = await readLock(tx, articleId)
  if (lock && isHeldByOther(lock, actor.id, now)) {
    throw new EditLockError('LOCKED', lockedMessage(lock.holderName))
  }
}

export function lockedMessage(holderName: string): string {
  return `${holderName} is editing this article now, so your changes were not saved. Take over editing to save them.`
}
