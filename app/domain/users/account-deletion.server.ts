import { and, eq, isNotNull, sql } from 'drizzle-orm'
import {
  accounts,
  entitlements,
  newsletterSubscribers,
  plans,
  profiles,
  verifications,
} from '@db/schema/index'
import { canDeleteOwnAccount, type Actor } from '~/domain/access/access-rules'
import { domainErrors } from '~/domain/domain-error'
import { forgetMemberIn } from '~/domain/membership/entitlements.server'
import { memberStatus } from '~/domain/membership/members-schema'
import { cancelSubscriptionsOf } from '~/domain/membership/stripe-billing.server'
import { AUTH_GUARDS, TOO_MANY_REQUESTS } from '~/infra/auth-hooks.server'
import { getDb } from '~/infra/db.server'
import { verifyPassword } from '~/infra/password.server'
import { checkRateLimit, normalizeClientIp, recordRateLimitHit } from '~/infra/rate-limit.server'
import { STAFF_ACCOUNT_CLOSING, type DeletionPreview } from './account-deletion-schema'
import { pendingTokensOf } from './deactivation.server'

/*
 * A reader deletes their own account (issue 38: "Deleting an account cancels its subscription
 * first and keeps what the law requires"). docs/membership.md, "Deleting an account", says what
 * goes and what stays.
 */

export class AccountDeletionError extends domainErrors('AccountDeletionError', {
  STAFF: 403,
  NOT_FOUND: 404,
  WRONG_PASSWORD: 400,
  WRONG_EMAIL: 400,
  NO_CLIENT_ADDRESS: 400,
  TOO_MANY_ATTEMPTS: 429,
}) {}

/** How the reader proves it is them: the password, or for an account without one, the address. */
export type DeletionProof = 'password' | 'email'

/** Whether the account signs in with a password (else by mailed link or code only). */
export async function deletionProofOf(userId: string): Promise<DeletionProof> {
  const [row] = await getDb()
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.userId, userId),
        eq(accounts.providerId, 'credential'),
        isNotNull(accounts.password),
      ),
    )
    .limit(1)
  return row ? 'password' : 'email'
}

/** What deleting this reader's account would do, for the confirmation page. */
export async function deletionPreview(
  user: { id: string; email: string },
  now = new Date(),
): Promise<DeletionPreview> {
  const [proof, newsletter, memberships] = await Promise.all([
    deletionProofOf(user.id),
    newsletterOf(user.id),
    getDb()
      .select({
        plan: plans.name,
        source: entitlements.source,
        status: entitlements.status,
        endsAt: entitlements.endsAt,
        cancelAtPeriodEnd: entitlements.cancelAtPeriodEnd,
      })
      .from(entitlements)
      .innerJoin(plans, eq(plans.id, entitlements.planId))
      .where(eq(entitlements.userId, user.id))
      .orderBy(entitlements.startsAt),
  ])
  return {
    email: user.email,
    proof,
    running: memberships
      .filter((row) => memberStatus(row, now) !== 'lapsed')
      .map((row) => ({ plan: row.plan, throughStripe: row.source === 'stripe' })),
    paidThroughStripe: memberships.some((row) => row.source === 'stripe'),
    everMember: memberships.length > 0,
    newsletter,
  }
}

/**
 * Whether the account's address has a newsletter subscription that goes with it: only once the
 * address is confirmed (an address nobody proved owning may be someone else's subscription).
 */
async function newsletterOf(userId: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: newsletterSubscribers.id })
    .from(profiles)
    .innerJoin(
      newsletterSubscribers,
      eq(newsletterSubscribers.email, sql`lower(${profiles.email})`),
    )
    .where(and(eq(profiles.id, userId), eq(profiles.emailVerified, true)))
    .limit(1)
  return !!row
}

// Wrong passwords here count with the profile's other password checks (change password,
// two-factor settings): five a minute from one address.
const PASSWORD_CHECK = AUTH_GUARDS['/change-password']!

