import { desc, ilike, or } from 'drizzle-orm'
import { profiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import type { Role } from '~/domain/access/access-rules'

export interface AdminUserRow {
  id: string
  email: string
  username: string | null
  displayName: string | null
  role: Role
  createdAt: Date
  /** Set while the account is deactivated: it cannot sign in. */
  deactivatedAt: Date | null
}

/** `%`, `_` and `\` typed in the search box are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`

/** docs/product.md §7: all profiles, newest first; with `search`, those it matches. */
export async function listUsersForAdmin(search = ''): Promise<AdminUserRow[]> {
  const pattern = likePattern(search)
  return getDb()
    .select({
      id: profiles.id,
      email: profiles.email,
      username: profiles.username,
      displayName: profiles.displayName,
      role: profiles.role,
      createdAt: profiles.createdAt,
      deactivatedAt: profiles.deactivatedAt,
    })
    .from(profiles)
    .where(
      search
        ? or(
            ilike(profiles.email, pattern),
            ilike(profiles.username, pattern),
            ilike(profiles.displayName, pattern),
          )
        : undefined,
    )
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
}
