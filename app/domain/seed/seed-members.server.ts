import crypto from 'node:crypto'
import { entitlements, memberEvents, plans, profiles } from '@db/schema/index'
import type { Transaction } from '~/infra/db.server'
import { DEMO_PLANS, DEMO_READERS, type DemoReader } from './demo-members'

const DAY = 86_400_000

/** The entitlement each demo membership writes (as Stripe's webhooks or an admin would have). */
function entitlementOf(reader: DemoReader, userId: string, planId: number, now: number) {
  const stripe = reader.membership !== 'complimentary'
  const key = reader.email.split('@')[0].replace(/\W/g, '')
  return {
    userId,
    planId,
    source: stripe ? 'stripe' : 'complimentary',
    status:
      reader.membership === 'cancelling' || reader.membership === 'complimentary'
        ? 'active'
        : reader.membership,
    startsAt: new Date(now - reader.startedDaysAgo * DAY),
    endsAt: reader.endsInDays === null ? null : new Date(now + reader.endsInDays * DAY),
    cancelAtPeriodEnd: reader.membership === 'cancelling',
    billingInterval: reader.interval,
    // Stripe-like ids: the demo has no Stripe account behind them.
    stripeCustomerId: stripe ? `cus_demo_${key}` : null,
    stripeSubscriptionId: stripe ? `sub_demo_${key}` : null,
    note: stripe ? null : 'Retired features editor: complimentary for a year',
  }
}

/** What the member's history shows, oldest first. */
function historyOf(reader: DemoReader, now: number): { kind: string; at: Date }[] {
  const started = new Date(now - reader.startedDaysAgo * DAY)
  const ago = (days: number) => new Date(now - days * DAY)
  switch (reader.membership) {
    case 'complimentary':
      return [{ kind: 'granted', at: started }]
    case 'trialing':
      return [{ kind: 'started', at: started }]
    case 'active':
      return [
        { kind: 'started', at: started },
        { kind: 'renewed', at: ago(44) },
        { kind: 'renewed', at: ago(14) },
      ]
    case 'past_due':
      return [
        { kind: 'started', at: started },
        { kind: 'payment_failed', at: ago(2) },
      ]
    case 'cancelling':
      return [
        { kind: 'started', at: started },
        { kind: 'cancelled', at: ago(6) },
      ]
    case 'lapsed':
      return [
        { kind: 'started', at: started },
        { kind: 'cancelled', at: ago(40) },
        { kind: 'ended', at: ago(20) },
      ]
  }
}

/**
 * The demo's plans and its readers with their memberships and histories, in the seed's
 * transaction. A reader whose address an account already holds is left out.
 */
export async function insertDemoMembers(tx: Transaction, now: number) {
  const planRows = await tx
    .insert(plans)
    .values(DEMO_PLANS.map((plan, position) => ({ ...plan, position })))
    .onConflictDoNothing()
    .returning({ id: plans.id, slug: plans.slug })
  const planIds = new Map(planRows.map((row) => [row.slug, row.id]))
  const planNames = new Map(DEMO_PLANS.map((plan) => [plan.slug, plan.name]))
  for (const reader of DEMO_READERS) {
    const planId = planIds.get(reader.plan)
    if (planId === undefined) continue
    const [profile] = await tx
      .insert(profiles)
      .values({
        id: crypto.randomUUID(),
        email: reader.email,
        name: reader.name,
        emailVerified: true,
        role: 'viewer',
        createdAt: new Date(now - (reader.startedDaysAgo + 3) * DAY),
      })
      .onConflictDoNothing()
      .returning({ id: profiles.id })
    if (!profile) continue
    const [entitlement] = await tx
      .insert(entitlements)
      .values(entitlementOf(reader, profile.id, planId, now))
      .returning({ id: entitlements.id })
    await tx.insert(memberEvents).values(
      historyOf(reader, now).map((event) => ({
        userId: profile.id,
        entitlementId: entitlement.id,
        kind: event.kind,
        details: { plan: planNames.get(reader.plan) },
        at: event.at,
      })),
    )
  }
}
