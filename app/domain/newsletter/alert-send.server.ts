import { and, eq, sql } from 'drizzle-orm'
import { articles, newsletterLists } from '@db/schema/index'
import { isPublicArticle } from '~/domain/published.server'
import { getDb } from '~/infra/db.server'
import { rowsOf } from './issue-lookup.server'
import { startIssueSend } from './issue-send.server'
import { NewsletterSendError } from './send-error'

/**
 * Mails a story to an alert list: once per story and list (the issue is unique on both, so a
 * second press, here or on another instance, finds it already sent).
 */
export async function sendArticleAlert({
  articleId,
  listId,
  by,
}: {
  articleId: number
  listId: number
  by?: string | null
}): Promise<{ issueId: number; recipients: number }> {
  const db = getDb()
  const [list] = await db.select().from(newsletterLists).where(eq(newsletterLists.id, listId))
  if (!list) throw new NewsletterSendError('NOT_FOUND', 'Newsletter not found')
  if (list.kind !== 'alert') {
    throw new NewsletterSendError('INVALID', `${list.name} is not a list of article alerts`)
  }
  const [article] = await db
    .select({ id: articles.id, title: articles.title, excerpt: articles.excerpt })
    .from(articles)
    .where(and(eq(articles.id, articleId), isPublicArticle))
  if (!article) {
    throw new NewsletterSendError('INVALID', 'Only a published story can be sent to subscribers')
  }
  const inserted = await rowsOf<{ id: number }>(
    sql`insert into newsletter_issues (list_id, status, subject, preheader, article_ids, article_id, created_by)
        values (${listId}, 'draft', ${article.title}, ${article.excerpt},
                ${`{${articleId}}`}::integer[], ${articleId}, ${by ?? null})
        on conflict (list_id, article_id) where article_id is not null do nothing
        returning id`,
  )
  if (inserted.length === 0) {
    throw new NewsletterSendError('ALREADY_SENT', `This story was already sent to ${list.name}`)
  }
  const issueId = Number(inserted[0].id)
  const { recipients } = await startIssueSend(issueId, by)
  return { issueId, recipients }
}
