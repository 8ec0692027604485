import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  newsletterDeliveries,
  newsletterIssues,
  newsletterLists,
  newsletterSubscribers,
  newsletterSubscriptions,
  newsletterSuppressions,
} from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { insertArticle } from '../../../tests/setup/content-fixtures'
import {
  parseMessage,
  startMailSink,
  stopMailSink,
  type SmtpSink,
} from '../../../tests/setup/smtp-sink'
import { sendArticleAlert } from './alert-send.server'
import { issueProgress } from './issue-progress.server'
import { renderIssue } from './issue-render.server'
import { cancelIssueSend, startIssueSend } from './issue-send.server'
import { buildDueDigests } from './digests.server'
import { countRecipients, queueMore } from './send-queue.server'
import { NewsletterSender } from './sender.server'
import { sendTestMessage } from './test-message.server'
import { unsubscribeToken } from './unsubscribe-token.server'

let sink: SmtpSink
let refusals = new Map<string, (attempt: number) => { code: number; message: string } | null>()
let seq = 0

beforeAll(async () => {
  sink = await startMailSink({ refuse: (to, attempt) => refusals.get(to)?.(attempt) ?? null })
})

afterEach(async () => {
  // Each test's sends end with it: the next test's sender finds only its own.
  await getDb().execute(
    sql`update newsletter_issues set status = 'cancelled' where status in ('sending', 'scheduled')`,
  )
  sink.messages.length = 0
  refusals = new Map()
})

afterAll(async () => {
  await stopMailSink(sink)
})

async function makeList(fields: Partial<typeof newsletterLists.$inferInsert> = {}) {
  seq++
  const [list] = await getDb()
    .insert(newsletterLists)
    .values({ slug: `list-${seq}`, name: `Alerts ${seq}`, kind: 'alert', ...fields })
    .returning()
  return list
}

async function subscribe(listId: number, count: number, fields: { confirmed?: boolean } = {}) {
  const rows = await getDb()
    .insert(newsletterSubscribers)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `reader${++seq}-${i}@example.test`,
        confirmToken: `token-${seq}-${i}`,
        confirmedAt: fields.confirmed === false ? null : new Date(),
      })),
    )
    .returning()
  await getDb()
    .insert(newsletterSubscriptions)
    .values(rows.map((r) => ({ subscriberId: r.id, listId })))
  return rows
}

/** A header of a raw message, unfolded. */
function header(raw: string, name: string) {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ')
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim()
}

function sender(options: ConstructorParameters<typeof NewsletterSender>[0] = {}) {
  return new NewsletterSender({ ratePerMinute: 0, buildDigests: false, ...options })
}

