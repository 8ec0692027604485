import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profiles, staffInvitations } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { INVITATION_TEXT } from '~/domain/users/invitations.server'
import { getBrandName } from '~/infra/auth-mail.server'
import { readOutbox } from '~/infra/mail.server'
import {
  createTestUser,
  linkFromMail,
  sessionCookie,
  testContext,
  toastFrom,
} from '../../tests/setup/auth-fixtures'
import { callRoute, expectUnexpectedFailure, get, post } from '../../tests/setup/admin-fixtures'
import { startTestServer, type TestServer } from '../../tests/setup/app-server'
import { action as usersAction, loader as usersLoader } from './admin.users'
import { action as acceptAction, loader as acceptLoader } from './_site.invitation'

// Staff invitations: an admin invites an address with a role from the Users screen; the mailed
// single-use link opens /invitation, where the invitee chooses a display name and a password,
// and the account is made with that role. Links revoked, replaced, expired or used are refused.

const USERS = '/admin/users'
let admin: { id: string; cookie: string }

beforeAll(async () => {
  const user = await createTestUser({ role: 'admin' })
  admin = { id: user.id, cookie: await sessionCookie(user) }
})

const invite = (email: string, role = 'author', cookie = admin.cookie) =>
  callRoute(usersAction, post(cookie, USERS, { intent: 'invite', email, role }))

/** The path and query of the invitation link in the newest mail to `email`. */
async function invitationPath(email: string) {
  const link = await linkFromMail(email, /https?:\/\/\S*\/invitation\?token=\S+/)
  const url = new URL(link)
  return url.pathname + url.search
}

const accept = (path: string, fields: Record<string, string>) => {
  const token = new URL(path, 'http://x').searchParams.get('token') ?? ''
  return callRoute(acceptAction, post(null, path, { token, ...fields }))
}

describe('inviting staff', () => {
  it('mails a link; accepting it makes the account with the role, the name, and signs it in', async () => {
    const response = await invite('New.Writer@Example.com', 'editor')
    expect(response.status).toBe(200)
    expect(await toastFrom(response)).toMatchObject({ title: 'Invitation sent' })

    const listed = await (await callRoute(usersLoader, get(admin.cookie, USERS))).json()
    expect(listed.invitations).toMatchObject([
      { email: 'new.writer@example.com', role: 'editor', expired: false },
    ])
    const [stored] = await getDb()
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, 'new.writer@example.com'))
    expect(stored.invitedBy).toBe(admin.id)

    const mail = (await readOutbox()).find((m) => m.to.includes('new.writer@example.com'))
    expect(mail?.subject).toMatch(/ invited you to join .* as editor$/)
    expect(mail?.text).toMatch(/works once, for 7 days/)
    const path = await invitationPath('new.writer@example.com')
    // The token itself is not what the database keeps.
    expect(stored.tokenHash).not.toBe(new URL(path, 'http://x').searchParams.get('token'))
    const page = await callRoute(acceptLoader, get(null, path))
    expect(page.status).toBe(200)
    expect(await page.json()).toMatchObject({
      invitation: { email: 'new.writer@example.com', role: 'editor' },
    })

    const accepted = await accept(path, {
      displayName: '  Nia  Writer ',
      password: 'a-long-password',
    })
    expect(accepted.status).toBe(302)
    expect(accepted.headers.get('location')).toBe('/admin')
    expect(accepted.headers.getSetCookie().join(';')).toMatch(/broadsheet\.session_token=/)

    const [account] = await getDb()
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'new.writer@example.com'))
    expect(account).toMatchObject({
      role: 'editor',
      displayName: 'Nia Writer',
      emailVerified: true,
    })
    await expect(
      sessionCookie({ email: 'new.writer@example.com', password: 'a-long-password' }),
    ).resolves.toMatch(/session_token/)

    // Accepted: no longer pending, and the link works once.
    const after = await (await callRoute(usersLoader, get(admin.cookie, USERS))).json()
    expect(after.invitations).toEqual([])
    const again = await callRoute(acceptLoader, get(null, path))
    expect(again.status).toBe(410)
    expect((await again.json()).refusal.message).toMatch(/already been accepted/)
    const reused = await accept(path, { displayName: 'Someone', password: 'another-password' })
    expect(reused.status).toBe(410)
  })

  it('says who invited the address, to what and as what; a resend still names the inviter', async () => {
    await getDb()
      .update(profiles)
      .set({ displayName: 'Maya Okafor' })
      .where(eq(profiles.id, admin.id))
    const brand = await getBrandName()
    const newest = async (email: string) => (await readOutbox()).find((m) => m.to.includes(email))!
    expect((await invite('named@example.com', 'editor')).status).toBe(200)
    const mail = await newest('named@example.com')
    expect(mail.subject).toBe(`Maya Okafor invited you to join ${brand} as editor`)
    expect(mail.text).toContain(`Maya Okafor invited you to join ${brand} as editor, in the`)

    const [pending] = await getDb()
      .select({ id: staffInvitations.id })
      .from(staffInvitations)
      .where(eq(staffInvitations.email, 'named@example.com'))
    const resend = () =>
      callRoute(
        usersAction,
        post(admin.cookie, USERS, {
          intent: 'resend-invitation',
          invitationId: String(pending.id),
        }),
      )
    await resend()
    expect((await newest('named@example.com')).subject).toBe(
      `Maya Okafor invited you to join ${brand} as editor`,
    )
    // An inviter whose account is gone (the column is set null): the rest, without a name.
    await getDb()
      .update(staffInvitations)
      .set({ invitedBy: null })
      .where(eq(staffInvitations.id, pending.id))
    await resend()
    expect((await newest('named@example.com')).subject).toBe(
      `You are invited to join ${brand} as editor`,
    )
  })

  it('refuses an address that already has an account, or a second invitation to one', async () => {
    const existing = await createTestUser({ role: 'viewer' })
    const refused = await invite(existing.email)
    expect(refused.status).toBe(409)
    expect((await refused.json()).fieldErrors.email[0]).toMatch(/already exists/)

    expect((await invite('twice@example.com')).status).toBe(200)
    const twice = await invite('twice@example.com')
    expect(twice.status).toBe(409)
    expect((await twice.json()).fieldErrors.email[0]).toMatch(/already waiting/)
  })

  it('checks the form: a bad address, and a role that is not a staff role', async () => {
    const bad = await invite('not-an-address')
    expect(bad.status).toBe(400)
    expect((await bad.json()).fieldErrors.email).toBeTruthy()
    expect((await invite('reader@example.com', 'viewer')).status).toBe(400)
  })

  it('is for admins only', async () => {
    const editor = await createTestUser({ role: 'editor' })
    const refused = await invite('by-editor@example.com', 'author', await sessionCookie(editor))
    expect(refused.status).toBe(403)
    const rows = await getDb()
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, 'by-editor@example.com'))
    expect(rows).toEqual([])
  })
})

