import { desc } from 'drizzle-orm'
import { profiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import type { Role } from '~/domain/access/access-rules'

export interface AdminUserRow {
  id: string
  email: string
  username: string | null
  role: Role
  createdAt: Date
}

/** docs/product.md §7: all profiles, newest first. */
export async function listUsersForAdmin(): Promise<AdminUserRow[]> {
  return getDb()
    .select({
      id: profiles.id,
      email: profiles.email,
      username: profiles.username,
      role: profiles.role,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
}
