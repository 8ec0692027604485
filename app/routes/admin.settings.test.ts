import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { profiles, siteSettings, socialLinks } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { createTestUser, sessionCookie, toastFrom } from '../../tests/setup/auth-fixtures'
import {
  callRoute,
  expectHomeRedirect,
  expectSignInRedirect,
  expectUnexpectedFailure,
  get,
  post,
  signedInCallers,
} from '../../tests/setup/admin-fixtures'
import { action, loader } from './admin.settings'

const URL = '/admin/settings'
let callers: Awaited<ReturnType<typeof signedInCallers>>

beforeAll(async () => {
  callers = await signedInCallers()
})

const as = (fields: Record<string, string>) =>
  callRoute(action, post(callers.admin.cookie, URL, fields))

describe('/admin/settings', () => {
  it('refuses anonymous and viewer callers', async () => {
    expectSignInRedirect(await callRoute(loader, get(null, URL)))
    expectHomeRedirect(await callRoute(loader, get(callers.viewer.cookie, URL)))
    const fields = { intent: 'logo', logoType: 'text', logoText: 'Hacked' }
    expectSignInRedirect(await callRoute(action, post(null, URL, fields)))
    expectHomeRedirect(await callRoute(action, post(callers.viewer.cookie, URL, fields)))
    expect(await getDb().select().from(siteSettings)).toHaveLength(0)
  })

  it('saves the logo settings', async () => {
    const response = await as({
      intent: 'logo',
      logoType: 'text',
      logoText: 'The Daily Tide',
      logoTextColor: '#aa3300',
      logoFontFamily: 'Brand Serif',
      logoFontUrl: '/media/media/123-4.woff2',
      logoImageUrl: '',
    })
    expect(await toastFrom(response)).toMatchObject({ title: 'Logo settings updated successfully' })
    const [row] = await getDb().select().from(siteSettings)
    expect(row).toMatchObject({
      logoType: 'text',
      logoText: 'The Daily Tide',
      logoTextColor: '#aa3300',
      logoFontFamily: 'Brand Serif',
      logoFontUrl: '/media/media/123-4.woff2',
      logoImageUrl: null,
    })
  })

  it('saves the dark theme’s logo colour, #F5F5F5 unless chosen, and refuses a bad one', async () => {
    const base = {
      intent: 'logo',
      logoType: 'text',
      logoText: 'The Daily Tide',
      logoTextColor: '#0B2A5C',
    }
    await as(base)
    expect((await getDb().select().from(siteSettings))[0].logoTextColorDark).toBe('#F5F5F5')
    const saved = await as({ ...base, logoTextColorDark: '#9CC3FF' })
    expect(saved.status).toBe(200)
    expect((await getDb().select().from(siteSettings))[0]).toMatchObject({
      logoTextColor: '#0B2A5C',
      logoTextColorDark: '#9CC3FF',
    })
    const bad = await as({ ...base, logoTextColorDark: 'white;background:red' })
    expect(bad.status).toBe(400)
    expect((await bad.json()).fieldErrors).toEqual({
      logoTextColorDark: ['Colour must look like #000000'],
    })
    expect((await getDb().select().from(siteSettings))[0].logoTextColorDark).toBe('#9CC3FF')
  })

  it('refuses a bad logo type, colour or font name', async () => {
    const response = await as({
      intent: 'logo',
      logoType: 'video',
      logoTextColor: 'red',
      logoFontFamily: 'x"; } body { display:none',
    })
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.toast.title).toBe('Error updating logo settings')
    expect(Object.keys(body.fieldErrors).sort()).toEqual([
      'logoFontFamily',
      'logoTextColor',
      'logoType',
    ])
  })

  it('adds a social link, with the spec’s messages for bad input', async () => {
    const bad = await as({ intent: 'social-add', platform: '', url: 'not a url', icon: 'myspace' })
    expect(bad.status).toBe(400)
    expect((await bad.json()).fieldErrors).toEqual({
      platform: ['Platform is required'],
      url: ['Must be a valid URL'],
      icon: ['Icon is required'],
    })
    const script = await as({
      intent: 'social-add',
      platform: 'X',
      url: 'javascript:alert(1)',
      icon: 'twitter',
    })
    expect((await script.json()).fieldErrors.url).toEqual(['Must be a valid URL'])
    const ok = await as({
      intent: 'social-add',
      platform: 'LinkedIn',
      url: 'https://linkedin.com/company/tide',
      icon: 'linkedin',
    })
    expect(await toastFrom(ok)).toMatchObject({ title: 'Social link added successfully' })
    const [row] = await getDb().select().from(socialLinks)
    expect(row).toMatchObject({ platform: 'LinkedIn', icon: 'linkedin', isActive: true })
  })

  it('edits a social link with the same checks as adding', async () => {
    const [row] = await getDb().select().from(socialLinks)
    const bad = await as({
      intent: 'social-update',
      id: String(row.id),
      platform: ' ',
      url: 'ftp://x',
      icon: 'myspace',
    })
    expect(bad.status).toBe(400)
    expect((await bad.json()).fieldErrors).toEqual({
      platform: ['Platform is required'],
      url: ['Must be a valid URL'],
      icon: ['Icon is required'],
    })
    const ok = await as({
      intent: 'social-update',
      id: String(row.id),
      platform: 'linkedin',
      url: 'https://www.linkedin.com/company/tide',
      icon: 'linkedin',
    })
    expect(await toastFrom(ok)).toMatchObject({ title: 'Social link updated successfully' })
    const [after] = await getDb().select().from(socialLinks).where(eq(socialLinks.id, row.id))
    expect(after).toMatchObject({
      platform: 'linkedin',
      url: 'https://www.linkedin.com/company/tide',
    })
    const gone = await as({
      intent: 'social-update',
      id: '999999',
      platform: 'X',
      url: 'https://x.com/tide',
      icon: 'twitter',
    })
    expect(gone.status).toBe(404)
    expect((await gone.json()).toast).toMatchObject({
      title: 'Error updating social link',
      description: 'This social link no longer exists',
    })
    const forged = await as({
      intent: 'social-update',
      id: 'abc',
      platform: 'X',
      url: 'https://x.com',
      icon: 'twitter',
    })
    expect(forged.status).toBe(400)
  })

  it('hides a social link and shows it again', async () => {
    const [row] = await getDb().select().from(socialLinks)
    const hidden = await as({ intent: 'social-visibility', id: String(row.id), active: 'false' })
    expect(await toastFrom(hidden)).toMatchObject({ title: 'Social link hidden' })
    expect((await getDb().select().from(socialLinks))[0].isActive).toBe(false)
    const shown = await as({ intent: 'social-visibility', id: String(row.id), active: 'true' })
    expect(await toastFrom(shown)).toMatchObject({ title: 'Social link shown' })
    expect((await getDb().select().from(socialLinks))[0].isActive).toBe(true)
    const bad = await as({ intent: 'social-visibility', id: String(row.id), active: 'maybe' })
    expect(bad.status).toBe(400)
    expect((await bad.json()).toast.description).toBe('Choose shown or hidden')
    const gone = await as({ intent: 'social-visibility', id: '999999', active: 'true' })
    expect(gone.status).toBe(404)
  })

  it('deletes a social link', async () => {
    const [row] = await getDb().select().from(socialLinks)
    const response = await as({ intent: 'social-delete', id: String(row.id) })
    expect(await toastFrom(response)).toMatchObject({ title: 'Social link deleted successfully' })
    expect(await getDb().select().from(socialLinks)).toHaveLength(0)
    const again = await as({ intent: 'social-delete', id: String(row.id) })
    expect(again.status).toBe(404)
    expect((await again.json()).toast.title).toBe('Error deleting social link')
  })

  it('turns the admin two-factor requirement on and off', async () => {
    const refused = await as({ intent: 'two-factor', required: 'true' })
    expect(refused.status).toBe(400)
    expect((await getDb().select().from(siteSettings))[0].requireAdminTwoFactor).toBe(false)
    await getDb()
      .update(profiles)
      .set({ twoFactorEnabled: true })
      .where(eq(profiles.id, callers.admin.id))
    await as({ intent: 'two-factor', required: 'true' })
    expect((await getDb().select().from(siteSettings))[0].requireAdminTwoFactor).toBe(true)
    await as({ intent: 'two-factor', required: 'false' })
    expect((await getDb().select().from(siteSettings))[0].requireAdminTwoFactor).toBe(false)
  })

  it("asks for a database URL: 'Please enter a database URL'", async () => {
    const response = await as({ intent: 'db-save', url: '' })
    expect(response.status).toBe(400)
    expect((await response.json()).fieldErrors).toEqual({ url: ['Please enter a database URL'] })
  })

  it('reports a failed connection test without echoing the password', async () => {
    const url = 'postgres://editor:s3cret-pass@127.0.0.1:1/news'
    const response = await as({ intent: 'db-test', url })
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.toast.title).toBe('Connection failed')
    expect(JSON.stringify(body)).not.toContain('s3cret-pass')
  })

  it('refuses a malformed database URL with 400, never 500', async () => {
    for (const url of ['postgres://a:b@[::1', 'postgresql://host:port/db']) {
      const saved = await as({ intent: 'db-save', url })
      expect(saved.status, url).toBe(400)
      expect((await saved.json()).fieldErrors).toEqual({ url: ['The database URL is not valid'] })
    }
  })

  it('names every missing social link field with the spec’s messages', async () => {
    const response = await as({ intent: 'social-add' })
    expect(response.status).toBe(400)
    expect((await response.json()).fieldErrors).toEqual({
      platform: ['Platform is required'],
      url: ['Must be a valid URL'],
      icon: ['Icon is required'],
    })
  })

  it('saves the URL on the server (mode 600) and shows it masked only', async () => {
    const url = 'postgres://editor:s3cret-pass@db.internal.example:5432/news'
    const response = await as({ intent: 'db-save', url })
    expect(await toastFrom(response)).toMatchObject({
      title: 'Database URL Saved',
      description: 'The database connection URL has been updated',
    })
    const file = path.join(getEnv().dataDir, 'database-url.json')
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ url, active: false })
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    const page = await callRoute(loader, get(callers.admin.cookie, URL))
    const text = await page.text()
    expect(text).not.toContain('s3cret-pass')
    expect(text).not.toContain('db.internal.example')
    expect(JSON.parse(text).database).toMatchObject({
      savedUrl: 'postgres://editor:****@db.…ple:5432/news',
    })
  })
})

