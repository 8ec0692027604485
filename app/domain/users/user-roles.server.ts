import { eq, sql } from 'drizzle-orm'
import { profiles, sessions } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { getDb } from '~/infra/db.server'
import type { RoleChange } from './user-roles-schema'
import { announceChanged, cacheKey } from '~/infra/cache-keys.server'

export class RoleChangeError extends domainErrors('RoleChangeError', {
  NOT_FOUND: 404,
  LAST_ADMIN: 409,
}) {}

export const LAST_ADMIN_MESSAGE =
  'The last admin cannot be removed. Make another user an admin first.'

/**
 * Sets a user's role. The last admin cannot be demoted (docs/product.md "Where we differ" 6):
 * admin rows are locked first, so two admins demoting each other at once cannot both succeed.
 * A new role never rides on an old session: the user's sessions end in the same transaction,
 * and they sign in again.
 */
export async function setUserRole({ userId, role }: RoleChange) {
  const result = await getDb().transaction(async (tx) => {
    const admins = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.role, 'admin'))
      .for('update')
    const [user] = await tx
      .select({ id: profiles.id, role: profiles.role })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .limit(1)
    if (!user) throw new RoleChangeError('NOT_FOUND', 'This user no longer exists')
    if (user.role === role) return { id: user.id, role, changed: false }
    if (role !== 'admin' && admins.length <= 1 && admins.some((a) => a.id === userId)) {
      throw new RoleChangeError('LAST_ADMIN', LAST_ADMIN_MESSAGE)
    }
    await tx
      .update(profiles)
      .set({ role, updatedAt: sql`now()` })
      .where(eq(profiles.id, userId))
    await tx.delete(sessions).where(eq(sessions.userId, userId))
    return { id: user.id, role, changed: true }
  })
  // Whether an author page is shown, and its place in the sitemap, follow the role.
  if (result.changed) announceChanged([cacheKey.author(userId), 'sitemap'])
  return result
}
