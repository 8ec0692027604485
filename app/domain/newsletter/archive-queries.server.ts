import { and, desc, eq, isNotNull } from 'drizzle-orm'
import { newsletterIssues, newsletterLists } from '@db/schema/index'
import { getDb } from '~/infra/db.server'

// The public archive: sent issues only, as they were frozen when their send started.

const sent = and(eq(newsletterIssues.status, 'sent'), isNotNull(newsletterIssues.html))

/** A list and its sent issues, newest first; null for an unknown slug. */
export async function listArchive(slug: string) {
  const db = getDb()
  const [list] = await db
    .select({
      id: newsletterLists.id,
      slug: newsletterLists.slug,
      name: newsletterLists.name,
      description: newsletterLists.description,
      kind: newsletterLists.kind,
    })
    .from(newsletterLists)
    .where(eq(newsletterLists.slug, slug))
  if (!list) return null
  const issues = await db
    .select({
      id: newsletterIssues.id,
      subject: newsletterIssues.subject,
      preheader: newsletterIssues.preheader,
      sentAt: newsletterIssues.startedAt,
    })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.listId, list.id), sent))
    .orderBy(desc(newsletterIssues.startedAt), desc(newsletterIssues.id))
    .limit(200)
  return { list, issues }
}

/** The frozen mail of a sent issue of this list, or null. */
export async function archivedIssue(slug: string, issueId: number) {
  const [row] = await getDb()
    .select({ subject: newsletterIssues.subject, html: newsletterIssues.html })
    .from(newsletterIssues)
    .innerJoin(newsletterLists, eq(newsletterLists.id, newsletterIssues.listId))
    .where(and(eq(newsletterLists.slug, slug), eq(newsletterIssues.id, issueId), sent))
  return row?.html ? { subject: row.subject, html: row.html } : null
}
