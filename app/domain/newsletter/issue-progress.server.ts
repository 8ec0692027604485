import { sql } from 'drizzle-orm'
import { issueAndList, rowsOf } from './issue-lookup.server'
import type { SendProgress } from './issue-views'

export async function issueProgress(issueId: number): Promise<SendProgress> {
  const { issue } = await issueAndList(issueId)
  const counts = await rowsOf<{ status: string; n: number | string }>(
    sql`select status, count(*)::int as n from newsletter_deliveries
        where issue_id = ${issueId} group by status`,
  )
  const by = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0)
  // Recipients whose rows the senders have not queued yet are waiting too.
  const rows = counts.reduce((sum, c) => sum + Number(c.n), 0)
  const notYetQueued = issue.queueCursor !== null ? Math.max(0, issue.recipientCount - rows) : 0
  const [left] = await rowsOf<{ n: number | string }>(
    sql`select count(*)::int as n from newsletter_deliveries d
        where d.issue_id = ${issueId}
          and (not exists (select 1 from newsletter_subscriptions ns
                           where ns.subscriber_id = d.subscriber_id and ns.list_id = ${issue.listId})
               or exists (select 1 from newsletter_suppressions x
                          where x.email = d.email and x.reason = 'unsubscribed'))`,
  )
  return {
    status: issue.status,
    recipients: issue.recipientCount,
    // A message being handed over counts as queued until the SMTP server takes it.
    queued: by('queued') + by('sending') + notYetQueued,
    sent: by('sent'),
    failed: by('failed'),
    suppressed: by('suppressed'),
    cancelled: by('cancelled'),
    unsubscribedSince: Number(left?.n ?? 0),
  }
}
