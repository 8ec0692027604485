import { and, eq, ne, sql } from 'drizzle-orm'
import { profiles } from '@db/schema/index'
import { canOpenBackOffice, type Actor } from '~/domain/access/access-rules'
import { domainErrors } from '~/domain/domain-error'
import { isUploadedImageUrl } from '~/domain/media/own-media.server'
import { getDb } from '~/infra/db.server'
import type { AuthorProfileInput } from './profile-schema'

export class ProfileError extends domainErrors('ProfileError', {
  USERNAME_TAKEN: 400,
  NOT_STAFF: 403,
  NOT_OUR_IMAGE: 400,
}) {}

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
}
