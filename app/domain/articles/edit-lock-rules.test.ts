import { describe, expect, it } from 'vitest'
import {
  decideClaim,
  decideTakeOver,
  EDIT_LOCK_RENEW_AFTER_MS,
  EDIT_LOCK_TTL_MS,
  isHeldByOther,
  liveLock,
  mayRelease,
  mayWriteUnderLock,
  type EditLock,
} from './edit-lock-rules'

const T0 = new Date('2026-03-02T09:00:00Z')
const at = (ms: number) => new Date(T0.getTime() + ms)
const heldBy = (userId: string, renewedMs = 0): EditLock => ({
  userId,
  acquiredAt: T0,
  renewedAt: at(renewedMs),
  expiresAt: at(renewedMs + EDIT_LOCK_TTL_MS),
})

describe('edit lock expiry', () => {
  it('is in force until its expiry and free from that instant', () => {
    const lock = heldBy('ann')
    expect(liveLock(lock, at(EDIT_LOCK_TTL_MS - 1))).toBe(lock)
    expect(liveLock(lock, at(EDIT_LOCK_TTL_MS))).toBeNull()
    expect(liveLock(null, T0)).toBeNull()
  })

  it('refuses others a write while it lives, and lets anyone write once it has expired', () => {
    const lock = heldBy('ann')
    expect(mayWriteUnderLock(lock, 'ann', at(1000))).toBe(true)
    expect(mayWriteUnderLock(lock, 'bob', at(1000))).toBe(false)
    expect(isHeldByOther(lock, 'bob', at(1000))).toBe(true)
    expect(mayWriteUnderLock(lock, 'bob', at(EDIT_LOCK_TTL_MS))).toBe(true)
    expect(mayWriteUnderLock(null, 'bob', T0)).toBe(true)
  })
})

describe('claiming (opening the editor, and each check-in)', () => {
  it('takes a free lock for a minute', () => {
    const decision = decideClaim(null, 'ann', T0)
    expect(decision).toEqual({ kind: 'write', lock: heldBy('ann') })
  })

  it('takes an expired lock from its old holder, with a new "since"', () => {
    const decision = decideClaim(heldBy('ann'), 'bob', at(EDIT_LOCK_TTL_MS + 5))
    expect(decision.kind).toBe('write')
    if (decision.kind !== 'write') return
    expect(decision.lock.userId).toBe('bob')
    expect(decision.lock.acquiredAt).toEqual(at(EDIT_LOCK_TTL_MS + 5))
  })

  it('refuses a lock someone else holds, naming them', () => {
    expect(decideClaim(heldBy('ann'), 'bob', at(10_000))).toEqual({
      kind: 'refused',
      holder: heldBy('ann'),
    })
  })

  it('renews only by its holder, and writes only once the renewal is due', () => {
    const lock = heldBy('ann')
    expect(decideClaim(lock, 'ann', at(EDIT_LOCK_RENEW_AFTER_MS - 1))).toEqual({
      kind: 'kept',
      lock,
    })
    const renewed = decideClaim(lock, 'ann', at(EDIT_LOCK_RENEW_AFTER_MS))
    expect(renewed).toEqual({
      kind: 'write',
      lock: {
        userId: 'ann',
        acquiredAt: T0,
        renewedAt: at(EDIT_LOCK_RENEW_AFTER_MS),
        expiresAt: at(EDIT_LOCK_RENEW_AFTER_MS + EDIT_LOCK_TTL_MS),
      },
    })
    expect(decideClaim(lock, 'bob', at(EDIT_LOCK_RENEW_AFTER_MS)).kind).toBe('refused')
  })
})

describe('taking over', () => {
  it('moves a held lock to the taker, saying from whom', () => {
    const { lock, from } = decideTakeOver(heldBy('ann'), 'bob', at(3000))
    expect(from).toBe('ann')
    expect(lock).toEqual({
      userId: 'bob',
      acquiredAt: at(3000),
      renewedAt: at(3000),
      expiresAt: at(3000 + EDIT_LOCK_TTL_MS),
    })
    // The former holder's next check-in is refused: that is how she hears of it.
    expect(decideClaim(lock, 'ann', at(4000))).toEqual({ kind: 'refused', holder: lock })
  })

  it('takes a free or expired lock from no one, and renews one already held', () => {
    expect(decideTakeOver(null, 'bob', T0).from).toBeNull()
    expect(decideTakeOver(heldBy('ann'), 'bob', at(EDIT_LOCK_TTL_MS)).from).toBeNull()
    const own = decideTakeOver(heldBy('bob'), 'bob', at(5000))
    expect(own.from).toBeNull()
    expect(own.lock.acquiredAt).toEqual(T0)
    expect(own.lock.expiresAt).toEqual(at(5000 + EDIT_LOCK_TTL_MS))
  })
})

describe('releasing', () => {
  it('is its holder’s alone', () => {
    expect(mayRelease(heldBy('ann'), 'ann')).toBe(true)
    expect(mayRelease(heldBy('ann'), 'bob')).toBe(false)
    expect(mayRelease(null, 'ann')).toBe(false)
  })
})
