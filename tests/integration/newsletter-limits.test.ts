import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newsletterSubscribers, newsletterSuppressions, rateLimits } from '@db/schema/index'
import { NEWSLETTER_LIMITS, NEWSLETTER_TOO_MANY } from '~/domain/newsletter/newsletter.server'
import { newPreferencesToken } from '~/domain/newsletter/preferences.server'
import { getDb } from '~/infra/db.server'
import { readOutbox } from '~/infra/mail.server'
import * as newsletter from '~/routes/_site.newsletter'
import * as preferences from '~/routes/_site.newsletter_.preferences'
import * as profileCard from '~/routes/_site.profile_.newsletters'
import { startTestServer, type TestServer } from '../setup/app-server'
import {
  createTestUser,
  formRequest,
  runRoute,
  sessionCookie,
  TEST_SITE_URL,
  toastFrom,
} from '../setup/auth-fixtures'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

function signUp(email: string, clientIp: string | null) {
  // List 1 is the seeded "Breaking news" (migration 0010): a sign-up ticks at least one list.
  return runRoute(newsletter.action, formRequest(null, '/newsletter', { email, list: '1' }), {
    clientIp,
  })
}

async function mailsTo(mailbox: string) {
  return (await readOutbox()).filter((m) => m.to.includes(mailbox)).length
}

describe('newsletter sign-up limits', () => {
  it('mails one mailbox at most 3 times an hour, whatever the sub-address or client', async () => {
    const outcomes = []
    for (let i = 0; i < 20; i += 1) {
      outcomes.push(await signUp(`victim+${i}@example.com`, `10.0.${i}.1`))
    }
    expect(outcomes.slice(0, NEWSLETTER_LIMITS.perEmail.max).map((o) => o.status)).toEqual([
      200, 200, 200,
    ])
    const refused = outcomes.slice(NEWSLETTER_LIMITS.perEmail.max)
    expect(refused.every((o) => o.status === 429)).toBe(true)
    expect(refused[0].data).toMatchObject({ ok: false, formError: NEWSLETTER_TOO_MANY })
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(refused[0].headers.get('retry-after'))).toBeLessThanOrEqual(3600)
    expect(await mailsTo('victim+')).toBe(3)
  })

  it('takes at most 10 sign-ups an hour from one client address', async () => {
    const statuses = []
    for (let i = 0; i < 12; i += 1) {
      statuses.push((await signUp(`reader${i}@example.org`, '192.0.2.7')).status)
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429])
    // Another client is not held back by it.
    expect((await signUp('someone@example.net', '192.0.2.8')).status).toBe(200)
  })

  it('keeps its counts in the database, where every instance reads them', async () => {
    await signUp('counted@example.com', '198.51.100.1')
    await signUp('counted@example.com', '198.51.100.1')
    const [row] = await getDb()
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, 'app:newsletter:ip:198.51.100.1'))
    expect(row.count).toBe(2)
  })

  it('refuses a sign-up without a known client address', async () => {
    const out = await signUp('nowhere@example.com', null)
    expect(out.status).toBe(400)
    expect(out.data.formError).toMatch(/network address/)
  })
})

/**
 * A subscriber who left everything: each request for a confirmation mails a fresh link (the
 * only way back), so it is the path a flood goes through. Returns its preferences token.
 */
async function leftEverything(email: string) {
  const token = newPreferencesToken()
  await getDb()
    .insert(newsletterSubscribers)
    .values({ email, confirmToken: `c-${email}`, confirmedAt: new Date(), preferencesToken: token })
  await getDb().insert(newsletterSuppressions).values({ email, reason: 'unsubscribed' })
  return token
}

/** The profile card's post, as a confirmed account with that address makes it. */
async function cardPost(cookie: string, clientIp: string) {
  const response = await profileCard.action({
    request: formRequest(cookie, '/profile/newsletters', { intent: 'subscribe-again' }),
    params: {},
    context: { clientIp, requestId: 'card' },
  } as never)
  return { response, toast: await toastFrom(response) }
}

