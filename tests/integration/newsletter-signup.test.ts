import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newsletterSubscribers, newsletterSubscriptions } from '@db/schema/index'
import { listSchema } from '~/domain/newsletter/lists-schema'
import { createList, type NewsletterList } from '~/domain/newsletter/lists.server'
import { NEWSLETTER_CHOOSE_ONE } from '~/domain/newsletter/newsletter-schema'
import { confirmNewsletterSubscription } from '~/domain/newsletter/newsletter.server'
import { chooseLists, preferencesByToken } from '~/domain/newsletter/preferences.server'
import { onContentChanged } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { readOutbox } from '~/infra/mail.server'
import * as confirmPage from '~/routes/_site.newsletter_.confirm'
import * as newsletter from '~/routes/_site.newsletter'
import { PageCache } from '../../server/page-cache'
import { startTestServer, type TestServer } from '../setup/app-server'
import { runRoute, TEST_SITE_URL } from '../setup/auth-fixtures'

// Issue 36: the sign-up offers the lists, each with what it sends and how often, and
// confirming subscribes to exactly the lists ticked.
let server: TestServer
const pageCache = new PageCache({ maxBytes: 8 * 1024 * 1024 })
let stopListening: (() => void) | undefined
let morning: NewsletterList
let alerts: NewsletterList
let weekly: NewsletterList

beforeAll(async () => {
  server = await startTestServer({ pageCache })
  // As server/start.ts wires it: an announced change drops the pages that show it.
  stopListening = onContentChanged((keys) => pageCache.invalidate(keys))
  morning = await createList(
    listSchema.parse({
      name: 'Morning Briefing',
      description: 'The day’s essential stories.',
      kind: 'digest',
      cadence: 'daily',
      sendTime: '07:00',
      isDefault: 'on',
    }),
  )
  alerts = await createList(
    listSchema.parse({ name: 'Breaking News', kind: 'alert', isDefault: 'on' }),
  )
  weekly = await createList(
    listSchema.parse({
      name: 'Weekend Reads',
      kind: 'digest',
      cadence: 'weekly',
      weekday: '6',
      sendTime: '09:30',
    }),
  )
})
afterAll(async () => {
  stopListening?.()
  await server?.close()
})