describe('a newsletter send', () => {
  it('mails every recipient once, with the list headers and a real text part', async () => {
    const list = await makeList()
    const readers = await subscribe(list.id, 3)
    await subscribe(list.id, 1, { confirmed: false })
    const article = await insertArticle({
      title: 'Harbour bridge reopens',
      excerpt: 'Traffic flows again after two years.',
      featuredImage: '/media/media/bridge.jpg',
    })
    expect(await countRecipients(list.id)).toBe(3)

    const { issueId, recipients } = await sendArticleAlert({
      articleId: article.id,
      listId: list.id,
    })
    expect(recipients).toBe(3)
    await sender().tick()

    expect(sink.messages.map((m) => m.to).sort()).toEqual(readers.map((r) => r.email).sort())
    const mail = await parseMessage(sink.messages[0])
    const reader = readers.find((r) => r.email === sink.messages[0].to)!
    expect(mail.subject).toBe('Harbour bridge reopens')
    const raw = sink.messages[0].raw
    expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    expect(header(raw, 'List-Unsubscribe')).toBe(
      `<http://localhost:3000/newsletter/unsubscribe?t=${unsubscribeToken({ subscriberId: reader.id, listId: list.id })}>`,
    )
    expect(header(raw, 'List-Id')).toBe(`"${list.name}" <${list.slug}.list-id.localhost>`)
    expect(header(raw, 'Date')).toMatch(/\d{4} \d{2}:\d{2}:\d{2} \+0000$/)
    expect(mail.date).toBeInstanceOf(Date)
    const [row] = await getDb()
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.email, reader.email))
    expect(mail.messageId).toBe(row.messageId)
    expect(row.status).toBe('sent')

    // multipart/alternative: a written text part and HTML, absolute links, sized images.
    expect(sink.messages[0].raw).toMatch(/Content-Type: multipart\/alternative/i)
    expect(mail.text).toContain('Harbour bridge reopens')
    // The story's link goes through the site's counted redirect (issue 36), absolute too.
    expect(mail.text).toMatch(/Read the story: http:\/\/localhost:3000\/n\/c\/[\w.-]+\n/)
    expect(mail.text).toContain(
      'Unsubscribe from this list: http://localhost:3000/newsletter/unsubscribe?t=',
    )
    const html = String(mail.html)
    expect(Buffer.byteLength(sink.messages[0].raw)).toBeLessThan(100 * 1024)
    expect(html).not.toMatch(/href="\//)
    expect(html).toMatch(/<img[^>]+src="http:\/\/localhost:3000\/media\/media\/bridge\.jpg"/)
    for (const img of html.match(/<img[^>]*>/g) ?? []) {
      expect(img).toMatch(/width="\d+"/)
      expect(img).toMatch(/height="\d+"/)
    }
    expect(html.match(/<img/g)).toHaveLength(1) // the story's picture, no tracking pixel
    expect(html).not.toContain('{{')

    const progress = await issueProgress(issueId)
    expect(progress).toMatchObject({ status: 'sent', recipients: 3, sent: 3, queued: 0, failed: 0 })
  })

  it('refuses a second alert for the same story and list', async () => {
    const list = await makeList()
    await subscribe(list.id, 1)
    const article = await insertArticle()
    await sendArticleAlert({ articleId: article.id, listId: list.id })
    await expect(
      sendArticleAlert({ articleId: article.id, listId: list.id }),
    ).rejects.toMatchObject({ code: 'ALREADY_SENT' })
  })

  it('starting twice queues nobody twice', async () => {
    const list = await makeList({ kind: 'edition' })
    await subscribe(list.id, 4)
    const article = await insertArticle()
    const [issue] = await getDb()
      .insert(newsletterIssues)
      .values({ listId: list.id, subject: 'Edition', articleIds: [article.id] })
      .returning()
    const [a, b] = await Promise.all([startIssueSend(issue.id), startIssueSend(issue.id)])
    expect([a.recipients, b.recipients]).toEqual([4, 4])
    const rows = await getDb()
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.issueId, issue.id))
    expect(rows).toHaveLength(4)
  })

  it('queues its rows in chunks as the send goes, and is sent only once all are queued and sent', async () => {
    const list = await makeList({ kind: 'edition' })
    const readers = await subscribe(list.id, 8)
    const article = await insertArticle()
    const [issue] = await getDb()
      .insert(newsletterIssues)
      .values({ listId: list.id, subject: 'Edition', articleIds: [article.id] })
      .returning()
    const { recipients } = await startIssueSend(issue.id, null, { chunk: 3 })
    expect(recipients).toBe(8)
    // The start queued the first chunk only; the rest count as waiting all the same.
    const rowsNow = () =>
      getDb().select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, issue.id))
    expect(await rowsNow()).toHaveLength(3)
    expect(await issueProgress(issue.id)).toMatchObject({
      status: 'sending',
      recipients: 8,
      queued: 8,
    })
    // A reader who leaves before their chunk is queued is not mailed.
    const leaving = readers[6]
    await getDb()
      .delete(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.subscriberId, leaving.id))
    // A whole chunk with nobody to mail (all paused) does not end the queue.
    const pausing = readers.slice(3, 6)
    await getDb()
      .update(newsletterSubscribers)
      .set({ pausedAt: new Date() })
      .where(
        inArray(
          newsletterSubscribers.id,
          pausing.map((r) => r.id),
        ),
      )

    await sender({ queueChunk: 3, batchSize: 2 }).tick()
    const skipped = new Set([leaving, ...pausing].map((r) => r.id))
    const mailed = sink.messages.map((m) => m.to).sort()
    expect(mailed).toEqual(
      readers
        .filter((r) => !skipped.has(r.id))
        .map((r) => r.email)
        .sort(),
    )
    // Each reader got a preferences key with their chunk (none had one), and its link.
    for (const message of sink.messages) {
      expect((await parseMessage(message)).text).toMatch(
        /\/newsletter\/preferences\?t=[A-Za-z0-9_-]{20,}/,
      )
    }
    expect(await rowsNow()).toHaveLength(4)
    expect(await issueProgress(issue.id)).toMatchObject({
      status: 'sent',
      sent: 4,
      queued: 0,
    })
    const [stored] = await getDb()
      .select({ queueCursor: newsletterIssues.queueCursor })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, issue.id))
    expect(stored.queueCursor).toBeNull()
  })

  it('cancelled half-queued, it queues and sends no more', async () => {
    const list = await makeList({ kind: 'edition' })
    await subscribe(list.id, 5)
    const article = await insertArticle()
    const [issue] = await getDb()
      .insert(newsletterIssues)
      .values({ listId: list.id, subject: 'Edition', articleIds: [article.id] })
      .returning()
    await startIssueSend(issue.id, null, { chunk: 2 })
    await cancelIssueSend(issue.id)
    expect(await queueMore(issue.id, 2)).toBe(false)
    await sender({ queueChunk: 2 }).tick()
    expect(sink.messages).toHaveLength(0)
    expect(await issueProgress(issue.id)).toMatchObject({
      status: 'cancelled',
      cancelled: 2,
    })
  })

  it('never mails a suppressed address, whether suppressed before queueing or after', async () => {
    const list = await makeList()
    const [early, late, kept] = await subscribe(list.id, 3)
    await getDb().insert(newsletterSuppressions).values({ email: early.email, reason: 'removed' })
    const article = await insertArticle()
    const { issueId, recipients } = await sendArticleAlert({
      articleId: article.id,
      listId: list.id,
    })
    expect(recipients).toBe(2)
    await getDb().insert(newsletterSuppressions).values({ email: late.email, reason: 'complained' })
    await sender().tick()
    expect(sink.messages.map((m) => m.to)).toEqual([kept.email])
    expect(await issueProgress(issueId)).toMatchObject({ sent: 1, suppressed: 1 })
  })

  it('retries a temporary refusal with back-off, and sends once', async () => {
    const list = await makeList()
    const [reader] = await subscribe(list.id, 1)
    refusals.set(reader.email, (attempt) =>
      attempt === 1 ? { code: 451, message: 'Try again later' } : null,
    )
    const article = await insertArticle()
    const { issueId } = await sendArticleAlert({ articleId: article.id, listId: list.id })
    const worker = sender({ retryBaseMs: 1500 })
    await worker.tick()
    const [row] = await getDb()
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.issueId, issueId))
    expect(row).toMatchObject({ status: 'queued', attempts: 1 })
    expect(row.lastError).toContain('451')
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() - 1000)
    await new Promise((resolve) => setTimeout(resolve, 1600))
    await worker.tick()
    expect(sink.messages.map((m) => m.to)).toEqual([reader.email])
    expect(await issueProgress(issueId)).toMatchObject({ status: 'sent', sent: 1 })
  })

  it('fails a permanent refusal and suppresses the bounced address', async () => {
    const list = await makeList()
    const [gone, fine] = await subscribe(list.id, 2)
    refusals.set(gone.email, () => ({ code: 550, message: '5.1.1 No such user' }))
    const article = await insertArticle()
    const { issueId } = await sendArticleAlert({ articleId: article.id, listId: list.id })
    await sender().tick()
    expect(sink.messages.map((m) => m.to)).toEqual([fine.email])
    expect(await issueProgress(issueId)).toMatchObject({ sent: 1, failed: 1 })
    const [suppression] = await getDb()
      .select()
      .from(newsletterSuppressions)
      .where(eq(newsletterSuppressions.email, gone.email))
    expect(suppression.reason).toBe('bounced')
    expect(await countRecipients(list.id)).toBe(1)
  })

  it('cancels what is still queued', async () => {
    const list = await makeList()
    await subscribe(list.id, 3)
    const article = await insertArticle()
    const { issueId } = await sendArticleAlert({ articleId: article.id, listId: list.id })
    await cancelIssueSend(issueId)
    await sender().tick()
    expect(sink.messages).toHaveLength(0)
    expect(await issueProgress(issueId)).toMatchObject({
      status: 'cancelled',
      cancelled: 3,
    })
  })

  it('sends a test message without counting it, and previews without reader links', async () => {
    const list = await makeList({ kind: 'edition' })
    const article = await insertArticle({ title: 'Budget day' })
    const [issue] = await getDb()
      .insert(newsletterIssues)
      .values({
        listId: list.id,
        subject: 'Our edition',
        intro: 'Hello.',
        articleIds: [article.id],
      })
      .returning()
    const preview = await renderIssue(issue.id)
    expect(preview.subject).toBe('Our edition')
    expect(preview.html).toContain('Budget day')
    expect(preview.text).not.toContain('{{')
    await sendTestMessage(issue.id, 'editor@example.test')
    expect(sink.messages.map((m) => m.to)).toEqual(['editor@example.test'])
    expect((await parseMessage(sink.messages[0])).subject).toBe('[Test] Our edition')
    const rows = await getDb()
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.issueId, issue.id))
    expect(rows).toHaveLength(0)
  })
})

