import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import { entitlements, memberEvents, plans, profiles } from '@db/schema/index'
import { canManageMembers, type Actor } from '~/domain/access/access-rules'
import { domainErrors } from '~/domain/domain-error'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { getDb, type Transaction } from '~/infra/db.server'
import { fromWallTime } from '~/lib/time-zone'
import { MemberCsvRefusal, readMembersCsv } from './member-csv.server'
import {
  type EntitlementStatus,
  type ImportRowError,
  isCalendarDay,
  type MemberImportReport,
  memberStatus,
} from './members-schema'

/*
 * The one module that writes entitlements and member_events (issue 38): every way of being a
 * member — complimentary access an admin grants, imported subscribers, Stripe's subscriptions —
 * writes an entitlement here, and each write records what happened in the member's history in
 * the same transaction. Readers' access reads them (reader.server.ts, activePlanIds).
 */

export class MemberError extends domainErrors('MemberError', {
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  UNKNOWN_PLAN: 400,
  PLAN_ARCHIVED: 400,
  INVALID_DATE: 400,
  STRIPE_MANAGED: 409,
  ALREADY_ENDED: 409,
  INVALID_CSV: 400,
  FILE_TOO_LARGE: 400,
  TOO_MANY_ROWS: 400,
}) {}

/** What a member's history row says happened (`member_events.kind`). */
export type MemberEventKind =
  | 'granted'
  | 'imported'
  | 'ended'
  | 'started'
  | 'renewed'
  | 'converted'
  | 'payment_failed'
  | 'payment_recovered'
  | 'cancelled'
  | 'resumed'
  | 'plan_changed'
  | 'updated'

function requireAdmin(admin: Actor) {
  if (!canManageMembers(admin)) {
    throw new MemberError('FORBIDDEN', 'Only administrators manage members')
  }
}

/**
 * The instant access given "until" a day ends: midnight after that day in the site's time zone,
 * so a member granted until 31 March reads all of 31 March where the paper is.
 */
export function endOfDay(day: string, timeZone: string): Date | null {
  if (!isCalendarDay(day)) return null
  const [year, month, date] = day.split('-').map(Number)
  const next = new Date(Date.UTC(year, month - 1, date + 1))
  return fromWallTime(`${next.toISOString().slice(0, 10)}T00:00:00`, timeZone)
}

async function recordEvent(
  tx: Transaction,
  event: {
    /** Null for a member who deleted their account (their history stays without them). */
    userId: string | null
    entitlementId: number
    kind: MemberEventKind
    details: Record<string, unknown>
    at: Date
  },
) {
  await tx.insert(memberEvents).values(event)
}

export interface GrantInput {
  userId: string
  planId: number
  /** The last day of access, YYYY-MM-DD in the site's time zone. */
  until: string
  note: string | null
}

/** Complimentary access to a plan from now to the end of `until`, granted by an admin. */
export async function grantComplimentary(
  input: GrantInput,
  admin: Actor,
  now = new Date(),
): Promise<{ id: number }> {
  requireAdmin(admin)
  const { timeZone } = await getSiteSettings()
  const endsAt = endOfDay(input.until, timeZone)
  if (!endsAt) {
    throw new MemberError('INVALID_DATE', 'Choose the last day of access', { field: 'until' })
  }
  if (endsAt.getTime() <= now.getTime()) {
    throw new MemberError('INVALID_DATE', 'The last day of access must be today or later', {
      field: 'until',
    })
  }
  return getDb().transaction(async (tx) => {
    const [member] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, input.userId))
    if (!member) throw new MemberError('NOT_FOUND', 'No such reader')
    const [plan] = await tx.select().from(plans).where(eq(plans.id, input.planId))
    if (!plan) throw new MemberError('UNKNOWN_PLAN', 'Choose a plan', { field: 'planId' })
    if (plan.status === 'archived') {
      throw new MemberError('PLAN_ARCHIVED', `${plan.name} is archived: it takes no new members`, {
        field: 'planId',
      })
    }
    const [row] = await tx
      .insert(entitlements)
      .values({
        userId: input.userId,
        planId: plan.id,
        source: 'complimentary',
        status: 'active',
        startsAt: now,
        endsAt,
        grantedBy: admin.id,
        note: input.note,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: entitlements.id })
    await recordEvent(tx, {
      userId: input.userId,
      entitlementId: row.id,
      kind: 'granted',
      details: { plan: plan.name, until: input.until, note: input.note, by: admin.id },
      at: now,
    })
    return row
  })
}

/**
 * Ends a complimentary, imported or gift entitlement now. Stripe's are ended by Stripe alone
 * (its webhook, through recordEntitlement): ending one here would leave the reader paying.
 */