// A client address per sign-up: these tests are about the choice, not the limits.
let caller = 0
function signUp(email: string, listIds: number[]) {
  const body = new URLSearchParams({ email })
  for (const id of listIds) body.append('list', String(id))
  return runRoute(
    newsletter.action,
    new Request(`${TEST_SITE_URL}/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    }),
    { clientIp: `198.51.100.${++caller}` },
  )
}

async function mailTo(email: string) {
  const mails = (await readOutbox()).filter((m) => m.to.includes(email))
  expect(mails).toHaveLength(1)
  return mails[0].text ?? ''
}

async function tokenMailedTo(email: string) {
  const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(await mailTo(email))?.[1]
  if (!token) throw new Error(`no confirmation link mailed to ${email}`)
  return token
}

async function listsOf(email: string) {
  const rows = await getDb()
    .select({ listId: newsletterSubscriptions.listId })
    .from(newsletterSubscriptions)
    .innerJoin(
      newsletterSubscribers,
      eq(newsletterSubscribers.id, newsletterSubscriptions.subscriberId),
    )
    .where(eq(newsletterSubscribers.email, email))
  return rows.map((r) => r.listId).sort((a, b) => a - b)
}

describe('the sign-up forms offer the lists', () => {
  it('the cached footer shows each list with its schedule, ticked as the admin set it, and is drawn again when a list changes', async () => {
    const first = await server.fetch('/')
    const html = await first.text()
    expect(html).toContain('Daily at 07:00')
    expect(html).toContain('Breaking news alerts as they happen')
    expect(html).toContain('Weekly on Saturday at 09:30')
    expect(html).toContain('The day’s essential stories.')
    const box = (id: number) => new RegExp(`<input[^>]*name="list"[^>]*value="${id}"[^>]*>`)
    expect(box(morning.id).exec(html)?.[0]).toContain('checked')
    expect(box(alerts.id).exec(html)?.[0]).toContain('checked')
    expect(box(weekly.id).exec(html)?.[0]).not.toContain('checked')
    await pageCache.settled()
    expect((await server.fetch('/')).headers.get('x-cache')).toBe('HIT')

    await createList(listSchema.parse({ name: 'Opinion Edition', kind: 'edition' }))
    const after = await server.fetch('/')
    expect(after.headers.get('x-cache')).toBeNull()
    expect(await after.text()).toContain('Opinion Edition')
  })
})

describe('signing up with a choice of lists', () => {
  it('subscribes, once confirmed, to exactly the two lists ticked of three', async () => {
    const email = 'two-of-three@example.com'
    expect((await signUp(email, [morning.id, weekly.id])).status).toBe(200)
    const text = await mailTo(email)
    // The confirmation mail carries the preferences link, as every mail does.
    expect(text).toMatch(
      /Manage your newsletters: http:\/\/localhost:3000\/newsletter\/preferences\?t=[\w-]+/,
    )
    expect(await listsOf(email)).toEqual([])

    const result = await confirmNewsletterSubscription(await tokenMailedTo(email))
    expect(result.outcome).toBe('confirmed')
    expect(result.lists).toEqual(['Morning Briefing', 'Weekend Reads'])
    expect(await listsOf(email)).toEqual([morning.id, weekly.id].sort((a, b) => a - b))
  })

  it('the confirmed page names the lists and links to the preferences page', async () => {
    const email = 'confirmed-page@example.com'
    await signUp(email, [alerts.id])
    const token = await tokenMailedTo(email)
    const answer = await runRoute(
      confirmPage.action,
      new Request(`${TEST_SITE_URL}/newsletter/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }).toString(),
      }),
    )
    expect(answer.status).toBe(200)
    expect(answer.data).toMatchObject({
      ok: true,
      confirmed: "You're subscribed to Breaking News.",
    })
    const manageUrl = (answer.data as { manageUrl: string }).manageUrl
    expect(manageUrl).toMatch(/^\/newsletter\/preferences\?t=[\w-]+$/)
    const prefs = await preferencesByToken(new URL(manageUrl, TEST_SITE_URL).searchParams.get('t')!)
    expect(prefs?.lists.filter((l) => l.subscribed).map((l) => l.name)).toEqual(['Breaking News'])
  })

  it('refuses a sign-up with no list ticked: 400, the field error, nothing stored or mailed', async () => {
    const email = 'none-ticked@example.com'
    const answer = await signUp(email, [])
    expect(answer.status).toBe(400)
    expect(answer.data).toMatchObject({ fieldErrors: { lists: [NEWSLETTER_CHOOSE_ONE] } })
    expect(NEWSLETTER_CHOOSE_ONE).toBe('Choose at least one newsletter')
    expect(
      await getDb()
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email)),
    ).toEqual([])
    expect((await readOutbox()).some((m) => m.to.includes(email))).toBe(false)
    // Ids of no offered list count as none.
    expect((await signUp(email, [999_999])).status).toBe(400)
  })

  it('a sign-up again before confirming replaces the choice (no second mail)', async () => {
    const email = 'changed-mind@example.com'
    await signUp(email, [morning.id, alerts.id])
    expect((await signUp(email, [weekly.id])).status).toBe(200)
    const token = await tokenMailedTo(email)
    const result = await confirmNewsletterSubscription(token)
    expect(result.lists).toEqual(['Weekend Reads'])
    expect(await listsOf(email)).toEqual([weekly.id])
    // Once confirmed, a sign-up again changes nothing: lists change on the preferences page.
    await signUp(email, [morning.id])
    expect(await listsOf(email)).toEqual([weekly.id])
  })

  it('offers a list made later to a subscriber, unticked and marked "New", until the next choice', async () => {
    const email = 'existing@example.com'
    await signUp(email, [morning.id])
    const { preferencesUrl } = await confirmNewsletterSubscription(await tokenMailedTo(email))
    const token = new URL(preferencesUrl!).searchParams.get('t')!
    const before = await preferencesByToken(token)
    expect(before?.lists.some((l) => l.isNew)).toBe(false)

    // The choice was made yesterday; the list is made today.
    await getDb()
      .update(newsletterSubscribers)
      .set({ listsChosenAt: sql`now() - interval '1 day'` })
      .where(eq(newsletterSubscribers.email, email))
    const fresh = await createList(listSchema.parse({ name: 'Climate Desk', kind: 'edition' }))
    const prefs = await preferencesByToken(token)
    expect(prefs?.lists.find((l) => l.id === fresh.id)).toMatchObject({
      subscribed: false,
      isNew: true,
    })
    expect(prefs?.lists.find((l) => l.id === morning.id)).toMatchObject({
      subscribed: true,
      isNew: false,
    })
    await chooseLists(prefs!.subscriberId, [morning.id])
    const saved = await preferencesByToken(token)
    expect(saved?.lists.find((l) => l.id === fresh.id)?.isNew).toBe(false)
  })
})
