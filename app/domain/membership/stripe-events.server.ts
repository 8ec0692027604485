import { eq, or, sql } from 'drizzle-orm'
import { plans, profiles, stripeEvents } from '@db/schema/index'
import { getDb, type Transaction } from '~/infra/db.server'
import { enqueue } from '~/infra/jobs/job-queue.server'
import { wakeJob, type DurableJobDefinition } from '~/infra/jobs/registry.server'
import { logger } from '~/infra/logger.server'
import { stripeClient, type Stripe } from '~/infra/stripe.server'
import {
  recordEntitlementIn,
  userIdForStripeCustomer,
  type StripeEntitlementInput,
} from './entitlements.server'
import { queueMemberMails } from './member-mails.server'
import type { EntitlementStatus } from './members-schema'

/*
 * Stripe's webhooks are the only thing that grants or ends paid access (issue 38). The webhook
 * route checks the signature (the SDK's constructEvent), then `acceptStripeEvent` records the
 * event once by its id and queues its effect on the durable job queue in the same transaction:
 * a replay or a duplicate changes nothing, and an effect interrupted by a kill -9 runs again.
 *
 * The 'stripe-events' job reads the subscription afresh from Stripe rather than trusting the
 * event's copy: Stripe does not promise order, and the latest state is what access follows.
 */

export const STRIPE_EVENTS_JOB = 'stripe-events'

/** The events the site acts on; others are recorded and left alone. */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const

/** Records a verified event once; its effect is queued with it. False for one seen before. */
export async function acceptStripeEvent(event: Stripe.Event): Promise<boolean> {
  const accepted = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id })
    if (!row) return false
    if ((HANDLED_EVENTS as readonly string[]).includes(event.type)) {
      const subscription = subscriptionIdOf(event)
      await enqueue(tx, STRIPE_EVENTS_JOB, { eventId: event.id, type: event.type, subscription })
    }
    return true
  })
  if (accepted) wakeJob(STRIPE_EVENTS_JOB)
  return accepted
}

/** The subscription an event is about, wherever its type keeps it. */
export function subscriptionIdOf(event: Stripe.Event): string | null {
  // Stripe types `data.object` as a union of every object an event can carry; the fields read
  // here differ by type, so it is read as a plain record and each field checked as it is read.
  const object = event.data.object as unknown as Record<string, unknown>
  const ref = (value: unknown) =>
    typeof value === 'string' ? value : ((value as { id?: string } | null)?.id ?? null)
  if (event.type.startsWith('customer.subscription.')) return ref(object.id)
  if (event.type === 'checkout.session.completed') return ref(object.subscription)
  if (event.type.startsWith('invoice.')) {
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null
    return ref(parent?.subscription_details?.subscription ?? object.subscription)
  }
  return null
}

/** Stripe's subscription status in the site's words. */
export function entitlementStatusOf(subscription: Stripe.Subscription): EntitlementStatus {
  switch (subscription.status) {
    case 'trialing':
      return 'trialing'
    case 'active':
      return subscription.cancel_at_period_end ? 'cancelled' : 'active'
    case 'past_due':
    case 'unpaid':
      return 'past_due'
    default:
      // canceled, incomplete_expired, incomplete, paused: no access.
      return 'lapsed'
  }
}

/** The plan a subscription is for: its metadata, else the plan whose Stripe price it uses. */
async function planOf(subscription: Stripe.Subscription): Promise<number | null> {
  const fromMetadata = Number(subscription.metadata?.planId)
  if (Number.isInteger(fromMetadata) && fromMetadata > 0) return fromMetadata
  const price = subscription.items.data[0]?.price?.id
  if (!price) return null
  const [plan] = await getDb()
    .select({ id: plans.id })
    .from(plans)
    .where(or(eq(plans.stripeMonthlyPriceId, price), eq(plans.stripeYearlyPriceId, price)))
  return plan?.id ?? null
}

async function accountExists(userId: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1)
  return !!row
}

/** What the subscription says of its reader, or null for a customer the site does not know. */
export async function entitlementInputOf(
  subscription: Stripe.Subscription,
  event: { id: string; type: string },
): Promise<StripeEntitlementInput | null> {
  const customer =
    typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id
  const named = subscription.metadata?.userId || (await userIdForStripeCustomer(customer))
  // An account deleted since (its subscription cancelled first, Stripe's word of it arriving
  // after): the subscription is nobody's here any more.
  const userId = named && (await accountExists(named)) ? named : null
  const planId = await planOf(subscription)
  if (!userId || planId === null) return null
  const item = subscription.items.data[0]
  const interval: string | undefined = item?.price?.recurring?.interval
  return {
    userId,
    planId,
    stripeCustomerId: customer,
    stripeSubscriptionId: subscription.id,
    status: entitlementStatusOf(subscription),
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    billingInterval: interval === 'month' || interval === 'year' ? interval : null,
    startedAt: item ? new Date(item.current_period_start * 1000) : undefined,
    stripeEvent: event,
  }
}

async function markProcessed(tx: Transaction, eventId: string) {
  await tx.execute(sql`update stripe_events set processed_at = now() where id = ${eventId}`)
}

export const stripeEventsJob: DurableJobDefinition = {
  name: STRIPE_EVENTS_JOB,
  title: 'Stripe events',
  trigger: { kind: 'queued', description: 'a verified webhook from Stripe' },
  durable: true,
  singleInstance: false,
  timeLimitMs: 60_000,
  // Stripe's API unreachable for a while: tries at 30 s, 1, 2, 4, 8 and 16 minutes.
  retry: { attempts: 6, backoffMs: 30_000 },
  logLevel: 'info',
  run: async ({ payload }) => {
    const eventId = String(payload.eventId)
    const type = String(payload.type)
    const stripe = await stripeClient()
    const subscriptionId = typeof payload.subscription === 'string' ? payload.subscription : null
    if (!stripe || !subscriptionId) {
      return { write: (tx) => markProcessed(tx, eventId) }
    }
    const subscription = await stripe.subscriptions.retrieve(subscriptionId)
    const input = await entitlementInputOf(subscription, { id: eventId, type })
    if (!input) {
      // A customer made elsewhere (another site on the account, a test): recorded, no access.
      logger.warn({ eventId, type, subscriptionId }, 'stripe: an event for no reader of the site')
      return { write: (tx) => markProcessed(tx, eventId) }
    }
    return {
      write: async (tx) => {
        const result = await recordEntitlementIn(tx, input)
        await queueMemberMails(tx, input.userId, result.entitlementId, result.events)
        await markProcessed(tx, eventId)
      },
    }
  },
}