describe('links that no longer work', () => {
  it('a revoked invitation: its link answers 410 and says it was revoked; it leaves the list', async () => {
    await invite('revoked@example.com')
    const path = await invitationPath('revoked@example.com')
    const [row] = await getDb()
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, 'revoked@example.com'))
    const revoked = await callRoute(
      usersAction,
      post(admin.cookie, USERS, { intent: 'revoke-invitation', invitationId: String(row.id) }),
    )
    expect(await toastFrom(revoked)).toMatchObject({ title: 'Invitation revoked' })
    const page = await callRoute(acceptLoader, get(null, path))
    expect(page.status).toBe(410)
    expect((await page.json()).refusal.message).toBe(
      'This invitation was revoked. Ask an admin for a new one if you still need it.',
    )
    const posted = await accept(path, { displayName: 'Rev Oked', password: 'a-long-password' })
    expect(posted.status).toBe(410)
    const listed = await (await callRoute(usersLoader, get(admin.cookie, USERS))).json()
    expect(listed.invitations).not.toContainEqual(
      expect.objectContaining({ email: 'revoked@example.com' }),
    )
    // Revoked twice, or resent once revoked: that invitation no longer exists.
    const again = await callRoute(
      usersAction,
      post(admin.cookie, USERS, { intent: 'revoke-invitation', invitationId: String(row.id) }),
    )
    expect(again.status).toBe(404)
    // The address may be invited afresh; the new link works.
    await invite('revoked@example.com')
    const fresh = await callRoute(
      acceptLoader,
      get(null, await invitationPath('revoked@example.com')),
    )
    expect(fresh.status).toBe(200)
    const made = await getDb()
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'revoked@example.com'))
    expect(made).toEqual([])
  })

  it('an expired invitation answers 410; resending makes a new link and the old one stops', async () => {
    await invite('late@example.com', 'contributor')
    const first = await invitationPath('late@example.com')
    await getDb()
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.email, 'late@example.com'))
    const expired = await callRoute(acceptLoader, get(null, first))
    expect(expired.status).toBe(410)
    expect((await expired.json()).refusal.message).toMatch(/expired/)
    const listed = await (await callRoute(usersLoader, get(admin.cookie, USERS))).json()
    const pending = listed.invitations.find(
      (i: { email: string }) => i.email === 'late@example.com',
    )
    expect(pending.expired).toBe(true)

    const resent = await callRoute(
      usersAction,
      post(admin.cookie, USERS, { intent: 'resend-invitation', invitationId: String(pending.id) }),
    )
    expect(await toastFrom(resent)).toMatchObject({ title: 'Invitation sent again' })
    const second = await invitationPath('late@example.com')
    expect(second).not.toBe(first)
    expect((await callRoute(acceptLoader, get(null, first))).status).toBe(404)
    const accepted = await accept(second, { displayName: 'Lee Late', password: 'a-long-password' })
    expect(accepted.status).toBe(302)
    const [account] = await getDb()
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.email, 'late@example.com'))
    expect(account.role).toBe('contributor')
  })

  it('no token, or a made-up one: 404; a missing name or short password: 400, nothing made', async () => {
    expect((await callRoute(acceptLoader, get(null, '/invitation'))).status).toBe(404)
    expect((await callRoute(acceptLoader, get(null, '/invitation?token=nope'))).status).toBe(404)
    await invite('careful@example.com')
    const path = await invitationPath('careful@example.com')
    const invalid = await accept(path, { displayName: ' ', password: 'short' })
    expect(invalid.status).toBe(400)
    const { fieldErrors } = await invalid.json()
    expect(fieldErrors.displayName).toBeTruthy()
    expect(fieldErrors.password).toBeTruthy()
    expect((await callRoute(acceptLoader, get(null, path))).status).toBe(200)
  })

  it('after 20 links that match nothing, an address waits (429) for every link; others do not', async () => {
    await invite('patient@example.com')
    const path = await invitationPath('patient@example.com')
    const guesser = testContext('203.0.113.77')
    for (let guess = 0; guess < 20; guess++) {
      const wrong = await callRoute(
        acceptLoader,
        get(null, `/invitation?token=guess-${guess}`),
        {},
        guesser,
      )
      expect(wrong.status).toBe(404)
    }
    const page = await callRoute(acceptLoader, get(null, path), {}, guesser)
    expect(page.status).toBe(429)
    expect(Number(page.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await page.json()).refusal).toEqual({
      code: 'TOO_MANY_GUESSES',
      message: INVITATION_TEXT.tooManyGuesses,
    })
    const token = new URL(path, 'http://x').searchParams.get('token') ?? ''
    const fields = { token, displayName: 'Pat Ience', password: 'a-long-password' }
    const posted = await callRoute(acceptAction, post(null, path, fields), {}, guesser)
    expect(posted.status).toBe(429)
    expect(Number(posted.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(
      await getDb().select().from(profiles).where(eq(profiles.email, 'patient@example.com')),
    ).toEqual([])
    // Another address is not held up, and the link still works there.
    expect((await callRoute(acceptLoader, get(null, path))).status).toBe(200)
    expect(
      (await accept(path, { displayName: 'Pat Ience', password: 'a-long-password' })).status,
    ).toBe(302)
  })

  it('two posts of one link at once make one account', async () => {
    await invite('double@example.com')
    const path = await invitationPath('double@example.com')
    const answers = await Promise.all([
      accept(path, { displayName: 'Dee One', password: 'a-long-password' }),
      accept(path, { displayName: 'Dee Two', password: 'a-long-password' }),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([302, 410])
    const made = await getDb()
      .select()
      .from(profiles)
      .where(eq(profiles.email, 'double@example.com'))
    expect(made).toHaveLength(1)
  })

  it('an address that got an account meanwhile is refused at acceptance', async () => {
    await invite('raced@example.com')
    const path = await invitationPath('raced@example.com')
    await createTestUser({ email: 'raced@example.com' })
    const refused = await accept(path, { displayName: 'Ray Ced', password: 'a-long-password' })
    expect(refused.status).toBe(409)
    expect((await refused.json()).formError).toMatch(/already exists/)
  })
})

describe('the invitation page when the unexpected happens', () => {
  it('answers 500 with the generic sentence, logs the request id, and the link still works', async () => {
    await invite('unlucky@example.com')
    const path = await invitationPath('unlucky@example.com')
    const token = new URL(path, 'http://x').searchParams.get('token') ?? ''
    const fields = { token, displayName: 'Una Lucky', password: 'a-long-password' }
    // The link is claimed, then the account cannot be made: the claim is let go.
    const body = await expectUnexpectedFailure(acceptAction, post(null, path, fields), {
      table: 'profiles',
    })
    expect(body.toast).toBeUndefined()
    expect((await callRoute(acceptLoader, get(null, path))).status).toBe(200)
    expect((await accept(path, fields)).status).toBe(302)
  })
})

describe('the invitation page over HTTP', () => {
  // Importing every route module is setup, under the hook's longer timeout.
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(async () => {
    await server?.close()
  })

  it('tells an address that tried too many links how long to wait, and is kept by no cache', async () => {
    // This address may have spent some of its budget in the tests above.
    let page = await server.fetch('/invitation?token=http-guess-0')
    for (let guess = 1; page.status === 404 && guess <= 20; guess++) {
      page = await server.fetch(`/invitation?token=http-guess-${guess}`)
    }
    expect(page.status).toBe(429)
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(page.headers.get('cache-control')).toBe('private, no-store')
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    expect(await page.text()).toContain('Too many attempts')
  })
})
