import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '~/infra/db.server'
import { prepareDataDir, spawnScript } from '../../../tests/setup/child-process'
import { startSmtpSink, type SmtpSink } from '../../../tests/setup/smtp-sink'

/*
 * kill -9 in the middle of a send, then a new sender: every recipient has exactly one
 * message (issue: "count Message-IDs per recipient at the SMTP server"). The sender runs in a
 * process of its own (bench/support/newsletter-sender-child.ts, the bench's) on an embedded
 * database on disk, against a real SMTP server on 127.0.0.1 that takes a little time per
 * message so that the kill lands half way. A message in flight at the kill may arrive twice
 * with its one Message-ID (chosen and stored before the send); never with two. The rows are
 * queued 25 at a time, so the kill also lands while the queue is still being built.
 */

const READERS = 120
const CHILD = 'bench/support/newsletter-sender-child.ts'
let dataDir = ''
let issueId = 0
let sink: SmtpSink

beforeAll(async () => {
  dataDir = await prepareDataDir('broadsheet-newsletter-kill-')
  const handle = await openPglite(path.join(dataDir, 'db'))
  const { db } = handle
  await db.execute(sql`
    insert into newsletter_lists (slug, name, kind) values ('killed', 'Killed Edition', 'edition')`)
  await db.execute(sql`
    insert into articles (title, slug, excerpt, content, status, published_at)
    values ('Harbour bridge reopens', 'harbour-bridge', 'Traffic flows again.', '<p>Body</p>',
            'published', now() - interval '1 hour')`)
  await db.execute(sql`
    insert into newsletter_subscribers (email, confirm_token, confirmed_at)
    select 'reader' || i || '@kill.example', 'kill-' || i, now() from generate_series(1, ${READERS}) i`)
  await db.execute(sql`
    insert into newsletter_subscriptions (subscriber_id, list_id)
    select s.id, l.id from newsletter_subscribers s, newsletter_lists l where l.slug = 'killed'`)
  const inserted = await db.execute(sql`
    insert into newsletter_issues (list_id, subject, intro, article_ids)
    select id, 'Killed edition', 'The week in brief.',
           (select array_agg(id) from articles where slug = 'harbour-bridge')
    from newsletter_lists where slug = 'killed' returning id`)
  issueId = Number((inserted.rows[0] as { id: number }).id)
  await handle.close()
  sink = await startSmtpSink({ keepRaw: false, delayMs: 25 })
})

afterAll(async () => {
  await sink.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

function sender(start: boolean) {
  return spawnScript(CHILD, {
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    SMTP_POOL_SIZE: '2',
    ISSUE_ID: String(issueId),
    START: start ? '1' : '0',
    LEASE_MS: '2000',
    QUEUE_CHUNK: '25',
  })
}

describe('a newsletter send killed with SIGKILL half way', () => {
  it('is finished by a new sender: nobody missing, nobody with two Message-IDs', async () => {
    const first = sender(true)
    expect(await first.next((e) => e.event === 'started')).toMatchObject({ recipients: READERS })
    const atKill = await new Promise<number>((resolve, reject) => {
      const poll = setInterval(() => {
        if (sink.messages.length >= READERS / 2) {
          first.proc.kill('SIGKILL')
          clearInterval(poll)
          resolve(sink.messages.length)
        }
      }, 5)
      first.exited.then(() => {
        clearInterval(poll)
        reject(new Error(`the sender ended before the kill:\n${first.stderr()}`))
      }, reject)
    })
    expect(await first.exited).toBeNull()
    expect(atKill).toBeLessThan(READERS)

    const second = sender(false)
    expect(await second.exited, second.stderr()).toBe(0)

    const ids = sink.idsByRecipient()
    const missing: string[] = []
    const twoIds: string[] = []
    for (let i = 1; i <= READERS; i++) {
      const email = `reader${i}@kill.example`
      const got = ids.get(email) ?? []
      if (got.length === 0) missing.push(email)
      if (new Set(got).size > 1) twoIds.push(email)
    }
    expect(missing).toEqual([])
    expect(twoIds).toEqual([])
    // Copies with the same Message-ID: only what was accepted but not yet marked sent at the
    // kill, which the sender keeps to two groups of 10 and the 2 messages in flight.
    expect(sink.messages.length - READERS).toBeLessThanOrEqual(22)

    const handle = await openPglite(path.join(dataDir, 'db'))
    try {
      const rows = (
        await handle.db.execute(sql`
          select email, status, message_id from newsletter_deliveries where issue_id = ${issueId}`)
      ).rows as { email: string; status: string; message_id: string }[]
      expect(rows).toHaveLength(READERS)
      for (const row of rows) {
        expect(row.status).toBe('sent')
        expect(ids.get(row.email)?.[0]).toBe(row.message_id)
      }
      const [issue] = (
        await handle.db.execute(sql`select status from newsletter_issues where id = ${issueId}`)
      ).rows
      expect(issue).toEqual({ status: 'sent' })
    } finally {
      await handle.close()
    }
  }, 300_000)
})
