import crypto from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  articles,
  categories,
  mediaFiles,
  newsletterIssues,
  newsletterLists,
  newsletterSubscribers,
  newsletterSubscriptions,
  profiles,
} from '@db/schema/index'
import { bylineColumns } from '~/domain/authors/authors-queries.server'
import { domainErrors } from '~/domain/domain-error'
import { isPublicArticle } from '~/domain/published.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import type { Database } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { sendBulkMail } from '~/infra/mail.server'
import type { MailStory } from './mail-layout.server'
import { MAIL_WIDTH, personalize, renderNewsletterMail } from './newsletter-mail.server'
import { ensurePreferencesToken, preferencesUrl, PREFERENCES_PATH } from './preferences.server'
import { countedStoryHref, personalizeClicks } from './tracking-token.server'
import { readUnsubscribeToken, unsubscribeUrl } from './unsubscribe-token.server'

export { unsubscribeUrl } from './unsubscribe-token.server'

export class NewsletterSendError extends domainErrors('NewsletterSendError', {
  NOT_FOUND: 404,
  NOT_SENDABLE: 409,
  ALREADY_SENT: 409,
  INVALID: 400,
  INVALID_TOKEN: 400,
  SEND_FAILED: 502,
}) {}

type Issue = typeof newsletterIssues.$inferSelect
type List = typeof newsletterLists.$inferSelect

/** Rows of a raw query, on either driver (PGlite and node-postgres both answer `rows`). */
async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

// ---------------------------------------------------------------------------------------------
// Wake-ups: a send started here is picked up by this instance's sender at once, not at its next
// poll (the others find it at theirs).

const wakeListeners = new Set<() => void>()

export function onSendStarted(listener: () => void) {
  wakeListeners.add(listener)
  return () => void wakeListeners.delete(listener)
}

function wakeSenders() {
  for (const listener of wakeListeners) listener()
}

// ---------------------------------------------------------------------------------------------
// Rendering

async function issueAndList(db: Database, issueId: number): Promise<{ issue: Issue; list: List }> {
  const [row] = await db
    .select({ issue: newsletterIssues, list: newsletterLists })
    .from(newsletterIssues)
    .innerJoin(newsletterLists, eq(newsletterLists.id, newsletterIssues.listId))
    .where(eq(newsletterIssues.id, issueId))
  if (!row) throw new NewsletterSendError('NOT_FOUND', 'Newsletter issue not found')
  return row
}

function absolute(url: string) {
  return /^https?:\/\//i.test(url)
    ? url
    : `${getEnv().siteUrl}${url.startsWith('/') ? '' : '/'}${url}`
}

