import { beforeAll, describe, expect, it } from 'vitest'
import { newsletterSubscribers } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { toastFrom } from '../../tests/setup/auth-fixtures'
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
      'email,confirmed,confirmed_at,subscribed_at\r\n' +
        `"'=cmd|x@example.com",no,,2026-02-01T00:00:00.000Z\r\n` +
        'reader@example.com,yes,2026-01-02T03:04:05.000Z,2026-01-01T00:00:00.000Z\r\n',
    )
  })

  it('removes a subscriber', async () => {
    const [row] = await getDb().select().from(newsletterSubscribers).limit(1)
    const response = await callRoute(
      action,
      post(callers.admin.cookie, URL, { intent: 'remove', id: String(row.id) }),
    )
    expect(await toastFrom(response)).toMatchObject({ title: 'Subscriber removed' })
    expect(await getDb().select().from(newsletterSubscribers)).toHaveLength(1)
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
