import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { entitlements, memberEvents, plans } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import {
  createTestUser,
  requestAs,
  sessionCookie,
  toastFrom,
} from '../../tests/setup/auth-fixtures'
import {
  callRoute,
  expectHomeRedirect,
  expectSignInRedirect,
  expectUnexpectedFailure,
  get,
  post,
  signedInCallers,
} from '../../tests/setup/admin-fixtures'
import { action, loader } from './admin.members'
import { action as memberAction, loader as memberLoader } from './admin.members_.$userId'

const URL = '/admin/members'
let callers: Awaited<ReturnType<typeof signedInCallers>>
let editorCookie: string
let reader: Awaited<ReturnType<typeof createTestUser>>
let planId: number

const memberUrl = (id: string) => `${URL}/${id}`

function upload(cookie: string, csv: string) {
  const form = new FormData()
  form.set('intent', 'import')
  form.set('file', new File([csv], 'members.csv', { type: 'text/csv' }))
  return requestAs(cookie, URL, { method: 'POST', body: form })
}

beforeAll(async () => {
  callers = await signedInCallers()
  editorCookie = await sessionCookie(await createTestUser({ role: 'editor' }))
  reader = await createTestUser({ email: 'reader@example.com' })
  ;[{ id: planId }] = await getDb()
    .insert(plans)
    .values({ slug: 'digital', name: 'Digital', monthlyPriceCents: 900 })
    .returning({ id: plans.id })
})