export async function endEntitlement(
  id: number,
  admin: Actor,
  reason: string | null,
  now = new Date(),
): Promise<void> {
  requireAdmin(admin)
  await getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(entitlements).where(eq(entitlements.id, id)).for('update')
    if (!row) throw new MemberError('NOT_FOUND', 'This membership no longer exists')
    if (row.source === 'stripe') {
      throw new MemberError(
        'STRIPE_MANAGED',
        'This membership is paid through Stripe: cancel the subscription in Stripe, and it ends here when Stripe says so',
      )
    }
    if (memberStatus(row, now) === 'lapsed') {
      throw new MemberError('ALREADY_ENDED', 'This membership has already ended')
    }
    await tx
      .update(entitlements)
      .set({ status: 'lapsed', endsAt: now, updatedAt: now })
      .where(eq(entitlements.id, id))
    await recordEvent(tx, {
      userId: row.userId,
      entitlementId: id,
      kind: 'ended',
      details: { reason, by: admin.id },
      at: now,
    })
  })
}

/** What a Stripe subscription says of its reader, as the webhooks hand it over. */
export interface StripeEntitlementInput {
  userId: string
  planId: number
  stripeCustomerId: string
  stripeSubscriptionId: string
  /**
   * Stripe's subscription status mapped by the caller: active, trialing, past_due (unpaid too:
   * access kept while Stripe retries), lapsed (canceled, incomplete_expired). `cancelled`
   * means cancelled but still running.
   */
  status: EntitlementStatus
  /** The paid (or trial) period's end: access runs to it, and a renewal moves it on. */
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
  billingInterval: 'month' | 'year' | null
  /** The period's start, for a subscription seen for the first time (else now). */
  startedAt?: Date
  /** Stripe's event, kept in the history (its id, its type). */
  stripeEvent?: { id: string; type: string }
}

export interface RecordResult {
  entitlementId: number
  /** What the history gained; empty when Stripe said nothing new (a replay, a duplicate). */
  events: MemberEventKind[]
  /** True when a later event about an ended subscription was set aside. */
  ignored: boolean
}

/** The history's kinds for a stored subscription moving to `next`. */
function changesOf(
  before: typeof entitlements.$inferSelect,
  next: { status: EntitlementStatus; planId: number; endsAt: Date | null; cancel: boolean },
): MemberEventKind[] {
  const kinds: MemberEventKind[] = []
  if (next.status === 'lapsed') return before.status === 'lapsed' ? [] : ['ended']
  if (before.planId !== next.planId) kinds.push('plan_changed')
  if (before.status === 'trialing' && next.status === 'active') kinds.push('converted')
  else if (before.status !== 'past_due' && next.status === 'past_due') kinds.push('payment_failed')
  else if (before.status === 'past_due' && next.status === 'active') {
    kinds.push('payment_recovered')
  }
  if (!before.cancelAtPeriodEnd && next.cancel) kinds.push('cancelled')
  if (before.cancelAtPeriodEnd && !next.cancel) kinds.push('resumed')
  const movedOn =
    next.endsAt !== null &&
    before.endsAt !== null &&
    next.endsAt.getTime() > before.endsAt.getTime()
  if (movedOn && !kinds.includes('converted')) kinds.push('renewed')
  if (
    kinds.length === 0 &&
    (before.status !== next.status ||
      (before.endsAt?.getTime() ?? null) !== (next.endsAt?.getTime() ?? null))
  ) {
    kinds.push('updated')
  }
  return kinds
}

/**
 * Stripe's subscription, written as the reader's entitlement: created the first time its id is
 * seen, brought up to date after. A step of the webhook's transaction (the caller records the
 * Stripe event once by its id in the same `tx`): every change also writes the member's history.
 * A subscription that has ended stays ended: a late event about it (Stripe does not promise
 * order) changes nothing; a new subscription is a new id.
 */