async function checkProof(
  userId: string,
  email: string,
  input: { password?: string; email?: string },
  clientIp: string | null | undefined,
) {
  const proof = await deletionProofOf(userId)
  if (proof === 'email') {
    const typed = (input.email ?? '').trim().toLowerCase()
    if (typed !== email.trim().toLowerCase()) {
      throw new AccountDeletionError('WRONG_EMAIL', 'Type your email address exactly as shown', {
        field: 'email',
      })
    }
    return
  }
  const password = input.password ?? ''
  if (!password) {
    throw new AccountDeletionError('WRONG_PASSWORD', 'Enter your password', { field: 'password' })
  }
  const ip = normalizeClientIp(clientIp)
  if (!ip) {
    throw new AccountDeletionError(
      'NO_CLIENT_ADDRESS',
      'Your network address could not be determined. Please try again.',
    )
  }
  const key = `${PASSWORD_CHECK.bucket}:fail:${ip}`
  const limit = await checkRateLimit(key, PASSWORD_CHECK.failures!)
  if (limit.limited) {
    throw new AccountDeletionError('TOO_MANY_ATTEMPTS', TOO_MANY_REQUESTS, {
      retryAfter: limit.retryAfter,
    })
  }
  const [account] = await getDb()
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .limit(1)
  if (!account?.hash || !(await verifyPassword({ hash: account.hash, password }))) {
    await recordRateLimitHit(key, PASSWORD_CHECK.failures!)
    throw new AccountDeletionError('WRONG_PASSWORD', 'Incorrect password', { field: 'password' })
  }
}

export interface DeletionResult {
  /** Stripe subscriptions cancelled before anything was deleted. */
  subscriptionsCancelled: number
  /** Memberships (any source) that still gave access and were ended. */
  membershipsEnded: number
}

/**
 * Deletes the reader's own account, in this order:
 * 1. the reader is a viewer (staff: STAFF, 403, whatever the page showed) and proves it is
 *    them: the password (wrong: a field error; five wrong a minute from one address: 429), or,
 *    for an account without one, the account's address typed out;
 * 2. every Stripe subscription that may still charge them is cancelled at once
 *    (cancelSubscriptionsOf). Stripe failing: BillingError UNAVAILABLE (503), nothing deleted;
 * 3. one transaction: their memberships end and stay without them (forgetMemberIn); the
 *    newsletter subscription of their address goes (when the address is confirmed: an address
 *    nobody proved owning may be someone else's subscription); better-auth's pending links and
 *    codes for them; then the account, which takes with it (ON DELETE CASCADE) its sign-ins,
 *    sessions, two-factor secrets, meter reads and gift links.
 * The caller clears the browser's cookies (the session is gone already).
 */
export async function deleteOwnAccount(
  actor: Actor,
  input: { password?: string; email?: string },
  options: { clientIp: string | null | undefined; now?: Date },
): Promise<DeletionResult> {
  if (!canDeleteOwnAccount(actor)) {
    throw new AccountDeletionError('STAFF', STAFF_ACCOUNT_CLOSING)
  }
  const now = options.now ?? new Date()
  const [user] = await getDb()
    .select({ id: profiles.id, email: profiles.email, role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, actor.id))
    .limit(1)
  if (!user) throw new AccountDeletionError('NOT_FOUND', 'This account no longer exists')
  // The stored role decides (a session's copy may be older than a promotion).
  if (!canDeleteOwnAccount(user)) {
    throw new AccountDeletionError('STAFF', STAFF_ACCOUNT_CLOSING)
  }
  await checkProof(user.id, user.email, input, options.clientIp)

  const subscriptionsCancelled = await cancelSubscriptionsOf(user.id)

  const membershipsEnded = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ role: profiles.role, email: profiles.email, emailVerified: profiles.emailVerified })
      .from(profiles)
      .where(eq(profiles.id, user.id))
      .for('update')
    if (!row) throw new AccountDeletionError('NOT_FOUND', 'This account no longer exists')
    if (!canDeleteOwnAccount({ id: user.id, role: row.role })) {
      throw new AccountDeletionError('STAFF', STAFF_ACCOUNT_CLOSING)
    }
    const ended = await forgetMemberIn(tx, user.id, now)
    if (row.emailVerified) {
      await tx
        .delete(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, row.email.toLowerCase()))
    }
    await tx.delete(verifications).where(pendingTokensOf(user.id, row.email))
    await tx.delete(profiles).where(eq(profiles.id, user.id))
    return ended
  })
  return { subscriptionsCancelled, membershipsEnded }
}
