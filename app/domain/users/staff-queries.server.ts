import { asc, eq, ne, or, sql } from 'drizzle-orm'
import { profiles } from '@db/schema/index'
import { newsroomName } from '~/domain/authors/authors-queries.server'
import { getDb } from '~/infra/db.server'

/** A person the article form can put on a byline: an id and the name the newsroom knows. */
export interface StaffMember {
  id: string
  name: string
}

// The newsroom's name for a person (authors-queries: display name, username, address): the
// back office tells people apart, where readers' bylines would say "Staff" for all unnamed.
const staffName = newsroomName

/**
 * The bylines an editor may choose: every account with a staff role, by name, and the
 * article's current author even if they are staff no more (the select shows who it is).
 */
export async function listBylineChoices(currentAuthorId: string | null): Promise<StaffMember[]> {
  const staff = ne(profiles.role, 'viewer')
  return getDb()
    .select({ id: profiles.id, name: staffName })
    .from(profiles)
    .where(currentAuthorId ? or(staff, eq(profiles.id, currentAuthorId)) : staff)
    .orderBy(asc(sql`lower(${staffName})`), asc(profiles.id))
}

/** One account's name as the article form shows it, or null without such an account. */
export async function staffMemberName(id: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ name: staffName })
    .from(profiles)
    .where(eq(profiles.id, id))
    .limit(1)
  return row?.name ?? null
}
