import {
  claimEditLock,
  releaseEditLock,
  takeOverEditLock,
} from '~/domain/articles/edit-lock.server'
import { editLockActionSchema } from '~/domain/articles/edit-lock-schema'
import { ACTION_CODES } from '~/lib/action-result'
import { describeFailure, formFields } from './+shared/action-results.server'
import { parseArticleId } from './+shared/article-editor.server'
import { requireStaffApi } from './+shared/require-access.server'
import type { Route } from './+types/admin.api.articles.$id.lock'

/**
 * POST /admin/api/articles/{id}/lock — the edit page's lock (docs/decisions, edit locks):
 * `claim` when it opens and every few seconds while it stays open, `take-over`, and `release`
 * (sent by the closing tab as a beacon). JSON in and out, never cached. Who may take the lock
 * is who may edit the article (the domain asks `canEditArticle`: 403 otherwise).
 */

const HEADERS = { 'Cache-Control': 'private, no-store' }

function answer(body: object, status = 200, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { ...HEADERS, ...headers } })
}

const METHOD_NOT_ALLOWED = {
  ok: false,
  code: 'METHOD_NOT_ALLOWED',
  formError: 'Method not allowed',
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaffApi(request)
  if (request.method !== 'POST') return answer(METHOD_NOT_ALLOWED, 405)
  const id = parseArticleId(params.id)
  if (id === null) {
    return answer({ ok: false, code: 'NOT_FOUND', formError: 'Article not found' }, 404)
  }
  const parsed = editLockActionSchema.safeParse(formFields(await request.formData()))
  if (!parsed.success) {
    return answer({ ok: false, code: ACTION_CODES.unknownIntent, formError: 'Unknown action' }, 400)
  }
  try {
    switch (parsed.data.intent) {
      case 'claim':
        return answer({ ok: true, ...(await claimEditLock(id, user)) })
      case 'take-over':
        return answer({ ok: true, ...(await takeOverEditLock(id, user)) })
      case 'release':
        return answer({ ok: true, released: await releaseEditLock(id, user) })
    }
  } catch (error) {
    const { status, body, headers } = describeFailure(error, {
      context,
      details: { articleId: id, intent: parsed.data.intent },
    })
    return answer(body, status, headers)
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffApi(request)
  return answer(METHOD_NOT_ALLOWED, 405)
}
