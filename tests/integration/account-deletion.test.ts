import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  accounts,
  entitlements,
  giftLinks,
  memberEvents,
  meterReads,
  newsletterSubscribers,
  profiles,
  sessions,
} from '@db/schema/index'
import { grantComplimentary, recordEntitlement } from '~/domain/membership/entitlements.server'
import { memberFigures } from '~/domain/membership/member-figures.server'
import { memberMailsJob } from '~/domain/membership/member-mails.server'
import { createPlan } from '~/domain/membership/plans.server'
import { planSchema } from '~/domain/membership/plans-schema'
import { activePlanIds } from '~/domain/membership/reader.server'
import { startCheckout } from '~/domain/membership/stripe-billing.server'
import { stripeEventsJob } from '~/domain/membership/stripe-events.server'
import { deleteOwnAccount } from '~/domain/users/account-deletion.server'
import { getDb } from '~/infra/db.server'
import { resetEnvCache } from '~/infra/env.server'
import { drainQueue } from '~/infra/jobs/queue-worker.server'
import { getSessionUser } from '~/infra/permissions.server'
import { action as deleteAction, loader as deleteLoader } from '~/routes/_site.profile_.delete'
import { loader as profileLoader } from '~/routes/_site.profile'
import { startTestServer, type TestServer } from '../setup/app-server'
import {
  createTestUser,
  formRequest,
  requestAs,
  runRoute,
  sessionCookie,
  TEST_SITE_URL,
  toastFrom,
  type TestUser,
} from '../setup/auth-fixtures'
import { insertArticle } from '../setup/content-fixtures'
import { startStripeStandIn, useStripeStandIn, type StripeStandIn } from '../setup/stripe-stand-in'

/*
 * A reader deletes their account (issue 38): Stripe's subscription is cancelled first (the
 * stand-in on 127.0.0.1, through the official SDK), then the account and what hangs on it go
 * in one transaction, the memberships staying without them for the figures. Stripe failing,
 * staff, and a wrong password delete nothing.
 */

let server: TestServer
let stripe: StripeStandIn
let restoreStripeEnv = () => {}
let planId = 0
let ipCounter = 0

/** A client address per post: wrong passwords are limited per address. */
function nextIp() {
  ipCounter += 1
  return `127.0.9.${ipCounter}`
}

