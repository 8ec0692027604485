import { and, type AnyColumn, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import { entitlements, profiles, sessions } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import {
  getSessionUser,
  primeSession,
  SESSION_COLUMNS,
  sessionTokenOf,
  type SessionInfo,
} from '~/infra/permissions.server'
import { ANONYMOUS, type Reader } from './access-level'

/**
 * Entitlement states that give access until `endsAt`: past due while Stripe retries the
 * payment, cancelled while the period already paid for runs.
 */
export const ACCESS_GIVING_STATUSES = ['active', 'trialing', 'past_due', 'cancelled'] as const

/** Entitlements of `userId` that give access at `now`: begun, not ended, in such a state. */
function givingAccess(userId: string | AnyColumn, now: Date) {
  return and(
    eq(entitlements.userId, userId),
    inArray(entitlements.status, [...ACCESS_GIVING_STATUSES]),
    lte(entitlements.startsAt, now),
    or(isNull(entitlements.endsAt), gt(entitlements.endsAt, now)),
  )
}

/** The plans `userId` holds at `now`: entitlements begun, not ended, in a state that gives access. */
export async function activePlanIds(userId: string, now = new Date()): Promise<number[]> {
  const rows = await getDb()
    .selectDistinct({ planId: entitlements.planId })
    .from(entitlements)
    .where(givingAccess(userId, now))
  return rows.map((row) => row.planId).sort((a, b) => a - b)
}

// Plans read with the session (`peekReader`), for the request's `readerOf`.
const plansPerRequest = new WeakMap<Request, number[]>()

/**
 * The reader of a read-only answer in one statement: the session with its user and the plans
 * held (decision 0046; better-auth's getSession and a second query cost a page kept per kind of
 * reader more than the page). The request's `getSession` and `readerOf` then answer from it.
 * Undefined when the session is the app's to decide (permissions.server.ts `primeSession`).
 */
export async function peekReader(
  request: Request,
  now = new Date(),
): Promise<SessionInfo | null | undefined> {
  const token = sessionTokenOf(request)
  if (token === null) return null
  if (token === undefined) return undefined
  const planIds = sql<number[]>`array(${getDb()
    .selectDistinct({ planId: entitlements.planId })
    .from(entitlements)
    .where(givingAccess(profiles.id, now))})`
  const [row] = await getDb()
    .select({ ...SESSION_COLUMNS, planIds })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.userId))
    .where(eq(sessions.token, token))
    .limit(1)
  const info = primeSession(request, row)
  if (info && row)
    plansPerRequest.set(
      request,
      [...row.planIds].sort((a, b) => a - b),
    )
  return info
}

/**
 * Who reads, for the access rule (access-level.ts): nobody, or the signed-in account with its
 * role and the plans it holds now. One query beyond the session, and only for a signed-in
 * reader: anonymous requests (the ones the page cache serves) cost nothing here.
 */
export async function readerOf(request: Request, now = new Date()): Promise<Reader> {
  const user = await getSessionUser(request)
  if (!user) return ANONYMOUS
  return {
    kind: 'account',
    id: user.id,
    role: user.role,
    planIds: plansPerRequest.get(request) ?? (await activePlanIds(user.id, now)),
  }
}
