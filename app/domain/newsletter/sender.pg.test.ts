import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  newsletterDeliveries,
  newsletterIssues,
  newsletterLists,
  newsletterSubscribers,
  newsletterSubscriptions,
} from '@db/schema/index'
import { getDatabaseHandle, getDb, openPostgres, type DatabaseHandle } from '~/infra/db.server'
import { insertArticle } from '../../../tests/setup/content-fixtures'
import { startMailSink, stopMailSink, type SmtpSink } from '../../../tests/setup/smtp-sink'
import { issueProgress } from './issue-progress.server'
import { startIssueSend } from './issue-send.server'
import { buildDueDigests } from './digests.server'
import { NewsletterSender } from './sender.server'

// Three instances of the site on one PostgreSQL: three pools of their own on this file's
// database, each with its sender, as three processes would have. They share one send through
// FOR UPDATE SKIP LOCKED and never mail anyone twice; three that wake together build a digest
// window once. (The same rules on the embedded database: issue-send.server.test.ts.)

const INSTANCES = 3
const READERS = 240

let sink: SmtpSink
let instances: DatabaseHandle[] = []

function databaseUrl(): string {
  const pool = getDatabaseHandle().pool!
  return (pool.options as { connectionString: string }).connectionString
}

beforeAll(async () => {
  sink = await startMailSink()
  instances = Array.from({ length: INSTANCES }, () => openPostgres(databaseUrl(), 4))
})

afterAll(async () => {
  await stopMailSink(sink)
  await Promise.all(instances.map((instance) => instance.close()))
})

async function listWithReaders(fields: Partial<typeof newsletterLists.$inferInsert>, n: number) {
  const slug = `shared-${fields.kind}-${Date.now().toString(36)}`
  const [list] = await getDb()
    .insert(newsletterLists)
    .values({ slug, name: `Shared ${fields.kind}`, kind: 'edition', ...fields })
    .returning()
  const readers = await getDb()
    .insert(newsletterSubscribers)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `${slug}-${i}@example.test`,
        confirmToken: `${slug}-token-${i}`,
        confirmedAt: new Date(),
      })),
    )
    .returning()
  await getDb()
    .insert(newsletterSubscriptions)
    .values(readers.map((reader) => ({ subscriberId: reader.id, listId: list.id })))
  return { list, readers }
}

describe('three instances on one PostgreSQL', () => {
  it('share one send: every reader gets exactly one message, and each instance sends a part', async () => {
    const { list, readers } = await listWithReaders({ kind: 'edition' }, READERS)
    const article = await insertArticle({ title: 'Council votes on the harbour plan' })
    const [issue] = await getDb()
      .insert(newsletterIssues)
      .values({ listId: list.id, subject: 'The week in Calder Bay', articleIds: [article.id] })
      .returning()
    // Queued 30 rows at a time: the three build the rest of the queue as they go, one chunk
    // after another under the issue's row lock.
    await startIssueSend(issue.id, null, { chunk: 30 })

    const senders = instances.map(
      (db, i) =>
        new NewsletterSender({
          db: db.db,
          name: `instance-${i + 1}`,
          batchSize: 10,
          ratePerMinute: 0,
          buildDigests: false,
          queueChunk: 30,
        }),
    )
    await Promise.all(senders.map((sender) => sender.tick()))

    // At the SMTP server: each reader once, each Message-ID once.
    const received = sink.messages.filter((m) => m.to.endsWith('@example.test'))
    expect(received).toHaveLength(READERS)
    expect(new Set(received.map((m) => m.to)).size).toBe(READERS)
    expect([...sink.idsByRecipient().values()].every((ids) => ids.length === 1)).toBe(true)
    expect(new Set(received.map((m) => m.messageId)).size).toBe(READERS)
    expect(received.map((m) => m.to).sort()).toEqual(readers.map((r) => r.email).sort())

    // The work was shared: every instance claimed and sent some of it.
    expect(senders.reduce((total, sender) => total + sender.sent, 0)).toBe(READERS)
    for (const sender of senders) expect(sender.sent).toBeGreaterThan(0)
    const rows = await getDb()
      .select({ status: newsletterDeliveries.status })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.issueId, issue.id))
    expect(rows).toHaveLength(READERS)
    expect(rows.every((row) => row.status === 'sent')).toBe(true)
    expect(await issueProgress(issue.id)).toMatchObject({
      status: 'sent',
      recipients: READERS,
      sent: READERS,
      queued: 0,
      failed: 0,
    })
  })

  it('build a digest window once when all three wake together', async () => {
    const created = new Date(Date.now() - 40 * 86_400_000)
    const { list } = await listWithReaders(
      {
        kind: 'digest',
        cadence: 'daily',
        sendTime: '00:00',
        timeZone: 'UTC',
        minStories: 1,
        createdAt: created,
      },
      3,
    )
    // A morning a month ago, so that only the story below falls in its window.
    const midnight = new Date()
    midnight.setUTCHours(0, 0, 0, 0)
    midnight.setUTCDate(midnight.getUTCDate() - 30)
    await insertArticle({ publishedAt: new Date(midnight.getTime() - 2 * 3_600_000) })
    const now = new Date(midnight.getTime() + 6 * 3_600_000)

    await Promise.all(instances.map((instance) => buildDueDigests(now, instance.db)))
    const issues = await getDb()
      .select()
      .from(newsletterIssues)
      .where(eq(newsletterIssues.listId, list.id))
    expect(issues).toHaveLength(1)
    expect(issues[0]).toMatchObject({
      windowKey: midnight.toISOString().slice(0, 10),
      recipientCount: 3,
    })
    const queued = await getDb()
      .select({ email: newsletterDeliveries.email })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.issueId, issues[0].id))
    expect(queued).toHaveLength(3)
  })
})
