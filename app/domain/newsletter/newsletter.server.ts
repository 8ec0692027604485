import crypto from 'node:crypto'
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import {
  newsletterLists,
  newsletterSubscribers,
  newsletterSubscriptions,
  newsletterSuppressions,
} from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { logger } from '~/infra/logger.server'
import { sendMail } from '~/infra/mail.server'
import { ensurePreferencesToken, newPreferencesToken, preferencesUrl } from './preferences.server'
import {
  consumeRateLimit,
  emailKey,
  normalizeClientIp,
  type RateLimitRule,
} from '~/infra/rate-limit.server'

export class NewsletterError extends domainErrors('NewsletterError', {
  TOO_MANY_REQUESTS: 429,
  CLIENT_ADDRESS_UNKNOWN: 400,
}) {}

/**
 * Sign-ups allowed per client address and per mailbox. Kept in the database (rate_limits),
 * so they hold across restarts and instances; windows stay within better-auth's pruning of
 * that table (an hour, auth-hooks.server.ts LONGEST_GUARD_WINDOW).
 */
export const NEWSLETTER_LIMITS = {
  perIp: { window: 60 * 60, max: 10 },
  perEmail: { window: 60 * 60, max: 3 },
} as const satisfies Record<string, RateLimitRule>

export const NEWSLETTER_TOO_MANY = 'Too many sign-ups. Please try again later.'

/** One mailbox, whatever sub-address is typed: "reader+1@x" and "reader+2@x" both reach it. */
function mailboxKey(email: string) {
  const at = email.lastIndexOf('@')
  const local = email.slice(0, at).split('+')[0]
  return emailKey(`${local}${email.slice(at)}`)
}

/**
 * Counts a sign-up against its client address and its mailbox, and refuses (429, with the
 * seconds to wait) once either has spent its budget; a request without a known client address
 * is refused rather than put in a bucket shared by everybody (docs/security.md). Every attempt
 * counts, whether or not the address is already on the list, so the answer does not tell.
 * Only `subscribeToNewsletter` calls it, so no way of asking for a confirmation mail (the
 * footer, /newsletter, the profile's card, the preferences page) can go around it.
 */
async function limitNewsletterSignUps(email: string, clientIp: string | null | undefined) {
  const ip = normalizeClientIp(clientIp)
  if (!ip) {
    throw new NewsletterError(
      'CLIENT_ADDRESS_UNKNOWN',
      'Your network address could not be determined. Please try again.',
    )
  }
  for (const state of [
    await consumeRateLimit(`newsletter:ip:${ip}`, NEWSLETTER_LIMITS.perIp),
    await consumeRateLimit(`newsletter:email:${mailboxKey(email)}`, NEWSLETTER_LIMITS.perEmail),
  ]) {
    if (state.limited) {
      throw new NewsletterError('TOO_MANY_REQUESTS', NEWSLETTER_TOO_MANY, {
        retryAfter: state.retryAfter,
      })
    }
  }
}

/** Only the token's hash is stored: a leaked table cannot confirm anyone's address. */
export function hashConfirmToken(token: string) {
  return crypto.createHash('sha256').update(token).digest('hex')
}

export type SubscribeOutcome = 'created' | 'existing'

export interface SubscribeOptions {
  /**
   * The requester's address, for the sign-up limits (NEWSLETTER_LIMITS). Required, not
   * optional: a caller that does not know it is refused (CLIENT_ADDRESS_UNKNOWN), never let
   * through unlimited.
   */
  clientIp: string | null | undefined
  brand?: string
  /**
   * The lists ticked on the form: kept with the pending subscription, and confirming subscribes
   * to exactly these (unknown ids are dropped). Left out (the profile's card, "Subscribe
   * again"), confirming subscribes to the default lists.
   */
  listIds?: readonly number[]
}

type Tx = Parameters<Parameters<ReturnType<typeof getDb>['transaction']>[0]>[0]
type Db = ReturnType<typeof getDb> | Tx

