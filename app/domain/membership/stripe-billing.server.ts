import { and, desc, eq, isNotNull } from 'drizzle-orm'
import { entitlements, plans } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { logger } from '~/infra/logger.server'
import { stripeClient, type Stripe } from '~/infra/stripe.server'

/*
 * The reader's side of paying (issue 38): Stripe Checkout for the first payment, the Customer
 * Portal for cards, plan changes and cancelling, the receipts Stripe keeps. The site never
 * touches a card number; access is granted only by Stripe's webhooks (stripe-events.server.ts).
 */

export class BillingError extends domainErrors('BillingError', {
  NOT_OPEN: 503,
  UNKNOWN_PLAN: 404,
  NO_PRICE: 400,
  NO_CUSTOMER: 404,
  UNAVAILABLE: 503,
}) {}

export type BillingInterval = 'month' | 'year'

async function requireStripe(): Promise<Stripe> {
  const stripe = await stripeClient()
  if (!stripe) throw new BillingError('NOT_OPEN', 'Subscriptions are not open yet.')
  return stripe
}

/**
 * The Stripe price of a plan for `interval`, made (with its product) the first time a reader
 * asks, and kept on the plan's row; a changed price is forgotten by plans.server.ts and made
 * again here.
 */
async function stripePriceFor(planId: number, interval: BillingInterval): Promise<string> {
  const stripe = await requireStripe()
  const [plan] = await getDb().select().from(plans).where(eq(plans.id, planId))
  if (!plan || plan.status !== 'visible') {
    throw new BillingError('UNKNOWN_PLAN', 'This plan is not offered any more.')
  }
  const amount = interval === 'month' ? plan.monthlyPriceCents : plan.yearlyPriceCents
  if (amount === null) {
    throw new BillingError('NO_PRICE', `This plan is not offered per ${interval}.`)
  }
  const known = interval === 'month' ? plan.stripeMonthlyPriceId : plan.stripeYearlyPriceId
  if (known) return known
  const { currency } = await getSiteSettings()
  const productId =
    plan.stripeProductId ??
    (await stripe.products.create({ name: plan.name, metadata: { planId: String(plan.id) } })).id
  const price = await stripe.prices.create({
    product: productId,
    currency: currency.toLowerCase(),
    unit_amount: amount,
    recurring: { interval },
    metadata: { planId: String(plan.id) },
  })
  await getDb()
    .update(plans)
    .set({
      stripeProductId: productId,
      ...(interval === 'month'
        ? { stripeMonthlyPriceId: price.id }
        : { stripeYearlyPriceId: price.id }),
    })
    .where(eq(plans.id, plan.id))
  return price.id
}

/** The reader's Stripe customer, from their latest Stripe entitlement; null before the first. */
export async function stripeCustomerOf(userId: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ customer: entitlements.stripeCustomerId })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), isNotNull(entitlements.stripeCustomerId)))
    .orderBy(desc(entitlements.updatedAt))
    .limit(1)
  return row?.customer ?? null
}

/**
 * A Checkout session for `planId` per `interval` (with the plan's trial): the address to send
 * the reader to. The subscription carries the reader's id and the plan's in its metadata, so
 * that its webhooks find them.
 */
export async function startCheckout(
  reader: { id: string; email: string },
  planId: number,
  interval: BillingInterval,
): Promise<string> {
  const stripe = await requireStripe()
  const price = await stripePriceFor(planId, interval)
  const [plan] = await getDb()
    .select({ trialDays: plans.trialDays })
    .from(plans)
    .where(eq(plans.id, planId))
  const customer = await stripeCustomerOf(reader.id)
  const site = getEnv().siteUrl
  const metadata = { userId: reader.id, planId: String(planId) }
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price, quantity: 1 }],
    ...(customer ? { customer } : { customer_email: reader.email }),
    client_reference_id: reader.id,
    metadata,
    subscription_data: {
      metadata,
      ...(plan && plan.trialDays > 0 ? { trial_period_days: plan.trialDays } : {}),
    },
    success_url: `${site}/profile?subscribed=1`,
    cancel_url: `${site}/subscribe`,
  })
  if (!session.url) throw new Error('Stripe gave the Checkout session no address')
  return session.url
}

/** The Customer Portal for the reader (cards, plan changes, cancelling), back to /profile. */
export async function billingPortalUrl(userId: string): Promise<string> {
  const stripe = await requireStripe()
  const customer = await stripeCustomerOf(userId)
  if (!customer) throw new BillingError('NO_CUSTOMER', 'You have no subscription to manage.')
  const session = await stripe.billingPortal.sessions.create({
    customer,
    return_url: `${getEnv().siteUrl}/profile`,
  })
  return session.url
}

export interface Receipt {
  id: string
  at: Date
  amountMinor: number
  currency: string
  status: string
  url: string | null
}

/** The reader's last receipts, as Stripe keeps them; none without Stripe or a customer. */
export async function receiptsOf(userId: string, limit = 12): Promise<Receipt[]> {
  const stripe = await stripeClient()
  const customer = stripe ? await stripeCustomerOf(userId) : null
  if (!stripe || !customer) return []
  const invoices = await stripe.invoices.list({ customer, limit })
  return invoices.data.map((invoice) => ({
    id: invoice.id ?? '',
    at: new Date(invoice.created * 1000),
    amountMinor: invoice.amount_paid,
    currency: invoice.currency.toUpperCase(),
    status: invoice.status ?? 'open',
    url: invoice.hosted_invoice_url ?? null,
  }))
}

/** Stripe's statuses of a subscription that may still charge the reader. */
const MAY_CHARGE = new Set<string>([
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'incomplete',
  'paused',
])

const NOT_CANCELLED =
  'Your subscription could not be cancelled with Stripe just now, so nothing has been deleted. Please try again in a few minutes.'

/**
 * Cancels at once every Stripe subscription that may still charge the reader (an account being
 * deleted: domain/users/account-deletion.server.ts), as Stripe lists them now for each Stripe
 * customer the site holds for the reader, so one whose webhook has not arrived yet goes too. No
 * further charge is made; Stripe keeps the customer with its invoices and receipts, as the law
 * asks. Stripe unreachable or refusing, or not configured while the reader has a Stripe
 * membership that is not over: BillingError UNAVAILABLE (503), and the caller deletes nothing.
 * Returns how many subscriptions it cancelled.
 */
export async function cancelSubscriptionsOf(userId: string): Promise<number> {
  const rows = await getDb()
    .select({ customer: entitlements.stripeCustomerId, status: entitlements.status })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), isNotNull(entitlements.stripeCustomerId)))
  if (rows.length === 0) return 0
  const stripe = await stripeClient()
  if (!stripe) {
    if (rows.every((row) => row.status === 'lapsed')) return 0
    throw new BillingError('UNAVAILABLE', NOT_CANCELLED)
  }
  let cancelled = 0
  try {
    for (const customer of new Set(rows.map((row) => row.customer!))) {
      for await (const subscription of stripe.subscriptions.list({ customer, limit: 100 })) {
        if (!MAY_CHARGE.has(subscription.status)) continue
        // The same key on a retry: Stripe answers the first cancel again, never an error.
        await stripe.subscriptions.cancel(subscription.id, undefined, {
          idempotencyKey: `account-deleted:${subscription.id}`,
        })
        cancelled++
      }
    }
  } catch (error) {
    logger.warn({ err: error, userId, cancelled }, 'stripe: cancelling for a deletion failed')
    throw new BillingError('UNAVAILABLE', NOT_CANCELLED, { cause: error })
  }
  return cancelled
}
