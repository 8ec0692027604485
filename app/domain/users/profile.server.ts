import { and, eq, ne } from 'drizzle-orm'
import { profiles } from '@db/schema/index'
import { canOpenBackOffice, type Actor } from '~/domain/access/access-rules'
import { domainErrors } from '~/domain/domain-error'
import { isUploadedImageUrl } from '~/domain/media/own-media.server'
import { announceChanged, cacheKey } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { isReservedUsername, USERNAME_RESERVED, usernameKey } from '~/lib/username'
import type { AuthorProfileInput } from './profile-schema'

export class ProfileError extends domainErrors('ProfileError', {
  USERNAME_TAKEN: 400,
  USERNAME_RESERVED: 400,
  NOT_STAFF: 403,
  NOT_OUR_IMAGE: 400,
}) {}

const USERNAME_TAKEN = 'This username is already taken'

/** The PostgreSQL unique violation under Drizzle's wrapper (its code is on a cause). */
function isUniqueViolation(error: unknown) {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

/**
 * Usernames are unique by their key (`usernameKey`: NFKC and case fold; authors are shown by
 * username), held by the unique index on `profiles.username_key`. Reserved names are refused,
 * unless the account already holds that name (the first admin may be "admin").
 */
export async function updateUsername(userId: string, username: string) {
  const key = usernameKey(username)
  const db = getDb()
  const [current] = await db
    .select({ key: profiles.usernameKey })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1)
  if (current?.key !== key && isReservedUsername(username)) {
    throw new ProfileError('USERNAME_RESERVED', USERNAME_RESERVED, { field: 'username' })
  }
  const [taken] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.usernameKey, key), ne(profiles.id, userId)))
    .limit(1)
  if (taken) throw new ProfileError('USERNAME_TAKEN', USERNAME_TAKEN, { field: 'username' })
  try {
    await db
      .update(profiles)
      .set({ username, usernameKey: key, updatedAt: new Date() })
      .where(eq(profiles.id, userId))
    // Their bylines link to the new address (the sitemap lists it), or show the name itself.
    announceChanged([cacheKey.author(userId), 'sitemap'])
  } catch (error) {
    // Someone took the name between the look and the write: the unique index says so.
    if (isUniqueViolation(error)) {
      throw new ProfileError('USERNAME_TAKEN', USERNAME_TAKEN, { field: 'username' })
    }
    throw error
  }
}

/**
 * A writer's byline: display name, bio and picture (staff only: readers have no byline). The
 * picture must be an image uploaded to this site's media library, never a URL from elsewhere.
 * Fields the input leaves out stay as they are; null clears one.
 */
export async function updateAuthorProfile(actor: Actor, input: AuthorProfileInput) {
  if (!canOpenBackOffice(actor)) {
    throw new ProfileError('NOT_STAFF', 'Only the newsroom’s staff have a byline to set.')
  }
  if (input.image && !(await isUploadedImageUrl(input.image))) {
    throw new ProfileError('NOT_OUR_IMAGE', 'Choose an image uploaded to this site', {
      field: 'image',
    })
  }
  const changes: Partial<typeof profiles.$inferInsert> = {}
  if (input.displayName !== undefined) changes.displayName = input.displayName
  if (input.bio !== undefined) changes.bio = input.bio
  if (input.image !== undefined) changes.image = input.image
  await getDb()
    .update(profiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(profiles.id, actor.id))
  // Their bylines and author page.
  announceChanged([cacheKey.author(actor.id)])
}
