import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import { entitlements, memberEvents, plans, profiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import {
  type EntitlementSource,
  type MemberFilter,
  type MemberStatus,
  memberStatus,
} from './members-schema'

/*
 * The Members screens' reads (issue 38): members listed one row each with the membership that
 * matters most (one giving access before one that ended, then the latest), a member's
 * entitlements and history. Statuses are the displayed ones (members-schema.ts, memberStatus),
 * computed in SQL by the same rule for the filter.
 */

export const MEMBERS_PAGE_SIZE = 25

/** `memberStatus` in SQL, at `now`. */
function statusAt(now: Date): SQL<string> {
  const at = sql`${now.toISOString()}::timestamptz`
  return sql<string>`case
    when ${entitlements.status} = 'lapsed' then 'lapsed'
    when ${entitlements.endsAt} is not null and ${entitlements.endsAt} <= ${at} then 'lapsed'
    when ${entitlements.status} = 'cancelled' or ${entitlements.cancelAtPeriodEnd} then 'cancelled'
    else ${entitlements.status} end`
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== ''

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`

export interface MemberListRow {
  userId: string
  email: string
  name: string
  entitlementId: number
  plan: string
  source: EntitlementSource
  status: MemberStatus
  startsAt: Date
  endsAt: Date | null
}

export async function listMembers(
  filter: MemberFilter,
  page: number,
  now = new Date(),
): Promise<{ rows: MemberListRow[]; total: number; page: number; pageCount: number }> {
  const status = statusAt(now)
  const conditions: SQL[] = []
  if (filter.q) {
    const pattern = likePattern(filter.q)
    conditions.push(
      or(
        ilike(profiles.email, pattern),
        ilike(profiles.name, pattern),
        ilike(profiles.displayName, pattern),
        ilike(profiles.username, pattern),
      )!,
    )
  }
  if (filter.planId !== null) conditions.push(eq(entitlements.planId, filter.planId))
  if (filter.source !== null) conditions.push(eq(entitlements.source, filter.source))
  if (filter.status !== null) conditions.push(sql`${status} = ${filter.status}`)
  const where = conditions.length > 0 ? and(...conditions) : undefined
  const db = getDb()
  // One row a member: the matching membership that gives access now, else the latest.
  const latest = db
    .selectDistinctOn([entitlements.userId], {
      // The member's row, joined: an entitlement whose reader deleted their account has none.
      userId: sql<string>`${entitlements.userId}`.as('member_id'),
      email: profiles.email,
      name: sql<string>`coalesce(nullif(${profiles.displayName}, ''), nullif(${profiles.name}, ''), ${profiles.username}, '')`.as(
        'member_name',
      ),
      entitlementId: sql<number>`${entitlements.id}`.as('entitlement_id'),
      plan: sql<string>`${plans.name}`.as('plan_name'),
      source: entitlements.source,
      status: status.as('member_status'),
      startsAt: entitlements.startsAt,
      endsAt: entitlements.endsAt,
    })
    .from(entitlements)
    .innerJoin(profiles, eq(profiles.id, entitlements.userId))
    .innerJoin(plans, eq(plans.id, entitlements.planId))
    .where(where)
    .orderBy(
      entitlements.userId,
      sql`case when ${status} = 'lapsed' then 1 else 0 end`,
      desc(entitlements.startsAt),
      desc(entitlements.id),
    )
    .as('latest')
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(latest)
  const pageCount = Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE))
  const rows = await db
    .select()
    .from(latest)
    .orderBy(desc(latest.startsAt), asc(latest.email))
    .limit(MEMBERS_PAGE_SIZE)
    .offset((Math.min(page, pageCount) - 1) * MEMBERS_PAGE_SIZE)
  return {
    rows: rows.map((row) => ({
      ...row,
      source: row.source as EntitlementSource,
      status: row.status as MemberStatus,
    })),
    total,
    page: Math.min(page, pageCount),
    pageCount,
  }
}

/** The plans for the filter and the grant form, visible ones first. */
export async function listPlanChoices(): Promise<
  { id: number; name: string; archived: boolean }[]
> {
  const rows = await getDb()
    .select({ id: plans.id, name: plans.name, status: plans.status })
    .from(plans)
    .orderBy(asc(plans.status), asc(plans.position), asc(plans.name))
  return rows.map((row) => ({ id: row.id, name: row.name, archived: row.status === 'archived' }))
}

/** Whether any entitlement exists at all (the screen's first-use empty state). */
export async function hasAnyMember(): Promise<boolean> {
  const [row] = await getDb().select({ id: entitlements.id }).from(entitlements).limit(1)
  return Boolean(row)
}

export interface MemberEntitlement {
  id: number
  plan: string
  source: EntitlementSource
  status: MemberStatus
  startsAt: Date
  endsAt: Date | null
  billingInterval: string | null
  cancelAtPeriodEnd: boolean
  note: string | null
  grantedBy: string | null
  stripeSubscriptionId: string | null
}

export interface MemberEventRow {
  id: number
  kind: string
  details: Record<string, unknown>
  at: Date
  plan: string | null
  /** The admin who acted (a grant, an import, an end), by name. */
  by: string | null
}

export interface MemberDetail {
  id: string
  email: string
  name: string
  role: string
  createdAt: Date
  entitlements: MemberEntitlement[]
  events: MemberEventRow[]
}

/** One reader with their entitlements (newest first) and history (newest first); null if none. */
export async function getMember(userId: string, now = new Date()): Promise<MemberDetail | null> {
  const db = getDb()
  const [profile] = await db
    .select({
      id: profiles.id,
      email: profiles.email,
      name: sql<string>`coalesce(nullif(${profiles.displayName}, ''), nullif(${profiles.name}, ''), ${profiles.username}, '')`,
      role: profiles.role,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
  if (!profile) return null
  const granter = sql<
    string | null
  >`(select coalesce(nullif(g.display_name, ''), g.email) from profiles g where g.id = ${entitlements.grantedBy})`
  const [rows, events] = await Promise.all([
    db
      .select({
        id: entitlements.id,
        plan: plans.name,
        source: entitlements.source,
        status: entitlements.status,
        startsAt: entitlements.startsAt,
        endsAt: entitlements.endsAt,
        billingInterval: entitlements.billingInterval,
        cancelAtPeriodEnd: entitlements.cancelAtPeriodEnd,
        note: entitlements.note,
        grantedBy: granter,
        stripeSubscriptionId: entitlements.stripeSubscriptionId,
      })
      .from(entitlements)
      .innerJoin(plans, eq(plans.id, entitlements.planId))
      .where(eq(entitlements.userId, userId))
      .orderBy(desc(entitlements.startsAt), desc(entitlements.id)),
    db
      .select({
        id: memberEvents.id,
        kind: memberEvents.kind,
        details: memberEvents.details,
        at: memberEvents.at,
        plan: plans.name,
      })
      .from(memberEvents)
      .leftJoin(entitlements, eq(entitlements.id, memberEvents.entitlementId))
      .leftJoin(plans, eq(plans.id, entitlements.planId))
      .where(eq(memberEvents.userId, userId))
      .orderBy(desc(memberEvents.at), desc(memberEvents.id))
      .limit(200),
  ])
  const actorIds = [
    ...new Set(events.map((event) => (event.details as { by?: unknown }).by).filter(isText)),
  ]
  const actors = new Map(
    actorIds.length === 0
      ? []
      : (
          await db
            .select({
              id: profiles.id,
              name: sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${profiles.email})`,
            })
            .from(profiles)
            .where(inArray(profiles.id, actorIds))
        ).map((row) => [row.id, row.name]),
  )
  return {
    ...profile,
    entitlements: rows.map((row) => ({
      ...row,
      source: row.source as EntitlementSource,
      status: memberStatus(row, now),
    })),
    events: events.map((event) => {
      const details = (event.details ?? {}) as Record<string, unknown>
      return { ...event, details, by: isText(details.by) ? (actors.get(details.by) ?? null) : null }
    }),
  }
}

/** The account with this address (compared without case), to open its member page; or null. */
export async function findAccountIdByEmail(email: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(sql`lower(${profiles.email})`, email.trim().toLowerCase()))
    .limit(1)
  return row?.id ?? null
}
