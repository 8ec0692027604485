import { and, desc, eq, isNotNull } from 'drizzle-orm'
import { entitlements, plans } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
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
