import { describe, expect, it } from 'vitest'
import { getSessionUser } from '~/infra/permissions.server'
import { createTestUser, requestAs, sessionCookie } from '../../../tests/setup/auth-fixtures'
import { canEditAnyArticle, canManageUsers } from './access-rules'
import { AccessError, authorizeArticle, authorizeStaff } from './require-access.server'

// The rules refuse with an AccessError and its code, never with an HTTP answer: how a refusal
// reaches the person is the route layer's (app/routes/+shared/require-access.server.ts).

async function refusedCode(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(AccessError)
    expect(error).not.toBeInstanceOf(Response)
    return (error as AccessError).code
  }
  throw new Error('expected a refusal')
}

async function signedIn(role: 'viewer' | 'contributor' | 'editor' | 'admin') {
  const user = await createTestUser({ role })
  const found = await getSessionUser(requestAs(await sessionCookie(user), '/admin'))
  if (!found) throw new Error('no session')
  return found
}

describe('authorizeStaff', () => {
  it('refuses nobody, a reader and a role without the capability, each with its code', async () => {
    expect(await refusedCode(authorizeStaff(null))).toBe('SIGN_IN_REQUIRED')
    expect(await refusedCode(authorizeStaff(await signedIn('viewer')))).toBe('NOT_STAFF')
    const editor = await signedIn('editor')
    expect(await refusedCode(authorizeStaff(editor, canManageUsers))).toBe('FORBIDDEN')
    expect((await authorizeStaff(editor, canEditAnyArticle)).id).toBe(editor.id)
  })
})

describe('authorizeArticle', () => {
  it('refuses an article that does not exist as NOT_FOUND (404)', async () => {
    const error = await authorizeArticle(await signedIn('admin'), 999_999, () => true).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(AccessError)
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 })
  })
})
