import { eq, max } from 'drizzle-orm'
import { plans } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { announceChanged, announcing } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { toMinorUnits } from '~/lib/money'
import { slugify, uniqueSlug } from '~/lib/slugify'
import { PLANS_KEY } from './plans-queries.server'
import type { PlanMoveDirection, PlanStatus, PlanValues } from './plans-schema'

export class PlanError extends domainErrors('PlanError', {
  NOT_FOUND: 404,
  INVALID_PRICE: 400,
}) {}

const GONE = 'This plan no longer exists'

/** The typed prices in the site's currency's minor unit; refused when it has fewer decimals. */
async function pricesOf(values: PlanValues) {
  const { currency } = await getSiteSettings()
  const inMinor = (amount: string | null, field: 'monthlyPrice' | 'yearlyPrice') => {
    if (amount === null) return null
    const minor = toMinorUnits(amount, currency)
    if (minor === null) {
      throw new PlanError('INVALID_PRICE', `Prices in ${currency} have no fraction this small`, {
        field,
      })
    }
    return minor
  }
  return {
    monthlyPriceCents: inMinor(values.monthlyPrice, 'monthlyPrice'),
    yearlyPriceCents: inMinor(values.yearlyPrice, 'yearlyPrice'),
  }
}

/** A new plan, visible, last in the order. Its slug (Stripe's product, the import) follows its name once. */
export async function createPlan(values: PlanValues) {
  const prices = await pricesOf(values)
  const write = getDb().transaction(async (tx) => {
    const slug = await uniqueSlug(slugify(values.name) || 'plan', async (candidate) => {
      const clash = await tx
        .select({ id: plans.id })
        .from(plans)
        .where(eq(plans.slug, candidate))
        .limit(1)
      return clash.length > 0
    })
    const [{ last }] = await tx.select({ last: max(plans.position) }).from(plans)
    const [row] = await tx
      .insert(plans)
      .values({
        slug,
        name: values.name,
        description: values.description,
        benefits: values.benefits,
        ...prices,
        trialDays: values.trialDays,
        position: last === null ? 0 : last + 1,
      })
      .returning()
    return row
  })
  return announcing(write, [PLANS_KEY])
}

/**
 * A plan's name, description, benefits, prices and trial. Its members keep what they pay; a
 * changed price forgets the Stripe price made for the old one (Stripe's prices never change, so
 * opening subscriptions makes a new one).
 */
export async function updatePlan(id: number, values: PlanValues) {
  const prices = await pricesOf(values)
  const write = getDb().transaction(async (tx) => {
    const [current] = await tx.select().from(plans).where(eq(plans.id, id)).for('update')
    if (!current) throw new PlanError('NOT_FOUND', GONE)
    const [row] = await tx
      .update(plans)
      .set({
        name: values.name,
        description: values.description,
        benefits: values.benefits,
        ...prices,
        trialDays: values.trialDays,
        stripeMonthlyPriceId:
          prices.monthlyPriceCents === current.monthlyPriceCents
            ? current.stripeMonthlyPriceId
            : null,
        stripeYearlyPriceId:
          prices.yearlyPriceCents === current.yearlyPriceCents ? current.stripeYearlyPriceId : null,
        updatedAt: new Date(),
      })
      .where(eq(plans.id, id))
      .returning()
    return row
  })
  return announcing(write, [PLANS_KEY])
}

/**
 * Archives a plan (its members keep it; no one new may choose it) or makes it visible again.
 * Plans are never deleted: every entitlement names its plan.
 */
export async function setPlanStatus(id: number, status: PlanStatus) {
  const [row] = await getDb()
    .update(plans)
    .set({ status, updatedAt: new Date() })
    .where(eq(plans.id, id))
    .returning()
  if (!row) throw new PlanError('NOT_FOUND', GONE)
  announceChanged([PLANS_KEY])
  return row
}

/** Swaps a plan with its neighbour in the order of the screen and /subscribe. */
export async function movePlan(id: number, direction: PlanMoveDirection) {
  const write = getDb().transaction(async (tx) => {
    const rows = await tx
      .select({ id: plans.id, position: plans.position })
      .from(plans)
      .orderBy(plans.position, plans.id)
      .for('update')
    const from = rows.findIndex((row) => row.id === id)
    if (from === -1) throw new PlanError('NOT_FOUND', GONE)
    const to = direction === 'up' ? from - 1 : from + 1
    const order = rows.map((row) => row.id)
    if (to >= 0 && to < order.length) [order[from], order[to]] = [order[to], order[from]]
    const positions = new Map(rows.map((row) => [row.id, row.position]))
    for (const [position, planId] of order.entries()) {
      if (positions.get(planId) === position) continue
      await tx.update(plans).set({ position }).where(eq(plans.id, planId))
    }
    return order
  })
  return announcing(write, [PLANS_KEY])
}
