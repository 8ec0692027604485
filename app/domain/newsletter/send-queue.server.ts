import { eq, sql } from 'drizzle-orm'
import { newsletterIssues, newsletterSubscribers, newsletterSubscriptions } from '@db/schema/index'
import { getDb, type Database, type Transaction } from '~/infra/db.server'
import { rowsOf } from './issue-lookup.server'

// A send's recipients, and its delivery rows queued a chunk at a time.

/** Who receives a list now: confirmed, subscribed to it, not paused, not suppressed. */
function recipientsOf(listId: number) {
  return sql`
    from ${newsletterSubscriptions} ns
    join ${newsletterSubscribers} s on s.id = ns.subscriber_id
    where ns.list_id = ${listId}
      and s.confirmed_at is not null
      and s.paused_at is null
      and not exists (select 1 from newsletter_suppressions x where x.email = lower(s.email))`
}

/** `db`: the start's transaction, which counts under the issue's row lock (issue-send.server.ts). */
export async function countRecipients(
  listId: number,
  db: Database | Transaction = getDb(),
): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(
    sql`select count(*)::int as n ${recipientsOf(listId)}`,
    db,
  )
  return Number(row?.n ?? 0)
}

/**
 * Delivery rows queued per statement. The start queues the first chunk and the senders the
 * rest as they go (`queueMore`), so the first messages leave at once instead of after one
 * statement for the whole list (26 s for 100,000 subscribers on PGlite, docs/performance.md).
 */
export const QUEUE_CHUNK = 2_000

/** The start's own chunk is smaller: it stands between "send" and the first message. */
export const FIRST_QUEUE_CHUNK = 200

/**
 * The next chunk of an issue's recipients after subscriber `after`, queued as delivery rows:
 * the list's next `size` subscriptions in subscriber order, of which those confirmed, not
 * paused and not suppressed (checked again when each message goes). The last subscriber id
 * looked at, or null once the list is done.
 *
 * The chunk is read from the list's index first and only then joined, one subscriber at a
 * time, so its cost follows the chunk, not the list, whatever the planner knows: the embedded
 * database has no statistics until its first vacuum, and a plan that scans every subscriber to
 * sort them held the first message of a 100,000-reader send back by a second.
 *
 * A step of its caller's transaction (the start's, or `queueMore`'s), which it takes as `tx`.
 */
export async function queueChunk(
  tx: Transaction,
  issue: { id: number; listId: number },
  after: number,
  size: number,
): Promise<number | null> {
  const [row] = await rowsOf<{ scanned: number | string; last: number | string | null }>(
    sql`with scanned as (
          select subscriber_id from ${newsletterSubscriptions}
          where list_id = ${issue.listId} and subscriber_id > ${after}
          order by subscriber_id
          limit ${size}),
        picked as (
          select s.id, lower(s.email) as email
          from scanned,
          lateral (select id, email, confirmed_at, paused_at from ${newsletterSubscribers}
                   where id = scanned.subscriber_id) s
          where s.confirmed_at is not null
            and s.paused_at is null
            and not exists (select 1 from newsletter_suppressions x where x.email = lower(s.email))),
        -- Every mail links to the reader's preferences page: subscribers from before it get a key.
        keyed as (
          update newsletter_subscribers s set preferences_token =
            replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
          from picked where s.id = picked.id and s.preferences_token is null),
        queued as (
          insert into newsletter_deliveries (issue_id, subscriber_id, email)
          select ${issue.id}, id, email from picked
          on conflict (issue_id, email) do nothing)
        -- keyed and queued run whether or not they are read (data-modifying CTEs).
        select (select count(*) from scanned)::int as scanned,
               (select max(subscriber_id) from scanned) as last`,
    tx,
  )
  const scanned = Number(row?.scanned ?? 0)
  return scanned < size || row?.last == null ? null : Number(row.last)
}

/**
 * Queues the next chunk of a send whose rows are not all queued yet; false when there is
 * nothing more to queue (done, cancelled or not sending). The issue's row lock makes the
 * senders of several instances take chunks one after the other, each after the last. `db`: an
 * instance's sender passes its own handle (sender.server.ts, `SenderOptions.db`).
 */
export async function queueMore(
  issueId: number,
  chunk: number = QUEUE_CHUNK,
  db: Database = getDb(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [issue] = await tx
      .select({
        status: newsletterIssues.status,
        listId: newsletterIssues.listId,
        queueCursor: newsletterIssues.queueCursor,
      })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, issueId))
      .for('update')
    if (!issue || issue.status !== 'sending' || issue.queueCursor === null) return false
    const cursor = await queueChunk(
      tx,
      { id: issueId, listId: issue.listId },
      issue.queueCursor,
      chunk,
    )
    await tx
      .update(newsletterIssues)
      .set({ queueCursor: cursor })
      .where(eq(newsletterIssues.id, issueId))
    return true
  })
}
