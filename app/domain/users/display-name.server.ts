import { eq } from 'drizzle-orm'
import { profiles } from '@db/schema/index'
import { canOpenBackOffice, type Actor } from '~/domain/access/access-rules'
import { getDb } from '~/infra/db.server'
import { updateAuthorProfile } from './profile.server'

/**
 * Whether the back office must ask this staff member for a display name before anything else:
 * bylines show it, and without one they would show a username taken from an address (issue
 * "Bylines are usernames from e-mail addresses"). Readers are never asked.
 */
export async function needsDisplayName(actor: Actor): Promise<boolean> {
  if (!canOpenBackOffice(actor)) return false
  const [row] = await getDb()
    .select({ displayName: profiles.displayName })
    .from(profiles)
    .where(eq(profiles.id, actor.id))
    .limit(1)
  return !row?.displayName?.trim()
}

/** The back office's display-name step: the name is required here (the profile may clear it). */
export async function setDisplayName(actor: Actor, displayName: string) {
  await updateAuthorProfile(actor, { displayName })
}
