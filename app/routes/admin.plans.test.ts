import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { plans } from '@db/schema/index'
import { EVERYTHING, announceChanged } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
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
import { action, loader } from './admin.plans'

const URL = '/admin/plans'
let callers: Awaited<ReturnType<typeof signedInCallers>>
let editorCookie: string

const digital = {
  intent: 'create',
  name: 'Digital',
  description: 'Every story, every day',
  benefits: 'Unlimited stories\nThe e-paper',
  monthlyPrice: '8',
  yearlyPrice: '80.50',
  trialDays: '14',
}

beforeAll(async () => {
  callers = await signedInCallers()
  editorCookie = await sessionCookie(await createTestUser({ role: 'editor' }))
})

beforeEach(async () => {
  await getDb().delete(plans)
  announceChanged([EVERYTHING])
})

const asAdmin = (fields: Record<string, string>) =>
  callRoute(action, post(callers.admin.cookie, URL, fields))

describe('/admin/plans', () => {
  it('is for admins: anonymous, viewers and editors are refused, reading and writing', async () => {
    expectSignInRedirect(await callRoute(loader, get(null, URL)))
    expectHomeRedirect(await callRoute(loader, get(callers.viewer.cookie, URL)))
    expectSignInRedirect(await callRoute(action, post(null, URL, digital)))
    expectHomeRedirect(await callRoute(action, post(callers.viewer.cookie, URL, digital)))
    const asEditor = await callRoute(loader, get(editorCookie, URL))
    expect(asEditor.status).toBe(403)
    expect((await callRoute(action, post(editorCookie, URL, digital))).status).toBe(403)
    expect(await getDb().select().from(plans)).toHaveLength(0)
  })

  it('creates a plan, prices in cents, with a toast; the screen lists it in the currency', async () => {
    const response = await asAdmin(digital)
    expect(response.status).toBe(200)
    expect(await toastFrom(response)).toMatchObject({
      title: 'Plan created successfully',
      description: 'Digital is offered on the Subscribe page.',
    })
    const [row] = await getDb().select().from(plans)
    expect(row).toMatchObject({
      name: 'Digital',
      slug: 'digital',
      benefits: ['Unlimited stories', 'The e-paper'],
      monthlyPriceCents: 800,
      yearlyPriceCents: 8050,
      trialDays: 14,
      status: 'visible',
    })
    const page = await (await callRoute(loader, get(callers.admin.cookie, URL))).json()
    expect(page).toMatchObject({ currency: 'USD', plans: [{ name: 'Digital' }] })
  })

  it('answers clear field errors and saves nothing', async () => {
    const response = await asAdmin({
      intent: 'create',
      name: ' ',
      monthlyPrice: '',
      yearlyPrice: '',
      trialDays: '400',
    })
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.fieldErrors).toEqual({
      name: ['Name is required'],
      monthlyPrice: ['Give the plan a monthly price, a yearly price, or both'],
      trialDays: ['A free trial is 0 to 365 days (a whole number)'],
    })
    const badPrice = await (await asAdmin({ ...digital, yearlyPrice: '80,50' })).json()
    expect(badPrice.fieldErrors).toEqual({ yearlyPrice: ['Enter a price such as 7.50'] })
    expect(await getDb().select().from(plans)).toHaveLength(0)
  })

  it('edits, archives and restores a plan', async () => {
    await asAdmin(digital)
    const [row] = await getDb().select().from(plans)
    const edited = await asAdmin({
      ...digital,
      intent: 'update',
      id: String(row.id),
      name: 'Digital Plus',
      yearlyPrice: '',
      trialDays: '0',
    })
    expect(await toastFrom(edited)).toMatchObject({ title: 'Plan updated successfully' })
    const archived = await asAdmin({ intent: 'archive', id: String(row.id) })
    expect(await toastFrom(archived)).toMatchObject({
      title: 'Plan archived',
      description: 'Digital Plus keeps its members and is no longer offered to new ones.',
    })
    const [after] = await getDb().select().from(plans).where(eq(plans.id, row.id))
    expect(after).toMatchObject({
      name: 'Digital Plus',
      slug: 'digital',
      yearlyPriceCents: null,
      trialDays: 0,
      status: 'archived',
    })
    const restored = await asAdmin({ intent: 'restore', id: String(row.id) })
    expect(await toastFrom(restored)).toMatchObject({ title: 'Plan restored' })
    const [back] = await getDb().select().from(plans).where(eq(plans.id, row.id))
    expect(back.status).toBe('visible')
  })

  it('moves a plan up without a toast, and says a plan that is gone is gone', async () => {
    await asAdmin(digital)
    await asAdmin({ ...digital, name: 'Print' })
    const rows = await getDb().select().from(plans).orderBy(plans.id)
    const moved = await asAdmin({ intent: 'move', id: String(rows[1].id), direction: 'up' })
    expect(await moved.json()).toEqual({ ok: true })
    const page = await (await callRoute(loader, get(callers.admin.cookie, URL))).json()
    expect(page.plans.map((p: { name: string }) => p.name)).toEqual(['Print', 'Digital'])
    const gone = await asAdmin({ intent: 'archive', id: '999999' })
    expect(gone.status).toBe(404)
    expect((await gone.json()).toast).toMatchObject({
      title: 'Error archiving plan',
      description: 'This plan no longer exists',
    })
  })
})

describe('/admin/plans when the unexpected happens', () => {
  it('answers 500 with the generic sentence, logs the request id, saves nothing', async () => {
    const body = await expectUnexpectedFailure(action, post(callers.admin.cookie, URL, digital), {
      table: 'plans',
    })
    expect(body.toast).toMatchObject({ type: 'error', title: 'Error creating plan' })
    expect(await getDb().select().from(plans)).toHaveLength(0)
  })
})
