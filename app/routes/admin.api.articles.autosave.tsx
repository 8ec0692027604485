import { ArticleError, autosaveArticle } from '~/domain/articles/articles.server'
import {
  articleDraftSchema,
  articleFormValues,
  articleSubmissionSchema,
} from '~/domain/articles/articles-schema'
import { logger } from '~/infra/logger.server'
import { requireAdminApi } from '~/infra/permissions.server'
import type { AutosaveResponse } from '~/components/admin/article-autosave'
import type { Route } from './+types/admin.api.articles.autosave'

// Autosave of the article form (every 10 s, drafts only): JSON in and out, never cached.

const HEADERS = { 'Cache-Control': 'private, no-store' }

function answer(body: AutosaveResponse, status = 200) {
  return Response.json(body, { status, headers: HEADERS })
}

const STATUS_FOR: Record<ArticleError['code'], number> = {
  NOT_FOUND: 404,
  CONFLICT: 409,
  NOT_DRAFT: 409,
  EMPTY_CONTENT: 400,
  SAVE_FAILED: 422,
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdminApi(request)
  if (request.method !== 'POST') {
    return answer({ ok: false, code: 'METHOD', error: 'Method not allowed' }, 405)
  }
  const values = articleFormValues(await request.formData())
  const submission = articleSubmissionSchema.safeParse(values)
  const parsed = articleDraftSchema.safeParse(values)
  if (!parsed.success || !submission.success) {
    const issue = parsed.error?.issues[0] ?? submission.error?.issues[0]
    return answer({ ok: false, code: 'INVALID', error: issue?.message ?? 'Invalid draft' }, 400)
  }
  try {
    const saved = await autosaveArticle(submission.data.id, parsed.data, user, {
      expectedUpdatedAt: submission.data.expectedUpdatedAt,
    })
    return answer({ ok: true, id: saved.id, updatedAt: saved.updatedAt.toISOString() })
  } catch (error) {
    if (error instanceof ArticleError) {
      return answer(
        {
          ok: false,
          code: error.code,
          error: error.message,
          currentUpdatedAt: error.currentUpdatedAt?.toISOString(),
        },
        STATUS_FOR[error.code],
      )
    }
    logger.error({ err: error }, 'autosave failed')
    return answer({ ok: false, code: 'FAILED', error: 'The draft could not be saved.' }, 500)
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminApi(request)
  return answer({ ok: false, code: 'METHOD', error: 'Method not allowed' }, 405)
}
