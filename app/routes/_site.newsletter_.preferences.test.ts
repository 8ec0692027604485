import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { newsletterIssues, newsletterLists, newsletterSubscribers } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { newPreferencesToken, preferencesByEmail } from '~/domain/newsletter/preferences.server'
import { PREFERENCES_SAVED } from '~/domain/newsletter/preferences-schema'
import { createTestUser, runRoute, sessionCookie, toastFrom } from '../../tests/setup/auth-fixtures'
import { expectUnexpectedFailure, get, post } from '../../tests/setup/admin-fixtures'
import { action, loader } from './_site.newsletter_.preferences'
import { action as profileAction } from './_site.profile_.newsletters'
import { loader as archiveLoader } from './_site.newsletters.$slug'
import { loader as webVersion } from './_site.newsletters.$slug_.$issueId'

let token = ''
let listIds: number[] = []

beforeAll(async () => {
  token = newPreferencesToken()
  const db = getDb()
  const [subscriber] = await db
    .insert(newsletterSubscribers)
    .values({
      email: 'prefs@example.com',
      confirmToken: 'x',
      confirmedAt: new Date(),
      preferencesToken: token,
    })
    .returning()
  listIds = (await db.select({ id: newsletterLists.id }).from(newsletterLists)).map((l) => l.id)
  expect(subscriber.id).toBeGreaterThan(0)
})

const url = () => `/newsletter/preferences?t=${token}`

describe('/newsletter/preferences', () => {
  it('opens with the token, never cached, and refuses an unknown one with 404', async () => {
    const page = await runRoute(loader, get(null, url()))
    expect(page.data.prefs.email).toBe('prefs@example.com')
    // The one not-found answer, its message the page's.
    const notFound = {
      init: { status: 404 },
      data: { ok: false, code: 'NOT_FOUND', message: expect.stringMatching(/not valid any more/) },
    }
    await expect(
      runRoute(loader, get(null, '/newsletter/preferences?t=nope')),
    ).rejects.toMatchObject(notFound)
    await expect(
      runRoute(
        action,
        post(null, '/newsletter/preferences', { intent: 'pause', t: 'x'.repeat(43) }),
      ),
    ).rejects.toMatchObject(notFound)
  })

  it('chooses lists, pauses and leaves everything without a sign-in', async () => {
    const [first] = listIds
    let answer = await runRoute(
      action,
      post(null, url(), { intent: 'save-lists', list: String(first), t: token }),
    )
    // The shared answer: the page shows `message` on success, `formError` on failure.
    expect(answer.data).toMatchObject({ ok: true, message: PREFERENCES_SAVED })
    let prefs = (await preferencesByEmail('prefs@example.com'))!
    expect(prefs.lists.filter((l) => l.subscribed).map((l) => l.id)).toEqual([first])

    answer = await runRoute(action, post(null, url(), { intent: 'pause', t: token }))
    expect((await preferencesByEmail('prefs@example.com'))!.paused).toBe(true)

    answer = await runRoute(action, post(null, url(), { intent: 'forged', t: token }))
    expect(answer.status).toBe(400)
    expect(answer.data).toEqual({ ok: false, code: 'UNKNOWN_INTENT', formError: 'Unknown action' })

    answer = await runRoute(action, post(null, url(), { intent: 'leave', t: token }))
    prefs = (await preferencesByEmail('prefs@example.com'))!
    expect(prefs.suppressed).toBe(true)
    expect(prefs.lists.some((l) => l.subscribed)).toBe(false)

    // Suppressed: choosing lists is refused with a message, not a 500.
    answer = await runRoute(
      action,
      post(null, url(), { intent: 'save-lists', list: String(first), t: token }),
    )
    expect(answer.status).toBe(409)
    expect(answer.data).toMatchObject({
      ok: false,
      code: 'SUPPRESSED',
      formError: expect.stringMatching(/^You left every newsletter/),
    })
  })

  it('answers the unexpected with 500 and the generic sentence above the form, logged', async () => {
    // Asking to subscribe again spends the sign-up limits first: their table is gone.
    const body = await expectUnexpectedFailure(
      action,
      post(null, url(), { intent: 'subscribe-again', t: token }),
      { table: 'rate_limits' },
    )
    expect(body.toast).toBeUndefined()
  })
})

