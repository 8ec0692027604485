import { and, countDistinct, eq, gte, inArray, lt, lte, or, isNull, gt, sql } from 'drizzle-orm'
import { entitlements, memberEvents, plans } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { fromWallTime, toWallTime } from '~/lib/time-zone'
import type { MemberFigures } from './members-schema'

/*
 * The figures a publisher looks at (issue 38), for this month and the five before it, months
 * cut at midnight in the site's time zone. Revenue figures: Stripe's members only (complimentary,
 * imported and gift access bring no money).
 *
 * - Paying members: Stripe memberships running at the moment (a past month: at its last
 *   instant) — active, trialing, past due, and cancelled ones still running their paid period.
 * - Monthly recurring revenue: their plans' monthly price, or the yearly one / 12 for a yearly
 *   subscription; trials pay nothing yet and count 0 (a past
 *   month: until the trial's conversion). In the minor unit of the site's currency.
 * - New: readers whose Stripe membership began in the month.
 * - Cancelled: Stripe memberships cancelled (at the period's end) or ended in the month, each
 *   once — one cancelled in March and ending in April counts in March.
 * - Trial conversions: trials that became paid in the month.
 */

export const FIGURE_MONTHS = 6

interface MonthRange {
  month: string
  start: Date
  end: Date
}

/** The last `count` months in `timeZone`, oldest first, the one holding `now` last. */
export function monthsUntil(now: Date, timeZone: string, count = FIGURE_MONTHS): MonthRange[] {
  const [year, month] = toWallTime(now, timeZone).split('-').map(Number)
  const first = (offset: number) => {
    const date = new Date(Date.UTC(year, month - 1 + offset, 1))
    const label = date.toISOString().slice(0, 7)
    return { label, at: fromWallTime(`${label}-01T00:00:00`, timeZone)! }
  }
  const ranges: MonthRange[] = []
  for (let offset = 1 - count; offset <= 0; offset++) {
    const start = first(offset)
    ranges.push({ month: start.label, start: start.at, end: first(offset + 1).at })
  }
  return ranges
}

/**
 * Who a membership is: its reader, or for a reader who deleted their account (the row kept
 * without them), the membership itself, so past months keep their count.
 */
const memberOf = sql`coalesce(${entitlements.userId}, 'deleted:' || ${entitlements.id})`

async function payingAt(at: Date): Promise<{ members: number; mrrCents: number }> {
  const price = sql`case
    when ${entitlements.status} = 'trialing' then 0
    when exists (select 1 from member_events c where c.entitlement_id = ${entitlements.id}
      and c.kind = 'converted' and c.at > ${at.toISOString()}::timestamptz) then 0
    when ${entitlements.billingInterval} = 'year'
      then coalesce(${plans.yearlyPriceCents}::numeric / 12, ${plans.monthlyPriceCents})
    else coalesce(${plans.monthlyPriceCents}, ${plans.yearlyPriceCents}::numeric / 12) end`
  const [row] = await getDb()
    .select({
      members: countDistinct(memberOf),
      mrr: sql<string>`coalesce(round(sum(${price})), 0)`,
    })
    .from(entitlements)
    .innerJoin(plans, eq(plans.id, entitlements.planId))
    .where(
      and(
        eq(entitlements.source, 'stripe'),
        lte(entitlements.startsAt, at),
        or(isNull(entitlements.endsAt), gt(entitlements.endsAt, at)),
        // An ended one always has its end; this only keeps out a row written without one.
        sql`not (${entitlements.status} = 'lapsed' and ${entitlements.endsAt} is null)`,
      ),
    )
  return { members: Number(row?.members ?? 0), mrrCents: Number(row?.mrr ?? 0) }
}

async function newIn({ start, end }: MonthRange): Promise<number> {
  const [row] = await getDb()
    .select({ count: countDistinct(memberOf) })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.source, 'stripe'),
        gte(entitlements.startsAt, start),
        lt(entitlements.startsAt, end),
      ),
    )
  return Number(row?.count ?? 0)
}

async function cancelledIn({ start, end }: MonthRange): Promise<number> {
  const [row] = await getDb()
    .select({ count: countDistinct(memberEvents.entitlementId) })
    .from(memberEvents)
    .innerJoin(entitlements, eq(entitlements.id, memberEvents.entitlementId))
    .where(
      and(
        eq(entitlements.source, 'stripe'),
        inArray(memberEvents.kind, ['cancelled', 'ended']),
        gte(memberEvents.at, start),
        lt(memberEvents.at, end),
        sql`not exists (select 1 from member_events earlier where earlier.entitlement_id = ${memberEvents.entitlementId} and earlier.kind = 'cancelled' and earlier.at < ${start.toISOString()}::timestamptz)`,
      ),
    )
  return Number(row?.count ?? 0)
}

async function conversionsIn({ start, end }: MonthRange): Promise<number> {
  const [row] = await getDb()
    .select({ count: countDistinct(memberEvents.entitlementId) })
    .from(memberEvents)
    .where(
      and(
        eq(memberEvents.kind, 'converted'),
        gte(memberEvents.at, start),
        lt(memberEvents.at, end),
      ),
    )
  return Number(row?.count ?? 0)
}

/** The figures at `now` (tests pass a fixed one), months cut in `timeZone`. */
export async function memberFigures(now: Date, timeZone: string): Promise<MemberFigures> {
  const months = monthsUntil(now, timeZone)
  const figures: MemberFigures = {
    months: months.map((m) => m.month),
    payingMembers: [],
    mrrCents: [],
    newMembers: [],
    cancelled: [],
    trialConversions: [],
  }
  for (const range of months) {
    // A past month is read at its last instant; this month, now.
    const at = range.end.getTime() > now.getTime() ? now : new Date(range.end.getTime() - 1)
    const [paying, fresh, cancelled, converted] = await Promise.all([
      payingAt(at),
      newIn(range),
      cancelledIn(range),
      conversionsIn(range),
    ])
    figures.payingMembers.push({ month: range.month, value: paying.members })
    figures.mrrCents.push({ month: range.month, value: paying.mrrCents })
    figures.newMembers.push({ month: range.month, value: fresh })
    figures.cancelled.push({ month: range.month, value: cancelled })
    figures.trialConversions.push({ month: range.month, value: converted })
  }
  return figures
}
