import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatPrice } from '~/lib/money'
import { primaryButtonClass, outlineButtonClass } from './styles'

/** A plan as /subscribe shows it. */
export interface PlanCardView {
  id: number
  slug: string
  name: string
  description: string
  benefits: string[]
  monthlyPriceCents: number | null
  yearlyPriceCents: number | null
  trialDays: number
}

export type BillingInterval = 'month' | 'year'

/** What /subscribe says while payment is not connected (no STRIPE_SECRET_KEY). */
export const SUBSCRIPTIONS_NOT_OPEN = 'Subscriptions are not open yet.'

/*
 * The monthly/yearly switch is two radio buttons and CSS (`group-has-[#billing-year:checked]`),
 * not React state: it works before the page's JavaScript arrives and in a cached page.
 */
const MONTHLY_ONLY = 'group-has-[#billing-year:checked]/billing:hidden'
const YEARLY_ONLY = 'hidden group-has-[#billing-year:checked]/billing:block'

/** The plans side by side from the sm breakpoint, one under the other on a phone. */
export function PlanCards({
  plans,
  currency,
  open,
  heldPlanIds,
  signedIn,
  freeNote,
}: {
  plans: PlanCardView[]
  currency: string
  /** Payment is connected: each plan has its Subscribe button. */
  open: boolean
  heldPlanIds: readonly number[]
  signedIn: boolean
  /** What a free account gives on this site (the meter's allowance, a registration wall). */
  freeNote: string
}) {
  const offersBoth = plans.some((p) => p.monthlyPriceCents !== null && p.yearlyPriceCents !== null)
  return (
    <div className="group/billing">
      {offersBoth ? <BillingSwitch /> : null}
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Plans">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            currency={currency}
            open={open}
            held={heldPlanIds.includes(plan.id)}
          />
        ))}
        <FreeCard signedIn={signedIn} note={freeNote} />
      </ul>
    </div>
  )
}

function BillingSwitch() {
  const option =
    'cursor-pointer rounded-md px-4 py-2 text-sm font-medium text-muted-foreground transition-colors has-checked:bg-background has-checked:text-foreground has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-ring'
  return (
    <fieldset className="mb-8 flex justify-center">
      <legend className="sr-only">Billing period</legend>
      <div className="inline-flex rounded-lg bg-muted p-1">
        <label className={option}>
          <input
            type="radio"
            name="billing"
            id="billing-month"
            value="month"
            defaultChecked
            className="sr-only"
          />
          Monthly
        </label>
        <label className={option}>
          <input type="radio" name="billing" id="billing-year" value="year" className="sr-only" />
          Yearly
        </label>
      </div>
    </fieldset>
  )
}

