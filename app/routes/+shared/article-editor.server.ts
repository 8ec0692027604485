import { data } from 'react-router'
import { listCategories } from '~/domain/categories/categories-queries.server'
import { listRecentTags } from '~/domain/articles/admin-articles-queries.server'
import {
  ArticleError,
  createArticle,
  SAVE_FAILED_MESSAGE,
  updateArticle,
  type SavedArticle,
} from '~/domain/articles/articles.server'
import {
  articleFormSchema,
  articleFormValues,
  articleSubmissionSchema,
  fieldErrorsOf,
  type FieldErrors,
} from '~/domain/articles/articles-schema'
import { logger } from '~/infra/logger.server'
import { requireAdmin } from '~/infra/permissions.server'
import { redirectWithToast } from '~/infra/toast.server'
import type { ActionToast } from '~/lib/action-result'

// The one action and the shared loader data behind /admin/new-article and
// /admin/edit-article/{id} (STYLE.md: new and edit share one editor).

export type ArticleEditorMode = 'create' | 'edit'

/** What the article form answers when it does not redirect. */
export type ArticleEditorActionData =
  | { status: 'invalid'; fieldErrors: FieldErrors; toast?: ActionToast }
  | { status: 'conflict'; message: string; currentUpdatedAt: string }
  | { status: 'failed'; toast: ActionToast }

/**
 * Categories for the select and the tags for "Recently used tags:". The form stays usable
 * when the categories cannot be read (spec §8: a toast "Error fetching categories" with the
 * message); the article is then saved without changing its category.
 */
export async function articleEditorOptions() {
  const [categories, recentTags] = await Promise.all([
    listCategories().then(
      (rows) => ({ rows: rows.map(({ id, name }) => ({ id, name })), error: null }),
      (error: unknown) => {
        logger.error({ err: error }, 'article form: categories could not be read')
        return { rows: [], error: 'The categories could not be loaded. Reload the page to retry.' }
      },
    ),
    listRecentTags(10),
  ])
  return { categories: categories.rows, categoriesError: categories.error, recentTags }
}

/** A route id segment as an article id; anything else is no article. */
export function parseArticleId(param: string | undefined): number | null {
  if (!param || !/^\d{1,9}$/.test(param)) return null
  const id = Number(param)
  return id > 0 ? id : null
}

const SUCCESS: Record<ArticleEditorMode, string> = {
  create: 'Article created successfully',
  edit: 'Article updated successfully',
}
const FAILURE: Record<ArticleEditorMode, string> = {
  create: 'Failed to create article',
  edit: 'Failed to update article',
}

function failed(status: number, toast: ActionToast) {
  return data<ArticleEditorActionData>({ status: 'failed', toast }, { status })
}

export async function articleEditorAction(
  request: Request,
  mode: ArticleEditorMode,
  routeArticleId: number | null,
) {
  const user = await requireAdmin(request)
  const values = articleFormValues(await request.formData())
  const submission = articleSubmissionSchema.safeParse(values)
  const parsed = articleFormSchema.safeParse(values)
  if (!parsed.success) {
    return data<ArticleEditorActionData>(
      { status: 'invalid', fieldErrors: fieldErrorsOf(parsed.error) },
      { status: 400 },
    )
  }
  if (!submission.success) {
    // The form's own hidden fields (draft id, version) were not what it writes: a hand-made
    // or damaged post. Nothing under a visible field to point at, so a toast says it.
    return failed(400, {
      type: 'error',
      title: FAILURE[mode],
      description: submission.error.issues[0]?.message ?? 'Invalid request',
    })
  }
  const { id: draftId, expectedUpdatedAt, overwrite } = submission.data
  // A new article that autosave already stored as a draft is finished by editing that draft.
  const targetId = mode === 'edit' ? routeArticleId : draftId

  let saved: SavedArticle
  try {
    saved = targetId
      ? await updateArticle(targetId, parsed.data, user, { expectedUpdatedAt, overwrite })
      : await createArticle(parsed.data, user)
  } catch (error) {
    if (!(error instanceof ArticleError)) {
      logger.error({ err: error }, 'article save failed unexpectedly')
      return failed(500, { type: 'error', title: FAILURE[mode], description: 'Please try again.' })
    }
    switch (error.code) {
      case 'EMPTY_CONTENT':
        return data<ArticleEditorActionData>(
          { status: 'invalid', fieldErrors: { content: ['Content is required'] } },
          { status: 400 },
        )
      case 'CONFLICT':
        return data<ArticleEditorActionData>(
          {
            status: 'conflict',
            message: error.message,
            currentUpdatedAt: (error.currentUpdatedAt ?? new Date()).toISOString(),
          },
          { status: 409 },
        )
      case 'NOT_FOUND':
        return failed(404, { type: 'error', title: FAILURE[mode], description: error.message })
      case 'SAVE_FAILED':
        // ARCHITECTURE "Where we differ" 3: nothing was saved.
        return failed(422, {
          type: 'error',
          title: SAVE_FAILED_MESSAGE,
          description:
            error.message === SAVE_FAILED_MESSAGE
              ? 'Nothing was saved. Please try again.'
              : `${error.message} Nothing was saved.`,
        })
      default:
        return failed(422, { type: 'error', title: FAILURE[mode], description: error.message })
    }
  }
  logger.info({ articleId: saved.id, status: saved.status, by: user.id }, `article ${mode}d`)
  return redirectWithToast('/admin/articles', { type: 'success', title: SUCCESS[mode] })
}