/** The issue's stories as the mail shows them: public ones only, in the chosen order. */
async function mailStories(db: Database, ids: number[]): Promise<MailStory[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      slug: articles.slug,
      excerpt: articles.excerpt,
      featuredImage: articles.featuredImage,
      category: categories.name,
      byline: bylineColumns.authorName,
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(profiles, eq(profiles.id, articles.authorId))
    .where(and(inArray(articles.id, ids), isPublicArticle))
  // Pixel sizes of the site's own images (/media/<bucket>/<name>), for width/height attributes.
  const stored = rows
    .map((r) => /\/media\/([^/]+)\/([^/?#]+)$/.exec(r.featuredImage ?? ''))
    .filter((m): m is RegExpExecArray => m !== null)
  const sizes = new Map<string, { width: number | null; height: number | null }>()
  if (stored.length > 0) {
    const media = await db
      .select({
        bucket: mediaFiles.bucket,
        name: mediaFiles.name,
        width: mediaFiles.width,
        height: mediaFiles.height,
      })
      .from(mediaFiles)
      .where(
        inArray(
          mediaFiles.name,
          stored.map((m) => m[2]),
        ),
      )
    for (const m of media) sizes.set(`${m.bucket}/${m.name}`, m)
  }
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => {
    const r = byId.get(id)
    if (!r) return []
    let image: MailStory['image'] = null
    if (r.featuredImage) {
      const m = /\/media\/([^/]+)\/([^/?#]+)$/.exec(r.featuredImage)
      const size = m ? sizes.get(`${m[1]}/${m[2]}`) : undefined
      // Unknown size: a 16:9 box, the site's card ratio.
      const height =
        size?.width && size.height
          ? Math.round((MAIL_WIDTH * size.height) / size.width)
          : Math.round((MAIL_WIDTH * 9) / 16)
      image = { url: absolute(r.featuredImage), width: MAIL_WIDTH, height, alt: r.title }
    }
    return [
      {
        title: r.title,
        excerpt: r.excerpt,
        url: `${getEnv().siteUrl}/article/${encodeURIComponent(r.slug)}`,
        category: r.category,
        byline: r.byline,
        image,
      },
    ]
  })
}

function storyIdsOf(issue: Issue) {
  if (issue.articleIds.length > 0) return issue.articleIds
  return issue.articleId ? [issue.articleId] : []
}

/** The issue's web copy, "View in browser" (its page in the list's public archive). */
export function webCopyUrl(list: Pick<List, 'slug'>, issueId: number) {
  return `${getEnv().siteUrl}/newsletters/${encodeURIComponent(list.slug)}/${issueId}`
}

/**
 * The mail with its per-reader placeholders (what a send freezes on the issue). `now` is the
 * send's moment, printed in the footer (and a digest's date and greeting).
 */
async function renderTemplate(db: Database, issue: Issue, list: List, now = new Date()) {
  const stories = await mailStories(db, storyIdsOf(issue))
  const subject = issue.subject || stories[0]?.title || list.name
  const preheader = issue.preheader || stories[0]?.excerpt || ''
  const settings = await getSiteSettings()
  const { html, text } = await renderNewsletterMail(
    {
      brand: settings.logoText || 'Broadsheet',
      listName: list.name,
      kind: list.kind,
      cadence: list.cadence,
      subject,
      preheader,
      intro: issue.intro,
      stories,
      siteUrl: `${getEnv().siteUrl}/`,
      webUrl: webCopyUrl(list, issue.id),
      sentAt: issue.startedAt ?? issue.scheduledAt ?? now,
      timeZone: settings.timeZone,
    },
    // Story links through the site's own counted redirect (issue 36), unless switched off.
    { storyHref: settings.newsletterClickCounting ? countedStoryHref : undefined },
  )
  return { subject, preheader, html, text, storyCount: stories.length }
}

/**
 * A copy for anyone (the web version, the archive, the preview): the reader's links lead to
 * the preferences page, which asks for the link from one's own mail.
 */
export function webCopy(content: string) {
  const page = `${getEnv().siteUrl}${PREFERENCES_PATH}`
  return personalize(content, { unsubscribeUrl: page, preferencesUrl: page })
}

/**
 * The issue as it is (or was) mailed: what the send froze once it started, a fresh rendering
 * before. For previews and the web version; no reader's links in it.
 */
export async function renderIssue(
  db: Database,
  issueId: number,
): Promise<{ subject: string; preheader: string; html: string; text: string }> {
  const { issue, list } = await issueAndList(db, issueId)
  if (issue.html && issue.text) {
    return {
      subject: issue.subject,
      preheader: issue.preheader,
      html: webCopy(issue.html),
      text: webCopy(issue.text),
    }
  }
  const rendered = await renderTemplate(db, issue, list)
  return { ...rendered, html: webCopy(rendered.html), text: webCopy(rendered.text) }
}

// ---------------------------------------------------------------------------------------------
// Recipients and sends

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

export async function countRecipients(db: Database, listId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*)::int as n ${recipientsOf(listId)}`,
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
const FIRST_QUEUE_CHUNK = 200

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
 */
async function queueChunk(
  db: Database,
  issue: { id: number; listId: number },
  after: number,
  size: number,
): Promise<number | null> {
  const [row] = await rowsOf<{ scanned: number | string; last: number | string | null }>(
    db,
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
  )
  const scanned = Number(row?.scanned ?? 0)
  return scanned < size || row?.last == null ? null : Number(row.last)
}

/**
 * Queues the next chunk of a send whose rows are not all queued yet; false when there is
 * nothing more to queue (done, cancelled or not sending). The issue's row lock makes the
 * senders of several instances take chunks one after the other, each after the last.
 */
export async function queueMore(
  db: Database,
  issueId: number,
  chunk: number = QUEUE_CHUNK,
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
      tx as unknown as Database,
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

/**
 * Starts the send of an issue: freezes its mail, counts its recipients, queues the first chunk
 * of delivery rows (the senders queue the rest, `queueMore`), and marks it sending.
 * Idempotent: a send already started (or finished) answers its recipients again and queues
 * nobody twice (the deliveries are unique per issue and address).
 */
export async function startIssueSend(
  db: Database,
  issueId: number,
  by?: string | null,
  { chunk = QUEUE_CHUNK }: { chunk?: number } = {},
): Promise<{ recipients: number }> {
  const { issue, list } = await issueAndList(db, issueId)
  if (issue.status === 'sending' || issue.status === 'sent') {
    return { recipients: issue.recipientCount }
  }
  if (issue.status !== 'draft' && issue.status !== 'scheduled') {
    throw new NewsletterSendError(
      'NOT_SENDABLE',
      `This issue is ${issue.status} and cannot be sent`,
    )
  }
  const frozen = await renderTemplate(db, issue, list)
  // Counted by the rendering: the links may be the counted redirect's, not /article/ (issue 36).
  if (storyIdsOf(issue).length > 0 && frozen.storyCount === 0) {
    throw new NewsletterSendError('INVALID', 'None of the chosen stories is published')
  }
  const result = await db.transaction(async (tx) => {
    // The row lock makes two starts (two instances, two clicks) one: the second sees 'sending'.
    const [locked] = await tx
      .select({ status: newsletterIssues.status, recipientCount: newsletterIssues.recipientCount })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, issueId))
      .for('update')
    if (!locked) throw new NewsletterSendError('NOT_FOUND', 'Newsletter issue not found')
    if (locked.status === 'sending' || locked.status === 'sent') {
      return { recipients: locked.recipientCount, started: false }
    }
    if (locked.status !== 'draft' && locked.status !== 'scheduled') {
      throw new NewsletterSendError(
        'NOT_SENDABLE',
        `This issue is ${locked.status} and cannot be sent`,
      )
    }
    const recipients = await countRecipients(tx as unknown as Database, list.id)
    const now = new Date()
    const cursor =
      recipients === 0
        ? null
        : await queueChunk(
            tx as unknown as Database,
            { id: issueId, listId: list.id },
            0,
            Math.min(chunk, FIRST_QUEUE_CHUNK),
          )
    await tx
      .update(newsletterIssues)
      .set({
        status: recipients === 0 ? 'sent' : 'sending',
        subject: frozen.subject,
        preheader: frozen.preheader,
        html: frozen.html,
        text: frozen.text,
        startedAt: now,
        finishedAt: recipients === 0 ? now : null,
        recipientCount: recipients,
        queueCursor: cursor,
        createdBy: issue.createdBy ?? by ?? null,
        updatedAt: now,
      })
      .where(eq(newsletterIssues.id, issueId))
    return { recipients, started: true }
  })
  if (result.started && result.recipients > 0) wakeSenders()
  return { recipients: result.recipients }
}

/** Schedules a draft (or moves a scheduled issue); the sender starts it when the time comes. */
export async function scheduleIssue(db: Database, issueId: number, at: Date) {
  if (!(at instanceof Date) || Number.isNaN(at.getTime())) {
    throw new NewsletterSendError('INVALID', 'Choose a valid date and time', { field: 'at' })
  }
  if (at.getTime() <= Date.now()) {
    throw new NewsletterSendError('INVALID', 'Choose a time in the future', { field: 'at' })
  }
  const updated = await db
    .update(newsletterIssues)
    .set({ status: 'scheduled', scheduledAt: at, updatedAt: new Date() })
    .where(
      and(
        eq(newsletterIssues.id, issueId),
        inArray(newsletterIssues.status, ['draft', 'scheduled']),
      ),
    )
    .returning({ id: newsletterIssues.id })
  if (updated.length === 0) {
    await issueAndList(db, issueId) // 404 when it does not exist
    throw new NewsletterSendError(
      'NOT_SENDABLE',
      'Only a draft or scheduled issue can be scheduled',
    )
  }
}

/**
 * Stops a send: queued messages are cancelled (those already handed to the SMTP server go on),
 * and a scheduled issue never starts.
 */
export async function cancelIssueSend(db: Database, issueId: number) {
  await db.transaction(async (tx) => {
    const [issue] = await tx
      .select({ status: newsletterIssues.status })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, issueId))
      .for('update')
    if (!issue) throw new NewsletterSendError('NOT_FOUND', 'Newsletter issue not found')
    if (issue.status === 'cancelled') return
    if (issue.status !== 'sending' && issue.status !== 'scheduled') {
      throw new NewsletterSendError(
        'NOT_SENDABLE',
        `This issue is ${issue.status}: nothing to cancel`,
      )
    }
    await tx.execute(sql`
      update newsletter_deliveries set status = 'cancelled', claimed_by = null
      where issue_id = ${issueId} and status = 'queued'`)
    await tx
      .update(newsletterIssues)
      .set({
        status: 'cancelled',
        queueCursor: null,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(newsletterIssues.id, issueId))
  })
}

export interface IssueProgress {
  status: Issue['status']
  recipients: number
  queued: number
  sent: number
  failed: number
  suppressed: number
  cancelled: number
  /** Recipients of this issue who have left its list (or everything) since. */
  unsubscribedSince: number
}

export async function issueProgress(db: Database, issueId: number): Promise<IssueProgress> {
  const { issue } = await issueAndList(db, issueId)
  const counts = await rowsOf<{ status: string; n: number | string }>(
    db,
    sql`select status, count(*)::int as n from newsletter_deliveries
        where issue_id = ${issueId} group by status`,
  )
  const by = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0)
  // Recipients whose rows the senders have not queued yet are waiting too.
  const rows = counts.reduce((sum, c) => sum + Number(c.n), 0)
  const notYetQueued = issue.queueCursor !== null ? Math.max(0, issue.recipientCount - rows) : 0
  const [left] = await rowsOf<{ n: number | string }>(
    db,
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

/** `<random.issue@host>`: unique, and stored with the delivery before the first attempt. */
export function messageIdDomain() {
  return new URL(getEnv().siteUrl).hostname || 'localhost'
}

export function listIdHeader(list: { name: string; slug: string }) {
  // RFC 2919: a phrase and a dotted identifier under a domain we own.
  const name = list.name.replace(/["\\\r\n]/g, '')
  return `"${name}" <${list.slug}.list-id.${messageIdDomain()}>`
}

/** One message of the issue to one address, now; not a delivery, not counted. */
export async function sendTestMessage(db: Database, issueId: number, toEmail: string) {
  const email = toEmail.trim().toLowerCase()
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new NewsletterSendError('INVALID', 'Enter a valid email address', { field: 'email' })
  }
  const { issue, list } = await issueAndList(db, issueId)
  const mail = issue.html && issue.text ? issue : await renderTemplate(db, issue, list)
  const page = `${getEnv().siteUrl}${PREFERENCES_PATH}`
  const outcome = await sendBulkMail({
    to: email,
    subject: `[Test] ${mail.subject}`,
    // A test is counted nowhere: its story links are the bare ones.
    html: personalizeClicks(
      personalize(mail.html!, { unsubscribeUrl: page, preferencesUrl: page }),
      null,
    ),
    text: personalizeClicks(
      personalize(mail.text!, { unsubscribeUrl: page, preferencesUrl: page }),
      null,
    ),
    messageId: `<test.${crypto.randomBytes(9).toString('base64url')}.${issueId}@${messageIdDomain()}>`,
    date: new Date(),
    headers: { 'List-Id': listIdHeader(list) },
  })
  if (!outcome.ok) {
    throw new NewsletterSendError('SEND_FAILED', `The test message was not sent: ${outcome.error}`)
  }
}

/**
 * Mails a story to an alert list: once per story and list (the issue is unique on both, so a
 * second press, here or on another instance, finds it already sent).
 */
export async function sendArticleAlert(
  db: Database,
  { articleId, listId, by }: { articleId: number; listId: number; by?: string | null },
): Promise<{ issueId: number; recipients: number }> {
  const [list] = await db.select().from(newsletterLists).where(eq(newsletterLists.id, listId))
  if (!list) throw new NewsletterSendError('NOT_FOUND', 'Newsletter not found')
  if (list.kind !== 'alert') {
    throw new NewsletterSendError('INVALID', `${list.name} is not a list of article alerts`)
  }
  const [article] = await db
    .select({ id: articles.id, title: articles.title, excerpt: articles.excerpt })
    .from(articles)
    .where(and(eq(articles.id, articleId), isPublicArticle))
  if (!article) {
    throw new NewsletterSendError('INVALID', 'Only a published story can be sent to subscribers')
  }
  const inserted = await rowsOf<{ id: number }>(
    db,
    sql`insert into newsletter_issues (list_id, status, subject, preheader, article_ids, article_id, created_by)
        values (${listId}, 'draft', ${article.title}, ${article.excerpt},
                ${`{${articleId}}`}::integer[], ${articleId}, ${by ?? null})
        on conflict (list_id, article_id) where article_id is not null do nothing
        returning id`,
  )
  if (inserted.length === 0) {
    throw new NewsletterSendError('ALREADY_SENT', `This story was already sent to ${list.name}`)
  }
  const issueId = Number(inserted[0].id)
  const { recipients } = await startIssueSend(db, issueId, by)
  return { issueId, recipients }
}

// ---------------------------------------------------------------------------------------------
// One-click unsubscribe (RFC 8058)

export interface UnsubscribeResult {
  email: string | null
  listName: string | null
  /** The subscriber's preferences page (`/newsletter/preferences?t=…`), as the mails link it. */
  preferencesPath: string | null
}

/**
 * Takes the token's subscriber off the token's list, at once. Repeating it changes nothing and
 * succeeds again; a subscriber or list deleted since is a success too (they receive nothing).
 */
export async function unsubscribeOneClick(db: Database, token: string): Promise<UnsubscribeResult> {
  const claim = readUnsubscribeToken(token)
  if (!claim) {
    throw new NewsletterSendError('INVALID_TOKEN', 'This unsubscribe link is not valid')
  }
  await db
    .delete(newsletterSubscriptions)
    .where(
      and(
        eq(newsletterSubscriptions.subscriberId, claim.subscriberId),
        eq(newsletterSubscriptions.listId, claim.listId),
      ),
    )
  return describeUnsubscribe(db, token)
}

/** Whose link it is, for the GET page (nothing changes). */
export async function describeUnsubscribe(db: Database, token: string): Promise<UnsubscribeResult> {
  const claim = readUnsubscribeToken(token)
  if (!claim) {
    throw new NewsletterSendError('INVALID_TOKEN', 'This unsubscribe link is not valid')
  }
  const [subscriber] = await db
    .select({
      email: newsletterSubscribers.email,
      preferencesToken: newsletterSubscribers.preferencesToken,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, claim.subscriberId))
  const [list] = await db
    .select({ name: newsletterLists.name })
    .from(newsletterLists)
    .where(eq(newsletterLists.id, claim.listId))
  // The page offers the reader's other lists; a subscriber from before the preferences key
  // gets one, as at their next mail (a key grants no subscription, so a scanner's GET is safe).
  const preferencesToken = subscriber
    ? (subscriber.preferencesToken ?? (await ensurePreferencesToken(claim.subscriberId)))
    : null
  return {
    email: subscriber?.email ?? null,
    listName: list?.name ?? null,
    preferencesPath: preferencesToken
      ? `${PREFERENCES_PATH}?t=${encodeURIComponent(preferencesToken)}`
      : null,
  }
}

/** The links of one reader's copy. */
export function readerLinks(
  subscriber: { id: number; preferencesToken: string | null },
  listId: number,
) {
  return {
    unsubscribeUrl: unsubscribeUrl(subscriber, listId),
    preferencesUrl: preferencesUrl(subscriber),
  }
}
