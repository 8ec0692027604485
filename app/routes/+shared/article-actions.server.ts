import type { AppLoadContext } from 'react-router'
import { canDeleteArticle } from '~/domain/access/access-rules'
import { articleAccessFacts, forbidden, requireStaff } from './require-access.server'
import { deleteArticle, setArticleStatus } from '~/domain/articles/articles.server'
import { articleActionSchema, type ArticleAction } from '~/domain/articles/articles-schema'
import { logger } from '~/infra/logger.server'
import type { ActionToast } from '~/lib/action-result'
import { actionSuccess, failureFrom, parseIntent } from './action-results.server'

// Row actions of the dashboard (Edit, Archive, Hide/Show, Delete) and of the article list
// (delete). docs/product.md §8 gives each its own words, so the two screens differ only in messages.

interface Messages {
  success: Record<ArticleAction, ActionToast>
  /** The failure toast's title; its description says what went wrong. */
  failure: Record<ArticleAction, string>
}

const DASHBOARD: Messages = {
  success: {
    delete: {
      type: 'success',
      title: 'Article deleted',
      description: 'The article has been successfully deleted.',
    },
    archive: {
      type: 'success',
      title: 'Article archived',
      description: 'The article has been moved to archives.',
    },
    hide: {
      type: 'success',
      title: 'Article hidden',
      description: 'The article has been hidden from view.',
    },
    // Not in the original product (its Show only hid again); docs/product.md "Where we differ" 1.
    show: {
      type: 'success',
      title: 'Article published',
      description: 'The article is visible to readers again.',
    },
  },
  failure: {
    delete: 'Error deleting article',
    archive: 'Error archiving article',
    hide: 'Error hiding article',
    show: 'Error publishing article',
  },
}

const LIST: Messages = {
  success: {
    ...DASHBOARD.success,
    delete: { type: 'success', title: 'Article deleted successfully' },
  },
  failure: { ...DASHBOARD.failure, delete: 'Failed to delete article' },
}

export async function articleRowAction(
  { request, context }: { request: Request; context: Pick<AppLoadContext, 'requestId'> },
  screen: 'dashboard' | 'list',
) {
  const user = await requireStaff(request)
  const messages = screen === 'dashboard' ? DASHBOARD : LIST
  const parsed = parseIntent(await request.formData(), articleActionSchema, {
    titles: messages.failure,
  })
  if (!parsed.ok) return parsed.response
  const { intent, id } = parsed.data
  try {
    if (intent === 'delete') {
      const facts = await articleAccessFacts(id)
      if (facts && !canDeleteArticle(user, facts)) forbidden()
      await deleteArticle(id)
    } else {
      // A status change: the field rules of the write decide (whoever may publish it).
      await setArticleStatus(id, intent, user)
    }
  } catch (error) {
    return failureFrom(error, { title: messages.failure[intent], context, details: { intent, id } })
  }
  logger.info({ articleId: id, intent, by: user.id }, 'article action')
  return actionSuccess(messages.success[intent])
}