describe('every way of asking for a confirmation mail spends the same limits', () => {
  it('the profile card ("subscribe again"): 20 posts mail one mailbox 3 times', async () => {
    const user = await createTestUser({ email: 'card-flood@example.com' })
    await leftEverything(user.email)
    const cookie = await sessionCookie(user)
    const toasts = []
    for (let i = 0; i < 20; i += 1) toasts.push((await cardPost(cookie, `10.1.${i}.1`)).toast)
    expect(toasts.slice(0, 3).map((t) => t?.type)).toEqual(['success', 'success', 'success'])
    for (const toast of toasts.slice(3)) {
      expect(toast).toMatchObject({ type: 'error', description: NEWSLETTER_TOO_MANY })
    }
    expect(await mailsTo('card-flood@example.com')).toBe(NEWSLETTER_LIMITS.perEmail.max)
  })

  it('the profile card with no subscription yet, and from one client address', async () => {
    const user = await createTestUser({ email: 'card-new@example.com' })
    const cookie = await sessionCookie(user)
    const toasts = []
    for (let i = 0; i < 12; i += 1) toasts.push((await cardPost(cookie, '10.2.0.1')).toast)
    // The first stores and mails; the repeats mail nothing but count, up to the refusals.
    expect(toasts.slice(0, 3).every((t) => t?.type === 'success')).toBe(true)
    expect(toasts.slice(3).every((t) => t?.description === NEWSLETTER_TOO_MANY)).toBe(true)
    expect(await mailsTo('card-new@example.com')).toBe(1)
    const [row] = await getDb()
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, 'app:newsletter:ip:10.2.0.1'))
    expect(row.count).toBe(12)
  })

  it('the preferences page ("subscribe again" by token): 429 with Retry-After after 3 mails', async () => {
    const token = await leftEverything('prefs-flood@example.com')
    const statuses = []
    let last
    for (let i = 0; i < 6; i += 1) {
      last = await runRoute(
        preferences.action,
        formRequest(null, `/newsletter/preferences?t=${token}`, {
          intent: 'subscribe-again',
          t: token,
        }),
        { clientIp: `10.3.${i}.1` },
      )
      statuses.push(last.status)
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429])
    expect(last?.data).toMatchObject({ ok: false, formError: NEWSLETTER_TOO_MANY })
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await mailsTo('prefs-flood@example.com')).toBe(3)
  })

  it('the footer form (its fetcher), the /newsletter page and the others share one budget per mailbox', async () => {
    const email = 'shared@example.com'
    const token = await leftEverything(email)
    const user = await createTestUser({ email })
    const cookie = await sessionCookie(user)
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_SITE_URL }
    // The footer's fetcher posts to /newsletter.data; the page without JavaScript to /newsletter.
    const footer = await server.fetch('/newsletter.data', {
      method: 'POST',
      headers: form,
      body: `email=${encodeURIComponent(email)}&list=1`,
    })
    expect(footer.status).toBe(200)
    const page = await server.fetch('/newsletter', {
      method: 'POST',
      headers: form,
      body: `email=${encodeURIComponent(email)}&list=1`,
    })
    expect(page.status).toBe(200)
    const prefs = await runRoute(
      preferences.action,
      formRequest(null, `/newsletter/preferences?t=${token}`, {
        intent: 'subscribe-again',
        t: token,
      }),
      { clientIp: '10.4.0.1' },
    )
    expect(prefs.status).toBe(200)
    expect(await mailsTo(email)).toBe(3)
    // The budget is spent, whichever way comes next.
    expect((await cardPost(cookie, '10.4.0.2')).toast).toMatchObject({
      description: NEWSLETTER_TOO_MANY,
    })
    const footerAgain = await server.fetch('/newsletter.data', {
      method: 'POST',
      headers: form,
      body: `email=${encodeURIComponent(email)}&list=1`,
    })
    expect(footerAgain.status).toBe(429)
    expect(await mailsTo(email)).toBe(3)
  })
})
