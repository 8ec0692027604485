import { desc, eq } from 'drizzle-orm'
import { entitlements, plans } from '@db/schema/index'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { getDb } from '~/infra/db.server'
import { logger } from '~/infra/logger.server'
import { formatArticleDate } from '~/lib/dates'
import { formatPrice } from '~/lib/money'
import { memberStatus, MEMBER_STATUS_NAMES } from './members-schema'
import type { ProfileMembershipView } from './profile-membership'
import { receiptsOf } from './stripe-billing.server'

/**
 * The reader's membership on /profile (issue 38): each plan held, or held before, with its
 * state in words and its next renewal or end; whether "Manage billing" applies (a Stripe
 * subscription); the receipts Stripe keeps. Stripe unreachable: the receipts are left out and
 * the page says so, the rest stands.
 */
export async function profileMembership(
  userId: string,
  now = new Date(),
): Promise<ProfileMembershipView> {
  const [rows, { timeZone }] = await Promise.all([
    getDb()
      .select({
        id: entitlements.id,
        plan: plans.name,
        source: entitlements.source,
        status: entitlements.status,
        endsAt: entitlements.endsAt,
        cancelAtPeriodEnd: entitlements.cancelAtPeriodEnd,
      })
      .from(entitlements)
      .innerJoin(plans, eq(plans.id, entitlements.planId))
      .where(eq(entitlements.userId, userId))
      .orderBy(desc(entitlements.updatedAt))
      .limit(10),
    getSiteSettings(),
  ])
  const memberships = rows.map((row) => {
    const status = memberStatus(row, now)
    const day = row.endsAt ? formatArticleDate(row.endsAt, timeZone) : null
    const renews = row.source === 'stripe' && (status === 'active' || status === 'past_due')
    const when =
      status === 'lapsed'
        ? day && `Ended on ${day}`
        : renews
          ? day && `Renews on ${day}`
          : status === 'trialing'
            ? day && `Trial ends on ${day}`
            : day
              ? `Until ${day}`
              : 'No end date'
    return { id: row.id, plan: row.plan, status: MEMBER_STATUS_NAMES[status], when }
  })
  const paysThroughStripe = rows.some((row) => row.source === 'stripe')
  let receipts: ProfileMembershipView['receipts'] = []
  let receiptsUnavailable = false
  if (paysThroughStripe) {
    try {
      receipts = (await receiptsOf(userId)).map((receipt) => ({
        id: receipt.id,
        date: formatArticleDate(receipt.at, timeZone),
        amount: formatPrice(receipt.amountMinor, receipt.currency),
        status: receipt.status === 'paid' ? 'Paid' : 'Not paid',
        url: receipt.url,
      }))
    } catch (error) {
      logger.warn({ err: error }, 'stripe: receipts could not be read')
      receiptsUnavailable = true
    }
  }
  return { memberships, manageBilling: paysThroughStripe, receipts, receiptsUnavailable }
}
