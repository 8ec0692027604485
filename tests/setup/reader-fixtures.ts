import { entitlements, plans } from '../../db/schema/index'
import { getDb } from '../../app/infra/db.server'
import type { PageCache } from '../../server/page-cache'
import type { TestServer } from './app-server'
import { createTestUser, sessionCookie } from './auth-fixtures'

/*
 * The readers the reader-revenue suites ask as (issue 38): the article wall, the leak suites,
 * the live wall, the meter and gift links. Each is an account written straight to the database
 * with a real session (auth-fixtures.ts); a member holds a complimentary entitlement.
 */

/**
 * - anonymous: no session;
 * - registered: an account with no plan;
 * - member: a member of "our" plan (the plan a story may name);
 * - otherMember: a member of another plan;
 * - lapsed: a member of our plan whose entitlement ended yesterday, not yet marked lapsed by a
 *   job (as after a lapse);
 * - staff: the least of the staff roles (contributor): staff read everything.
 */
export type ReaderKind = 'anonymous' | 'registered' | 'otherMember' | 'member' | 'lapsed' | 'staff'

export const READER_KINDS: readonly ReaderKind[] = [
  'anonymous',
  'registered',
  'otherMember',
  'member',
  'lapsed',
  'staff',
]

/** Each reader's `Cookie` header; null for the anonymous reader. */
export type ReaderCookies = Record<ReaderKind, string | null>

const DAY_MS = 86_400_000

/**
 * A signed-in member of `planId` (complimentary, active, since 40 days ago) until `endsAt`
 * (null: no end): their session cookie.
 */
export async function memberSession(planId: number, endsAt: Date | null = null): Promise<string> {
  const user = await createTestUser()
  await getDb()
    .insert(entitlements)
    .values({
      userId: user.id,
      planId,
      source: 'complimentary',
      status: 'active',
      startsAt: new Date(Date.now() - 40 * DAY_MS),
      endsAt,
    })
  return sessionCookie(user)
}

type PlanValues = typeof plans.$inferInsert

/**
 * Our plan and another, and a reader of every kind with their session. The member holding an
 * end date runs out tomorrow, the other holds none: `memberEndsTomorrow` says which (the member,
 * by default; else the other member).
 */
export async function createReaders(
  ourPlan: PlanValues,
  otherPlan: PlanValues,
  { memberEndsTomorrow = true } = {},
) {
  const [ours, other] = await getDb().insert(plans).values([ourPlan, otherPlan]).returning()
  const tomorrow = new Date(Date.now() + DAY_MS)
  const cookies: ReaderCookies = {
    anonymous: null,
    registered: await sessionCookie(await createTestUser()),
    otherMember: await memberSession(other.id, memberEndsTomorrow ? null : tomorrow),
    member: await memberSession(ours.id, memberEndsTomorrow ? tomorrow : null),
    lapsed: await memberSession(ours.id, new Date(Date.now() - DAY_MS)),
    staff: await sessionCookie(await createTestUser({ role: 'contributor' })),
  }
  return { ours, other, cookies }
}

/**
 * A GET through the whole server as a reader (their cookie; null for none), read to the end,
 * once the page cache has stored what it keeps of the answer.
 */
export async function readAs(
  server: TestServer,
  pageCache: PageCache,
  path: string,
  cookie: string | null,
): Promise<{ response: Response; body: string }> {
  const response = await server.fetch(path, cookie ? { headers: { cookie } } : {})
  const body = await response.text()
  await pageCache.settled()
  return { response, body }
}
