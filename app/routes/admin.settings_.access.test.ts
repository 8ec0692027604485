import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { siteSettings } from '@db/schema/index'
import { EVERYTHING, announceChanged, onContentChanged } from '~/infra/cache-keys.server'
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
import { clearContent, insertCategory } from '../../tests/setup/content-fixtures'
import { action, loader } from './admin.settings_.access'

const URL = '/admin/settings/access'
let callers: Awaited<ReturnType<typeof signedInCallers>>
let editorCookie: string

const form = (fields: Record<string, string> = {}) => ({
  intent: 'access',
  currency: 'EUR',
  previewParagraphs: '4',
  meterMode: 'meter',
  meterPeriod: 'week',
  meterAnonymousLimit: '2',
  meterRegisteredLimit: '6',
  editionsAccess: 'members',
  ...fields,
})

/** A form post with repeated fields (the checked boxes), as a browser sends it. */
function postWith(cookie: string, fields: Record<string, string>, exempt: number[]) {
  const body = new URLSearchParams(fields)
  for (const id of exempt) body.append('exemptCategoryId', String(id))
  return requestAs(cookie, URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  })
}

beforeAll(async () => {
  callers = await signedInCallers()
  editorCookie = await sessionCookie(await createTestUser({ role: 'editor' }))
})

beforeEach(async () => {
  await clearContent()
  await getDb().delete(siteSettings)
  announceChanged([EVERYTHING])
})

describe('/admin/settings/access', () => {
  it('is for admins only', async () => {
    expectSignInRedirect(await callRoute(loader, get(null, URL)))
    expectHomeRedirect(await callRoute(loader, get(callers.viewer.cookie, URL)))
    expect((await callRoute(loader, get(editorCookie, URL))).status).toBe(403)
    expect((await callRoute(action, post(editorCookie, URL, form()))).status).toBe(403)
    expectSignInRedirect(await callRoute(action, post(null, URL, form())))
    expect(await getDb().select().from(siteSettings)).toHaveLength(0)
  })

  it('shows the defaults: USD, 3 paragraphs, no meter, editions for everyone', async () => {
    const page = await (await callRoute(loader, get(callers.admin.cookie, URL))).json()
    expect(page.settings).toEqual({
      currency: 'USD',
      previewParagraphs: 3,
      meterMode: 'off',
      meterPeriod: 'month',
      meterAnonymousLimit: 3,
      meterRegisteredLimit: 10,
      meterExemptCategoryIds: [],
      editionsAccess: 'everyone',
    })
  })

  it('saves every setting with a toast, keeps only categories that exist, and announces the change everywhere', async () => {
    const opinion = await insertCategory({ name: 'Opinion' })
    const safety = await insertCategory({ name: 'Public safety' })
    const announced: string[][] = []
    const stop = onContentChanged((keys) => announced.push([...keys]))
    const response = await callRoute(
      action,
      postWith(callers.admin.cookie, form(), [safety.id, opinion.id, 999999]),
    )
    stop()
    expect(response.status).toBe(200)
    expect(await toastFrom(response)).toMatchObject({
      title: 'Access settings updated successfully',
    })
    expect(announced).toEqual([['chrome']])
    const [row] = await getDb().select().from(siteSettings)
    expect(row).toMatchObject({
      currency: 'EUR',
      previewParagraphs: 4,
      meterMode: 'meter',
      meterPeriod: 'week',
      meterAnonymousLimit: 2,
      meterRegisteredLimit: 6,
      meterExemptCategoryIds: [opinion.id, safety.id].sort((a, b) => a - b),
      editionsAccess: 'members',
    })
    const page = await (await callRoute(loader, get(callers.admin.cookie, URL))).json()
    expect(page.settings.currency).toBe('EUR')
  })

  it('refuses fewer free stories for registered readers than for anonymous ones, and other mistakes', async () => {
    const fewer = await callRoute(
      action,
      post(
        callers.admin.cookie,
        URL,
        form({ meterAnonymousLimit: '5', meterRegisteredLimit: '2' }),
      ),
    )
    expect(fewer.status).toBe(400)
    expect((await fewer.json()).fieldErrors).toEqual({
      meterRegisteredLimit: [
        'Registered readers get at least as many free stories as anonymous readers',
      ],
    })
    const wrong = await callRoute(
      action,
      post(
        callers.admin.cookie,
        URL,
        form({ currency: 'XYZ', previewParagraphs: '99', meterPeriod: 'year' }),
      ),
    )
    expect((await wrong.json()).fieldErrors).toEqual({
      currency: ['Choose a currency from the list'],
      previewParagraphs: ['Show 0 to 20 paragraphs before the wall (a whole number)'],
      meterPeriod: ['Choose the meter’s period'],
    })
    const emptyMeter = await callRoute(
      action,
      post(
        callers.admin.cookie,
        URL,
        form({ meterAnonymousLimit: '0', meterRegisteredLimit: '0' }),
      ),
    )
    expect((await emptyMeter.json()).fieldErrors.meterRegisteredLimit[0]).toMatch(/at least 1/)
    // A registration wall needs no counts.
    const wall = await callRoute(
      action,
      post(
        callers.admin.cookie,
        URL,
        form({ meterMode: 'registration', meterAnonymousLimit: '0', meterRegisteredLimit: '0' }),
      ),
    )
    expect(wall.status).toBe(200)
  })
})

describe('/admin/settings/access when the unexpected happens', () => {
  it('answers 500 with the generic sentence and logs the request id', async () => {
    // The settings row is read by the guard itself (two-factor): the categories go instead.
    const opinion = await insertCategory({ name: 'Opinion' })
    const body = await expectUnexpectedFailure(
      action,
      postWith(callers.admin.cookie, form(), [opinion.id]),
      { table: 'categories' },
    )
    expect(body.toast).toMatchObject({ type: 'error', title: 'Error updating access settings' })
    expect(await getDb().select().from(siteSettings)).toHaveLength(0)
  })
})
