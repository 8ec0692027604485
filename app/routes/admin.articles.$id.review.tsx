import { canOpenArticle, canReviewArticles, type Actor } from '~/domain/access/access-rules'
import { forbidden, requireArticleAccess, requireStaff } from './+shared/require-access.server'
import { reviewActionSchema, type ReviewAction } from '~/domain/articles/review-schema'
import { returnToWriter } from '~/domain/articles/review.server'
import { withdrawFromReview } from '~/domain/articles/withdraw.server'
import { logger } from '~/infra/logger.server'
import { redirectWithToast } from '~/infra/toast.server'
import { failureFrom, parseIntent } from './+shared/action-results.server'
import { parseArticleId } from './+shared/article-editor.server'
import type { Route } from './+types/admin.articles.$id.review'
import { notFound } from './+shared/http-answers.server'

// The review's actions: an editor sends an article waiting for review back to its writer as a
// draft, with a note (the "Return to writer" dialog on the edit form); its writer takes it back
// to draft herself while no editor has acted on it ("Withdraw to draft"). Publishing is the
// form's own status change. The rules and the mail live in domain/articles.

const FAILURE_TITLE = {
  return: 'Failed to return the article',
  withdraw: 'Failed to withdraw the article',
} as const

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaff(request)
  const id = parseArticleId(params.id)
  if (id === null) notFound('Article not found')
  const form = await request.formData()
  let intent: ReviewAction['intent'] = form.get('intent') === 'withdraw' ? 'withdraw' : 'return'
  // Only reviewers return articles, whatever the article: a writer's forged post stops here.
  if (intent === 'return' && !canReviewArticles(user)) forbidden()
  try {
    // Inside the failure handling: a lookup that fails is a logged 500; a refusal stays 403/404.
    const rule = intent === 'return' ? (actor: Actor) => canReviewArticles(actor) : canOpenArticle
    await requireArticleAccess(request, id, rule)
    const parsed = parseIntent(form, reviewActionSchema, { titles: FAILURE_TITLE })
    if (!parsed.ok) return parsed.response
    const post = parsed.data
    intent = post.intent
    switch (post.intent) {
      case 'return':
        await returnToWriter(id, post.note, user)
        logger.info({ articleId: id, by: user.id }, 'article returned to its writer')
        break
      case 'withdraw':
        await withdrawFromReview(id, user)
        logger.info({ articleId: id, by: user.id }, 'article withdrawn from review')
        return redirectWithToast(`/admin/edit-article/${id}`, {
          type: 'success',
          title: 'Withdrawn to draft',
          description: 'The article is a draft again: edit it, then submit it for review.',
        })
    }
  } catch (error) {
    return failureFrom(error, {
      title: FAILURE_TITLE[intent],
      context,
      details: { articleId: id, intent },
    })
  }
  // Back to the queue: the article is the writer's again.
  return redirectWithToast('/admin', {
    type: 'success',
    title: 'Returned to the writer',
    description: 'They see your note on the article and in a mail.',
  })
}
