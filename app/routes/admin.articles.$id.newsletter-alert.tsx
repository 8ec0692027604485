import { data } from 'react-router'
import { canSendArticleAlert } from '~/domain/access/access-rules'
import { alertActionSchema, type AlertListState } from '~/domain/newsletter/alert-schema'
import { alertStateFor } from '~/domain/newsletter/alert-queries.server'
import { sendArticleAlert } from '~/domain/newsletter/alert-send.server'
import type { ActionResult } from '~/lib/action-result'
import { actionSuccess, failureFrom, parseIntent } from './+shared/action-results.server'
import { parseArticleId } from './+shared/article-editor.server'
import { notFound } from './+shared/http-answers.server'
import { requireArticleAccess, requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.articles.$id.newsletter-alert'

// The publishing panel's "Email to subscribers" (components/admin/article-newsletter-alert.tsx):
// whoever may publish the article mails it to a list of article alerts, once per list.

const NO_STORE = { 'Cache-Control': 'private, no-store' }

async function requireAlertArticle(request: Request, param: string | undefined) {
  const id = parseArticleId(param)
  if (id === null) {
    await requireStaff(request)
    notFound('Article not found', { headers: NO_STORE })
  }
  const { user } = await requireArticleAccess(request, id, canSendArticleAlert)
  return { id, user }
}

export type AlertAnswer = ActionResult<{ lists?: AlertListState[] }>

export async function loader({ request, params }: Route.LoaderArgs) {
  const { id } = await requireAlertArticle(request, params.id)
  return data<AlertAnswer>({ ok: true, lists: await alertStateFor(id) }, { headers: NO_STORE })
}

const TITLE = { 'send-alert': 'Not sent to subscribers' } as const

export async function action({ request, params, context }: Route.ActionArgs) {
  const { id, user } = await requireAlertArticle(request, params.id)
  const parsed = parseIntent(await request.formData(), alertActionSchema, {
    titles: TITLE,
    hiddenFields: ['listId'],
  })
  if (!parsed.ok) return parsed.response
  try {
    const { recipients } = await sendArticleAlert({
      articleId: id,
      listId: parsed.data.listId,
      by: user.id,
    })
    return actionSuccess({
      type: 'success',
      title: 'Sending to subscribers',
      description: `${recipients} ${recipients === 1 ? 'recipient' : 'recipients'}.`,
    })
  } catch (error) {
    return failureFrom(error, { title: TITLE['send-alert'], context, details: { id } })
  }
}