function PlanCard({
  plan,
  currency,
  open,
  held,
}: {
  plan: PlanCardView
  currency: string
  open: boolean
  held: boolean
}) {
  const { monthlyPriceCents: monthly, yearlyPriceCents: yearly } = plan
  const headingId = `plan-${plan.id}-name`
  return (
    <li
      aria-labelledby={headingId}
      className={`flex flex-col rounded-xl border bg-card p-6 text-card-foreground shadow-sm ${held ? 'border-primary ring-2 ring-primary' : ''}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="font-serif text-2xl font-bold">
          {plan.name}
        </h2>
        {held ? (
          <span className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">
            Your plan
          </span>
        ) : null}
      </div>
      {plan.description ? <p className="mt-2 text-muted-foreground">{plan.description}</p> : null}
      <div className="mt-5">
        {monthly !== null && yearly !== null ? (
          <>
            <Price className={MONTHLY_ONLY} cents={monthly} per="month" currency={currency} />
            <Price className={YEARLY_ONLY} cents={yearly} per="year" currency={currency}>
              <YearlyNote monthly={monthly} yearly={yearly} currency={currency} />
            </Price>
          </>
        ) : monthly !== null ? (
          <Price cents={monthly} per="month" currency={currency} note="Billed monthly" />
        ) : (
          <Price cents={yearly ?? 0} per="year" currency={currency} note="Billed yearly" />
        )}
      </div>
      {plan.trialDays > 0 ? (
        <p className="mt-3 text-sm font-medium text-primary">{plan.trialDays}-day free trial</p>
      ) : null}
      {plan.benefits.length > 0 ? (
        <ul className="mt-5 grid gap-2 text-sm" aria-label={`What ${plan.name} includes`}>
          {plan.benefits.map((benefit) => (
            <li key={benefit} className="flex gap-2">
              <CheckMark />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {held ? (
        <p className="mt-auto pt-6 text-sm text-muted-foreground">You are a member on this plan.</p>
      ) : open ? (
        <div className="mt-auto pt-6">
          <SubscribeForms plan={plan} />
        </div>
      ) : null}
    </li>
  )
}

/**
 * Subscribe: one form per billing period the plan offers, the chosen one shown. They post to
 * /subscribe/checkout (Stripe Checkout, docs/membership.md).
 */
function SubscribeForms({ plan }: { plan: PlanCardView }) {
  const intervals: [BillingInterval, string][] = []
  const both = plan.monthlyPriceCents !== null && plan.yearlyPriceCents !== null
  if (plan.monthlyPriceCents !== null) intervals.push(['month', both ? MONTHLY_ONLY : ''])
  if (plan.yearlyPriceCents !== null) intervals.push(['year', both ? YEARLY_ONLY : ''])
  return intervals.map(([interval, className]) => (
    <form key={interval} method="post" action="/subscribe/checkout" className={className}>
      <input type="hidden" name="plan" value={plan.id} />
      <input type="hidden" name="interval" value={interval} />
      <button type="submit" className={`${primaryButtonClass} h-11 w-full text-base`}>
        Subscribe
        <span className="sr-only">
          {' '}
          to {plan.name}, {interval === 'month' ? 'monthly' : 'yearly'}
        </span>
      </button>
    </form>
  ))
}

function Price({
  cents,
  per,
  currency,
  note,
  className = '',
  children,
}: {
  cents: number
  per: BillingInterval
  currency: string
  note?: string
  className?: string
  children?: ReactNode
}) {
  return (
    <div className={className}>
      <p>
        <span className="font-serif text-4xl font-black tabular-nums">
          {formatPrice(cents, currency)}
        </span>
        <span className="text-muted-foreground"> / {per}</span>
      </p>
      {note ? <p className="mt-1 text-sm text-muted-foreground">{note}</p> : null}
      {children}
    </div>
  )
}

/** "About $6.71 a month · save 16%" under a yearly price, against the plan's monthly one. */
function YearlyNote({
  monthly,
  yearly,
  currency,
}: {
  monthly: number
  yearly: number
  currency: string
}) {
  const saving = Math.round((1 - yearly / (monthly * 12)) * 100)
  return (
    <p className="mt-1 text-sm text-muted-foreground">
      About {formatPrice(Math.round(yearly / 12), currency)} a month
      {saving > 0 ? ` · save ${saving}%` : ''}
    </p>
  )
}

/** The free level every reader can have: an account. */
function FreeCard({ signedIn, note }: { signedIn: boolean; note: string }) {
  return (
    <li
      aria-labelledby="plan-free-name"
      className="flex flex-col rounded-xl border border-dashed p-6"
    >
      <h2 id="plan-free-name" className="font-serif text-2xl font-bold">
        Free account
      </h2>
      <p className="mt-2 text-muted-foreground">{note}</p>
      <p className="mt-5">
        <span className="font-serif text-4xl font-black">Free</span>
      </p>
      <div className="mt-auto pt-6">
        {signedIn ? (
          <p className="text-sm text-muted-foreground">You have an account.</p>
        ) : (
          <Link to="/signup" className={`${outlineButtonClass} h-11 w-full text-base`}>
            Create a free account
          </Link>
        )}
      </div>
    </li>
  )
}

function CheckMark() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="mt-0.5 size-4 shrink-0 text-primary"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M20 6 9 17l-5-5" />
    </svg>
  )
}
