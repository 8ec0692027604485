import crypto from 'node:crypto'
import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm'
import { accounts, profiles } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { getDb, type Database } from '~/infra/db.server'
import { hashPassword, MIN_PASSWORD_LENGTH } from '~/infra/password.server'
import { uniqueSlug } from '~/lib/slugify'
import { usernameKey } from '~/lib/username'

export class UserError extends domainErrors('UserError', {
  INVALID_EMAIL: 400,
  PASSWORD_TOO_SHORT: 400,
}) {}

function usernameFromEmail(email: string) {
  return email.split('@')[0].slice(0, 40)
}

/**
 * Creates an admin with a password sign-in, or promotes an existing account and resets its
 * password; `displayName`, when given, is the name its bylines show. Staff accounts are marked verified: better-auth would otherwise drop the password
 * login of an unverified address at its first magic-link sign-in.
 */
export async function createOrPromoteAdmin(
  rawEmail: string,
  password: string,
  displayName?: string,
) {
  const email = rawEmail.trim().toLowerCase()
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new UserError('INVALID_EMAIL', 'Enter a valid email address', { field: 'email' })
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new UserError(
      'PASSWORD_TOO_SHORT',
      `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
      { field: 'password' },
    )
  }
  const passwordHash = await hashPassword(password)
  return getDb().transaction(async (tx) => {
    const [existing] = await tx.select().from(profiles).where(eq(profiles.email, email)).limit(1)
    const now = new Date()
    const userId = existing?.id ?? crypto.randomUUID()
    if (existing) {
      await tx
        .update(profiles)
        .set({
          role: 'admin',
          emailVerified: true,
          updatedAt: now,
          ...(displayName ? { displayName } : {}),
        })
        .where(eq(profiles.id, userId))
    } else {
      // The operator's own account may take a reserved name ("admin" from admin@…).
      const username = await uniqueSlug(usernameFromEmail(email), async (candidate) => {
        const [row] = await tx
          .select({ id: profiles.id })
          .from(profiles)
          .where(eq(profiles.usernameKey, usernameKey(candidate)))
          .limit(1)
        return !!row
      })
      await tx.insert(profiles).values({
        id: userId,
        email,
        name: usernameFromEmail(email),
        username,
        usernameKey: usernameKey(username),
        role: 'admin',
        emailVerified: true,
        displayName: displayName ?? null,
      })
    }
    const [credential] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
      .limit(1)
    if (credential) {
      await tx
        .update(accounts)
        .set({ password: passwordHash, updatedAt: now })
        .where(eq(accounts.id, credential.id))
    } else {
      await tx.insert(accounts).values({
        id: crypto.randomUUID(),
        accountId: userId,
        providerId: 'credential',
        userId,
        password: passwordHash,
      })
    }
    return { id: userId, email, created: !existing }
  })
}

export async function countAdmins() {
  const [{ total }] = await getDb()
    .select({ total: count() })
    .from(profiles)
    .where(eq(profiles.role, 'admin'))
  return total
}

/**
 * Accounts whose username has no key yet (restored from a backup made before usernames had
 * one, migration 0009) get it from usernameKey, oldest first; a name whose key is taken by
 * then becomes "-2", "-3"… Returns how many were keyed.
 */
export async function keyUnkeyedUsernames(db: Database = getDb()): Promise<number> {
  const rows = await db
    .select({ id: profiles.id, username: profiles.username })
    .from(profiles)
    .where(and(isNotNull(profiles.username), isNull(profiles.usernameKey)))
    .orderBy(asc(profiles.createdAt), asc(profiles.id))
  for (const row of rows) {
    const username = await uniqueSlug(row.username ?? '', async (candidate) => {
      const [taken] = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.usernameKey, usernameKey(candidate)))
        .limit(1)
      return !!taken
    })
    await db
      .update(profiles)
      .set({ username, usernameKey: usernameKey(username) })
      .where(eq(profiles.id, row.id))
  }
  return rows.length
}
