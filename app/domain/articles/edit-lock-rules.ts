// Who may write an article while someone has it open (issue 40, "Two people, one article"):
// the one place that decides, pure, so the server's writes and the form ask the same rules.
// The lock belongs to a person, not to a tab: the same person in two tabs holds it in both
// (the save's version check still keeps one tab from overwriting the other unawares).

/** A lock lives this long after its holder's tab last renewed it: gone a minute after the tab. */
export const EDIT_LOCK_TTL_MS = 60_000
/**
 * How often the open tab checks in: how soon it hears that someone took over. A check is a
 * read; it renews the lock (a write) only once EDIT_LOCK_RENEW_AFTER_MS have passed.
 */
export const EDIT_LOCK_CHECK_MS = 4_000
export const EDIT_LOCK_RENEW_AFTER_MS = 20_000

export interface EditLock {
  userId: string
  /** When the holder took it ("editing since"). */
  acquiredAt: Date
  renewedAt: Date
  expiresAt: Date
}

/** The lock in force now, or null when there is none or it has expired (a free lock). */
export function liveLock<L extends EditLock>(lock: L | null | undefined, now: Date): L | null {
  return lock && lock.expiresAt.getTime() > now.getTime() ? lock : null
}

/** Someone other than `userId` holds the lock now. */
export function isHeldByOther(
  lock: EditLock | null | undefined,
  userId: string,
  now: Date,
): boolean {
  const held = liveLock(lock, now)
  return held !== null && held.userId !== userId
}

/**
 * A write (save, autosave, publish, submit, restore) by `userId` is allowed when the lock is
 * free or theirs. A free lock is not taken by the write: only opening the editor takes it, so
 * a save after one's lock expired (a laptop asleep) still goes through, and the version check
 * tells whether anyone saved meanwhile.
 */
export function mayWriteUnderLock(
  lock: EditLock | null | undefined,
  userId: string,
  now: Date,
): boolean {
  return !isHeldByOther(lock, userId, now)
}

function freshLock(userId: string, now: Date): EditLock {
  return {
    userId,
    acquiredAt: now,
    renewedAt: now,
    expiresAt: new Date(now.getTime() + EDIT_LOCK_TTL_MS),
  }
}

export type ClaimDecision =
  /** Someone else holds it: the editor opens read-only. */
  | { kind: 'refused'; holder: EditLock }
  /** Held by the claimant and renewed recently enough: nothing to write. */
  | { kind: 'kept'; lock: EditLock }
  /** Write this lock: a free one taken, or the holder's renewed (its "since" kept). */
  | { kind: 'write'; lock: EditLock }

/** Opening the editor, and each check-in of its tab: take a free lock, renew one's own. */
export function decideClaim(
  lock: EditLock | null | undefined,
  userId: string,
  now: Date,
): ClaimDecision {
  const held = liveLock(lock, now)
  if (!held) return { kind: 'write', lock: freshLock(userId, now) }
  if (held.userId !== userId) return { kind: 'refused', holder: held }
  if (now.getTime() - held.renewedAt.getTime() < EDIT_LOCK_RENEW_AFTER_MS) {
    return { kind: 'kept', lock: held }
  }
  return {
    kind: 'write',
    lock: { ...held, renewedAt: now, expiresAt: new Date(now.getTime() + EDIT_LOCK_TTL_MS) },
  }
}

/**
 * "Take over": the lock moves to `userId` whoever holds it (the caller has checked that they
 * may edit the article; there is no rank among editors: the one who lost it is told at once,
 * keeps their text, and may take it back). `from` is whom it was taken from, if anyone.
 */
export function decideTakeOver(
  lock: EditLock | null | undefined,
  userId: string,
  now: Date,
): { lock: EditLock; from: string | null } {
  const held = liveLock(lock, now)
  if (held?.userId === userId) {
    return {
      lock: { ...held, renewedAt: now, expiresAt: freshLock(userId, now).expiresAt },
      from: null,
    }
  }
  return { lock: freshLock(userId, now), from: held?.userId ?? null }
}

/** Closing the tab gives the lock back; only its holder can (anyone else's release is ignored). */
export function mayRelease(lock: EditLock | null | undefined, userId: string): boolean {
  return lock?.userId === userId
}
