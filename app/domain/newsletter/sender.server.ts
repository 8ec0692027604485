import crypto from 'node:crypto'
import os from 'node:os'
import { sql } from 'drizzle-orm'
import { getDb, type Database } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { logger } from '~/infra/logger.server'
import { sendBulkMail, type BulkOutcome } from '~/infra/mail.server'
import { onSendStarted, startIssueSend } from './issue-send.server'
import { listIdHeader, messageIdDomain, readerLinks } from './message-headers.server'
import { QUEUE_CHUNK, queueMore } from './send-queue.server'
import { buildDueDigests } from './digests.server'
import { ANNOUNCE_DAYS } from './lists-schema'
import { personalize, withAnnouncements, type MailAnnouncement } from './newsletter-mail.server'
import { personalizeClicks, withOpenImage } from './tracking-token.server'

/**
 * The background sender: one per instance, all instances sharing every send.
 *
 * Each claims a batch of an issue's queued deliveries with FOR UPDATE SKIP LOCKED (two
 * instances never take the same row), marks them 'sending' with its name and the time (the
 * lease), gives each a Message-ID if it has none yet, commits, and only then talks to the SMTP
 * server. Outcomes are written back a few at a time. A row whose lease ran out while still
 * 'sending' belonged to an instance that died: another takes it over and sends it again, with
 * the Message-ID already stored, so the message is the same message (docs/newsletter-delivery.md
 * explains why this is the most a sender can promise over SMTP, and what it gives).
 */

export interface SenderOptions {
  /**
   * The database this sender works on (default: the site's, `getDb()`). Kept for
   * sender.pg.test.ts, which runs three instances' senders on three pools of one database in one
   * process; the site and the bench's child process use the installed database.
   */
  db?: Database
  /** Name written on the rows this sender holds. */
  name?: string
  /** Rows per claim (default: ten seconds' worth at the rate, at most 100). */
  batchSize?: number
  /** A row held longer than this by a silent instance is taken over (ms). */
  leaseMs?: number
  /** Time between looks for work when idle (ms). */
  pollMs?: number
  /** First retry after a temporary failure (ms); doubles each attempt, up to an hour. */
  retryBaseMs?: number
  /** Attempts before a temporary failure becomes final. */
  maxAttempts?: number
  /** Messages per minute; 0: no limit (default: NEWSLETTER_RATE_PER_MINUTE). */
  ratePerMinute?: number
  /** Digests are built by the periodic tick too (off in tests that only send). */
  buildDigests?: boolean
  /** Delivery rows queued per statement as a send goes (send-queue.server.ts, QUEUE_CHUNK). */
  queueChunk?: number
}

interface Claimed {
  id: number
  email: string
  subscriberId: number | null
  messageId: string
  attempts: number
  preferencesToken: string | null
  skip: string | null
  /** New lists to announce to this reader (issue 36). */
  announcements: (MailAnnouncement & { id: number })[]
}

interface IssueMail {
  id: number
  listId: number
  subject: string
  html: string
  text: string
  /** The List-Id header. */
  listHeader: string
}

/** A token bucket: at most `perMinute` messages a minute, in a smooth stream. */
class RateLimiter {
  private next = 0
  constructor(private readonly perMinute: number) {}
  async take() {
    if (this.perMinute <= 0) return
    const gap = 60_000 / this.perMinute
    const now = performance.now()
    const at = Math.max(now, this.next)
    this.next = at + gap
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now))
  }
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

const idArray = (ids: number[]) => `{${ids.join(',')}}`

export class NewsletterSender {
  readonly name: string
  private readonly options: Required<Omit<SenderOptions, 'db' | 'name'>>
  private readonly limiter: RateLimiter
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private again = false
  private stopped = false
  private unwake: (() => void) | undefined
  private measurePass: (pass: () => Promise<void>) => Promise<void> = (pass) => pass()
  /** Messages the SMTP server accepted from this sender. */
  sent = 0

