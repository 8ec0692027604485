import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import {
  articles,
  categories,
  newsletterIssues,
  newsletterLists,
  newsletterSubscriptions,
  tags,
} from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { announceChanged } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { sanitizeArticleHtml } from '~/infra/sanitize.server'
import { slugify } from '~/lib/slugify'
import type { EditionValues, IssueStatus, ListValues } from './lists-schema'
import { NEWSLETTER_LISTS_KEY } from './newsletter-queries.server'

export class NewsletterListError extends domainErrors('NewsletterListError', {
  NOT_FOUND: 404,
  NOT_EDITABLE: 409,
  INVALID: 400,
}) {}

export type NewsletterList = typeof newsletterLists.$inferSelect

/** The list's columns from the form's values: schedule fields only for digests. */
function columnsOf(values: ListValues) {
  const digest = values.kind === 'digest'
  return {
    name: values.name,
    description: values.description,
    kind: values.kind,
    cadence: digest ? (values.cadence ?? null) : null,
    sendTime: digest ? (values.sendTime ?? null) : null,
    weekday: digest && values.cadence === 'weekly' ? values.weekday : null,
    timeZone: values.timeZone,
    categoryId: digest ? values.categoryId : null,
    tagId: digest ? values.tagId : null,
    minStories: digest ? values.minStories : 1,
    isDefault: values.isDefault,
    announceInMail: values.announceInMail,
  }
}

/** A free slug from the name: `-2`, `-3`… on a clash, checked against the whole table. */
async function freeSlug(name: string, exceptId?: number) {
  const base = slugify(name) || 'newsletter'
  const taken = new Set(
    (
      await getDb()
        .select({ slug: newsletterLists.slug })
        .from(newsletterLists)
        .where(
          and(
            sql`${newsletterLists.slug} like ${`${base}%`}`,
            exceptId ? ne(newsletterLists.id, exceptId) : undefined,
          ),
        )
    ).map((r) => r.slug),
  )
  let slug = base
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
  return slug
}

export async function createList(values: ListValues): Promise<NewsletterList> {
  const [row] = await getDb()
    .insert(newsletterLists)
    .values({ ...columnsOf(values), slug: await freeSlug(values.name) })
    .returning()
  // The footer of every cached page offers the lists.
  announceChanged([NEWSLETTER_LISTS_KEY])
  return row
}

/** Renaming keeps the slug: the archive's address stays where readers found it. */
export async function updateList(id: number, values: ListValues): Promise<NewsletterList> {
  const [row] = await getDb()
    .update(newsletterLists)
    .set({ ...columnsOf(values), updatedAt: new Date() })
    .where(eq(newsletterLists.id, id))
    .returning()
  if (!row) throw new NewsletterListError('NOT_FOUND', 'This newsletter no longer exists')
  announceChanged([NEWSLETTER_LISTS_KEY])
  return row
}

/** A list that has sent anything keeps its archive: only an unused list is deleted. */
export async function deleteList(id: number) {
  const db = getDb()
  const [sent] = await db
    .select({ n: count() })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.listId, id), ne(newsletterIssues.status, 'draft')))
  if (sent.n > 0) {
    throw new NewsletterListError(
      'NOT_EDITABLE',
      'This newsletter has issues that went out; it stays for its archive',
    )
  }
  const [row] = await db
    .delete(newsletterLists)
    .where(eq(newsletterLists.id, id))
    .returning({ id: newsletterLists.id })
  if (!row) throw new NewsletterListError('NOT_FOUND', 'This newsletter no longer exists')
  announceChanged([NEWSLETTER_LISTS_KEY])
}

export interface ListSummary extends NewsletterList {
  subscribers: number
  categoryName: string | null
  tagName: string | null
}

/** Every list with its number of subscriptions, by name. */
export async function listLists(): Promise<ListSummary[]> {
  const db = getDb()
  const rows = await db
    .select({
      list: newsletterLists,
      categoryName: categories.name,
      tagName: tags.name,
      subscribers: sql<number>`(select count(*)::int from ${newsletterSubscriptions} where ${newsletterSubscriptions.listId} = ${newsletterLists.id})`,
    })
    .from(newsletterLists)
    .leftJoin(categories, eq(categories.id, newsletterLists.categoryId))
    .leftJoin(tags, eq(tags.id, newsletterLists.tagId))
    .orderBy(asc(newsletterLists.name), asc(newsletterLists.id))
  return rows.map((r) => ({
    ...r.list,
    subscribers: Number(r.subscribers),
    categoryName: r.categoryName,
    tagName: r.tagName,
  }))
}

export async function getList(id: number) {
  const [row] = await getDb().select().from(newsletterLists).where(eq(newsletterLists.id, id))
  return row ?? null
}