export async function recordEntitlementIn(
  tx: Transaction,
  input: StripeEntitlementInput,
  now = new Date(),
): Promise<RecordResult> {
  const endsAt =
    input.status === 'lapsed'
      ? input.currentPeriodEnd && input.currentPeriodEnd.getTime() < now.getTime()
        ? input.currentPeriodEnd
        : now
      : input.currentPeriodEnd
  const fields = {
    userId: input.userId,
    planId: input.planId,
    source: 'stripe',
    status: input.status,
    endsAt,
    cancelAtPeriodEnd: input.status === 'lapsed' ? false : input.cancelAtPeriodEnd,
    billingInterval: input.billingInterval,
    stripeCustomerId: input.stripeCustomerId,
    stripeSubscriptionId: input.stripeSubscriptionId,
    updatedAt: now,
  }
  const details = {
    status: input.status,
    planId: input.planId,
    periodEnd: input.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: input.cancelAtPeriodEnd,
    ...(input.stripeEvent ? { stripeEvent: input.stripeEvent } : {}),
  }
  const [before] = await tx
    .select()
    .from(entitlements)
    .where(eq(entitlements.stripeSubscriptionId, input.stripeSubscriptionId))
    .for('update')
  if (!before) {
    const [row] = await tx
      .insert(entitlements)
      .values({ ...fields, startsAt: input.startedAt ?? now, createdAt: now })
      .returning({ id: entitlements.id })
    await recordEvent(tx, {
      userId: input.userId,
      entitlementId: row.id,
      kind: 'started',
      details: { source: 'stripe', ...details },
      at: now,
    })
    return { entitlementId: row.id, events: ['started'], ignored: false }
  }
  if (before.status === 'lapsed') {
    return { entitlementId: before.id, events: [], ignored: input.status !== 'lapsed' }
  }
  const kinds = changesOf(before, {
    status: input.status,
    planId: input.planId,
    endsAt,
    cancel: fields.cancelAtPeriodEnd,
  })
  if (kinds.length === 0) return { entitlementId: before.id, events: [], ignored: false }
  await tx.update(entitlements).set(fields).where(eq(entitlements.id, before.id))
  for (const kind of kinds) {
    await recordEvent(tx, {
      userId: before.userId,
      entitlementId: before.id,
      kind,
      details,
      at: now,
    })
  }
  return { entitlementId: before.id, events: kinds, ignored: false }
}

/** `recordEntitlementIn` in a transaction of its own. */
export async function recordEntitlement(
  input: StripeEntitlementInput,
  now = new Date(),
): Promise<RecordResult> {
  return getDb().transaction((tx) => recordEntitlementIn(tx, input, now))
}

/** The reader a Stripe customer belongs to, from the entitlements written for it; or null. */
export async function userIdForStripeCustomer(customerId: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ userId: entitlements.userId })
    .from(entitlements)
    .where(eq(entitlements.stripeCustomerId, customerId))
    .limit(1)
  return row?.userId ?? null
}

/** What a member's history keeps once they deleted their account: the membership's facts. */
const KEPT_DETAILS = [
  'source',
  'status',
  'planId',
  'plan',
  'until',
  'periodEnd',
  'cancelAtPeriodEnd',
]

/**
 * A reader deleting their account (domain/users/account-deletion.server.ts), in its
 * transaction, after their Stripe subscriptions were cancelled (cancelSubscriptionsOf): what
 * still gives access ends now (`ended` in the history, "account deleted"); then each of their
 * memberships and history rows loses what tied it to them — the reader, the Stripe customer and
 * subscription, notes, reasons, Stripe's event ids — and stays, without them, for the paper's
 * figures (member-figures.server.ts). Returns how many memberships it ended.
 */
export async function forgetMemberIn(
  tx: Transaction,
  userId: string,
  now = new Date(),
): Promise<number> {
  const rows = await tx
    .select()
    .from(entitlements)
    .where(eq(entitlements.userId, userId))
    .for('update')
  let ended = 0
  for (const row of rows) {
    if (memberStatus(row, now) === 'lapsed') continue
    await tx
      .update(entitlements)
      .set({ status: 'lapsed', endsAt: now, cancelAtPeriodEnd: false, updatedAt: now })
      .where(eq(entitlements.id, row.id))
    await recordEvent(tx, {
      userId,
      entitlementId: row.id,
      kind: 'ended',
      details: { reason: 'account deleted' },
      at: now,
    })
    ended++
  }
  await tx
    .update(entitlements)
    .set({
      userId: null,
      note: null,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      updatedAt: now,
    })
    .where(eq(entitlements.userId, userId))
  await tx
    .update(memberEvents)
    .set({
      userId: null,
      details: sql`(select coalesce(jsonb_object_agg(d.key, d.value), '{}'::jsonb)
        from jsonb_each(${memberEvents.details}) d
        where d.key in (${sql.join(
          KEPT_DETAILS.map((key) => sql`${key}`),
          sql`, `,
        )}))`,
    })
    .where(eq(memberEvents.userId, userId))
  return ended
}

