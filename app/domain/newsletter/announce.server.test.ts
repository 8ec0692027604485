import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  newsletterAnnouncements,
  newsletterLists,
  newsletterSubscribers,
  newsletterSubscriptions,
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
import { renderIssue } from './issue-render.server'
import { listSchema } from './lists-schema'
import { createList } from './lists.server'
import { NewsletterSender } from './sender.server'

// Issue 36: a new list, if the admin chooses, is announced once in the next mail of the other
// lists to the readers who chose their lists before it existed.

let sink: SmtpSink
let seq = 0

beforeAll(async () => {
  sink = await startMailSink()
})

afterEach(async () => {
  await getDb().execute(
    sql`update newsletter_issues set status = 'cancelled' where status in ('sending', 'scheduled')`,
  )
  // Each test announces only its own lists.
  await getDb().update(newsletterLists).set({ announceInMail: false })
  sink.messages.length = 0
})

afterAll(async () => {
  await stopMailSink(sink)
})

const HOUR = 3_600_000

async function alertList() {
  seq++
  const [list] = await getDb()
    .insert(newsletterLists)
    .values({ slug: `announce-a-${seq}`, name: `Alerts ${seq}`, kind: 'alert' })
    .returning()
  return list
}

async function reader(listIds: number[], listsChosenAt: Date) {
  seq++
  const [row] = await getDb()
    .insert(newsletterSubscribers)
    .values({
      email: `announce${seq}@example.test`,
      confirmToken: `announce-token-${seq}`,
      confirmedAt: listsChosenAt,
      listsChosenAt,
    })
    .returning()
  await getDb()
    .insert(newsletterSubscriptions)
    .values(listIds.map((listId) => ({ subscriberId: row.id, listId })))
  return row
}

async function sendAlert(listId: number) {
  sink.messages.length = 0
  const article = await insertArticle({ title: `Story ${++seq}`, excerpt: 'An excerpt.' })
  const { issueId } = await sendArticleAlert({ articleId: article.id, listId })
  await new NewsletterSender({ ratePerMinute: 0, buildDigests: false }).tick()
  const mails = new Map<string, { text: string; html: string }>()
  for (const message of sink.messages) {
    const mail = await parseMessage(message)
    mails.set(message.to, { text: String(mail.text), html: String(mail.html) })
  }
  return { issueId, mails }
}

async function tokenOf(id: number) {
  const [row] = await getDb()
    .select({ token: newsletterSubscribers.preferencesToken })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id))
  return row.token!
}

function newList(name: string, announce: boolean) {
  return createList(
    listSchema.parse({
      name,
      description: 'The week in science, every Friday.',
      kind: 'edition',
      ...(announce ? { announceInMail: 'on' } : {}),
    }),
  )
}

describe('announcing a new list in the other lists’ mails', () => {
  it('shows it once, to readers who chose their lists before it and are not on it', async () => {
    const a = await alertList()
    const before = new Date(Date.now() - HOUR)
    const offered = await reader([a.id], before)
    const science = await newList(`Science ${seq}`, true)
    expect(science.announceInMail).toBe(true)
    const already = await reader([a.id, science.id], before)
    const later = await reader([a.id], new Date(science.createdAt.getTime() + 1000))

    const first = await sendAlert(a.id)
    expect(first.mails.size).toBe(3)
    const mail = first.mails.get(offered.email)!
    const link = `http://localhost:3000/newsletter/preferences?t=${await tokenOf(offered.id)}`
    expect(mail.text).toContain(
      `New from Broadsheet: ${science.name} — The week in science, every Friday. Add it on your preferences page: ${link}`,
    )
    // After the stories, before the footer.
    expect(mail.text.indexOf(`New from Broadsheet`)).toBeGreaterThan(
      mail.text.indexOf('Read the story:'),
    )
    expect(mail.text.indexOf(`New from Broadsheet`)).toBeLessThan(
      mail.text.indexOf('Manage your newsletters:'),
    )
    expect(mail.html).toContain(`<strong>${science.name}</strong>`)
    expect(mail.html).toContain(`<a href="${link}"`)
    expect(mail.html.indexOf('New from Broadsheet')).toBeLessThan(
      mail.html.indexOf('Manage your newsletters'),
    )
    for (const other of [already, later]) {
      expect(first.mails.get(other.email)!.text).not.toContain('New from')
      expect(first.mails.get(other.email)!.html).not.toContain('New from')
    }
    // Recorded as sent; the web copy never carries a reader's announcement.
    const recorded = await getDb()
      .select()
      .from(newsletterAnnouncements)
      .where(eq(newsletterAnnouncements.listId, science.id))
    expect(recorded.map((r) => [r.subscriberId, r.issueId])).toEqual([[offered.id, first.issueId]])
    expect((await renderIssue(first.issueId)).text).not.toContain('New from')

    const second = await sendAlert(a.id)
    expect(second.mails.size).toBe(3)
    for (const m of second.mails.values()) {
      expect(m.text).not.toContain('New from')
      expect(m.html).not.toContain('New from')
    }
  })

  it('announces nothing with the switch off, nor after 30 days', async () => {
    const a = await alertList()
    const before = new Date(Date.now() - 40 * 24 * HOUR)
    const one = await reader([a.id], before)
    const quiet = await newList(`Quiet ${seq}`, false)
    expect(quiet.announceInMail).toBe(false)
    const old = await newList(`Old ${seq}`, true)
    await getDb()
      .update(newsletterLists)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * HOUR) })
      .where(eq(newsletterLists.id, old.id))

    const { mails } = await sendAlert(a.id)
    expect(mails.get(one.email)!.text).not.toContain('New from')
    expect(mails.get(one.email)!.html).not.toContain('New from')
  })
})