describe('/admin/settings: rules and the unexpected', () => {
  it('tells an admin without two-factor to set it up before requiring it of every admin', async () => {
    const admin = await createTestUser({ role: 'admin' })
    const response = await callRoute(
      action,
      post(await sessionCookie(admin), URL, { intent: 'two-factor', required: 'true' }),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      code: 'OWN_TWO_FACTOR_REQUIRED',
      toast: {
        type: 'error',
        title: 'Set up two-factor authentication first',
        description:
          'Turn on two-factor authentication for your own account (Profile) before requiring it for every admin.',
      },
    })
  })

  it('answers 500 with the generic message and logs the request id', async () => {
    const body = await expectUnexpectedFailure(
      action,
      post(callers.admin.cookie, URL, {
        intent: 'social-add',
        platform: 'Mastodon',
        url: 'https://example.social/@tide',
        icon: 'github',
      }),
      { table: 'social_links' },
    )
    expect(body.toast).toMatchObject({ type: 'error', title: 'Error adding social link' })
    const updates: Record<string, string>[] = [
      {
        intent: 'social-update',
        id: '1',
        platform: 'X',
        url: 'https://x.com/tide',
        icon: 'twitter',
      },
      { intent: 'social-visibility', id: '1', active: 'false' },
    ]
    for (const fields of updates) {
      const failed = await expectUnexpectedFailure(
        action,
        post(callers.admin.cookie, URL, fields),
        { table: 'social_links' },
      )
      expect(failed.toast).toMatchObject({ type: 'error', title: 'Error updating social link' })
    }
  })
})

