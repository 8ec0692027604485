import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import { newsletterIssues, newsletterLists } from '@db/schema/index'
import { isArchivedIssue } from '~/domain/newsletter/archive-queries.server'
import { webCopy } from '~/domain/newsletter/issue-render.server'
import { NEWSLETTER_LISTS_KEY } from '~/domain/newsletter/newsletter-queries.server'
import { noteShownKeys } from '~/infra/cache-keys.server'
import { readDb } from '~/infra/db.server'
import { absoluteUrl } from '~/lib/seo'
import type {
  ContentNewsletterIssue,
  NewsletterIssueListQuery,
  NewsletterIssueSummary,
} from './content-api-schemas'
import type { ContentReader } from './content-api.server'
import { ContentApiError } from './content-api-errors'
import { decodeCursor, encodeCursor } from './cursor'

// Newsletter issues through the Content API (docs/content-api.md): the web versions readers
// find in the archive (/newsletters/{list}/{id}), nothing else: an issue whose send has started,
// as it was frozen then, with no reader's own links (`webCopy`). Drafts, scheduled, failed and
// cancelled issues, subscribers and counts never leave.
//
// A send announces no cache key (a sent issue never changes; the archive's pages are kept a
// minute for the same reason): a new issue joins the list when a CDN's minute is up. What an
// issue shows that can change, its list's name, is the lists' key.

const columns = {
  id: newsletterIssues.id,
  subject: newsletterIssues.subject,
  preheader: newsletterIssues.preheader,
  sentAt: newsletterIssues.startedAt,
  // The cursor keeps the database's own microseconds (a Date would round them to ms).
  exactSentAt: sql<string>`to_char(${newsletterIssues.startedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  listSlug: newsletterLists.slug,
  listName: newsletterLists.name,
}

type Row = { id: number; subject: string; preheader: string; sentAt: Date | null } & {
  listSlug: string
  listName: string
}

function summaryOf(row: Row, siteUrl: string): NewsletterIssueSummary {
  return {
    id: row.id,
    subject: row.subject,
    preheader: row.preheader,
    sentAt: row.sentAt?.toISOString() ?? null,
    list: { slug: row.listSlug, name: row.listName },
    url: absoluteUrl(siteUrl, `/newsletters/${encodeURIComponent(row.listSlug)}/${row.id}`),
  }
}

/**
 * A page of archived issues, the latest send first: the cursor names the last one given by
 * (send start, id), so an issue sent meanwhile moves nothing.
 */
export async function listContentNewsletterIssues(
  query: NewsletterIssueListQuery,
  reader: ContentReader,
): Promise<{ data: NewsletterIssueSummary[]; next: string | null }> {
  noteShownKeys([NEWSLETTER_LISTS_KEY])
  const db = readDb()
  const where: SQL[] = [isArchivedIssue ?? sql`true`]
  if (query.list !== undefined) {
    const [list] = await db
      .select({ id: newsletterLists.id })
      .from(newsletterLists)
      .where(eq(newsletterLists.slug, query.list))
    if (!list) throw new ContentApiError('not_found', 'No newsletter has this slug.')
    where.push(eq(newsletterIssues.listId, list.id))
  }
  if (query.cursor !== undefined) {
    const after = decodeCursor(query.cursor)
    if (!after) throw new ContentApiError('bad_request', 'cursor is not one this API gave.')
    where.push(
      sql`(${newsletterIssues.startedAt}, ${newsletterIssues.id}) < (${after.at}::timestamptz, ${after.id})`,
    )
  }
  const rows = await db
    .select(columns)
    .from(newsletterIssues)
    .innerJoin(newsletterLists, eq(newsletterLists.id, newsletterIssues.listId))
    .where(and(...where))
    .orderBy(desc(newsletterIssues.startedAt), desc(newsletterIssues.id))
    .limit(query.limit + 1)
  const page = rows.slice(0, query.limit)
  const last = page[page.length - 1]
  return {
    data: page.map((row) => summaryOf(row, reader.siteUrl)),
    next:
      rows.length > query.limit && last
        ? encodeCursor({ at: last.exactSentAt, id: last.id })
        : null,
  }
}

/** One archived issue by its id: its web version's mail, and its plain-text part. */
export async function getContentNewsletterIssue(
  id: string,
  reader: ContentReader,
): Promise<ContentNewsletterIssue> {
  noteShownKeys([NEWSLETTER_LISTS_KEY])
  const [row] = /^\d{1,9}$/.test(id)
    ? await readDb()
        .select({ ...columns, html: newsletterIssues.html, text: newsletterIssues.text })
        .from(newsletterIssues)
        .innerJoin(newsletterLists, eq(newsletterLists.id, newsletterIssues.listId))
        .where(and(eq(newsletterIssues.id, Number(id)), isArchivedIssue))
        .limit(1)
    : []
  if (!row?.html) throw new ContentApiError('not_found', 'No sent newsletter issue has this id.')
  return {
    ...summaryOf(row, reader.siteUrl),
    html: webCopy(row.html),
    text: webCopy(row.text ?? ''),
  }
}
