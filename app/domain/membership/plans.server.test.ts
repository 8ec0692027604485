import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { plans, siteSettings } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { EVERYTHING, announceChanged, onContentChanged } from '~/infra/cache-keys.server'
import { listPlans, listVisiblePlans } from './plans-queries.server'
import { planSchema } from './plans-schema'
import { createPlan, movePlan, PlanError, setPlanStatus, updatePlan } from './plans.server'

const form = (fields: Record<string, string>) =>
  planSchema.parse({ name: 'Digital', monthlyPrice: '7.50', ...fields })

beforeEach(async () => {
  await getDb().delete(plans)
  await getDb().delete(siteSettings)
  announceChanged([EVERYTHING])
})

describe('plans', () => {
  it('stores prices in cents, benefits one a line, and a slug from the name', async () => {
    const plan = await createPlan(
      form({ yearlyPrice: '75', benefits: 'Every story\n\n  The e-paper  \n', trialDays: '14' }),
    )
    expect(plan).toMatchObject({
      slug: 'digital',
      monthlyPriceCents: 750,
      yearlyPriceCents: 7500,
      benefits: ['Every story', 'The e-paper'],
      trialDays: 14,
      status: 'visible',
      position: 0,
    })
    const second = await createPlan(form({}))
    expect(second).toMatchObject({ slug: 'digital-2', position: 1 })
  })

  it('reads prices in the site’s currency, refusing a fraction it does not have', async () => {
    await getDb().insert(siteSettings).values({ id: 1, currency: 'JPY' })
    announceChanged([EVERYTHING])
    expect((await createPlan(form({ monthlyPrice: '800' }))).monthlyPriceCents).toBe(800)
    const refused = await createPlan(form({ monthlyPrice: '7.50' })).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(PlanError)
    expect(refused).toMatchObject({ code: 'INVALID_PRICE', field: 'monthlyPrice' })
  })

  it('forgets the Stripe price of a changed price only', async () => {
    const plan = await createPlan(form({ yearlyPrice: '75' }))
    await getDb()
      .update(plans)
      .set({ stripeMonthlyPriceId: 'price_m', stripeYearlyPriceId: 'price_y' })
      .where(eq(plans.id, plan.id))
    const updated = await updatePlan(plan.id, form({ name: 'Digital plus', yearlyPrice: '80' }))
    expect(updated).toMatchObject({
      name: 'Digital plus',
      slug: 'digital',
      stripeMonthlyPriceId: 'price_m',
      stripeYearlyPriceId: null,
      yearlyPriceCents: 8000,
    })
  })

  it('archives and restores; readers see visible plans only, in the admins’ order', async () => {
    const a = await createPlan(form({ name: 'A' }))
    const b = await createPlan(form({ name: 'B' }))
    const c = await createPlan(form({ name: 'C' }))
    const keys: string[][] = []
    const stop = onContentChanged((changed) => keys.push([...changed]))
    await setPlanStatus(b.id, 'archived')
    await movePlan(c.id, 'up')
    stop()
    expect(keys).toEqual([['plans'], ['plans']])
    expect((await listPlans()).map((p) => [p.name, p.status])).toEqual([
      ['A', 'visible'],
      ['C', 'visible'],
      ['B', 'archived'],
    ])
    expect((await listVisiblePlans()).map((p) => p.name)).toEqual(['A', 'C'])
    await setPlanStatus(b.id, 'visible')
    await movePlan(a.id, 'up')
    expect((await listVisiblePlans()).map((p) => p.name)).toEqual(['A', 'C', 'B'])
  })

  it('refuses a plan that is not there', async () => {
    await expect(setPlanStatus(999, 'archived')).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(movePlan(999, 'up')).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(updatePlan(999, form({}))).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('the plan form', () => {
  const errors = (fields: Record<string, string>) => {
    const parsed = planSchema.safeParse(fields)
    return parsed.success ? {} : parsed.error.flatten().fieldErrors
  }

  it('says what is wrong, field by field', () => {
    expect(errors({ name: '' })).toMatchObject({
      name: ['Name is required'],
      monthlyPrice: ['Give the plan a monthly price, a yearly price, or both'],
    })
    expect(errors({ name: 'X', monthlyPrice: '7,50' }).monthlyPrice).toEqual([
      'Enter a price such as 7.50',
    ])
    expect(errors({ name: 'X', monthlyPrice: '0' }).monthlyPrice?.[0]).toMatch(/more than 0/)
    expect(errors({ name: 'X', yearlyPrice: '70', trialDays: '400' }).trialDays).toEqual([
      'A free trial is 0 to 365 days (a whole number)',
    ])
    expect(errors({ name: 'X', yearlyPrice: '70', trialDays: '3.5' }).trialDays).toBeDefined()
    expect(errors({ name: 'X', yearlyPrice: '70' })).toEqual({})
  })
})
