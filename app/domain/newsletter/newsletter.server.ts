import crypto from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
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
import { newPreferencesToken } from './preferences.server'
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
}

/**
 * Stores a subscriber (unconfirmed) and mails a confirmation link: double opt-in, so nobody
 * receives the newsletter without clicking it. An address already on the list is accepted
 * quietly, with no second row and no second mail, and the reader is told the same thing
 * either way (the form does not reveal who subscribes). Every call first spends the sign-up
 * limits (`NewsletterError` `TOO_MANY_REQUESTS` 429): this is the one place that mails a
 * confirmation link, so the limit holds for every path that asks for one.
 */
export async function subscribeToNewsletter(
  email: string,
  options: SubscribeOptions,
): Promise<SubscribeOutcome> {
  await limitNewsletterSignUps(email, options.clientIp)
  const token = crypto.randomBytes(32).toString('base64url')
  const db = getDb()
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email, confirmToken: hashConfirmToken(token) })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id })
  if (inserted.length === 0) {
    // An address on the suppression list comes back only through a fresh opt-in: a new link,
    // and the suppression lifted when it is confirmed (confirmNewsletterSubscription).
    const [suppressed] = await db
      .select({ email: newsletterSuppressions.email })
      .from(newsletterSuppressions)
      .where(eq(newsletterSuppressions.email, email.toLowerCase()))
    if (!suppressed) return 'existing'
    await db
      .update(newsletterSubscribers)
      .set({ confirmToken: hashConfirmToken(token), confirmedAt: null })
      .where(eq(newsletterSubscribers.email, email))
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
      ].join('\n'),
    })
  } catch (error) {
    // The row stays: the address is on the list, unconfirmed, and receives nothing.
    logger.error({ err: error }, 'newsletter confirmation mail failed')
  }
  return 'created'
}

export type ConfirmOutcome = 'confirmed' | 'already-confirmed' | 'invalid'

/** Confirms the subscription a token belongs to. */
export async function confirmNewsletterSubscription(token: string): Promise<ConfirmOutcome> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return 'invalid'
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
      .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
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
    await subscribeToDefaultLists(tx, row.id)
    return row
  })
  if (updated) return 'confirmed'
  const [existing] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmToken, hash))
    .limit(1)
  return existing ? 'already-confirmed' : 'invalid'
}

type Tx = Parameters<Parameters<ReturnType<typeof getDb>['transaction']>[0]>[0]

/**
 * The footer form's choice: every list marked default, for a subscriber who has none yet (a
 * reader coming back after leaving everything starts again from the defaults).
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