/** Entitlements of `userIds` running at `now` (the import refuses a second one of a plan). */
async function runningEntitlements(
  tx: Transaction,
  userIds: string[],
  now: Date,
): Promise<{ userId: string | null; planId: number }[]> {
  if (userIds.length === 0) return []
  return tx
    .select({ userId: entitlements.userId, planId: entitlements.planId })
    .from(entitlements)
    .where(
      and(
        inArray(entitlements.userId, userIds),
        inArray(entitlements.status, ['active', 'trialing', 'past_due', 'cancelled']),
        lte(entitlements.startsAt, now),
        or(isNull(entitlements.endsAt), gt(entitlements.endsAt, now)),
      ),
    )
}

/** Accounts by address, compared without case. */
async function accountsByEmail(tx: Transaction, emails: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  for (let start = 0; start < emails.length; start += 1000) {
    const chunk = emails.slice(start, start + 1000)
    const rows = await tx
      .select({ id: profiles.id, email: profiles.email })
      .from(profiles)
      .where(inArray(sql`lower(${profiles.email})`, chunk))
    for (const row of rows) found.set(row.email.toLowerCase(), row.id)
  }
  return found
}

/**
 * Imports existing subscribers from CSV (member-csv.server.ts reads it): each row becomes an
 * 'imported' entitlement from now to the end of its day, with its history row. All or nothing:
 * one refused row (an unknown plan, a date gone by, an address with no account here, a member
 * who already holds the plan) and nothing is written; every refused row is reported with its
 * line. An address without an account is refused rather than given one: accounts are made by
 * better-auth (a sign-up, an invitation), which cannot join this transaction, and a reader
 * account nobody asked for would receive mail nobody consented to.
 */
export async function importMembers(
  csv: string,
  admin: Actor,
  now = new Date(),
): Promise<MemberImportReport> {
  requireAdmin(admin)
  let read: ReturnType<typeof readMembersCsv>
  try {
    read = readMembersCsv(csv)
  } catch (error) {
    if (error instanceof MemberCsvRefusal) throw new MemberError(error.code, error.message)
    throw error
  }
  const { timeZone } = await getSiteSettings()
  return getDb().transaction(async (tx) => {
    const errors: ImportRowError[] = [...read.errors]
    const allPlans = await tx.select().from(plans)
    const planOf = (text: string) => {
      const wanted = text.toLowerCase()
      return (
        allPlans.find((plan) => plan.slug.toLowerCase() === wanted) ??
        allPlans.find((plan) => plan.name.toLowerCase() === wanted)
      )
    }
    const accounts = await accountsByEmail(tx, [...new Set(read.rows.map((row) => row.email))])
    const running = await runningEntitlements(tx, [...new Set(accounts.values())], now)
    const holds = new Set(running.map((row) => `${row.userId}:${row.planId}`))
    const valid: {
      line: number
      email: string
      userId: string
      planId: number
      plan: string
      until: string
      endsAt: Date
    }[] = []
    for (const row of read.rows) {
      const plan = planOf(row.plan)
      if (!plan) {
        errors.push({ line: row.line, reason: `No plan named "${row.plan}"` })
        continue
      }
      const endsAt = endOfDay(row.until, timeZone)
      if (!endsAt || endsAt.getTime() <= now.getTime()) {
        errors.push({ line: row.line, reason: `${row.until} has already gone by` })
        continue
      }
      const userId = accounts.get(row.email)
      if (!userId) {
        errors.push({ line: row.line, reason: `No account with the e-mail ${row.email}` })
        continue
      }
      if (holds.has(`${userId}:${plan.id}`)) {
        errors.push({ line: row.line, reason: `${row.email} is already a member of ${plan.name}` })
        continue
      }
      valid.push({ ...row, userId, planId: plan.id, plan: plan.name, endsAt })
    }
    if (errors.length > 0) {
      return { ok: false, errors: errors.sort((a, b) => a.line - b.line) }
    }
    for (let start = 0; start < valid.length; start += 500) {
      const chunk = valid.slice(start, start + 500)
      const ids = await tx
        .insert(entitlements)
        .values(
          chunk.map((row) => ({
            userId: row.userId,
            planId: row.planId,
            source: 'imported',
            status: 'active',
            startsAt: now,
            endsAt: row.endsAt,
            grantedBy: admin.id,
            note: `Imported from CSV, line ${row.line}`,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning({ id: entitlements.id })
      await tx.insert(memberEvents).values(
        chunk.map((row, i) => ({
          userId: row.userId,
          entitlementId: ids[i].id,
          kind: 'imported' satisfies MemberEventKind,
          details: { plan: row.plan, until: row.until, line: row.line, by: admin.id },
          at: now,
        })),
      )
    }
    return {
      ok: true,
      imported: valid.length,
      members: valid.map((row) => ({ line: row.line, email: row.email, plan: row.plan })),
    }
  })
}