describe('/admin/settings: editorial settings', () => {
  const editorial = (fields: Record<string, string>) =>
    as({ intent: 'editorial', breakingNewsHours: '12', ...fields })

  it('saves the time zone and the number of revisions kept', async () => {
    const response = await editorial({ timeZone: 'Europe/Paris', revisionsKept: '25' })
    expect(response.status).toBe(200)
    expect(await toastFrom(response)).toMatchObject({
      title: 'Editorial settings updated successfully',
    })
    const [row] = await getDb().select().from(siteSettings)
    expect(row).toMatchObject({ timeZone: 'Europe/Paris', revisionsKept: 25 })

    const page = await callRoute(loader, get(callers.admin.cookie, URL))
    const data = await page.json()
    expect(data.settings).toMatchObject({ timeZone: 'Europe/Paris', revisionsKept: 25 })
    expect(data.timeZones[0]).toBe('UTC')
    expect(data.timeZones).toContain('America/New_York')
  })

  it('refuses an unknown time zone and a count out of range with 400, never 500', async () => {
    for (const [fields, expected] of [
      [
        { timeZone: 'Mars/Olympus_Mons', revisionsKept: '0' },
        {
          timeZone: ['Choose a time zone from the list'],
          revisionsKept: ['Keep between 1 and 1000 revisions'],
        },
      ],
      [{ timeZone: 'UTC', revisionsKept: '1001' }, { revisionsKept: expect.any(Array) }],
      [{ timeZone: 'UTC', revisionsKept: '2.5' }, { revisionsKept: expect.any(Array) }],
      [{ timeZone: 'UTC', revisionsKept: 'lots' }, { revisionsKept: expect.any(Array) }],
      [{ revisionsKept: '10' }, { timeZone: ['Choose a time zone'] }],
      [
        { timeZone: "UTC'; drop table site_settings; --", revisionsKept: '10' },
        {
          timeZone: expect.any(Array),
        },
      ],
    ] as const) {
      const response = await editorial(fields)
      expect(response.status, JSON.stringify(fields)).toBe(400)
      const body = await response.json()
      expect(body).toMatchObject({ ok: false, code: 'INVALID_FIELD', fieldErrors: expected })
      expect(Object.keys(body.fieldErrors).sort()).toEqual(Object.keys(expected).sort())
    }
    const [row] = await getDb().select().from(siteSettings)
    expect(row).toMatchObject({ timeZone: 'Europe/Paris', revisionsKept: 25 })
  })

  it('saves the hours breaking news stays on the bar, 1 to 168, refusing others with a message', async () => {
    const saved = await editorial({ timeZone: 'UTC', revisionsKept: '25', breakingNewsHours: '6' })
    expect(saved.status).toBe(200)
    expect((await getDb().select().from(siteSettings))[0].breakingNewsHours).toBe(6)
    const message = 'Keep breaking news on the bar for 1 to 168 hours (a whole number)'
    for (const hours of ['0', '169', '1.5', 'soon', '', '-3']) {
      const response = await editorial({
        timeZone: 'UTC',
        revisionsKept: '25',
        breakingNewsHours: hours,
      })
      expect(response.status, hours).toBe(400)
      expect((await response.json()).fieldErrors).toEqual({ breakingNewsHours: [message] })
    }
    const missing = await as({ intent: 'editorial', timeZone: 'UTC', revisionsKept: '25' })
    expect((await missing.json()).fieldErrors).toEqual({ breakingNewsHours: [message] })
    expect((await getDb().select().from(siteSettings))[0].breakingNewsHours).toBe(6)
    const page = await callRoute(loader, get(callers.admin.cookie, URL))
    expect((await page.json()).settings.breakingNewsHours).toBe(6)
  })

  it('stores a zone under the name the runtime gives it', async () => {
    const response = await editorial({ timeZone: 'US/Eastern', revisionsKept: '1000' })
    expect(response.status).toBe(200)
    const [row] = await getDb().select().from(siteSettings)
    expect(row).toMatchObject({ timeZone: 'America/New_York', revisionsKept: 1000 })
  })

  it('is for admins only', async () => {
    const editor = await createTestUser({ role: 'editor' })
    const refused = await callRoute(
      action,
      post(await sessionCookie(editor), URL, {
        intent: 'editorial',
        timeZone: 'Pacific/Auckland',
        revisionsKept: '5',
      }),
    )
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN' })
    const [row] = await getDb().select().from(siteSettings)
    expect(row.timeZone).not.toBe('Pacific/Auckland')
  })

  it('answers 500 with the generic message and logs the request id', async () => {
    const body = await expectUnexpectedFailure(
      action,
      post(callers.admin.cookie, URL, {
        intent: 'editorial',
        timeZone: 'Asia/Tokyo',
        revisionsKept: '100',
        breakingNewsHours: '12',
      }),
      { table: 'site_settings' },
    )
    expect(body.toast).toMatchObject({ type: 'error', title: 'Error updating editorial settings' })
  })
})
