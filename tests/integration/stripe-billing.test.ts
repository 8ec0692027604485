import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { entitlements, memberEvents, stripeEvents } from '@db/schema/index'
import { memberMailsJob } from '~/domain/membership/member-mails.server'
import { createPlan } from '~/domain/membership/plans.server'
import { planSchema } from '~/domain/membership/plans-schema'
import { activePlanIds } from '~/domain/membership/reader.server'
import { startCheckout } from '~/domain/membership/stripe-billing.server'
import { stripeEventsJob } from '~/domain/membership/stripe-events.server'
import { getDb } from '~/infra/db.server'
import { drainQueue } from '~/infra/jobs/queue-worker.server'
import { readOutbox } from '~/infra/mail.server'
import { startTestServer, type TestServer } from '../setup/app-server'
import { createTestUser, sessionCookie } from '../setup/auth-fixtures'
import { startStripeStandIn, useStripeStandIn, type StripeStandIn } from '../setup/stripe-stand-in'

/*
 * Stripe through a local stand-in on 127.0.0.1 that the SDK is pointed at (its host, port and
 * protocol options), with webhook events signed by the SDK's own test-header helper, sent over
 * HTTP to the site's webhook route: subscribe, renew, payment failed, cancel at period end,
 * lapse, a replayed event, an event for an unknown customer, events out of order, and forged
 * or unsigned ones. Access follows the webhooks alone.
 */

const DAY = 86_400
let server: TestServer
let stripe: StripeStandIn
let restoreStripeEnv = () => {}
let planId = 0

beforeAll(async () => {
  server = await startTestServer()
  stripe = await startStripeStandIn({
    webhookUrl: `${server.url}/api/stripe/webhook`,
    now: Date.parse('2026-03-01T12:00:00Z') / 1000,
  })
  restoreStripeEnv = useStripeStandIn(stripe)
  const plan = await createPlan(
    planSchema.parse({ name: 'Digital', monthlyPrice: '9.00', yearlyPrice: '90.00' }),
  )
  planId = plan.id
})

afterAll(async () => {
  restoreStripeEnv()
  await stripe?.close()
  await server?.close()
})

async function settle() {
  await drainQueue(stripeEventsJob)
  await drainQueue(memberMailsJob)
}

/** The plans a reader holds at the stand-in's time (the test's clock, not today's). */
function plansHeld(userId: string) {
  return activePlanIds(userId, new Date(stripe.now * 1000))
}

async function entitlementOf(userId: string) {
  const [row] = await getDb().select().from(entitlements).where(eq(entitlements.userId, userId))
  return row
}

async function historyOf(userId: string) {
  const rows = await getDb()
    .select({ kind: memberEvents.kind })
    .from(memberEvents)
    .where(eq(memberEvents.userId, userId))
    .orderBy(memberEvents.id)
  return rows.map((row) => row.kind)
}

async function subscribe(reader: { id: string; email: string }) {
  const url = await startCheckout(reader, planId, 'month')
  expect(url).toMatch(new RegExp(`^${stripe.url}/checkout/cs_`))
  const subscription = await stripe.completeCheckout(url.split('/').pop()!)
  await settle()
  return subscription
}

