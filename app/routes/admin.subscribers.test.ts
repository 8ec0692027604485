import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import {
  newsletterLists,
  newsletterSubscribers,
  newsletterSubscriptions,
  newsletterSuppressions,
} from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { requestAs, toastFrom } from '../../tests/setup/auth-fixtures'
import {
  callRoute,
  expectHomeRedirect,
  expectSignInRedirect,
  expectUnexpectedFailure,
  get,
  post,
  signedInCallers,
} from '../../tests/setup/admin-fixtures'
import { loader as exportCsv } from './admin.subscribers.export'
import { action, loader } from './admin.subscribers'

const URL = '/admin/subscribers'
let callers: Awaited<ReturnType<typeof signedInCallers>>

beforeAll(async () => {
  callers = await signedInCallers()
  await getDb()
    .insert(newsletterSubscribers)
    .values([
      {
        email: 'reader@example.com',
        confirmToken: 'a',
        confirmedAt: new Date('2026-01-02T03:04:05Z'),
        createdAt: new Date('2026-01-01T00:00:00Z'),
      },
      {
        email: '=cmd|x@example.com',
        confirmToken: 'b',
        createdAt: new Date('2026-02-01T00:00:00Z'),
      },
    ])
})

describe('/admin/subscribers', () => {
  it('refuses anonymous and viewer callers, export included', async () => {
    expectSignInRedirect(await callRoute(loader, get(null, URL)))
    expectHomeRedirect(await callRoute(loader, get(callers.viewer.cookie, URL)))
    expectSignInRedirect(await callRoute(exportCsv, get(null, `${URL}/export`)))
    expectHomeRedirect(await callRoute(exportCsv, get(callers.viewer.cookie, `${URL}/export`)))
    expectHomeRedirect(
      await callRoute(action, post(callers.viewer.cookie, URL, { intent: 'remove', id: '1' })),
    )
  })

  it('lists subscribers with whether they confirmed', async () => {
    const response = await callRoute(loader, get(callers.admin.cookie, URL))
    const { subscribers } = await response.json()
    expect(
      subscribers.map((s: { email: string; confirmedAt: string | null }) => [
        s.email,
        Boolean(s.confirmedAt),
      ]),
    ).toEqual([
      ['=cmd|x@example.com', false],
      ['reader@example.com', true],
    ])
  })

  it('exports a CSV that spreadsheets will not run as formulas', async () => {
    const response = await callRoute(exportCsv, get(callers.admin.cookie, `${URL}/export`))
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="newsletter-subscribers-/,
    )
    expect(await response.text()).toBe(
      'email,confirmed,confirmed_at,consented_at,source,subscribed_at,state,paused_at,lists\r\n' +
        `"'=cmd|x@example.com",no,,,form,2026-02-01T00:00:00.000Z,pending,,\r\n` +
        'reader@example.com,yes,2026-01-02T03:04:05.000Z,,form,2026-01-01T00:00:00.000Z,confirmed,,\r\n',
    )
  })

  it('imports a CSV with consent dates; importing it again changes nothing', async () => {
    const csv =
      'email,consented_at\r\n' +
      'Imported@Example.com,2025-03-04\r\n' +
      'second@example.com,2025-05-06T07:08:09Z\r\n' +
      'not-an-address,2025-01-01\r\n' +
      'noconsent@example.com,\r\n'
    const upload = () => {
      const form = new FormData()
      form.set('intent', 'import')
      form.set('file', new File([csv], 'list.csv', { type: 'text/csv' }))
      return requestAs(callers.admin.cookie, URL, { method: 'POST', body: form })
    }
    const first = await callRoute(action, upload())
    expect((await first.json()).report).toEqual({
      imported: 2,
      existing: 0,
      suppressed: 0,
      invalid: [
        { line: 4, reason: 'Invalid email address' },
        { line: 5, reason: 'Missing or invalid consent date' },
      ],
    })
    const [row] = await getDb()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'imported@example.com'))
    expect(row).toMatchObject({ source: 'import', consentedAt: new Date('2025-03-04T00:00:00Z') })
    const before = await getDb().select().from(newsletterSubscribers)
    const again = await callRoute(action, upload())
    expect((await again.json()).report).toMatchObject({ imported: 0, existing: 2 })
    expect(await getDb().select().from(newsletterSubscribers)).toEqual(before)
    const exported = await (
      await callRoute(exportCsv, get(callers.admin.cookie, `${URL}/export`))
    ).text()
    expect(exported).toContain(
      'imported@example.com,yes,2025-03-04T00:00:00.000Z,2025-03-04T00:00:00.000Z,import,',
    )
  })

  it('refuses an import without a file or without the consent column (400)', async () => {
    const none = await callRoute(action, post(callers.admin.cookie, URL, { intent: 'import' }))
    expect(none.status).toBe(400)
    const form = new FormData()
    form.set('intent', 'import')
    form.set('file', new File(['email\r\na@example.com\r\n'], 'x.csv'))
    const bad = await callRoute(
      action,
      requestAs(callers.admin.cookie, URL, { method: 'POST', body: form }),
    )
    expect(bad.status).toBe(400)
    expect((await bad.json()).toast.description).toMatch(/consented_at/)
  })

  it('suppresses an address by hand; an import then skips it', async () => {
    const response = await callRoute(
      action,
      post(callers.admin.cookie, URL, { intent: 'suppress', email: 'Blocked@example.com' }),
    )
    expect(await toastFrom(response)).toMatchObject({ title: 'Address suppressed' })
    const invalid = await callRoute(
      action,
      post(callers.admin.cookie, URL, { intent: 'suppress', email: 'nope' }),
    )
    expect(invalid.status).toBe(400)
    const form = new FormData()
    form.set('intent', 'import')
    form.set('file', new File(['email,consented_at\nblocked@example.com,2025-01-01\n'], 'x.csv'))
    const imported = await callRoute(
      action,
      requestAs(callers.admin.cookie, URL, { method: 'POST', body: form }),
    )
    expect((await imported.json()).report).toMatchObject({ imported: 0, suppressed: 1 })
    const page = await (await callRoute(loader, get(callers.admin.cookie, URL))).json()
    expect(page.suppressions).toEqual([
      expect.objectContaining({ email: 'blocked@example.com', reason: 'removed' }),
    ])
  })

  it('removes a subscriber', async () => {
    const [row] = await getDb().select().from(newsletterSubscribers).limit(1)
    const response = await callRoute(
      action,
      post(callers.admin.cookie, URL, { intent: 'remove', id: String(row.id) }),
    )
    expect(await toastFrom(response)).toMatchObject({ title: 'Subscriber removed' })
    expect(
      await getDb()
        .select()
        .from(newsletterSuppressions)
        .where(eq(newsletterSuppressions.email, row.email)),
    ).toEqual([expect.objectContaining({ reason: 'removed' })])
    const again = await callRoute(
      action,
      post(callers.admin.cookie, URL, { intent: 'remove', id: String(row.id) }),
    )
    expect(again.status).toBe(404)
  })
})

