import { describe, expect, it } from 'vitest'
import { getSessionUser } from '~/infra/permissions.server'
import { action as signInAction, loader as signInLoader } from '~/routes/_site.signin'
import { action as signOutAction } from '~/routes/signout'
import {
  cookiesFrom,
  createTestUser,
  formRequest,
  requestAs,
  testContext,
  toastFrom,
} from '../setup/auth-fixtures'

type ActionResult = Awaited<ReturnType<typeof signInAction>>

async function settle(run: () => Promise<unknown>) {
  try {
    return (await run()) as ActionResult
  } catch (thrown) {
    return thrown as ActionResult
  }
}

function signIn(fields: Record<string, string>, ip = '127.0.0.2', cookie: string | null = null) {
  return settle(() =>
    signInAction({
      request: formRequest(cookie, '/signin', fields),
      context: testContext(ip),
      params: {},
    } as never),
  )
}

describe('sign-in', () => {
  it('signs in, sets an HttpOnly SameSite=Lax session cookie and welcomes the reader', async () => {
    const user = await createTestUser()
    const response = await signIn({ email: user.email, password: user.password })
    expect(response).toBeInstanceOf(Response)
    const res = response as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/')
    const session = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('broadsheet.session_token='))
    expect(session).toMatch(/HttpOnly/i)
    expect(session).toMatch(/SameSite=Lax/i)
    expect(session).not.toMatch(/Secure/i)
    expect(await toastFrom(res)).toMatchObject({
      type: 'success',
      title: 'Welcome back!',
      description: 'You have successfully signed in.',
    })
    const cookie = cookiesFrom(res.headers)
    expect((await getSessionUser(requestAs(cookie, '/')))?.id).toBe(user.id)
  })

  it('goes to a same-site redirectTo, never to another site', async () => {
    const user = await createTestUser()
    const inside = (await signIn({
      email: user.email,
      password: user.password,
      redirectTo: '/admin/articles',
    })) as Response
    expect(inside.headers.get('location')).toBe('/admin/articles')
    for (const target of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      const outside = (await signIn({
        email: user.email,
        password: user.password,
        redirectTo: target,
      })) as Response
      expect(outside.headers.get('location')).toBe('/')
    }
  })

  it('signs in with a redirectTo outside Latin-1: the target percent-encoded, the cookie set', async () => {
    const user = await createTestUser()
    const response = await signIn({
      email: user.email,
      password: user.password,
      redirectTo: '/search?q=新聞 café',
    })
    expect(response).toBeInstanceOf(Response)
    const res = response as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/search?q=%E6%96%B0%E8%81%9E%20caf%C3%A9')
    expect(res.headers.getSetCookie().some((c) => c.startsWith('broadsheet.session_token='))).toBe(
      true,
    )
  })

  it('answers an unknown email and a wrong password with the same status and message', async () => {
    const user = await createTestUser()
    const wrong = (await signIn({
      email: user.email,
      password: 'not-the-password',
    })) as unknown as {
      init: ResponseInit
      data: unknown
    }
    const unknown = (await signIn({
      email: 'nobody-here@example.com',
      password: 'not-the-password',
    })) as unknown as { init: ResponseInit; data: unknown }
    expect(wrong.init.status).toBe(401)
    expect(unknown.init.status).toBe(401)
    expect({ ...(wrong.data as object), email: '' }).toEqual({
      ...(unknown.data as object),
      email: '',
    })
    expect(wrong.data).toMatchObject({ formError: 'Invalid email or password' })
  })

  it('shows field errors for a malformed form', async () => {
    const result = (await signIn({ email: 'not-an-email', password: '' })) as unknown as {
      init: ResponseInit
      data: { fieldErrors: Record<string, string[]> }
    }
    expect(result.init.status).toBe(400)
    expect(result.data.fieldErrors.email).toEqual(['Enter a valid email address'])
    expect(result.data.fieldErrors.password).toEqual(['Password is required'])
  })

  it('rotates the session: signing in again ends the previous one', async () => {
    const user = await createTestUser()
    const first = cookiesFrom(
      ((await signIn({ email: user.email, password: user.password })) as Response).headers,
    )
    const second = (await signIn(
      { email: user.email, password: user.password },
      '127.0.0.2',
      first,
    )) as Response
    const next = cookiesFrom(second.headers, first)
    expect(next).not.toBe(first)
    expect(await getSessionUser(requestAs(first, '/'))).toBeNull()
    expect((await getSessionUser(requestAs(next, '/')))?.id).toBe(user.id)
  })

  it('sends a signed-in reader away from the sign-in page', async () => {
    const user = await createTestUser()
    const cookie = cookiesFrom(
      ((await signIn({ email: user.email, password: user.password })) as Response).headers,
    )
    const response = await settle(() =>
      signInLoader({
        request: requestAs(cookie, '/signin'),
        context: testContext(),
        params: {},
      } as never),
    )
    expect((response as Response).headers.get('location')).toBe('/')
  })
})

describe('sign-out', () => {
  async function signOut(cookie: string, fields: Record<string, string> = {}) {
    return (await signOutAction({
      request: formRequest(cookie, '/signout', fields),
      context: testContext(),
      params: {},
    } as never)) as Response
  }

  it('ends the session, clears the cookie and says so', async () => {
    const user = await createTestUser()
    const cookie = cookiesFrom(
      ((await signIn({ email: user.email, password: user.password })) as Response).headers,
    )
    const response = await signOut(cookie)
    expect(response.headers.get('location')).toBe('/')
    expect(await toastFrom(response)).toMatchObject({
      title: 'Signed out',
      description: 'You have been signed out successfully.',
    })
    expect(cookiesFrom(response.headers, cookie)).not.toContain('session_token')
    expect(await getSessionUser(requestAs(cookie, '/'))).toBeNull()
  })

  it('uses the admin wording when signing out from the back office', async () => {
    const user = await createTestUser({ role: 'admin' })
    const cookie = cookiesFrom(
      ((await signIn({ email: user.email, password: user.password })) as Response).headers,
    )
    const response = await signOut(cookie, { from: 'admin' })
    expect(await toastFrom(response)).toMatchObject({
      title: 'Signed out successfully',
      description: 'You have been signed out of your account.',
    })
  })

  it('still answers with the toast when there is no session', async () => {
    const response = await signOut('')
    expect(response.status).toBe(302)
    expect((await toastFrom(response))?.title).toBe('Signed out')
  })
})