beforeAll(async () => {
  server = await startTestServer()
  // Subscriptions start when the test runs: the pages read memberships at the time they ask.
  stripe = await startStripeStandIn({ webhookUrl: `${server.url}/api/stripe/webhook` })
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

async function subscribe(reader: { id: string; email: string }) {
  const url = await startCheckout(reader, planId, 'month')
  const subscription = await stripe.completeCheckout(url.split('/').pop()!)
  await settle()
  return subscription
}

/** A post to /profile/delete over HTTP, as the page's form sends it. */
function postDeletion(cookie: string, fields: Record<string, string>) {
  return server.fetch('/profile/delete', {
    method: 'POST',
    headers: {
      cookie,
      origin: TEST_SITE_URL,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(fields).toString(),
  })
}

/** The route's action called directly, from an address of its own. */
function deletion(cookie: string, fields: Record<string, string>) {
  return runRoute(deleteAction, formRequest(cookie, '/profile/delete', fields), {
    clientIp: nextIp(),
  })
}

async function rowsOf(userId: string) {
  const db = getDb()
  return {
    profile: await db.$count(profiles, eq(profiles.id, userId)),
    sessions: await db.$count(sessions, eq(sessions.userId, userId)),
    accounts: await db.$count(accounts, eq(accounts.userId, userId)),
    entitlements: await db.$count(entitlements, eq(entitlements.userId, userId)),
    history: await db.$count(memberEvents, eq(memberEvents.userId, userId)),
    meterReads: await db.$count(meterReads, eq(meterReads.userId, userId)),
    giftLinks: await db.$count(giftLinks, eq(giftLinks.createdBy, userId)),
  }
}

/** What a reader leaves behind besides the account: a meter read, a gift link, a newsletter. */
async function leaveTraces(reader: TestUser) {
  const article = await insertArticle({ title: `Read by ${reader.id}` })
  await getDb()
    .insert(meterReads)
    .values({ userId: reader.id, articleId: article.id, period: '2026-03-01' })
  await getDb()
    .insert(giftLinks)
    .values({
      articleId: article.id,
      createdBy: reader.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
  await getDb()
    .insert(newsletterSubscribers)
    .values({ email: reader.email, confirmToken: crypto.randomUUID(), confirmedAt: new Date() })
}

describe('deleting a reader account', () => {
  it('cancels the Stripe subscription first, then removes the account and what hangs on it', async () => {
    const reader = await createTestUser({ role: 'viewer' })
    const sub = await subscribe(reader)
    expect(stripe.subscriptions.get(sub.id)?.status).toBe('active')
    await leaveTraces(reader)
    const elsewhere = await sessionCookie(reader)
    const cookie = await sessionCookie(reader)
    const [membership] = await getDb()
      .select({ id: entitlements.id })
      .from(entitlements)
      .where(eq(entitlements.userId, reader.id))

    const page = await runRoute(deleteLoader, requestAs(cookie, '/profile/delete'))
    expect(page.data).toMatchObject({
      staff: false,
      preview: {
        email: reader.email,
        proof: 'password',
        running: [{ plan: 'Digital', throughStripe: true }],
        paidThroughStripe: true,
        everMember: true,
        newsletter: true,
      },
    })

    const answer = await postDeletion(cookie, { password: reader.password })
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe('/')
    expect(await toastFrom(answer)).toMatchObject({
      type: 'success',
      title: 'Account deleted',
      description: 'Your account has been deleted.',
    })
    // The browser's session cookie is cleared.
    expect(answer.headers.getSetCookie().join('\n')).toMatch(
      /broadsheet\.session_token=;[^\n]*Max-Age=0/i,
    )

    // Stripe: cancelled at once (the stand-in holds it as Stripe would).
    expect(stripe.subscriptions.get(sub.id)).toMatchObject({ status: 'canceled' })
    expect(stripe.customers.has(sub.customer)).toBe(true)

    expect(await rowsOf(reader.id)).toEqual({
      profile: 0,
      sessions: 0,
      accounts: 0,
      entitlements: 0,
      history: 0,
      meterReads: 0,
      giftLinks: 0,
    })
    expect(
      await getDb().$count(newsletterSubscribers, eq(newsletterSubscribers.email, reader.email)),
    ).toBe(0)
    for (const old of [cookie, elsewhere]) {
      expect(await getSessionUser(requestAs(old, '/profile'))).toBeNull()
    }
    const signIn = await server.fetch('/signin', {
      method: 'POST',
      headers: { origin: TEST_SITE_URL, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: reader.email, password: reader.password }).toString(),
    })
    expect(signIn.status).toBe(401)

    // The membership stays, ended, with nothing that names the reader.
    const [kept] = await getDb()
      .select()
      .from(entitlements)
      .where(eq(entitlements.id, membership!.id))
    expect(kept).toMatchObject({
      userId: null,
      source: 'stripe',
      status: 'lapsed',
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      note: null,
    })
    const history = await getDb()
      .select({
        kind: memberEvents.kind,
        details: memberEvents.details,
        userId: memberEvents.userId,
      })
      .from(memberEvents)
      .where(eq(memberEvents.entitlementId, kept!.id))
      .orderBy(memberEvents.id)
    expect(history.map((h) => h.kind)).toEqual(['started', 'ended'])
    expect(history.every((h) => h.userId === null)).toBe(true)
    expect(JSON.stringify(history)).not.toMatch(/stripeEvent|evt_|account deleted/)

    // Stripe's word of the cancellation arrives afterwards: recorded, nobody's, nothing made.
    const count = await getDb().$count(entitlements)
    expect(await stripe.send(stripe.eventFor('customer.subscription.deleted', sub.id))).toBe(200)
    await settle()
    expect(await getDb().$count(entitlements)).toBe(count)
    const { rows } = (await getDb().execute(
      sql`select count(*)::int as n from job_queue where job = 'stripe-events' and status <> 'done'`,
    )) as unknown as { rows: { n: number }[] }
    expect(rows[0]!.n).toBe(0)
  })

  it('deletes nothing when Stripe cannot cancel, and says so', async () => {
    const reader = await createTestUser({ role: 'viewer' })
    const sub = await subscribe(reader)
    const cookie = await sessionCookie(reader)
    const before = await rowsOf(reader.id)
    stripe.failing = true
    try {
      const answer = await deletion(cookie, { password: reader.password })
      expect(answer.status).toBe(503)
      expect(answer.data).toMatchObject({
        ok: false,
        code: 'UNAVAILABLE',
        formError: expect.stringMatching(/could not be cancelled.*nothing has been deleted/i),
      })
    } finally {
      stripe.failing = false
    }
    expect(stripe.subscriptions.get(sub.id)?.status).toBe('active')
    expect(await rowsOf(reader.id)).toEqual(before)
    expect(before).toMatchObject({ profile: 1, entitlements: 1 })
    expect(await activePlanIds(reader.id, new Date(stripe.now * 1000))).toEqual([planId])
    expect(await getSessionUser(requestAs(cookie, '/profile'))).not.toBeNull()
  })

  it('refuses a wrong password with a field error, and deletes nothing', async () => {
    const reader = await createTestUser({ role: 'viewer' })
    const cookie = await sessionCookie(reader)
    const wrong = await deletion(cookie, { password: 'not-my-password' })
    expect(wrong.status).toBe(400)
    expect(wrong.data.fieldErrors).toEqual({ password: ['Incorrect password'] })
    const empty = await deletion(cookie, {})
    expect(empty.status).toBe(400)
    expect(empty.data.fieldErrors).toEqual({ password: ['Enter your password'] })
    expect(await rowsOf(reader.id)).toMatchObject({ profile: 1, sessions: 1, accounts: 1 })
  })

  it('stops guessing: the sixth wrong password in a minute from one address is refused', async () => {
    const reader = await createTestUser({ role: 'viewer' })
    const cookie = await sessionCookie(reader)
    const clientIp = nextIp()
    const post = (password: string) =>
      runRoute(deleteAction, formRequest(cookie, '/profile/delete', { password }), { clientIp })
    for (let i = 0; i < 5; i++) expect((await post(`wrong-${i}`)).status).toBe(400)
    const limited = await post(reader.password)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await rowsOf(reader.id)).toMatchObject({ profile: 1 })
  })

  it('refuses staff, whatever the page shows', async () => {
    for (const role of ['contributor', 'editor', 'admin'] as const) {
      const member = await createTestUser({ role })
      const cookie = await sessionCookie(member)
      const page = await runRoute(deleteLoader, requestAs(cookie, '/profile/delete'))
      expect(page.data).toEqual({ staff: true, preview: null })
      const profile = await runRoute(profileLoader, requestAs(cookie, '/profile'))
      expect(profile.data.deletable).toBe(false)
      const answer = await deletion(cookie, { password: member.password })
      expect(answer.status).toBe(403)
      expect(answer.data.formError).toMatch(/closed by an admin/)
      expect(await rowsOf(member.id)).toMatchObject({ profile: 1, sessions: 1, accounts: 1 })
      await expect(
        deleteOwnAccount(
          { id: member.id, role: 'viewer' },
          { password: member.password },
          {
            clientIp: nextIp(),
          },
        ),
      ).rejects.toMatchObject({ code: 'STAFF', status: 403 })
      expect(await rowsOf(member.id)).toMatchObject({ profile: 1 })
    }
  })

  it('asks an account without a password to type its address', async () => {
    const reader = await createTestUser({ role: 'viewer' })
    const cookie = await sessionCookie(reader)
    // Signed up by mailed link or code only: no password sign-in.
    await getDb().delete(accounts).where(eq(accounts.userId, reader.id))
    const page = await runRoute(deleteLoader, requestAs(cookie, '/profile/delete'))
    expect(page.data.preview).toMatchObject({
      proof: 'email',
      running: [],
      everMember: false,
      newsletter: false,
    })
    const wrong = await deletion(cookie, { email: 'someone-else@example.com' })
    expect(wrong.status).toBe(400)
    expect(wrong.data.fieldErrors).toEqual({ email: ['Type your email address exactly as shown'] })
    const right = await deletion(cookie, { email: ` ${reader.email.toUpperCase()} ` })
    expect(right.location).toBe('/')
    expect(await rowsOf(reader.id)).toMatchObject({ profile: 0, sessions: 0 })
  })

  it('is for signed-in readers: anyone else is sent to sign in', async () => {
    const page = await runRoute(deleteLoader, requestAs(null, '/profile/delete'))
    expect(page.location).toBe('/signin?redirectTo=%2Fprofile%2Fdelete')
    const post = await runRoute(deleteAction, formRequest(null, '/profile/delete', {}))
    expect(post.location).toMatch(/^\/signin/)
  })
})

describe('without Stripe configured', () => {
  async function withoutStripe<T>(run: () => Promise<T>): Promise<T> {
    const key = process.env.STRIPE_SECRET_KEY
    delete process.env.STRIPE_SECRET_KEY
    resetEnvCache()
    try {
      return await run()
    } finally {
      process.env.STRIPE_SECRET_KEY = key
      resetEnvCache()
    }
  }

  it('ends a complimentary membership and deletes the account', async () => {
    const admin = await createTestUser({ role: 'admin' })
    const reader = await createTestUser({ role: 'viewer' })
    const until = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10)
    const { id } = await grantComplimentary(
      { userId: reader.id, planId, until, note: `For ${reader.email}` },
      { id: admin.id, role: 'admin' },
    )
    const cookie = await sessionCookie(reader)
    await withoutStripe(async () => {
      const answer = await deletion(cookie, { password: reader.password })
      expect(answer.location).toBe('/')
    })
    const [kept] = await getDb().select().from(entitlements).where(eq(entitlements.id, id))
    expect(kept).toMatchObject({ userId: null, status: 'lapsed', note: null, grantedBy: admin.id })
    const history = await getDb()
      .select({ kind: memberEvents.kind, details: memberEvents.details })
      .from(memberEvents)
      .where(eq(memberEvents.entitlementId, id))
      .orderBy(memberEvents.id)
    expect(history).toEqual([
      { kind: 'granted', details: { plan: 'Digital', until } },
      { kind: 'ended', details: {} },
    ])
  })

  it('refuses while a Stripe subscription is running: it could not be cancelled', async () => {
    const reader = await createTestUser({ role: 'viewer' })
    const sub = await subscribe(reader)
    const cookie = await sessionCookie(reader)
    await withoutStripe(async () => {
      const answer = await deletion(cookie, { password: reader.password })
      expect(answer.status).toBe(503)
      expect(answer.data.formError).toMatch(/nothing has been deleted/)
    })
    expect(stripe.subscriptions.get(sub.id)?.status).toBe('active')
    expect(await rowsOf(reader.id)).toMatchObject({ profile: 1, entitlements: 1 })
  })
})

describe('the figures after a deletion', () => {
  it('keep the months a deleted member paid in', async () => {
    const reader = await createTestUser({ role: 'viewer' })
    const at = (iso: string) => new Date(iso)
    // A January subscription, ended in February: the stand-in never heard of it, so there is
    // nothing to cancel.
    const subscription = {
      userId: reader.id,
      planId,
      stripeCustomerId: `cus_gone_${reader.id.slice(0, 8)}`,
      stripeSubscriptionId: `sub_gone_${reader.id.slice(0, 8)}`,
      cancelAtPeriodEnd: false,
      billingInterval: 'month' as const,
    }
    await recordEntitlement(
      {
        ...subscription,
        status: 'active',
        currentPeriodEnd: at('2026-02-10T00:00:00Z'),
        startedAt: at('2026-01-10T00:00:00Z'),
      },
      at('2026-01-10T00:00:00Z'),
    )
    await recordEntitlement(
      { ...subscription, status: 'lapsed', currentPeriodEnd: at('2026-02-10T00:00:00Z') },
      at('2026-02-10T00:00:00Z'),
    )
    const now = at('2026-04-15T12:00:00Z')
    const before = await memberFigures(now, 'UTC')
    expect(before.payingMembers.find((m) => m.month === '2026-01')?.value).toBeGreaterThan(0)
    await deleteOwnAccount(
      { id: reader.id, role: 'viewer' },
      { password: reader.password },
      { clientIp: nextIp(), now },
    )
    expect(await rowsOf(reader.id)).toMatchObject({ profile: 0, entitlements: 0 })
    expect(await memberFigures(now, 'UTC')).toEqual(before)
  })
})
