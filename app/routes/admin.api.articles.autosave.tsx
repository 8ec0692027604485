import { ArticleError, autosaveArticle } from '~/domain/articles/articles.server'
import {
  articleDraftSchema,
  articleFormValues,
  articleSubmissionSchema,
  type AutosaveExtra,
} from '~/domain/articles/articles-schema'
import { requireStaffApi } from './+shared/require-access.server'
import { ACTION_CODES, type ActionResult } from '~/lib/action-result'
import { fieldErrorsOf } from '~/lib/field-errors'
import { describeFailure } from './+shared/action-results.server'
import type { Route } from './+types/admin.api.articles.autosave'

// Autosave of the article form (every 10 s, drafts only): JSON in and out, never cached.
// Who may write this article and which of its fields (byline, breaking news, featured) is
// the write's own rule (domain/articles/article-field-rules.ts), as for the form's saves.

const HEADERS = { 'Cache-Control': 'private, no-store' }

function answer(body: ActionResult<AutosaveExtra>, status = 200, headers = {}) {
  return Response.json(body, { status, headers: { ...HEADERS, ...headers } })
}

const METHOD_NOT_ALLOWED = {
  ok: false,
  code: 'METHOD_NOT_ALLOWED',
  formError: 'Method not allowed',
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffApi(request)
  if (request.method !== 'POST') return answer(METHOD_NOT_ALLOWED, 405)
  const values = articleFormValues(await request.formData())
  const submission = articleSubmissionSchema.safeParse(values)
  const parsed = articleDraftSchema.safeParse(values)
  if (!parsed.success || !submission.success) {
    const fieldErrors = {
      ...(submission.error && fieldErrorsOf(submission.error)),
      ...(parsed.error && fieldErrorsOf(parsed.error)),
    }
    return answer({ ok: false, code: ACTION_CODES.invalidField, fieldErrors }, 400)
  }
  try {
    const saved = await autosaveArticle(submission.data.id, parsed.data, user, {
      expectedUpdatedAt: submission.data.expectedUpdatedAt,
    })
    return answer({ ok: true, id: saved.id, updatedAt: saved.updatedAt.toISOString() })
  } catch (error) {
    const { status, body, headers } = describeFailure(error, {
      context,
      details: { articleId: submission.data.id },
    })
    const currentUpdatedAt =
      error instanceof ArticleError ? error.currentUpdatedAt?.toISOString() : undefined
    return answer({ ...body, currentUpdatedAt }, status, headers)
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffApi(request)
  return answer(METHOD_NOT_ALLOWED, 405)
}
