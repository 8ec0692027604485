import { z } from 'zod'
import { idField } from '~/lib/form-schemas'

/*
 * The plans screen's form (issue 38), client-safe: checked in the dialog and again on the
 * server. Prices are typed in the currency's major unit; plans.server.ts turns them into the
 * minor unit of the site's currency (a price with more decimals than it has is refused there).
 */

export const PLAN_STATUSES = ['visible', 'archived'] as const
export type PlanStatus = (typeof PLAN_STATUSES)[number]

export const PLAN_MOVE_DIRECTIONS = ['up', 'down'] as const
export type PlanMoveDirection = (typeof PLAN_MOVE_DIRECTIONS)[number]

export const TRIAL_DAYS_MAX = 365
export const BENEFITS_MAX = 12
const PRICE_MESSAGE = 'Enter a price such as 7.50'
const TRIAL_MESSAGE = `A free trial is 0 to ${TRIAL_DAYS_MAX} days (a whole number)`
const NEEDS_PRICE = 'Give the plan a monthly price, a yearly price, or both'

/** A price field: empty (not sold per that interval) or an amount above 0, up to 99,999.99. */
const price = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null
    if (!/^\d{1,5}(?:\.\d{1,2})?$/.test(value)) {
      ctx.issues.push({ code: 'custom', message: PRICE_MESSAGE, input: value })
      return z.NEVER
    }
    if (Number(value) <= 0) {
      ctx.issues.push({
        code: 'custom',
        message: 'A price is more than 0: the free level is a reader’s account',
        input: value,
      })
      return z.NEVER
    }
    return value
  })

export const planSchema = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(80, 'Name is at most 80 characters'),
    description: z
      .string()
      .trim()
      .max(500, 'Description is at most 500 characters')
      .optional()
      .transform((value) => value ?? ''),
    // One benefit a line, as the textarea has them; blank lines dropped.
    benefits: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.string().max(160, 'A benefit is at most 160 characters'))
          .max(BENEFITS_MAX, `At most ${BENEFITS_MAX} benefits, one a line`),
      ),
    monthlyPrice: price,
    yearlyPrice: price,
    trialDays: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx) => {
        if (!value) return 0
        const days = /^\d{1,3}$/.test(value) ? Number(value) : NaN
        if (Number.isInteger(days) && days <= TRIAL_DAYS_MAX) return days
        ctx.issues.push({ code: 'custom', message: TRIAL_MESSAGE, input: value })
        return z.NEVER
      }),
  })
  .refine((plan) => plan.monthlyPrice !== null || plan.yearlyPrice !== null, {
    message: NEEDS_PRICE,
    path: ['monthlyPrice'],
    // Said with the other fields' errors, not only once they are right; but not over a price
    // that is itself wrong.
    when: (payload) =>
      !payload.issues.some((issue) =>
        ['monthlyPrice', 'yearlyPrice'].includes(String(issue.path?.[0])),
      ),
  })

export type PlanValues = z.output<typeof planSchema>

const planId = idField('This plan does not exist')

/**
 * The plans screen's posts: create and edit from the dialog, archive and restore, and move up or
 * down (the order on /subscribe), from a row.
 */
export const planActionSchema = z.discriminatedUnion('intent', [
  planSchema.safeExtend({ intent: z.literal('create') }),
  planSchema.safeExtend({ intent: z.literal('update'), id: planId }),
  z.object({ intent: z.literal('archive'), id: planId }),
  z.object({ intent: z.literal('restore'), id: planId }),
  z.object({
    intent: z.literal('move'),
    id: planId,
    direction: z.enum(PLAN_MOVE_DIRECTIONS, { error: 'Choose up or down' }),
  }),
])

/** A plan as the screen and /subscribe show it (no Stripe ids). */
export interface PlanView {
  id: number
  slug: string
  name: string
  description: string
  benefits: string[]
  monthlyPriceCents: number | null
  yearlyPriceCents: number | null
  trialDays: number
  status: PlanStatus
}
