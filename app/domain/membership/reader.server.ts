import { and, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm'
import { entitlements } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { getSessionUser } from '~/infra/permissions.server'
import { ANONYMOUS, type Reader } from './access-level'

/**
 * Entitlement states that give access until `endsAt`: past due while Stripe retries the
 * payment, cancelled while the period already paid for runs.
 */
export const ACCESS_GIVING_STATUSES = ['active', 'trialing', 'past_due', 'cancelled'] as const

/** The plans `userId` holds at `now`: entitlements begun, not ended, in a state that gives access. */
export async function activePlanIds(userId: string, now = new Date()): Promise<number[]> {
  const rows = await getDb()
    .selectDistinct({ planId: entitlements.planId })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.userId, userId),
        inArray(entitlements.status, [...ACCESS_GIVING_STATUSES]),
        lte(entitlements.startsAt, now),
        or(isNull(entitlements.endsAt), gt(entitlements.endsAt, now)),
      ),
    )
  return rows.map((row) => row.planId).sort((a, b) => a - b)
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
    planIds: await activePlanIds(user.id, now),
  }
}