describe('/admin/members', () => {
  it('is for admins only: anonymous, viewers and editors are refused', async () => {
    expectSignInRedirect(await callRoute(loader, get(null, URL)))
    expectHomeRedirect(await callRoute(loader, get(callers.viewer.cookie, URL)))
    const editor = await callRoute(loader, get(editorCookie, URL))
    expect(editor.status).toBe(403)
    const params = { userId: reader.id }
    expect(
      (await callRoute(memberLoader, get(editorCookie, memberUrl(reader.id)), params)).status,
    ).toBe(403)
    const grant = post(editorCookie, memberUrl(reader.id), {
      intent: 'grant',
      planId: String(planId),
      until: '2999-01-01',
    })
    expect((await callRoute(memberAction, grant, params)).status).toBe(403)
    expect((await callRoute(action, upload(editorCookie, 'email,plan,until\n'))).status).toBe(403)
    expect(await getDb().select().from(entitlements)).toEqual([])
  })

  it('shows the empty state, the figures and no members before anyone joins', async () => {
    const body = await (await callRoute(loader, get(callers.admin.cookie, URL))).json()
    expect(body).toMatchObject({ members: [], total: 0, anyMember: false, currency: 'USD' })
    expect(body.figures.payingMembers).toHaveLength(6)
  })

  it('opens a reader found by e-mail, and says when no account has it', async () => {
    const found = await callRoute(
      loader,
      get(callers.admin.cookie, `${URL}?reader=READER%40example.com`),
    )
    expect(found.status).toBe(302)
    expect(found.headers.get('location')).toBe(memberUrl(reader.id))
    const missing = await callRoute(
      loader,
      get(callers.admin.cookie, `${URL}?reader=nobody%40example.com`),
    )
    expect((await missing.json()).reader).toEqual({
      email: 'nobody@example.com',
      error: 'No account with the e-mail nobody@example.com',
    })
  })

  it('grants complimentary access, with messages under the fields for a bad one', async () => {
    const params = { userId: reader.id }
    const grant = (fields: Record<string, string>) =>
      callRoute(
        memberAction,
        post(callers.admin.cookie, memberUrl(reader.id), { intent: 'grant', ...fields }),
        params,
      )
    const missing = await grant({ planId: String(planId), until: '' })
    expect(missing.status).toBe(400)
    expect((await missing.json()).fieldErrors).toEqual({ until: ['Choose the last day of access'] })
    const past = await grant({ planId: String(planId), until: '2001-01-01' })
    expect(past.status).toBe(400)
    expect((await past.json()).fieldErrors).toEqual({
      until: ['The last day of access must be today or later'],
    })
    const unknown = await grant({ planId: '999999', until: '2999-12-31' })
    expect((await unknown.json()).fieldErrors).toEqual({ planId: ['Choose a plan'] })

    const granted = await grant({ planId: String(planId), until: '2999-12-31', note: 'Press pass' })
    expect(granted.status).toBe(200)
    expect(await toastFrom(granted)).toMatchObject({ title: 'Access granted' })
    const page = await (
      await callRoute(memberLoader, get(callers.admin.cookie, memberUrl(reader.id)), params)
    ).json()
    expect(page.entitlements).toMatchObject([
      {
        plan: 'Digital',
        source: 'complimentary',
        status: 'active',
        note: 'Press pass',
        untilLabel: 'Dec 31, 2999',
      },
    ])
    expect(page.events).toMatchObject([
      { kind: 'granted', plan: 'Digital', by: expect.any(String) },
    ])

    const list = await (
      await callRoute(
        loader,
        get(callers.admin.cookie, `${URL}?q=reader&source=complimentary&status=active`),
      )
    ).json()
    expect(list.members).toMatchObject([
      { email: 'reader@example.com', plan: 'Digital', status: 'active' },
    ])
    const none = await (
      await callRoute(loader, get(callers.admin.cookie, `${URL}?status=lapsed`))
    ).json()
    expect(none.members).toEqual([])
  })

  it('ends a membership, and answers 404 for a reader or membership not there', async () => {
    const [row] = await getDb()
      .select()
      .from(entitlements)
      .where(eq(entitlements.userId, reader.id))
    const params = { userId: reader.id }
    const ended = await callRoute(
      memberAction,
      post(callers.admin.cookie, memberUrl(reader.id), {
        intent: 'end',
        id: String(row.id),
        reason: 'Asked to stop',
      }),
      params,
    )
    expect(await toastFrom(ended)).toMatchObject({ title: 'Membership ended' })
    const again = await callRoute(
      memberAction,
      post(callers.admin.cookie, memberUrl(reader.id), { intent: 'end', id: String(row.id) }),
      params,
    )
    expect(again.status).toBe(409)
    expect((await again.json()).toast).toEqual({
      type: 'error',
      title: 'Error ending membership',
      description: 'This membership has already ended',
    })
    const noReader = await callRoute(memberLoader, get(callers.admin.cookie, memberUrl('nobody')), {
      userId: 'nobody',
    })
    expect(noReader.status).toBe(404)
    const forged = await callRoute(
      memberAction,
      post(callers.admin.cookie, memberUrl(reader.id), { intent: 'forged' }),
      params,
    )
    expect(forged.status).toBe(400)
  })

  it('imports a CSV all or nothing, reporting every refused row', async () => {
    const other = await createTestUser({ email: 'other@example.com' })
    const before = await getDb().select().from(entitlements)
    const bad = await callRoute(
      action,
      upload(
        callers.admin.cookie,
        'email,plan,until\nother@example.com,digital,2999-01-31\nghost@example.com,gold,2999-01-31\n',
      ),
    )
    expect(bad.status).toBe(400)
    const badBody = await bad.json()
    expect(badBody.report).toEqual({
      ok: false,
      errors: [{ line: 3, reason: 'No plan named "gold"' }],
    })
    expect(badBody.toast).toMatchObject({ title: 'Nothing imported' })
    expect(await getDb().select().from(entitlements)).toEqual(before)

    const good = await callRoute(
      action,
      upload(callers.admin.cookie, 'email,plan,until\nother@example.com,Digital,2999-01-31\n'),
    )
    expect(good.status).toBe(200)
    expect((await good.json()).report).toEqual({
      ok: true,
      imported: 1,
      members: [{ line: 2, email: 'other@example.com', plan: 'Digital' }],
    })
    const events = await getDb()
      .select()
      .from(memberEvents)
      .where(eq(memberEvents.userId, other.id))
    expect(events.map((event) => event.kind)).toEqual(['imported'])
  })

  it('refuses an import with no file, too large, or without its columns', async () => {
    const empty = new FormData()
    empty.set('intent', 'import')
    const none = await callRoute(
      action,
      requestAs(callers.admin.cookie, URL, { method: 'POST', body: empty }),
    )
    expect((await none.json()).toast).toMatchObject({ description: 'Choose a CSV file to import' })
    const big = await callRoute(action, upload(callers.admin.cookie, 'x'.repeat(1024 * 1024 + 1)))
    expect(big.status).toBe(400)
    expect((await big.json()).toast.description).toBe(
      'The file is larger than 1 MB: split it into smaller files',
    )
    const columns = await callRoute(action, upload(callers.admin.cookie, 'mail,tier\n'))
    expect(columns.status).toBe(400)
    expect((await columns.json()).toast).toEqual({
      type: 'error',
      title: 'Import failed',
      description: 'The first row must name the columns "email", "plan" and "until"',
    })
  })

  it('answers the unexpected with 500 and the generic sentence, nothing granted', async () => {
    const someone = await createTestUser()
    await expectUnexpectedFailure(
      memberAction,
      post(callers.admin.cookie, memberUrl(someone.id), {
        intent: 'grant',
        planId: String(planId),
        until: '2999-01-01',
      }),
      { table: 'member_events', params: { userId: someone.id } },
    )
    expect(
      await getDb().select().from(entitlements).where(eq(entitlements.userId, someone.id)),
    ).toEqual([])
  })
})
