import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { profiles, siteSettings } from '@db/schema/index'
import { updateEditorialSettings } from '~/domain/settings/settings.server'
import { announceChanged, EVERYTHING } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { resetEnvCache } from '~/infra/env.server'
import { ensureSiteTimeZone } from '../../server/startup'
import { createTestUser, sessionCookie, toastFrom } from '../../tests/setup/auth-fixtures'
import { callRoute, expectUnexpectedFailure, get, post } from '../../tests/setup/admin-fixtures'
import { loader as layoutLoader } from './admin'
import { action } from './admin.time-zone'

// Issue 36: a new site asks an admin for its time zone once, at the first visit to the back
// office (TimeZoneStep above the page, the browser's zone proposed), and never again once saved.

async function staff(role: 'admin' | 'editor') {
  const user = await createTestUser({ role })
  return { id: user.id, cookie: await sessionCookie(user) }
}

const stepFor = async (cookie: string, url = '/admin') =>
  (await (await callRoute(layoutLoader, get(cookie, url))).json()).timeZoneStep

async function storedSettings() {
  const [row] = await getDb().select().from(siteSettings).where(eq(siteSettings.id, 1))
  return row
}

describe('the site’s time zone at first start', () => {
  // Each test on a new site: no settings row yet, and none remembered.
  beforeEach(async () => {
    await getDb().delete(siteSettings)
    announceChanged([EVERYTHING])
  })

  it('is asked of an admin on a new site, once: saving stores the zone and the question goes', async () => {
    // A new site: the settings row as the seed writes it, the zone not chosen by anyone.
    await getDb().insert(siteSettings).values({ id: 1, timeZone: 'UTC' })
    const admin = await staff('admin')
    const step = await stepFor(admin.cookie)
    expect(step.current).toBe('UTC')
    expect(step.zones).toEqual(expect.arrayContaining(['UTC', 'Europe/Paris', 'Asia/Tokyo']))
    expect(await stepFor(admin.cookie, '/admin/articles')).not.toBeNull()

    const saved = await callRoute(
      action,
      post(admin.cookie, '/admin/time-zone', {
        timeZone: 'Europe/Paris',
        redirectTo: '/admin/articles?status=draft',
      }),
    )
    expect(saved.status).toBe(302)
    expect(saved.headers.get('location')).toBe('/admin/articles?status=draft')
    expect(await toastFrom(saved)).toMatchObject({
      title: 'Time zone saved',
      description: 'Dates and times are shown in Europe/Paris.',
    })
    const row = await storedSettings()
    expect(row.timeZone).toBe('Europe/Paris')
    expect(row.timeZoneChosenAt).toBeInstanceOf(Date)
    expect(await stepFor(admin.cookie)).toBeNull()
    expect(await stepFor(admin.cookie, '/admin/articles')).toBeNull()
  })

  it('is not asked of other staff, who may not answer it either', async () => {
    const editor = await staff('editor')
    expect(await stepFor(editor.cookie)).toBeNull()
    const refused = await callRoute(
      action,
      post(editor.cookie, '/admin/time-zone', { timeZone: 'Europe/Paris' }),
    )
    expect(refused.status).toBe(403)
    expect((await storedSettings())?.timeZoneChosenAt ?? null).toBeNull()
  })

  it('refuses a zone the server does not know, and asks again', async () => {
    const admin = await staff('admin')
    const refused = await callRoute(
      action,
      post(admin.cookie, '/admin/time-zone', { timeZone: 'Mars/Olympus_Mons' }),
    )
    expect(refused.status).toBe(400)
    expect((await refused.json()).fieldErrors.timeZone).toEqual([
      'Choose a time zone from the list',
    ])
    expect(await stepFor(admin.cookie)).not.toBeNull()
  })

  it('is answered as well by saving the zone on the Settings screen', async () => {
    const admin = await staff('admin')
    await updateEditorialSettings({
      timeZone: 'America/New_York',
      revisionsKept: 100,
      breakingNewsHours: 12,
    })
    expect(await stepFor(admin.cookie)).toBeNull()
  })

  it('is answered at first start by SITE_TIME_ZONE, which never overwrites a zone chosen since', async () => {
    const saved = process.env.SITE_TIME_ZONE
    try {
      process.env.SITE_TIME_ZONE = 'Asia/Tokyo'
      resetEnvCache()
      await ensureSiteTimeZone()
      expect(await storedSettings()).toMatchObject({ timeZone: 'Asia/Tokyo' })
      expect(await stepFor((await staff('admin')).cookie)).toBeNull()

      process.env.SITE_TIME_ZONE = 'Europe/Paris'
      resetEnvCache()
      await ensureSiteTimeZone()
      expect((await storedSettings()).timeZone).toBe('Asia/Tokyo')
    } finally {
      if (saved === undefined) delete process.env.SITE_TIME_ZONE
      else process.env.SITE_TIME_ZONE = saved
      resetEnvCache()
    }
  })
})

describe('the time-zone question when the unexpected happens', () => {
  it('answers 500 with the generic sentence under the question, logs the request id, and asks again', async () => {
    await getDb().delete(siteSettings)
    await getDb().insert(siteSettings).values({ id: 1, timeZone: 'UTC' })
    announceChanged([EVERYTHING])
    const admin = await staff('admin')
    // With two-factor on, the guard does not read the settings (is it required of admins?):
    // the sign-in check passes and the save itself meets the missing table.
    await getDb().update(profiles).set({ twoFactorEnabled: true }).where(eq(profiles.id, admin.id))
    const body = await expectUnexpectedFailure(
      action,
      post(admin.cookie, '/admin/time-zone', { timeZone: 'Europe/Paris' }),
      { table: 'site_settings' },
    )
    // The question has no toast: the sentence shows under it (time-zone-step.tsx).
    expect(body.toast).toBeUndefined()
    expect(await storedSettings()).toMatchObject({ timeZone: 'UTC', timeZoneChosenAt: null })
    expect(await stepFor(admin.cookie)).not.toBeNull()
  })
})
