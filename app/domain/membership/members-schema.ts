// The Members screens' terms, filters and posts (issue 38): client-safe, so the forms check what
// the server checks again. The writes are entitlements.server.ts; the reads members-queries.

import { z } from 'zod'
import { idField } from '~/lib/form-schemas'

/** How a reader became a member (`entitlements.source`). */
export const ENTITLEMENT_SOURCES = ['stripe', 'complimentary', 'imported', 'gift'] as const
export type EntitlementSource = (typeof ENTITLEMENT_SOURCES)[number]

export const SOURCE_NAMES: Record<EntitlementSource, string> = {
  stripe: 'Stripe',
  complimentary: 'Complimentary',
  imported: 'Imported',
  gift: 'Gift',
}

/** What is stored in `entitlements.status`. */
export const ENTITLEMENT_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'cancelled',
  'lapsed',
] as const
export type EntitlementStatus = (typeof ENTITLEMENT_STATUSES)[number]

/**
 * The status a publisher reads: the stored one, except that a membership whose end has passed
 * is lapsed whatever it says, and one cancelled by its reader (at the period's end) but still
 * running is cancelled.
 */
export const MEMBER_STATUSES = ENTITLEMENT_STATUSES
export type MemberStatus = EntitlementStatus

export const MEMBER_STATUS_NAMES: Record<MemberStatus, string> = {
  active: 'Active',
  trialing: 'Trialing',
  past_due: 'Past due',
  cancelled: 'Cancelled',
  lapsed: 'Lapsed',
}

export interface StatusFacts {
  status: string
  endsAt: Date | string | null
  cancelAtPeriodEnd: boolean
}

/** The displayed status of one entitlement at `now` (the same rule as the list's SQL filter). */
export function memberStatus(entitlement: StatusFacts, now: Date): MemberStatus {
  const { status, endsAt, cancelAtPeriodEnd } = entitlement
  if (status === 'lapsed') return 'lapsed'
  if (endsAt !== null && new Date(endsAt).getTime() <= now.getTime()) return 'lapsed'
  if (status === 'cancelled' || cancelAtPeriodEnd) return 'cancelled'
  return (ENTITLEMENT_STATUSES as readonly string[]).includes(status)
    ? (status as MemberStatus)
    : 'active'
}

/** The list's view: a search of name or address, and a plan, a status, a source. */
export interface MemberFilter {
  q: string
  planId: number | null
  status: MemberStatus | null
  source: EntitlementSource | null
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null

/** The filter of a URL's search; an unknown value is no filter (the screen shows it unset). */
export function memberFilterOf(search: URLSearchParams): MemberFilter {
  const plan = search.get('plan') ?? ''
  return {
    q: (search.get('q') ?? '').trim().slice(0, 200),
    planId: /^\d{1,9}$/.test(plan) ? Number(plan) : null,
    status: oneOf(MEMBER_STATUSES, search.get('status')),
    source: oneOf(ENTITLEMENT_SOURCES, search.get('source')),
  }
}

export function isFiltered(filter: MemberFilter): boolean {
  return (
    filter.q !== '' || filter.planId !== null || filter.status !== null || filter.source !== null
  )
}

/** The CSV import's bounds: larger files and longer lists are refused before a row is read. */
export const MEMBER_IMPORT_MAX_BYTES = 1024 * 1024
export const MEMBER_IMPORT_MAX_ROWS = 5000

export const NOTE_MAX = 500
export const REASON_MAX = 500

/** A day typed in a date input: YYYY-MM-DD, a real calendar day. */
export const dayField = z
  .string({ error: 'Choose the last day of access' })
  .trim()
  .refine(isCalendarDay, 'Choose the last day of access')

export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = match.slice(1).map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  )
}

export const grantSchema = z.object({
  planId: idField('Choose a plan'),
  until: dayField,
  note: z
    .string()
    .trim()
    .max(NOTE_MAX, `At most ${NOTE_MAX} characters`)
    .optional()
    .transform((note) => note || null),
})

/** A member's page: grant complimentary access, end an entitlement. */
export const memberActionSchema = z.discriminatedUnion('intent', [
  grantSchema.extend({ intent: z.literal('grant') }),
  z.object({
    intent: z.literal('end'),
    id: idField('Unknown entitlement'),
    reason: z
      .string()
      .trim()
      .max(REASON_MAX, `At most ${REASON_MAX} characters`)
      .optional()
      .transform((reason) => reason || null),
  }),
])

/** The list's one post: the CSV import (the file is read from the multipart body). */
export const membersActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('import') }),
])

/** A refused row of an import: its line in the file and why. */
export interface ImportRowError {
  line: number
  reason: string
}

/** What the import answers: every row written, or nothing and every refused row. */
export type MemberImportReport =
  | { ok: true; imported: number; members: { line: number; email: string; plan: string }[] }
  | { ok: false; errors: ImportRowError[] }

/** One month of a figure (member-figures.server.ts): YYYY-MM in the site's zone, its value. */
export interface MonthFigure {
  month: string
  value: number
}

export interface MemberFigures {
  months: string[]
  payingMembers: MonthFigure[]
  mrrCents: MonthFigure[]
  newMembers: MonthFigure[]
  cancelled: MonthFigure[]
  trialConversions: MonthFigure[]
}

/**
 * What a membership's end date means, for the Until column: a running Stripe subscription
 * renews then (or its trial ends); anything else, including one cancelled, ends then.
 */
export function endWording(source: EntitlementSource, status: MemberStatus, day: string): string {
  if (source !== 'stripe') return day
  if (status === 'trialing') return `Trial ends ${day}`
  if (status === 'active' || status === 'past_due') return `Renews ${day}`
  return day
}
