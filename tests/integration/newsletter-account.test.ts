import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  newsletterLists,
  newsletterSubscribers,
  newsletterSubscriptions,
  newsletterSuppressions,
  profiles,
} from '@db/schema/index'
import { PREFERENCES_ADDRESS_UNCONFIRMED } from '~/domain/newsletter/preferences-schema'
import { getDb } from '~/infra/db.server'
import { readOutbox } from '~/infra/mail.server'
import { action as profileAction, loader as profileLoader } from '~/routes/_site.profile'
import { action as cardAction } from '~/routes/_site.profile_.newsletters'
import { startTestServer, type TestServer } from '../setup/app-server'
import {
  createTestUser,
  formRequest,
  requestAs,
  runRoute,
  sessionCookie,
  toastFrom,
} from '../setup/auth-fixtures'

// The profile's newsletter card finds the subscription by the account's address. Anyone may
// sign up with somebody else's address (the account is then unconfirmed): until the address
// is confirmed, the card shows nothing of that subscription and changes nothing.
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

const INTENTS = ['save-lists', 'pause', 'resume', 'leave', 'subscribe-again']

/** A reader's confirmed subscription to every list, as the footer and its link leave it. */
async function subscriber(email: string) {
  const db = getDb()
  const [row] = await db
    .insert(newsletterSubscribers)
    .values({ email, confirmToken: `c-${email}`, confirmedAt: new Date() })
    .returning()
  const lists = await db.select({ id: newsletterLists.id }).from(newsletterLists)
  expect(lists.length).toBeGreaterThan(0)
  await db
    .insert(newsletterSubscriptions)
    .values(lists.map((l) => ({ subscriberId: row.id, listId: l.id })))
  return row
}

/** Everything about the subscription a change could touch. */
async function stateOf(email: string) {
  const db = getDb()
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email))
  const lists = await db
    .select({ listId: newsletterSubscriptions.listId })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.subscriberId, row.id))
  const suppressed = await db
    .select()
    .from(newsletterSuppressions)
    .where(eq(newsletterSuppressions.email, email))
  const mails = (await readOutbox()).filter((m) => m.to.includes(email)).length
  return { row, lists: lists.map((l) => l.listId).sort(), suppressed, mails }
}

/** An account signed up with `email` and never confirmed, signed in. */
async function unconfirmedAccount(email: string) {
  const user = await createTestUser({ email })
  await getDb().update(profiles).set({ emailVerified: false }).where(eq(profiles.id, user.id))
  return { user, cookie: await sessionCookie(user) }
}

describe('the profile newsletter card of an unconfirmed account', () => {
  it('shows nothing of the subscription with its address, and offers the confirmation mail', async () => {
    await subscriber('victim1@example.com')
    const { cookie } = await unconfirmedAccount('victim1@example.com')
    const page = await runRoute(profileLoader, requestAs(cookie, '/profile'))
    expect(page.data.newsletters).toEqual({ addressConfirmed: false })

    const html = await (await server.fetch('/profile', { headers: { cookie } })).text()
    expect(html).toContain('Send the confirmation link')
    expect(html).not.toContain('Unsubscribe from all')
    expect(html).not.toContain('Save choices')
    // The card, not the footer's sign-up form (which offers every list to anyone).
    const card = html.slice(html.indexOf('id="newsletters"'), html.indexOf('<footer'))
    expect(card).toContain('Send the confirmation link')
    expect(card).not.toContain('name="list"')
  })

  it('refuses every change, before looking anything up, and changes nothing', async () => {
    await subscriber('victim2@example.com')
    const before = await stateOf('victim2@example.com')
    const { cookie } = await unconfirmedAccount('victim2@example.com')
    for (const intent of INTENTS) {
      const response = await cardAction({
        request: formRequest(cookie, '/profile/newsletters', { intent }),
        params: {},
        context: { clientIp: '203.0.113.9', requestId: intent },
      } as never)
      expect(response.status, intent).toBe(302)
      expect(response.headers.get('location')).toBe('/profile#newsletters')
      expect(await toastFrom(response)).toMatchObject({
        type: 'error',
        title: 'Confirm your address first',
        description: PREFERENCES_ADDRESS_UNCONFIRMED,
      })
    }
    expect(await stateOf('victim2@example.com')).toEqual(before)
  })

  it('sends the account confirmation from the card; once confirmed, the card manages the subscription', async () => {
    await subscriber('owner@example.com')
    const { user, cookie } = await unconfirmedAccount('owner@example.com')
    // The card's button: the profile's own "resend-confirmation", the account's mail.
    const sent = await runRoute(
      profileAction,
      formRequest(cookie, '/profile', { intent: 'resend-confirmation' }),
    )
    expect(sent.location).toBe('/profile')
    const mails = (await readOutbox()).filter((m) => m.to.includes('owner@example.com'))
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Confirm your email address/),
    ])

    await getDb().update(profiles).set({ emailVerified: true }).where(eq(profiles.id, user.id))
    const page = await runRoute(profileLoader, requestAs(cookie, '/profile'))
    expect(page.data.newsletters).toMatchObject({
      addressConfirmed: true,
      prefs: { email: 'owner@example.com', confirmed: true, paused: false },
    })
    const paused = await runRoute(
      cardAction,
      formRequest(cookie, '/profile/newsletters', { intent: 'pause' }),
    )
    expect(paused.location).toBe('/profile#newsletters')
    expect((await stateOf('owner@example.com')).row.pausedAt).toBeInstanceOf(Date)
  })
})