describe('paying through Stripe', () => {
  it('grants access on the webhooks of a Checkout, mails a welcome, and a replay changes nothing', async () => {
    const reader = await createTestUser({ role: 'viewer' })
    expect(await plansHeld(reader.id)).toEqual([])
    const sub = await subscribe(reader)
    expect(stripe.sent.map((s) => s.status)).toEqual(expect.arrayContaining([200]))
    expect(stripe.sent.every((s) => s.status === 200)).toBe(true)
    expect(await plansHeld(reader.id)).toEqual([planId])
    expect(await entitlementOf(reader.id)).toMatchObject({
      source: 'stripe',
      status: 'active',
      stripeSubscriptionId: sub.id,
      billingInterval: 'month',
    })
    const welcome = (await readOutbox()).filter((m) => m.to.includes(reader.email))
    expect(welcome.map((m) => m.subject)).toEqual([expect.stringMatching(/^Welcome to /)])

    // The same event again (a retry by Stripe, or an attacker replaying it): recorded once.
    const history = await historyOf(reader.id)
    const first = stripe.sent.find((s) => s.event.type === 'checkout.session.completed')!
    expect(await stripe.send(first.event)).toBe(200)
    expect(await drainQueue(stripeEventsJob)).toBe(0)
    expect(await historyOf(reader.id)).toEqual(history)
  })

  it('follows a renewal, a failed payment, a cancel at period end and the lapse', async () => {
    const reader = await createTestUser({ role: 'viewer' })
    const sub = await subscribe(reader)
    const firstEnd = (await entitlementOf(reader.id))!.endsAt!.getTime()

    stripe.now += 30 * DAY
    await stripe.renew(sub.id)
    await settle()
    expect((await entitlementOf(reader.id))!.endsAt!.getTime()).toBeGreaterThan(firstEnd)

    await stripe.failPayment(sub.id)
    await settle()
    expect(await entitlementOf(reader.id)).toMatchObject({ status: 'past_due' })
    // Access is kept while Stripe tries the payment again.
    expect(await plansHeld(reader.id)).toEqual([planId])

    await stripe.renew(sub.id)
    await stripe.cancelAtPeriodEnd(sub.id)
    await settle()
    expect(await entitlementOf(reader.id)).toMatchObject({ cancelAtPeriodEnd: true })
    expect(await plansHeld(reader.id)).toEqual([planId])

    // An update sent before the end arrives after it (Stripe does not promise order).
    const late = stripe.eventFor('customer.subscription.updated', sub.id)
    await stripe.end(sub.id)
    await settle()
    expect(await stripe.send(late)).toBe(200)
    await settle()
    expect(await entitlementOf(reader.id)).toMatchObject({ status: 'lapsed' })
    expect(await plansHeld(reader.id)).toEqual([])
    expect(await historyOf(reader.id)).toEqual(
      expect.arrayContaining(['started', 'renewed', 'payment_failed', 'cancelled', 'ended']),
    )
    const subjects = (await readOutbox())
      .filter((m) => m.to.includes(reader.email))
      .map((m) => m.subject)
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Welcome/),
        expect.stringMatching(/did not go through$/),
        expect.stringMatching(/is cancelled$/),
      ]),
    )
  })

  it('records an event for a customer the site does not know, and grants nothing', async () => {
    const before = await getDb().$count(entitlements)
    const stranger = {
      id: 'sub_stranger',
      customer: 'cus_elsewhere',
      status: 'active' as const,
      price: [...stripe.prices.keys()][0]!,
      cancelAtPeriodEnd: false,
      periodStart: stripe.now,
      periodEnd: stripe.now + 30 * DAY,
      trialEnd: null,
      endedAt: null,
      metadata: {},
    }
    stripe.subscriptions.set(stranger.id, stranger)
    const event = stripe.eventFor('customer.subscription.created', stranger.id)
    // The price is the plan's: only the reader is unknown.
    expect(await stripe.send(event)).toBe(200)
    await settle()
    expect(await getDb().$count(entitlements)).toBe(before)
    const [row] = await getDb().select().from(stripeEvents).where(eq(stripeEvents.id, event.id))
    expect(row?.processedAt).toBeInstanceOf(Date)
  })

  it('refuses an event without a signature, with a forged one, or too old', async () => {
    const reader = await createTestUser({ role: 'viewer' })
    const sub = await subscribe(reader)
    const payload = JSON.stringify(stripe.eventFor('customer.subscription.deleted', sub.id))
    const post = (signature?: string) =>
      server.fetch('/api/stripe/webhook', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
        body: payload,
      })
    expect((await post()).status).toBe(400)
    expect((await post('t=1,v1=deadbeef')).status).toBe(400)
    expect(
      (await post(`t=${Math.floor(Date.now() / 1000) - 3600},v1=${'0'.repeat(64)}`)).status,
    ).toBe(400)
    await settle()
    expect(await plansHeld(reader.id)).toEqual([planId])
    const { rows } = (await getDb().execute(
      sql`select count(*)::int as n from job_queue where job = 'stripe-events' and status <> 'done'`,
    )) as unknown as { rows: { n: number }[] }
    expect(rows[0]!.n).toBe(0)
  })
})

describe('the reader’s membership on /profile', () => {
  it('shows the plan with its renewal, the receipts, and opens the Customer Portal', async () => {
    // The page reads the membership at the time it is asked: the subscription starts then.
    stripe.now = Math.floor(Date.now() / 1000)
    const reader = await createTestUser({ role: 'viewer' })
    await subscribe(reader)
    const cookie = await sessionCookie(reader)
    const page = (await (await server.fetch('/profile', { headers: { cookie } })).text())
      // React's markers between a text and an expression.
      .replaceAll('<!-- -->', '')
    expect(page).toContain('Membership')
    expect(page).toContain('Digital')
    expect(page).toMatch(/Active · Renews on /)
    expect(page).toContain('Manage billing')
    expect(page).toContain('$9 · Paid')

    const portal = await server.fetch('/profile/billing', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    })
    expect(portal.status).toBe(302)
    expect(portal.headers.get('location')).toMatch(new RegExp(`^${stripe.url}/portal/bps_`))
  })

  it('sends a reader who is not signed in to sign in before Checkout', async () => {
    const answer = await server.fetch('/subscribe/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `plan=${planId}&interval=month`,
    })
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe('/signin?redirectTo=%2Fsubscribe')
  })
})
