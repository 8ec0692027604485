import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import { profiles, sessions, verifications } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { announceChanged, cacheKey } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'

export class AccountStateError extends domainErrors('AccountStateError', {
  NOT_FOUND: 404,
  SELF: 409,
  LAST_ADMIN: 409,
}) {}

/**
 * An admin deactivates an account: it can no longer sign in, and its sessions end now. Its
 * articles and bylines stay as they are. Stored twice on purpose: `deactivatedAt` says when
 * (the Users screen), `banned` is what better-auth's admin plugin and our session check
 * refuse (infra/auth.server.ts, infra/permissions.server.ts). Nobody deactivates themselves,
 * and the last active admin stays (docs/product.md "Where we differ" 6: no lock-out).
 */
export async function deactivateUser(userId: string, actorId: string, now: Date = new Date()) {
  if (userId === actorId) {
    throw new AccountStateError('SELF', 'You cannot deactivate your own account')
  }
  await getDb().transaction(async (tx) => {
    const admins = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.role, 'admin'), isNull(profiles.deactivatedAt)))
      .for('update')
    const [user] = await tx
      .select({
        id: profiles.id,
        email: profiles.email,
        role: profiles.role,
        deactivatedAt: profiles.deactivatedAt,
      })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .limit(1)
    if (!user) throw new AccountStateError('NOT_FOUND', 'This user no longer exists')
    if (user.deactivatedAt) return
    if (user.role === 'admin' && admins.length <= 1) {
      throw new AccountStateError(
        'LAST_ADMIN',
        'The last admin cannot be deactivated. Make another user an admin first.',
      )
    }
    await tx
      .update(profiles)
      .set({ deactivatedAt: now, banned: true, banReason: 'deactivated', updatedAt: sql`now()` })
      .where(eq(profiles.id, userId))
    await tx.delete(sessions).where(eq(sessions.userId, userId))
    await tx.delete(verifications).where(pendingTokensOf(user.id, user.email))
  })
  // Bylines stay; the author page lists the staff it shows, and the sitemap follows it.
  announceChanged([cacheKey.author(userId), 'sitemap'])
}

const EMAIL_OTP_TYPES = ['sign-in', 'email-verification', 'forget-password'] as const

/**
 * better-auth's pending one-time tokens for an account (its `verification` rows), so that a link
 * or code mailed before the deactivation does nothing after it, reactivated or not:
 * - reset-password, delete-account, a two-factor sign-in in progress and trusted devices hold
 *   the user's id as their value;
 * - a two-factor code sent by mail is `2fa-otp-{userId}!{sessionId}`;
 * - a magic link is `magic-link:{hashed token}` with the address in its JSON value;
 * - an email code is `{type}-otp-{email}` (better-auth lower-cases the address).
 * Change-email links are signed tokens that are not stored (and change-email is not enabled).
 */
export function pendingTokensOf(userId: string, email: string) {
  const address = email.trim().toLowerCase()
  return or(
    eq(verifications.value, userId),
    sql`starts_with(${verifications.identifier}, ${`2fa-otp-${userId}!`})`,
    // The CASE keeps the JSON cast to magic-link rows: other values are not JSON.
    sql`case when starts_with(${verifications.identifier}, 'magic-link:')
      then lower(${verifications.value}::jsonb ->> 'email') = ${address} else false end`,
    inArray(
      verifications.identifier,
      EMAIL_OTP_TYPES.map((type) => `${type}-otp-${address}`),
    ),
    // A change-email code names the current address, then the new one.
    sql`starts_with(${verifications.identifier}, ${`change-email-otp-${address}-`})`,
  )
}

/** An admin reactivates an account: it signs in again as before, with the same role. */
export async function reactivateUser(userId: string) {
  const updated = await getDb()
    .update(profiles)
    .set({ deactivatedAt: null, banned: false, banReason: null, updatedAt: sql`now()` })
    .where(eq(profiles.id, userId))
    .returning({ id: profiles.id })
  if (updated.length === 0) throw new AccountStateError('NOT_FOUND', 'This user no longer exists')
  announceChanged([cacheKey.author(userId), 'sitemap'])
}
