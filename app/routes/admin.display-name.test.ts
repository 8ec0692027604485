import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { profiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { createTestUser, sessionCookie, toastFrom } from '../../tests/setup/auth-fixtures'
import { getSessionUser } from '~/infra/permissions.server'
import { callRoute, expectUnexpectedFailure, get, post } from '../../tests/setup/admin-fixtures'
import { loader as layoutLoader } from './admin'
import { action } from './admin.display-name'

// The back office asks a staff member without a display name for one before any page (the
// layout shows the step in place of the page), then goes on to where they were going.

async function staff(role: 'contributor' | 'admin', displayName: string | null = null) {
  const user = await createTestUser({ role })
  if (displayName) {
    await getDb().update(profiles).set({ displayName }).where(eq(profiles.id, user.id))
  }
  return { id: user.id, cookie: await sessionCookie(user) }
}

const askedFor = async (cookie: string, url = '/admin/articles') =>
  (await (await callRoute(layoutLoader, get(cookie, url))).json()).askDisplayName

describe('the display-name step', () => {
  it('is asked of staff without a name, on every page, until one is saved', async () => {
    const writer = await staff('contributor')
    expect(await askedFor(writer.cookie)).toBe(true)
    expect(await askedFor(writer.cookie, '/admin')).toBe(true)

    const saved = await callRoute(
      action,
      post(writer.cookie, '/admin/display-name', {
        displayName: '  Ada   Lovelace ',
        redirectTo: '/admin/articles?status=draft',
      }),
    )
    expect(saved.status).toBe(302)
    expect(saved.headers.get('location')).toBe('/admin/articles?status=draft')
    expect(await toastFrom(saved)).toMatchObject({ title: 'Display name saved' })
    const [row] = await getDb()
      .select({ displayName: profiles.displayName })
      .from(profiles)
      .where(eq(profiles.id, writer.id))
    expect(row.displayName).toBe('Ada Lovelace')
    expect(await askedFor(writer.cookie)).toBe(false)
  })

  it('is not asked of staff who have a name', async () => {
    const named = await staff('admin', 'Grace Hopper')
    expect(await askedFor(named.cookie)).toBe(false)
  })

  it('cannot be answered with an empty name, nor sent off the back office', async () => {
    const writer = await staff('contributor')
    const empty = await callRoute(
      action,
      post(writer.cookie, '/admin/display-name', { displayName: '   ' }),
    )
    expect(empty.status).toBe(400)
    expect((await empty.json()).fieldErrors.displayName[0]).toMatch(/Enter the name/)
    expect(await askedFor(writer.cookie)).toBe(true)

    const away = await callRoute(
      action,
      post(writer.cookie, '/admin/display-name', {
        displayName: 'Kim Writer',
        redirectTo: 'https://elsewhere.example/',
      }),
    )
    expect(away.headers.get('location')).toBe('/admin')
  })

  it('is the staff’s own: a reader or nobody is refused', async () => {
    const reader = await createTestUser({ role: 'viewer' })
    const refused = await callRoute(
      action,
      post(await sessionCookie(reader), '/admin/display-name', { displayName: 'Reader' }),
    )
    expect(refused.status).toBe(302)
    expect(refused.headers.get('location')).toBe('/')
    const anonymous = await callRoute(
      action,
      post(null, '/admin/display-name', { displayName: 'Nobody' }),
    )
    expect(anonymous.headers.get('location')).toMatch(/^\/signin/)
    const [row] = await getDb()
      .select({ displayName: profiles.displayName })
      .from(profiles)
      .where(eq(profiles.id, reader.id))
    expect(row.displayName).toBeNull()
  })
})

describe('the display-name step when the unexpected happens', () => {
  it('answers 500 with the generic sentence under the form, logs the request id, saves nothing', async () => {
    const writer = await staff('contributor')
    const request = post(writer.cookie, '/admin/display-name', { displayName: 'Ada Lovelace' })
    // The session is looked up once per request: done before the table goes, so the sign-in
    // check passes and the save itself meets the missing table.
    expect(await getSessionUser(request)).toMatchObject({ id: writer.id })
    const body = await expectUnexpectedFailure(action, request, { table: 'profiles' })
    // The step has no toast: the sentence shows under the field (display-name-step.tsx).
    expect(body.toast).toBeUndefined()
    expect(await askedFor(writer.cookie)).toBe(true)
  })
})
