import { and, eq, gt, inArray, lte, or } from 'drizzle-orm'
import { entitlements, plans, profiles } from '@db/schema/index'
import { getBrandName } from '~/infra/auth-mail.server'
import { getDb, type Transaction } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { enqueue, wasQueued } from '~/infra/jobs/job-queue.server'
import { wakeJob, type DurableJobDefinition } from '~/infra/jobs/registry.server'
import { sendMail } from '~/infra/mail.server'
import { renderNoticeMail } from '~/infra/notice-mail.server'
import { formatArticleDate } from '~/lib/dates'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'

/*
 * The mails of a membership (issue 38): welcome, payment failed (with the way to fix it),
 * cancelled, and access ending in 3 days. Each is an entry of the durable 'member-mails' job,
 * queued in the transaction of the change that calls for it (a Stripe event's, or the daily
 * look for endings), and written from the membership as it is when the mail goes.
 */

export const MEMBER_MAILS_JOB = 'member-mails'

export type MemberMailKind = 'welcome' | 'payment-failed' | 'cancelled' | 'ending-soon'

/** Which history events call for which mail. */
const MAIL_FOR_EVENT: Record<string, MemberMailKind> = {
  started: 'welcome',
  payment_failed: 'payment-failed',
  cancelled: 'cancelled',
}

/** Queues the mails a membership's change calls for, in the change's transaction. */
export async function queueMemberMails(
  tx: Transaction,
  userId: string,
  entitlementId: number,
  events: readonly string[],
): Promise<number> {
  let queued = 0
  for (const event of events) {
    const kind = MAIL_FOR_EVENT[event]
    if (!kind) continue
    await enqueue(tx, MEMBER_MAILS_JOB, { kind, userId, entitlementId })
    queued++
  }
  // Sent at the worker's next look (seconds): waking it here would run before the commit.
  return queued
}

/** How far ahead the "access ending" mail warns. */
const ENDING_NOTICE_MS = 3 * 86_400_000

/**
 * Memberships that end within three days and will not renew by themselves (cancelled, or
 * complimentary, imported or a gift): each gets one "access ending" mail (its key, kept with
 * the done entry for a week, is the membership and its end). Returns how many were queued.
 */
export async function queueEndingNotices(now = new Date()): Promise<number> {
  const ending = await getDb()
    .select({ id: entitlements.id, userId: entitlements.userId, endsAt: entitlements.endsAt })
    .from(entitlements)
    .where(
      and(
        gt(entitlements.endsAt, now),
        lte(entitlements.endsAt, new Date(now.getTime() + ENDING_NOTICE_MS)),
        inArray(entitlements.status, ['active', 'trialing', 'cancelled', 'past_due']),
        or(
          eq(entitlements.cancelAtPeriodEnd, true),
          eq(entitlements.status, 'cancelled'),
          inArray(entitlements.source, ['complimentary', 'imported', 'gift']),
        ),
      ),
    )
  let queued = 0
  for (const row of ending) {
    const key = `ending:${row.id}:${row.endsAt!.toISOString()}`
    if (await wasQueued(MEMBER_MAILS_JOB, key)) continue
    const id = await enqueue(
      getDb(),
      MEMBER_MAILS_JOB,
      { kind: 'ending-soon', userId: row.userId, entitlementId: row.id },
      { key },
    )
    if (id !== null) queued++
  }
  if (queued > 0) wakeJob(MEMBER_MAILS_JOB)
  return queued
}

async function membershipFacts(userId: string, entitlementId: number) {
  const [row] = await getDb()
    .select({
      email: profiles.email,
      plan: plans.name,
      endsAt: entitlements.endsAt,
      status: entitlements.status,
    })
    .from(entitlements)
    .innerJoin(profiles, eq(profiles.id, entitlements.userId))
    .innerJoin(plans, eq(plans.id, entitlements.planId))
    .where(and(eq(entitlements.id, entitlementId), eq(entitlements.userId, userId)))
  return row ?? null
}

/** One membership mail: its subject and notice, from the membership as it is now. */
export async function memberMail(kind: MemberMailKind, userId: string, entitlementId: number) {
  const facts = await membershipFacts(userId, entitlementId)
  if (!facts) return null
  const [brand, { timeZone }] = await Promise.all([getBrandName(), getSiteSettings()])
  const profileUrl = `${getEnv().siteUrl}/profile`
  const until = facts.endsAt ? formatArticleDate(facts.endsAt, timeZone) : null
  const notices = {
    welcome: {
      subject: `Welcome to ${brand} ${facts.plan}`,
      paragraphs: [
        `Thank you for subscribing to ${facts.plan}. Every story of ${brand} is open to you now.`,
      ],
      action: { label: 'Your subscription', url: profileUrl },
    },
    'payment-failed': {
      subject: `Your payment to ${brand} did not go through`,
      paragraphs: [
        `We could not take the payment for ${facts.plan}. Your access continues while the payment is tried again; update your card to keep it.`,
      ],
      action: { label: 'Update your payment details', url: profileUrl },
    },
    cancelled: {
      subject: `Your ${brand} subscription is cancelled`,
      paragraphs: [
        until
          ? `Your ${facts.plan} subscription is cancelled. You keep your access until ${until}.`
          : `Your ${facts.plan} subscription is cancelled.`,
      ],
      action: { label: 'Changed your mind? Resume it', url: profileUrl },
    },
    'ending-soon': {
      subject: `Your ${brand} access ends in 3 days`,
      paragraphs: [
        `Your ${facts.plan} access ends on ${until ?? 'its last day'}. Subscribe to keep reading every story.`,
      ],
      action: { label: 'Keep your access', url: `${getEnv().siteUrl}/subscribe` },
    },
  } satisfies Record<MemberMailKind, { subject: string; paragraphs: string[]; action: object }>
  const notice = notices[kind]
  const rendered = await renderNoticeMail({
    brand,
    paragraphs: notice.paragraphs,
    action: notice.action,
  })
  return { to: facts.email, subject: notice.subject, ...rendered }
}

function isMailKind(value: unknown): value is MemberMailKind {
  return (
    value === 'welcome' ||
    value === 'payment-failed' ||
    value === 'cancelled' ||
    value === 'ending-soon'
  )
}

export const memberMailsJob: DurableJobDefinition = {
  name: MEMBER_MAILS_JOB,
  title: 'Membership mails',
  trigger: { kind: 'queued', description: 'a new, failing, cancelled or ending membership' },
  durable: true,
  singleInstance: false,
  timeLimitMs: 60_000,
  retry: { attempts: 5, backoffMs: 30_000 },
  logLevel: 'info',
  run: async ({ payload }) => {
    if (!isMailKind(payload.kind)) return
    const mail = await memberMail(
      payload.kind,
      String(payload.userId),
      Number(payload.entitlementId),
    )
    // The account or the membership is gone since: nothing to say.
    if (mail) await sendMail(mail)
  },
}