export async function getListBySlug(slug: string) {
  const [row] = await getDb().select().from(newsletterLists).where(eq(newsletterLists.slug, slug))
  return row ?? null
}

export interface IssueSummary {
  id: number
  listId: number
  status: IssueStatus
  subject: string
  scheduledAt: Date | null
  startedAt: Date | null
  finishedAt: Date | null
  recipientCount: number
  createdAt: Date
}

const issueSummary = {
  id: newsletterIssues.id,
  listId: newsletterIssues.listId,
  status: newsletterIssues.status,
  subject: newsletterIssues.subject,
  scheduledAt: newsletterIssues.scheduledAt,
  startedAt: newsletterIssues.startedAt,
  finishedAt: newsletterIssues.finishedAt,
  recipientCount: newsletterIssues.recipientCount,
  createdAt: newsletterIssues.createdAt,
}

/** The latest issues of every list (newest first), `perList` each. */
export async function recentIssues(perList = 10): Promise<IssueSummary[]> {
  const rows = await getDb()
    .select({
      ...issueSummary,
      rank: sql<number>`row_number() over (partition by ${newsletterIssues.listId} order by ${newsletterIssues.createdAt} desc, ${newsletterIssues.id} desc)`,
    })
    .from(newsletterIssues)
    .orderBy(desc(newsletterIssues.createdAt), desc(newsletterIssues.id))
  return rows.filter((r) => Number(r.rank) <= perList).map(({ rank: _rank, ...r }) => r)
}

export async function getIssue(id: number) {
  const [row] = await getDb().select().from(newsletterIssues).where(eq(newsletterIssues.id, id))
  return row ?? null
}

/** A new, empty edition of an edition list, for the composer. */
export async function createEdition(listId: number, by: string | null) {
  const list = await getList(listId)
  if (!list) throw new NewsletterListError('NOT_FOUND', 'This newsletter no longer exists')
  if (list.kind !== 'edition') {
    throw new NewsletterListError('INVALID', 'Only edition lists are composed by hand')
  }
  const [row] = await getDb()
    .insert(newsletterIssues)
    .values({ listId, status: 'draft', createdBy: by })
    .returning({ id: newsletterIssues.id })
  return row.id
}

/** The composer's save: drafts only; the stories must exist and be published. */
export async function saveEdition(issueId: number, values: EditionValues) {
  const db = getDb()
  if (values.articleIds.length > 0) {
    const found = await db
      .select({ id: articles.id })
      .from(articles)
      .where(and(inArray(articles.id, values.articleIds), eq(articles.status, 'published')))
    if (found.length !== values.articleIds.length) {
      throw new NewsletterListError(
        'INVALID',
        'A chosen story is not published any more; remove it and save again',
      )
    }
  }
  const [row] = await db
    .update(newsletterIssues)
    // The introduction keeps what the article editor may write, and nothing else.
    .set({ ...values, intro: sanitizeArticleHtml(values.intro), updatedAt: new Date() })
    .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.status, 'draft')))
    .returning({ id: newsletterIssues.id })
  if (!row) await refuseNonDraft(issueId)
}

/** A draft that was never sent can go. */
export async function deleteDraftIssue(issueId: number) {
  const [row] = await getDb()
    .delete(newsletterIssues)
    .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.status, 'draft')))
    .returning({ id: newsletterIssues.id })
  if (!row) await refuseNonDraft(issueId)
}

async function refuseNonDraft(issueId: number): Promise<never> {
  const issue = await getIssue(issueId)
  if (!issue) throw new NewsletterListError('NOT_FOUND', 'This issue no longer exists')
  throw new NewsletterListError('NOT_EDITABLE', 'Only a draft can be changed')
}

/** Published stories the composer offers, newest first, with a title filter. */
export async function composerStories(query = '', limit = 30) {
  const q = query.trim()
  return getDb()
    .select({ id: articles.id, title: articles.title, publishedAt: articles.publishedAt })
    .from(articles)
    .where(
      and(
        eq(articles.status, 'published'),
        q ? sql`${articles.title} ilike ${`%${q.replace(/[%_\\]/g, '\\$&')}%`}` : undefined,
      ),
    )
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit)
}

/** Titles of the chosen stories, in the chosen order. */
export async function storiesByIds(ids: number[]) {
  if (ids.length === 0) return []
  const rows = await getDb()
    .select({ id: articles.id, title: articles.title, publishedAt: articles.publishedAt })
    .from(articles)
    .where(inArray(articles.id, ids))
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** Lists of article alerts (the publishing panel's "Email to subscribers"). */
export async function alertLists() {
  return getDb()
    .select({ id: newsletterLists.id, name: newsletterLists.name })
    .from(newsletterLists)
    .where(eq(newsletterLists.kind, 'alert'))
    .orderBy(asc(newsletterLists.name))
}
