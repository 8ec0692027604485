import { describe, expect, it } from 'vitest'
import { siteSettings } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { createTestUser, requestAs, sessionCookie } from '../../../tests/setup/auth-fixtures'
import { dataAnswerResponse, isDataAnswer } from '../../../tests/setup/route-answers'
import { canManageUsers } from '~/domain/access/access-rules'
import { requireArticleAccess, requireStaff, requireStaffApi } from './require-access.server'

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise
  } catch (error) {
    if (error instanceof Response) return error
    if (isDataAnswer(error)) return dataAnswerResponse(error)
    throw error
  }
  throw new Error('expected a thrown Response')
}

function toastOf(response: Response) {
  return response.headers.getSetCookie().find((c) => c.startsWith('broadsheet.toast=')) ?? ''
}

describe('requireStaff', () => {
  it('sends an anonymous reader to /signin with the Access Denied toast', async () => {
    const response = await thrown(requireStaff(requestAs(null, '/admin/articles')))
    expect(response.headers.get('location')).toBe('/signin?redirectTo=%2Fadmin%2Farticles')
    expect(toastOf(response)).not.toBe('')
  })

  it('sends a viewer to / and lets an admin through', async () => {
    const viewer = await createTestUser()
    const response = await thrown(requireStaff(requestAs(await sessionCookie(viewer), '/admin')))
    expect(response.headers.get('location')).toBe('/')
    expect(toastOf(response)).not.toBe('')
    const admin = await createTestUser({ role: 'admin' })
    expect((await requireStaff(requestAs(await sessionCookie(admin), '/admin'))).id).toBe(admin.id)
  })

  it('sends an admin without two-factor to enrol when the site requires it', async () => {
    const admin = await createTestUser({ role: 'admin' })
    const cookie = await sessionCookie(admin)
    await getDb()
      .insert(siteSettings)
      .values({ id: 1, requireAdminTwoFactor: true })
      .onConflictDoUpdate({ target: siteSettings.id, set: { requireAdminTwoFactor: true } })
    try {
      const response = await thrown(requireStaff(requestAs(cookie, '/admin')))
      expect(response.headers.get('location')).toBe('/profile?enrol=2fa')
      const api = await thrown(requireStaffApi(requestAs(cookie, '/admin/api/media')))
      expect(api.status).toBe(403)
    } finally {
      await getDb().update(siteSettings).set({ requireAdminTwoFactor: false })
    }
  })
})

describe('requireStaffApi', () => {
  it('answers 401 and 403 as JSON', async () => {
    const anonymous = await thrown(requireStaffApi(requestAs(null, '/admin/api/media')))
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toMatchObject({ ok: false, code: 'UNAUTHORIZED' })
    const viewer = await createTestUser()
    const forbidden = await thrown(
      requireStaffApi(requestAs(await sessionCookie(viewer), '/admin/api/media')),
    )
    expect(forbidden.status).toBe(403)
    expect(await forbidden.json()).toMatchObject({ ok: false, code: 'FORBIDDEN' })
  })
})

describe('staff roles', () => {
  it('lets every staff role into the back office, and refuses a capability the role lacks', async () => {
    for (const role of ['contributor', 'author', 'editor', 'admin'] as const) {
      const user = await createTestUser({ role })
      const cookie = await sessionCookie(user)
      expect((await requireStaff(requestAs(cookie, '/admin'))).role).toBe(role)
      if (role === 'admin') continue
      const refused = await thrown(requireStaff(requestAs(cookie, '/admin/users'), canManageUsers))
      expect(refused.status).toBe(403)
      expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN' })
    }
  })
})

describe('requireArticleAccess', () => {
  it('answers an article that does not exist with the one not-found shape', async () => {
    const editor = await createTestUser({ role: 'editor' })
    const request = requestAs(await sessionCookie(editor), '/admin/articles/999999/revisions')
    const response = await thrown(requireArticleAccess(request, 999_999, () => true))
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: 'Article not found',
    })
  })
})
