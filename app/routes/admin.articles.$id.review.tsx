import { data } from 'react-router'
import { canReviewArticles } from '~/domain/access/access-rules'
import { requireArticleAccess, requireStaff } from '~/domain/access/require-access.server'
import { reviewActionSchema, type ReviewAction } from '~/domain/articles/review-schema'
import { returnToWriter } from '~/domain/articles/review.server'
import { logger } from '~/infra/logger.server'
import { redirectWithToast } from '~/infra/toast.server'
import { failureFrom, parseIntent } from './+shared/action-results.server'
import { parseArticleId } from './+shared/article-editor.server'
import type { Route } from './+types/admin.articles.$id.review'

// The review's action (the "Return to writer" dialog on the edit form): an editor sends an
// article waiting for review back to its writer as a draft, with a note. Publishing is the
// form's own status change. The rule and the mail live in domain/articles/review.server.ts.

const FAILURE_TITLE = { return: 'Failed to return the article' } as const

export async function action({ request, params, context }: Route.ActionArgs) {
  // Only reviewers get further, whatever the article: a writer's forged post is refused here.
  await requireStaff(request, canReviewArticles)
  const id = parseArticleId(params.id)
  if (id === null) throw data({ ok: false, code: 'NOT_FOUND' }, { status: 404 })
  const form = await request.formData()
  let intent: ReviewAction['intent'] = 'return'
  try {
    // Inside the failure handling: a lookup that fails is a logged 500; a refusal stays 403/404.
    const { user } = await requireArticleAccess(request, id, (actor) => canReviewArticles(actor))
    const parsed = parseIntent(form, reviewActionSchema, { titles: FAILURE_TITLE })
    if (!parsed.ok) return parsed.response
    const post = parsed.data
    intent = post.intent
    switch (post.intent) {
      case 'return':
        await returnToWriter(id, post.note, user)
        logger.info({ articleId: id, by: user.id }, 'article returned to its writer')
        break
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
