import { asc, desc, sql } from 'drizzle-orm'
import { newsletterLists, newsletterSubscribers, newsletterSuppressions } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { memoized } from '~/infra/memo-cache.server'
import { listSchedule } from './lists-schema'
import type { SubscriberFilter, SubscriberState } from './newsletter-admin-schema'
import type { SignUpListView } from './newsletter-schema'

/**
 * The cache key of what the sign-up forms show of the lists: announced by every write of a
 * list (lists.server.ts), so each cached page with the footer is dropped and drawn again.
 */
export const NEWSLETTER_LISTS_KEY = 'newsletter-lists'

/**
 * The lists the sign-up forms offer (footer, /newsletter), by name. The footer is on every
 * cached public page, so this is read once and kept in memory until a list changes (its key
 * announced), never queried per request.
 */
export const signUpLists: () => Promise<SignUpListView[]> = memoized(
  'newsletter-sign-up-lists',
  async () => {
    const rows = await getDb()
      .select({
        id: newsletterLists.id,
        name: newsletterLists.name,
        description: newsletterLists.description,
        kind: newsletterLists.kind,
        cadence: newsletterLists.cadence,
        sendTime: newsletterLists.sendTime,
        weekday: newsletterLists.weekday,
        isDefault: newsletterLists.isDefault,
      })
      .from(newsletterLists)
      .orderBy(asc(newsletterLists.name), asc(newsletterLists.id))
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      schedule: listSchedule(row),
      isDefault: row.isDefault,
    }))
  },
  { ttlMs: 10 * 60_000, shows: () => [NEWSLETTER_LISTS_KEY] },
)

export interface NewsletterSubscriber {
  id: number
  email: string
  confirmedAt: Date | null
  consentedAt: Date | null
  source: string
  pausedAt: Date | null
  createdAt: Date
}

/** Every subscriber, newest first (the back office lists and exports them). */
export async function listNewsletterSubscribers(): Promise<NewsletterSubscriber[]> {
  return getDb()
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      confirmedAt: newsletterSubscribers.confirmedAt,
      consentedAt: newsletterSubscribers.consentedAt,
      source: newsletterSubscribers.source,
      pausedAt: newsletterSubscribers.pausedAt,
      createdAt: newsletterSubscribers.createdAt,
    })
    .from(newsletterSubscribers)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
}

export type Suppression = typeof newsletterSuppressions.$inferSelect

/** The addresses no send reaches, newest first. */
export async function listSuppressions(): Promise<Suppression[]> {
  return getDb()
    .select()
    .from(newsletterSuppressions)
    .orderBy(desc(newsletterSuppressions.createdAt), desc(newsletterSuppressions.email))
}

export interface SubscriberRow extends NewsletterSubscriber {
  /** The names of the lists the address is on, by name. */
  lists: string[]
  state: SubscriberState
}

/**
 * The states, one per address: unsubscribed (on the suppression list, whatever the reason),
 * else paused, else confirmed, else pending (no confirmation yet).
 */
const STATE = sql`case
    when exists (select 1 from newsletter_suppressions x where x.email = lower(s.email)) then 'unsubscribed'
    when s.paused_at is not null then 'paused'
    when s.confirmed_at is not null then 'confirmed'
    else 'pending' end`

function filtered(filter: SubscriberFilter) {
  const list =
    filter.listId === null
      ? sql`true`
      : sql`exists (select 1 from newsletter_subscriptions ns
                    where ns.subscriber_id = s.id and ns.list_id = ${filter.listId})`
  const state = filter.state === null ? sql`true` : sql`(${STATE}) = ${filter.state}`
  return sql`${list} and ${state}`
}

interface RawRow {
  id: number
  email: string
  confirmedAt: string | Date | null
  consentedAt: string | Date | null
  source: string
  pausedAt: string | Date | null
  createdAt: string | Date
  lists: string[] | null
  state: SubscriberState
}

const toDate = (value: string | Date | null) => (value === null ? null : new Date(value))

async function subscriberRows(query: ReturnType<typeof sql>): Promise<SubscriberRow[]> {
  const { rows } = (await getDb().execute(query)) as unknown as { rows: RawRow[] }
  return rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    confirmedAt: toDate(r.confirmedAt),
    consentedAt: toDate(r.consentedAt),
    source: r.source,
    pausedAt: toDate(r.pausedAt),
    createdAt: new Date(r.createdAt),
    lists: r.lists ?? [],
    state: r.state,
  }))
}

const COLUMNS = sql`s.id, s.email, s.confirmed_at as "confirmedAt", s.consented_at as "consentedAt",
  s.source, s.paused_at as "pausedAt", s.created_at as "createdAt",
  array(select l.name from newsletter_subscriptions ns
        join newsletter_lists l on l.id = ns.list_id
        where ns.subscriber_id = s.id order by l.name) as lists,
  ${STATE} as state`

export const SUBSCRIBERS_PAGE_SIZE = 50

/** One page of the filtered subscribers, newest first, with the filtered total. */
export async function listSubscribersPage(
  filter: SubscriberFilter,
  page: number,
  pageSize = SUBSCRIBERS_PAGE_SIZE,
) {
  const where = filtered(filter)
  const [rows, counted] = await Promise.all([
    subscriberRows(sql`select ${COLUMNS} from newsletter_subscribers s where ${where}
      order by s.created_at desc, s.id desc
      limit ${pageSize} offset ${(page - 1) * pageSize}`),
    getDb().execute(
      sql`select count(*)::int as n from newsletter_subscribers s where ${where}`,
    ) as unknown as Promise<{ rows: { n: number | string }[] }>,
  ])
  const total = Number(counted.rows[0]?.n ?? 0)
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) }
}

/** The filtered subscribers for the export, newest first, a thousand rows per query. */
export async function* subscribersForExport(
  filter: SubscriberFilter,
): AsyncGenerator<SubscriberRow> {
  let after: { createdAt: Date; id: number } | null = null
  for (;;) {
    const from: { createdAt: Date; id: number } | null = after
    const keyset = from
      ? // The row's own stored time: a Date holds milliseconds, the column microseconds.
        sql`and (s.created_at, s.id) < (coalesce((select created_at from newsletter_subscribers
              where id = ${from.id}), ${from.createdAt.toISOString()}::timestamptz), ${from.id})`
      : sql``
    const rows = await subscriberRows(sql`select ${COLUMNS} from newsletter_subscribers s
      where ${filtered(filter)} ${keyset}
      order by s.created_at desc, s.id desc limit 1000`)
    yield* rows
    if (rows.length < 1000) return
    const last = rows[rows.length - 1]
    after = { createdAt: last.createdAt, id: last.id }
  }
}