/** The ids among `ids` that name a list (a list may go between the form and the click). */
async function existingListIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return []
  const rows = await db
    .select({ id: newsletterLists.id })
    .from(newsletterLists)
    .where(inArray(newsletterLists.id, [...ids]))
  return rows.map((r) => r.id)
}

/**
 * Stores a subscriber (unconfirmed) with the lists it chose and mails a confirmation link:
 * double opt-in, so nobody receives a newsletter without clicking it. An address already on
 * the list gets no second row and no second mail, and the reader is told the same thing either
 * way (the form does not reveal who subscribes); while it is unconfirmed, its new choice of
 * lists replaces the one waiting for the click (a confirmed subscriber's lists change only on
 * its preferences page). Every call first spends the sign-up limits (`NewsletterError`
 * `TOO_MANY_REQUESTS` 429): this is the one place that mails a confirmation link, so the limit
 * holds for every path that asks for one.
 */
export async function subscribeToNewsletter(
  email: string,
  options: SubscribeOptions,
): Promise<SubscribeOutcome> {
  await limitNewsletterSignUps(email, options.clientIp)
  const token = crypto.randomBytes(32).toString('base64url')
  const db = getDb()
  const pendingListIds = options.listIds ? await existingListIds(db, options.listIds) : null
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({
      email,
      confirmToken: hashConfirmToken(token),
      pendingListIds,
      // The confirmation mail already carries the preferences link.
      preferencesToken: newPreferencesToken(),
    })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ preferencesToken: newsletterSubscribers.preferencesToken })
  let preferencesToken = inserted[0]?.preferencesToken ?? null
  if (inserted.length === 0) {
    const [existing] = await db
      .select({
        id: newsletterSubscribers.id,
        confirmedAt: newsletterSubscribers.confirmedAt,
        suppressed: newsletterSuppressions.email,
      })
      .from(newsletterSubscribers)
      .leftJoin(newsletterSuppressions, eq(newsletterSuppressions.email, email.toLowerCase()))
      .where(eq(newsletterSubscribers.email, email))
    if (!existing) return 'existing'
    if (!existing.suppressed) {
      if (existing.confirmedAt === null && pendingListIds) {
        await db
          .update(newsletterSubscribers)
          .set({ pendingListIds })
          .where(
            and(
              eq(newsletterSubscribers.id, existing.id),
              isNull(newsletterSubscribers.confirmedAt),
            ),
          )
      }
      return 'existing'
    }
    // An address on the suppression list comes back only through a fresh opt-in: a new link,
    // and the suppression lifted when it is confirmed (confirmNewsletterSubscription).
    await db
      .update(newsletterSubscribers)
      .set({ confirmToken: hashConfirmToken(token), confirmedAt: null, pendingListIds })
      .where(eq(newsletterSubscribers.id, existing.id))
    preferencesToken = await ensurePreferencesToken(existing.id)
  }

  const brand = options.brand ?? 'Broadsheet'
  const link = `${getEnv().siteUrl}/newsletter/confirm?token=${token}`
  try {
    await sendMail({
      to: email,
      subject: `Confirm your subscription to ${brand}`,
      text: [
        `Please confirm that you want to receive the ${brand} newsletter:`,
        '',
        link,
        '',
        'If you did not ask for this, ignore this message and you will not hear from us again.',
        '',
        `Manage your newsletters: ${preferencesUrl({ preferencesToken })}`,
      ].join('\n'),
    })
  } catch (error) {
    // The row stays: the address is on the list, unconfirmed, and receives nothing.
    logger.error({ err: error }, 'newsletter confirmation mail failed')
  }
  return 'created'
}

export type ConfirmOutcome = 'confirmed' | 'already-confirmed' | 'invalid'

export interface ConfirmResult {
  outcome: ConfirmOutcome
  /** The lists the subscriber now receives, by name (none for an invalid link). */
  lists: string[]
  /** The subscriber's preferences page (absolute), or null for an invalid link. */
  preferencesUrl: string | null
}