describe('/admin/subscribers when the unexpected happens', () => {
  it('answers 500 with the generic message and logs the request id', async () => {
    const [row] = await getDb().select().from(newsletterSubscribers).limit(1)
    const body = await expectUnexpectedFailure(
      action,
      post(callers.admin.cookie, URL, { intent: 'remove', id: String(row.id) }),
      { table: 'newsletter_subscribers' },
    )
    expect(body.toast).toMatchObject({ type: 'error', title: 'Error removing subscriber' })
  })
})

describe('/admin/subscribers filtered by list and state (issue 36)', () => {
  it('shows each address with its lists and state, filters, pages, and exports the view', async () => {
    const [morning, weekly] = await getDb()
      .insert(newsletterLists)
      .values([
        { slug: 'filter-morning', name: 'Filter Morning', kind: 'edition' },
        { slug: 'filter-weekly', name: 'Filter Weekly', kind: 'edition' },
      ])
      .returning()
    const at = (day: number) => new Date(`2026-03-${String(day).padStart(2, '0')}T09:00:00Z`)
    const people = await getDb()
      .insert(newsletterSubscribers)
      .values([
        {
          email: 'f-confirmed@example.com',
          confirmToken: 'f1',
          confirmedAt: at(1),
          createdAt: at(1),
        },
        { email: 'f-pending@example.com', confirmToken: 'f2', createdAt: at(2) },
        {
          email: 'f-paused@example.com',
          confirmToken: 'f3',
          confirmedAt: at(3),
          pausedAt: at(4),
          createdAt: at(3),
        },
        { email: 'f-left@example.com', confirmToken: 'f4', confirmedAt: at(5), createdAt: at(5) },
      ])
      .returning()
    await getDb()
      .insert(newsletterSubscriptions)
      .values([
        ...people.map((p) => ({ subscriberId: p.id, listId: morning.id })),
        { subscriberId: people[0].id, listId: weekly.id },
      ])
    await getDb()
      .insert(newsletterSuppressions)
      .values({ email: 'f-left@example.com', reason: 'unsubscribed' })

    const view = async (query: string) =>
      (await callRoute(loader, get(callers.admin.cookie, `${URL}?${query}`))).json()
    const all = await view(`list=${morning.id}`)
    expect(
      all.subscribers.map((s: { email: string; state: string; lists: string[] }) => [
        s.email,
        s.state,
        s.lists,
      ]),
    ).toEqual([
      ['f-left@example.com', 'unsubscribed', ['Filter Morning']],
      ['f-paused@example.com', 'paused', ['Filter Morning']],
      ['f-pending@example.com', 'pending', ['Filter Morning']],
      ['f-confirmed@example.com', 'confirmed', ['Filter Morning', 'Filter Weekly']],
    ])
    expect(all.total).toBe(4)
    for (const state of ['confirmed', 'pending', 'paused', 'unsubscribed']) {
      const only = await view(`list=${morning.id}&state=${state}`)
      expect(only.subscribers.map((s: { email: string }) => s.email)).toEqual([
        `f-${state === 'unsubscribed' ? 'left' : state}@example.com`,
      ])
    }
    expect((await view(`list=${weekly.id}`)).subscribers).toHaveLength(1)

    // 50 a page: 60 more on the weekly list make two pages.
    const more = await getDb()
      .insert(newsletterSubscribers)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          email: `f-many-${i}@example.com`,
          confirmToken: `fm-${i}`,
          createdAt: new Date(at(10).getTime() + i * 1000),
        })),
      )
      .returning()
    await getDb()
      .insert(newsletterSubscriptions)
      .values(more.map((p) => ({ subscriberId: p.id, listId: weekly.id })))
    const first = await view(`list=${weekly.id}`)
    expect(first).toMatchObject({ total: 61, page: 1, pageCount: 2 })
    expect(first.subscribers).toHaveLength(50)
    expect(first.subscribers[0].email).toBe('f-many-59@example.com')
    const second = await view(`list=${weekly.id}&page=2`)
    expect(second.subscribers.map((s: { email: string }) => s.email).slice(-2)).toEqual([
      'f-many-0@example.com',
      'f-confirmed@example.com',
    ])

    // The export is the filtered view, every page of it.
    const csv = await (
      await callRoute(
        exportCsv,
        get(callers.admin.cookie, `${URL}/export?list=${morning.id}&state=paused`),
      )
    ).text()
    expect(csv).toBe(
      'email,confirmed,confirmed_at,consented_at,source,subscribed_at,state,paused_at,lists\r\n' +
        'f-paused@example.com,yes,2026-03-03T09:00:00.000Z,,form,2026-03-03T09:00:00.000Z,paused,2026-03-04T09:00:00.000Z,Filter Morning\r\n',
    )
    const weeklyCsv = await (
      await callRoute(exportCsv, get(callers.admin.cookie, `${URL}/export?list=${weekly.id}`))
    ).text()
    expect(weeklyCsv.trim().split('\r\n')).toHaveLength(62)
  })
})
