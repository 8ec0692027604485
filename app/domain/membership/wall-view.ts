import { formatPrice } from '~/lib/money'
import type { ReadDecision } from './access-level'
import type { MeterCount } from './meter'

/*
 * The wall a reader without access meets under a story's preview (issue 38), worded on the
 * server and drawn as HTML (components/site/article-wall.tsx): no script on the article page.
 * Client-safe.
 */

/**
 * The class of the page's gated part: the wall where the rest of the story would stand, or
 * that rest for a reader with access. The article's JSON-LD names it in `hasPart.cssSelector`,
 * as Google documents for paywalled content (a class selector only, never nested).
 */
export const PAYWALLED_CONTENT_CLASS = 'paywalled-content'

/** The register wall's words, exactly (issue 38). */
export const REGISTER_WALL_TITLE = 'Sign in or create a free account to keep reading'
export const SUBSCRIBE_WALL_TITLE = 'Subscribe to keep reading'

/** What the wall needs of a plan (plans-schema.ts: PlanView). */
export interface WallPlanSource {
  id: number
  name: string
  description: string
  monthlyPriceCents: number | null
  yearlyPriceCents: number | null
}

export interface WallPlan {
  id: number
  name: string
  description: string
  /** "$7.50 a month", "$75 a year": the ones the plan is sold at. */
  prices: string[]
}

/** What every wall may say above its title. */
interface WallNotes {
  /** A short note of why a link did not open the story ("This gift link has expired"). */
  note: string | null
  /** The meter, spent: "You have read 2 of 2 free stories this month." */
  meter: MeterCount | null
  /** For an anonymous reader whose meter is spent: a free account's larger allowance. */
  moreWithAccount: { limit: number; signUpHref: string } | null
}

export type WallView =
  | ({ kind: 'register'; signInHref: string; signUpHref: string } & WallNotes)
  | ({
      kind: 'subscribe'
      /** The plans that open the story (every plan offered when it names none). */
      plans: WallPlan[]
      subscribeHref: string
      /** For a reader not signed in: a member signs in here and comes back. */
      signInHref: string | null
    } & WallNotes)

/** `/signin?redirectTo=…` and the like: the way back to the story. */
function withWayBack(path: string, back: string) {
  return `${path}?redirectTo=${encodeURIComponent(back)}`
}

/**
 * The wall for `decision` (a refusal of `decideRead`) on the story at `path`: the register
 * wall's links back, or the plans that open the story with their prices in the site's
 * currency. `plans` are the plans offered to readers, in their order.
 */
export function toWallView(
  decision: Extract<ReadDecision, { full: false }>,
  options: {
    path: string
    plans: readonly WallPlanSource[]
    currency: string
    signedIn: boolean
    /** Where the reader stands with the meter when it refused them. */
    meter?: MeterCount | null
    /** Free stories a period for a registered reader (the meter's other allowance). */
    registeredLimit?: number
    note?: string | null
  },
): WallView {
  const signInHref = withWayBack('/signin', options.path)
  const meter = options.meter ?? null
  const registeredLimit = options.registeredLimit ?? 0
  const notes: WallNotes = {
    note: options.note ?? null,
    meter,
    moreWithAccount:
      meter && !options.signedIn && registeredLimit > meter.limit
        ? { limit: registeredLimit, signUpHref: withWayBack('/signup', options.path) }
        : null,
  }
  if (decision.wall === 'register') {
    return {
      kind: 'register',
      signInHref,
      signUpHref: withWayBack('/signup', options.path),
      ...notes,
    }
  }
  const named = decision.planIds
  const opening = named.length
    ? options.plans.filter((plan) => named.includes(plan.id))
    : options.plans
  return {
    kind: 'subscribe',
    plans: opening.map((plan) => ({
      id: plan.id,
      name: plan.name,
      description: plan.description,
      prices: [
        ...(plan.monthlyPriceCents !== null
          ? [`${formatPrice(plan.monthlyPriceCents, options.currency)} a month`]
          : []),
        ...(plan.yearlyPriceCents !== null
          ? [`${formatPrice(plan.yearlyPriceCents, options.currency)} a year`]
          : []),
      ],
    })),
    subscribeHref: '/subscribe',
    signInHref: options.signedIn ? null : signInHref,
    ...notes,
  }
}
