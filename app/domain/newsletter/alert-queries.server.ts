import { and, asc, eq } from 'drizzle-orm'
import { newsletterIssues, newsletterLists } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import type { AlertListState } from './alert-schema'
import { countRecipients } from './send-queue.server'

/**
 * The alert lists, each with its recipients now and whether this story went to it already
 * (`null`: a story not stored yet, which went nowhere).
 */
export async function alertStateFor(articleId: number | null): Promise<AlertListState[]> {
  const db = getDb()
  const lists = await db
    .select({ id: newsletterLists.id, name: newsletterLists.name })
    .from(newsletterLists)
    .where(eq(newsletterLists.kind, 'alert'))
    .orderBy(asc(newsletterLists.name))
  return Promise.all(
    lists.map(async (list) => {
      const [issue] =
        articleId === null
          ? []
          : await db
              .select({
                startedAt: newsletterIssues.startedAt,
                recipientCount: newsletterIssues.recipientCount,
                status: newsletterIssues.status,
              })
              .from(newsletterIssues)
              .where(
                and(
                  eq(newsletterIssues.listId, list.id),
                  eq(newsletterIssues.articleId, articleId),
                ),
              )
      return {
        ...list,
        recipients: await countRecipients(list.id),
        sent: issue
          ? {
              at: issue.startedAt?.toISOString() ?? null,
              recipients: issue.recipientCount,
              status: issue.status,
            }
          : null,
      }
    }),
  )
}
