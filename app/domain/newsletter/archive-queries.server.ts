import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm'
import { newsletterIssues, newsletterLists } from '@db/schema/index'
import { getDb } from '~/infra/db.server'

// The public archive: issues whose send has started, as they were frozen then. An issue still
// sending is in it too: its mails already say "View in browser" (issue 36).

/** An issue readers find in the archive: its send started, its mail frozen. */
export const isArchivedIssue = and(
  inArray(newsletterIssues.status, ['sending', 'sent']),
  isNotNull(newsletterIssues.html),
)

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
    .where(and(eq(newsletterIssues.listId, list.id), isArchivedIssue))
    .orderBy(desc(newsletterIssues.startedAt), desc(newsletterIssues.id))
    .limit(200)
  return { list, issues }
}

/** The frozen mail of a sent issue of this list, with its list and send, or null. */
export async function archivedIssue(slug: string, issueId: number) {
  const [row] = await getDb()
    .select({
      subject: newsletterIssues.subject,
      html: newsletterIssues.html,
      sentAt: newsletterIssues.startedAt,
      list: { id: newsletterLists.id, slug: newsletterLists.slug, name: newsletterLists.name },
    })
    .from(newsletterIssues)
    .innerJoin(newsletterLists, eq(newsletterLists.id, newsletterIssues.listId))
    .where(and(eq(newsletterLists.slug, slug), eq(newsletterIssues.id, issueId), isArchivedIssue))
  return row?.html ? { ...row, html: row.html } : null
}
