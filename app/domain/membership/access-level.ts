// The one access rule of reader revenue (issue 38): what an article asks of its reader, who the
// reader is, and whether they read it in full. Client-safe: no server imports. Every channel
// that shows an article's text (its page and .data, RSS, search, social cards, JSON-LD, mails,
// live entries, the e-paper) asks `decideRead` and sends the preview alone when it says no.

import type { Role } from '~/domain/access/access-rules'

export const ACCESS_LEVELS = ['everyone', 'registered', 'members'] as const
export type AccessLevel = (typeof ACCESS_LEVELS)[number]

export const ACCESS_LEVEL_NAMES: Record<AccessLevel, string> = {
  everyone: 'Everyone',
  registered: 'Registered readers',
  members: 'Paying members',
}

export function isAccessLevel(value: unknown): value is AccessLevel {
  return typeof value === 'string' && (ACCESS_LEVELS as readonly string[]).includes(value)
}

/** What the rule needs to know of an article. */
export interface ArticleGate {
  access: AccessLevel
  /** For a members story, the plans that open it; empty: any paid plan. */
  accessPlanIds: readonly number[]
  /** A members story an editor made free for now (breaking news, public interest). */
  freeForNow: boolean
}

/** Who reads: nobody signed in, or an account with its role and the plans it holds now. */
export type Reader =
  { kind: 'anonymous' } | { kind: 'account'; id: string; role: Role; planIds: readonly number[] }

export const ANONYMOUS: Reader = { kind: 'anonymous' }

/** What else may open a story beyond the reader's own access (the meter, a gift link). */
export interface ReadAllowances {
  /** A registration wall is up: members stories are free to anyone with an account. */
  registrationWall?: boolean
  /** The meter lets this read through (counted elsewhere). */
  meter?: boolean
  /** A valid gift link for this story came with the request. */
  gift?: boolean
}

export type ReadDecision =
  | { full: true; why: 'free' | 'staff' | 'account' | 'member' | 'meter' | 'gift' }
  /** The wall: 'register' asks for a free account, 'subscribe' for one of `planIds` (empty: any). */
  | { full: false; wall: 'register' | 'subscribe'; planIds: readonly number[] }

const STAFF: readonly Role[] = ['contributor', 'author', 'editor', 'admin']

/** The level an article asks for once "free for now" is taken into account. */
export function effectiveAccess(gate: ArticleGate): AccessLevel {
  return gate.access === 'members' && gate.freeForNow ? 'everyone' : gate.access
}

/** True when the reader holds one of the plans the story asks for (any plan when it names none). */
export function holdsPlanFor(gate: ArticleGate, planIds: readonly number[]): boolean {
  if (planIds.length === 0) return false
  return gate.accessPlanIds.length === 0 || gate.accessPlanIds.some((id) => planIds.includes(id))
}

/**
 * Whether `reader` reads the article in full, and if not, which wall they meet. Staff read
 * everything (they write and check it); a members story opens to a holder of one of its plans,
 * to an account while a registration wall is up, to a read the meter lets through, or to a gift.
 */
export function decideRead(
  gate: ArticleGate,
  reader: Reader,
  allowances: ReadAllowances = {},
): ReadDecision {
  const level = effectiveAccess(gate)
  if (level === 'everyone') return { full: true, why: 'free' }
  if (reader.kind === 'account' && STAFF.includes(reader.role)) return { full: true, why: 'staff' }
  if (allowances.gift) return { full: true, why: 'gift' }
  if (level === 'registered') {
    return reader.kind === 'account'
      ? { full: true, why: 'account' }
      : { full: false, wall: 'register', planIds: [] }
  }
  if (reader.kind === 'account' && holdsPlanFor(gate, reader.planIds)) {
    return { full: true, why: 'member' }
  }
  if (allowances.meter) return { full: true, why: 'meter' }
  if (allowances.registrationWall) {
    return reader.kind === 'account'
      ? { full: true, why: 'account' }
      : { full: false, wall: 'register', planIds: [] }
  }
  return { full: false, wall: 'subscribe', planIds: gate.accessPlanIds }
}