const INVALID_CONFIRM: ConfirmResult = { outcome: 'invalid', lists: [], preferencesUrl: null }

/**
 * Confirms the subscription a token belongs to: subscribes to exactly the lists chosen at
 * sign-up (or, with no choice kept, to the default lists when it has none), and answers what
 * it now receives with its preferences page.
 */
export async function confirmNewsletterSubscription(token: string): Promise<ConfirmResult> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return INVALID_CONFIRM
  const hash = hashConfirmToken(token)
  const db = getDb()
  const updated = await db.transaction(async (tx) => {
    const now = new Date()
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({ confirmedAt: now, consentedAt: now })
      .where(
        and(
          eq(newsletterSubscribers.confirmToken, hash),
          isNull(newsletterSubscribers.confirmedAt),
        ),
      )
      .returning({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        pendingListIds: newsletterSubscribers.pendingListIds,
      })
    if (!row) return null
    await tx
      .update(newsletterSubscribers)
      .set({ preferencesToken: newPreferencesToken() })
      .where(
        and(eq(newsletterSubscribers.id, row.id), isNull(newsletterSubscribers.preferencesToken)),
      )
    await tx
      .delete(newsletterSuppressions)
      .where(eq(newsletterSuppressions.email, row.email.toLowerCase()))
    if (row.pendingListIds) {
      await subscribeToExactly(tx, row.id, row.pendingListIds)
      await tx
        .update(newsletterSubscribers)
        .set({ pendingListIds: null, listsChosenAt: sql`now()` })
        .where(eq(newsletterSubscribers.id, row.id))
    } else {
      await subscribeToDefaultLists(tx, row.id)
    }
    return row
  })
  const [subscriber] = await db
    .select({
      id: newsletterSubscribers.id,
      preferencesToken: newsletterSubscribers.preferencesToken,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmToken, hash))
    .limit(1)
  if (!subscriber) return INVALID_CONFIRM
  const lists = await db
    .select({ name: newsletterLists.name })
    .from(newsletterSubscriptions)
    .innerJoin(newsletterLists, eq(newsletterLists.id, newsletterSubscriptions.listId))
    .where(eq(newsletterSubscriptions.subscriberId, subscriber.id))
    .orderBy(asc(newsletterLists.name), asc(newsletterLists.id))
  return {
    outcome: updated ? 'confirmed' : 'already-confirmed',
    lists: lists.map((l) => l.name),
    preferencesUrl: preferencesUrl(subscriber),
  }
}

/** The sign-up's choice: these lists (those that still exist) and no others. */
async function subscribeToExactly(tx: Tx, subscriberId: number, listIds: readonly number[]) {
  const valid = await existingListIds(tx, listIds)
  await tx
    .delete(newsletterSubscriptions)
    .where(
      and(
        eq(newsletterSubscriptions.subscriberId, subscriberId),
        valid.length > 0 ? notInArray(newsletterSubscriptions.listId, valid) : undefined,
      ),
    )
  if (valid.length === 0) return
  await tx
    .insert(newsletterSubscriptions)
    .values(valid.map((listId) => ({ subscriberId, listId })))
    .onConflictDoNothing()
}

/**
 * With no choice kept (an older sign-up, the profile's card): every list marked default, for
 * a subscriber who has none yet (a reader coming back after leaving everything starts again
 * from the defaults).
 */
async function subscribeToDefaultLists(tx: Tx, subscriberId: number) {
  const [any] = await tx
    .select({ listId: newsletterSubscriptions.listId })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.subscriberId, subscriberId))
    .limit(1)
  if (any) return
  const defaults = await tx
    .select({ id: newsletterLists.id })
    .from(newsletterLists)
    .where(eq(newsletterLists.isDefault, true))
  if (defaults.length === 0) return
  await tx
    .insert(newsletterSubscriptions)
    .values(defaults.map((l) => ({ subscriberId, listId: l.id })))
    .onConflictDoNothing()
}