describe('digests', () => {
  it('builds a window once, even when three instances wake together, and skips a thin one', async () => {
    const created = new Date(Date.now() - 40 * 86_400_000)
    const daily = await makeList({
      kind: 'digest',
      cadence: 'daily',
      sendTime: '00:00',
      timeZone: 'UTC',
      minStories: 2,
      createdAt: created,
    })
    const thin = await makeList({
      kind: 'digest',
      cadence: 'daily',
      sendTime: '00:00',
      timeZone: 'UTC',
      minStories: 50,
      createdAt: created,
    })
    await subscribe(daily.id, 2)
    // A morning a month ago (stories are public only once their time has passed): its window,
    // the day before its midnight, holds only the stories below, whatever the clock says when
    // the test runs (just after midnight, the stories other tests publish "an hour ago" fell in
    // the window of the day).
    const midnight = new Date()
    midnight.setUTCHours(0, 0, 0, 0)
    midnight.setUTCDate(midnight.getUTCDate() - 30)
    const now = new Date(midnight.getTime() + 6 * 3_600_000)
    const hoursBeforeMidnight = (hours: number) => new Date(midnight.getTime() - hours * 3_600_000)
    await insertArticle({ publishedAt: hoursBeforeMidnight(2) })
    await insertArticle({ publishedAt: hoursBeforeMidnight(5) })
    await insertArticle({ publishedAt: hoursBeforeMidnight(30) }) // the window before

    await Promise.all([buildDueDigests(now), buildDueDigests(now), buildDueDigests(now)])
    const issues = await getDb()
      .select()
      .from(newsletterIssues)
      .where(sql`${newsletterIssues.windowKey} is not null`)
    const ofDaily = issues.filter((i) => i.listId === daily.id)
    expect(ofDaily).toHaveLength(1)
    expect(ofDaily[0]).toMatchObject({
      status: 'sending',
      windowKey: midnight.toISOString().slice(0, 10),
      recipientCount: 2,
    })
    expect(ofDaily[0].articleIds).toHaveLength(2)
    const ofThin = issues.filter((i) => i.listId === thin.id)
    expect(ofThin).toHaveLength(1)
    expect(ofThin[0].status).toBe('cancelled')
    expect(ofThin[0].failure).toContain('fewer than the minimum of 50')

    await buildDueDigests(new Date(now.getTime() + 60_000))
    expect(
      await getDb().select().from(newsletterIssues).where(eq(newsletterIssues.listId, daily.id)),
    ).toHaveLength(1)
  })
})