  constructor(private readonly opts: SenderOptions = {}) {
    const env = getEnv()
    const rate = opts.ratePerMinute ?? env.NEWSLETTER_RATE_PER_MINUTE
    this.name =
      opts.name ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`
    this.options = {
      batchSize:
        opts.batchSize ?? (rate > 0 ? Math.max(1, Math.min(100, Math.ceil(rate / 6))) : 100),
      leaseMs: opts.leaseMs ?? 120_000,
      pollMs: opts.pollMs ?? 2_000,
      retryBaseMs: opts.retryBaseMs ?? 30_000,
      maxAttempts: opts.maxAttempts ?? 8,
      ratePerMinute: rate,
      buildDigests: opts.buildDigests ?? true,
      queueChunk: opts.queueChunk ?? QUEUE_CHUNK,
    }
    this.limiter = new RateLimiter(rate)
  }

  private get db() {
    return this.opts.db ?? getDb()
  }

  /**
   * Looks for work every `pollMs`, and at once when a send starts in this process.
   * `measurePass` wraps each pass (the job registry counts and times them: server/jobs.ts).
   */
  start({ measurePass }: { measurePass?: (pass: () => Promise<void>) => Promise<void> } = {}) {
    this.measurePass = measurePass ?? ((pass) => pass())
    this.stopped = false
    this.unwake = onSendStarted(() => void this.tick())
    const loop = () => {
      this.timer = setTimeout(() => {
        void this.tick().finally(() => {
          if (!this.stopped) loop()
        })
      }, this.options.pollMs)
      this.timer.unref()
    }
    loop()
    void this.tick()
    return this
  }

  async stop() {
    this.stopped = true
    clearTimeout(this.timer)
    this.unwake?.()
    await this.running?.catch(() => {})
  }

  /** One pass: due issues started, due digests built, every sending issue worked through. */
  tick(): Promise<void> {
    if (this.running) {
      // A wake-up during a pass: one more pass after it, so nothing waits for the poll.
      this.again = true
      return this.running
    }
    this.running = this.measurePass(() => this.pass())
      .catch((error: unknown) => logger.warn({ err: error }, 'newsletter sender: pass failed'))
      .finally(() => {
        this.running = undefined
        if (this.again && !this.stopped) {
          this.again = false
          void this.tick()
        }
      })
    return this.running
  }

  private async pass() {
    const db = this.db
    const due = await rows<{ id: number }>(
      db,
      sql`select id from newsletter_issues
          where status = 'scheduled' and scheduled_at <= now() order by scheduled_at`,
    )
    for (const { id } of due) {
      try {
        await startIssueSend(Number(id), null, { chunk: this.options.queueChunk, db })
      } catch (error) {
        logger.warn(
          { err: error, issueId: id },
          'newsletter sender: a scheduled issue did not start',
        )
      }
    }
    if (this.options.buildDigests) await buildDueDigests(new Date(), db)
    const sending = await rows<IssueMail & { slug: string; name: string }>(
      db,
      sql`select i.id, i.list_id as "listId", i.subject, i.html, i.text, l.slug, l.name
          from newsletter_issues i join newsletter_lists l on l.id = i.list_id
          where i.status = 'sending' order by i.started_at, i.id`,
    )
    for (const issue of sending) {
      if (this.stopped) return
      await this.drain({
        ...issue,
        id: Number(issue.id),
        listId: Number(issue.listId),
        listHeader: listIdHeader(issue),
      })
    }
    await this.finishIssues()
  }

  /** Claims and sends batches of one issue until none is left to claim. */
  private async drain(issue: IssueMail) {
    for (;;) {
      if (this.stopped) return
      const batch = await this.claim(issue)
      if (batch.length === 0) {
        // The queue is built as the send goes: more rows, or the issue is all queued.
        if (await queueMore(issue.id, this.options.queueChunk, this.db)) continue
        return
      }
      await this.sendBatch(issue, batch)
    }
  }

  private async claim(issue: IssueMail): Promise<Claimed[]> {
    const db = this.db
    const leaseSeconds = this.options.leaseMs / 1000
    const domain = messageIdDomain()
    // Claimed and committed before any message leaves: the Message-ID is on the row first.
    const claimed = await rows<{
      id: number | string
      email: string
      subscriberId: number | null
      messageId: string
      attempts: number
    }>(
      db,
      sql`with picked as (
            select d.id from newsletter_deliveries d
            join newsletter_issues i on i.id = d.issue_id and i.status = 'sending'
            where d.issue_id = ${issue.id}
              and ((d.status = 'queued' and d.next_attempt_at <= now())
                or (d.status = 'sending' and d.claimed_at < now() - make_interval(secs => ${leaseSeconds})))
            order by d.id
            limit ${this.options.batchSize}
            for update of d skip locked)
          update newsletter_deliveries d
          set status = 'sending', claimed_by = ${this.name}, claimed_at = now(),
              attempts = d.attempts + 1,
              message_id = coalesce(d.message_id,
                '<' || d.id || '.' || d.issue_id || '.' || replace(gen_random_uuid()::text, '-', '') || '@' || ${domain} || '>')
          from picked where d.id = picked.id
          returning d.id, d.email, d.subscriber_id as "subscriberId", d.message_id as "messageId", d.attempts`,
    )
    if (claimed.length === 0) return []
    // The report's "started": when the first batch of the issue was claimed, by any sender.
    await db.execute(sql`
      update newsletter_issues set delivery_started_at = now()
      where id = ${issue.id} and delivery_started_at is null`)
    // Checked again at send time: an address suppressed, paused or gone from the list since
    // the send was queued receives nothing.
    // The new lists announced to each reader (issue 36): made with the switch on, within
    // ANNOUNCE_DAYS, after the reader last chose lists (as the preferences page's "New"), not
    // one of theirs, and not announced to them before.
    const details = await rows<{
      id: number | string
      preferencesToken: string | null
      skip: string | null
      announcements: string | { id: number; name: string; description: string }[] | null
    }>(
      db,
      sql`select d.id, s.preferences_token as "preferencesToken",
            case when x.email is not null then 'suppressed: ' || x.reason
                 when s.id is null then 'subscriber removed'
                 when s.paused_at is not null then 'paused'
                 when ns.subscriber_id is null then 'unsubscribed from the list'
            end as skip,
            (select json_agg(json_build_object('id', n.id, 'name', n.name,
                               'description', n.description) order by n.created_at, n.id)
             from newsletter_lists n
             where n.announce_in_mail and n.id <> ${issue.listId}
               and n.created_at > now() - make_interval(days => ${ANNOUNCE_DAYS})
               and coalesce(s.lists_chosen_at, s.confirmed_at) < n.created_at
               and not exists (select 1 from newsletter_subscriptions o
                               where o.subscriber_id = s.id and o.list_id = n.id)
               and not exists (select 1 from newsletter_announcements a
                               where a.subscriber_id = s.id and a.list_id = n.id)
            ) as announcements
          from newsletter_deliveries d
          left join newsletter_subscribers s on s.id = d.subscriber_id
          left join newsletter_subscriptions ns on ns.subscriber_id = d.subscriber_id and ns.list_id = ${issue.listId}
          left join newsletter_suppressions x on x.email = d.email
          where d.id = any(${idArray(claimed.map((c) => Number(c.id)))}::bigint[])`,
    )
    const byId = new Map(details.map((d) => [Number(d.id), d]))
    return claimed.map((c) => {
      const d = byId.get(Number(c.id))
      return {
        id: Number(c.id),
        email: c.email,
        subscriberId: c.subscriberId === null ? null : Number(c.subscriberId),
        messageId: c.messageId,
        attempts: Number(c.attempts),
        preferencesToken: d?.preferencesToken ?? null,
        skip: d?.skip ?? null,
        announcements:
          typeof d?.announcements === 'string'
            ? JSON.parse(d.announcements)
            : (d?.announcements ?? []),
      }
    })
  }

  private async sendBatch(issue: IssueMail, batch: Claimed[]) {
    const recorder = new OutcomeRecorder(this.db, this.options)
    const skipped = batch.filter((row) => row.skip)
    if (skipped.length > 0) await recorder.skip(skipped)
    const queue = batch.filter((row) => !row.skip)
    // As many messages in flight as the pool has connections, each sent only once the
    // outcomes of those before it are (nearly) written: what a kill can leave accepted by the
    // SMTP server but not marked sent, and so sent again, stays a few groups, not the batch.
    const workers = Math.max(1, Math.min(queue.length, getEnv().SMTP_POOL_SIZE))
    // Read per batch, from this sender's database: a switch turned in the settings applies to
    // the messages still to go. No settings row yet: the defaults (clicks on, opens off).
    const [counting = { newsletterClickCounting: true, newsletterOpenCounting: false, brand: '' }] =
      await rows<{
        newsletterClickCounting: boolean
        newsletterOpenCounting: boolean
        brand: string
      }>(
        this.db,
        sql`select newsletter_click_counting as "newsletterClickCounting",
              newsletter_open_counting as "newsletterOpenCounting", logo_text as brand
            from site_settings where id = 1`,
      )
    await Promise.all(
      Array.from({ length: workers }, async () => {
        for (let row = queue.shift(); row; row = queue.shift()) {
          await this.limiter.take()
          if (this.stopped) {
            await recorder.release(row)
            continue
          }
          await recorder.caughtUp()
          const links = readerLinks(
            { id: row.subscriberId ?? 0, preferencesToken: row.preferencesToken },
            issue.listId,
          )
          const reader = { issueId: issue.id, subscriberId: row.subscriberId ?? 0 }
          const clicks = counting.newsletterClickCounting ? reader : null
          const mail = withAnnouncements(issue, counting.brand || 'Broadsheet', row.announcements)
          const html = personalizeClicks(personalize(mail.html, links), clicks)
          const outcome = await sendBulkMail({
            to: row.email,
            subject: issue.subject,
            html: counting.newsletterOpenCounting ? withOpenImage(html, reader) : html,
            text: personalizeClicks(personalize(mail.text, links), clicks),
            messageId: row.messageId,
            date: new Date(),
            headers: {
              'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              'List-Id': issue.listHeader,
              Precedence: 'bulk',
            },
          })
          if (outcome.ok) this.sent++
          // Shown once: recorded as the message is accepted (a message sent again after a
          // lost write carries it again, as the same message).
          if (outcome.ok && mail.announced && row.subscriberId !== null) {
            await this.db.execute(sql`
              insert into newsletter_announcements (subscriber_id, list_id, issue_id)
              select ${row.subscriberId}, unnest(${idArray(row.announcements.map((a) => a.id))}::integer[]), ${issue.id}
              on conflict do nothing`)
          }
          await recorder.record(row, outcome)
        }
      }),
    )
    await recorder.flush()
  }

  /** Issues with nothing left queued or in flight: sent (or failed, if nothing went). */
  private async finishIssues() {
    await this.db.execute(sql`
      update newsletter_issues i set
        status = case when exists (select 1 from newsletter_deliveries d
                                   where d.issue_id = i.id and d.status = 'failed')
                       and not exists (select 1 from newsletter_deliveries d
                                   where d.issue_id = i.id and d.status = 'sent')
                      then 'failed' else 'sent' end,
        failure = case when not exists (select 1 from newsletter_deliveries d
                                   where d.issue_id = i.id and d.status = 'sent')
                       and exists (select 1 from newsletter_deliveries d
                                   where d.issue_id = i.id and d.status = 'failed')
                      then 'No message was accepted by the mail server' end,
        finished_at = now(), updated_at = now(),
        delivery_finished_at = (select max(d.sent_at) from newsletter_deliveries d
                                where d.issue_id = i.id)
      where i.status = 'sending' and i.queue_cursor is null
        and not exists (select 1 from newsletter_deliveries d
                        where d.issue_id = i.id and d.status in ('queued', 'sending'))`)
  }
}

/**
 * Writes outcomes back. Accepted messages are written in small groups as they come (one
 * UPDATE per group instead of one per message): a kill between the SMTP server's "250" and
 * this write leaves at most two groups and the messages in flight 'sending' (`caughtUp` holds
 * the next message back until then), which are sent again with the same Message-ID after the
 * lease.
 */
class OutcomeRecorder {
  private sent: number[] = []
  /** Accepted messages whose 'sent' is not committed yet (waiting or being written). */
  private unwritten = 0
  private writing: Promise<unknown> = Promise.resolve()
  constructor(
    private readonly db: Database,
    private readonly options: { retryBaseMs: number; maxAttempts: number },
  ) {}

  static readonly GROUP = 10

  async record(row: Claimed, outcome: BulkOutcome) {
    if (outcome.ok) {
      this.sent.push(row.id)
      this.unwritten++
      if (this.sent.length >= OutcomeRecorder.GROUP) await this.flush()
      return
    }
    if (outcome.kind === 'temporary' && row.attempts < this.options.maxAttempts) {
      const delayMs = Math.min(3_600_000, this.options.retryBaseMs * 2 ** (row.attempts - 1))
      await this.db.execute(sql`
        update newsletter_deliveries set status = 'queued', claimed_by = null,
          next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}),
          last_error = ${outcome.error}
        where id = ${row.id}`)
      return
    }
    await this.db.execute(sql`
      update newsletter_deliveries set status = 'failed', claimed_by = null,
        last_error = ${outcome.error}
      where id = ${row.id}`)
    if (outcome.ok === false && outcome.bounce) {
      await this.db.execute(sql`
        insert into newsletter_suppressions (email, reason, detail)
        values (${row.email}, 'bounced', ${outcome.error})
        on conflict (email) do nothing`)
    }
  }

  /** A row this sender will not send after all (stopping): back to the queue, untouched. */
  async release(row: Claimed) {
    await this.db.execute(sql`
      update newsletter_deliveries set status = 'queued', claimed_by = null,
        attempts = greatest(attempts - 1, 0)
      where id = ${row.id} and status = 'sending'`)
  }

  async skip(rows: Claimed[]) {
    for (const row of rows) {
      await this.db.execute(sql`
        update newsletter_deliveries set status = 'suppressed', claimed_by = null,
          last_error = ${row.skip}
        where id = ${row.id}`)
    }
  }

  flush() {
    const ids = this.sent.splice(0)
    if (ids.length === 0) return this.writing
    // One write at a time, in order.
    this.writing = this.writing
      .then(() =>
        this.db.execute(sql`
        update newsletter_deliveries set status = 'sent', sent_at = now(), claimed_by = null,
          last_error = null
        where id = any(${idArray(ids)}::bigint[])`),
      )
      .then(() => {
        this.unwritten -= ids.length
      })
    return this.writing
  }

  /**
   * Waits while the database is more than two groups behind the SMTP server. A database slower
   * than the mail server (PGlite shares its thread with the sending) would otherwise fall a
   * whole batch behind, and a kill would send that batch again.
   */
  async caughtUp() {
    while (this.unwritten > 2 * OutcomeRecorder.GROUP) await this.writing
  }
}