describe('/profile/newsletters', () => {
  it('manages the signed-in reader’s subscription, found by address', async () => {
    const user = await createTestUser({ role: 'viewer' })
    const cookie = await sessionCookie(user)
    // Not subscribed: the card offers a double opt-in.
    let response = await runRoute(
      profileAction,
      post(cookie, '/profile/newsletters', { intent: 'subscribe-again' }),
    )
    expect(response.location).toBe('/profile#newsletters')
    const row = await preferencesByEmail(user.email)
    expect(row).toMatchObject({ confirmed: false })
    await getDb()
      .update(newsletterSubscribers)
      .set({ confirmedAt: new Date() })
      .where(eq(newsletterSubscribers.email, user.email.toLowerCase()))
    const request = post(cookie, '/profile/newsletters', { intent: 'pause' })
    const { callRoute } = await import('../../tests/setup/admin-fixtures')
    const paused = await callRoute(profileAction, request)
    expect(await toastFrom(paused)).toMatchObject({ type: 'success' })
    expect((await preferencesByEmail(user.email))!.paused).toBe(true)
    // A failure's sentence goes in the toast, as the token page shows it above the form.
    const forged = await callRoute(
      profileAction,
      post(cookie, '/profile/newsletters', { intent: 'forged' }),
    )
    expect(forged.headers.get('location')).toBe('/profile#newsletters')
    expect(await toastFrom(forged)).toMatchObject({
      type: 'error',
      title: 'Newsletters not changed',
      description: 'Unknown action',
    })
    response = await runRoute(
      profileAction,
      post(null, '/profile/newsletters', { intent: 'pause' }),
    )
    expect(response.location).toMatch(/^\/signin/)
  })
})

describe('the archive', () => {
  it('shows sent issues only, and their frozen mail', async () => {
    const db = getDb()
    const [list] = await db.select().from(newsletterLists).limit(1)
    const [sent] = await db
      .insert(newsletterIssues)
      .values({
        listId: list.id,
        status: 'sent',
        subject: 'Sent one',
        html: '<html><body>Frozen</body></html>',
        startedAt: new Date('2026-11-26T12:00:00Z'),
      })
      .returning()
    const [draft] = await db
      .insert(newsletterIssues)
      .values({ listId: list.id, status: 'draft', subject: 'Draft one', html: '<p>no</p>' })
      .returning()
    const archive = await runRoute(archiveLoader, get(null, `/newsletters/${list.slug}`), {
      params: { slug: list.slug },
    })
    expect(archive.data.issues.map((i: { subject: string }) => i.subject)).toEqual(['Sent one'])
    // The day it went out, in the paper's time zone, in <time datetime>.
    expect(archive.data.issues[0]).toMatchObject({
      sentIso: '2026-11-26T12:00:00.000Z',
      sentLabel: 'November 26, 2026',
    })
    const page = await webVersion({
      params: { slug: list.slug, issueId: String(sent.id) },
    } as never)
    expect(page.html).toContain('Frozen')
    expect(page).toMatchObject({ list: { slug: list.slug }, sentLabel: 'November 26, 2026' })
    await expect(
      webVersion({ params: { slug: list.slug, issueId: String(draft.id) } } as never),
    ).rejects.toMatchObject({ init: { status: 404 }, data: { ok: false, code: 'NOT_FOUND' } })
    await expect(archiveLoader({ params: { slug: 'nope' } } as never)).rejects.toMatchObject({
      init: { status: 404 },
      data: { ok: false, code: 'NOT_FOUND', message: 'Newsletter not found' },
    })
  })
})
