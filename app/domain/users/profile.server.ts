import { and, eq, ne, sql } from 'drizzle-orm'
import { profiles } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { getDb } from '~/infra/db.server'

export class ProfileError extends domainErrors('ProfileError', { USERNAME_TAKEN: 400 }) {}

/** Usernames are unique ignoring case (authors are shown by username). */
export async function updateUsername(userId: string, username: string) {
  const [taken] = await getDb()
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(sql`lower(${profiles.username}) = ${username.toLowerCase()}`, ne(profiles.id, userId)),
    )
    .limit(1)
  if (taken) {
    throw new ProfileError('USERNAME_TAKEN', 'This username is already taken', {
      field: 'username',
    })
  }
  await getDb()
    .update(profiles)
    .set({ username, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
}
