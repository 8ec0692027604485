import { asc } from 'drizzle-orm'
import { plans } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { memoized } from '~/infra/memo-cache.server'
import type { PlanStatus, PlanView } from './plans-schema'

/**
 * The cache key of what readers see of the plans (their names, benefits and prices): announced
 * by every write of a plan (plans.server.ts), so /subscribe and any cached page that offers the
 * plans are drawn again.
 */
export const PLANS_KEY = 'plans'

/** The order of /admin/plans and /subscribe: the admins' order, then the oldest first. */
const planOrder = [asc(plans.position), asc(plans.id)] as const

const viewColumns = {
  id: plans.id,
  slug: plans.slug,
  name: plans.name,
  description: plans.description,
  benefits: plans.benefits,
  monthlyPriceCents: plans.monthlyPriceCents,
  yearlyPriceCents: plans.yearlyPriceCents,
  trialDays: plans.trialDays,
  status: plans.status,
}

function toView(row: Omit<PlanView, 'status'> & { status: string }): PlanView {
  return { ...row, status: row.status as PlanStatus }
}

/** Every plan, visible and archived, in their order: the plans screen, and members' plan names. */
export async function listPlans(): Promise<PlanView[]> {
  const rows = await getDb()
    .select(viewColumns)
    .from(plans)
    .orderBy(...planOrder)
  return rows.map(toView)
}

/**
 * The plans offered to readers (visible ones), in their order: /subscribe and the wall. Read
 * once and kept in memory until a plan changes (PLANS_KEY announced); the value is frozen.
 */
export const listVisiblePlans: () => Promise<PlanView[]> = memoized(
  'visible-plans',
  async () => (await listPlans()).filter((plan) => plan.status === 'visible'),
  { ttlMs: 10 * 60_000, shows: () => [PLANS_KEY] },
)

/** Whether readers can pay now: Stripe's secret key is set (README, Configuration). */
export function subscriptionsOpen(): boolean {
  return Boolean(getEnv().STRIPE_SECRET_KEY)
}
