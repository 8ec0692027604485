import type { AppLoadContext } from 'react-router'
import {
  canCreateArticle,
  canSendArticleAlert,
  canSetByline,
  type Actor,
  type ArticleAccessFacts,
} from '~/domain/access/access-rules'
import { articleAccessFacts, requireStaff } from './require-access.server'
import { listCategories } from '~/domain/categories/categories-queries.server'
import { accessLevelOf } from '~/domain/articles/article-access'
import { listPlans } from '~/domain/membership/plans-queries.server'
import { listRecentTags } from '~/domain/articles/admin-articles-queries.server'
import {
  ArticleError,
  createArticle,
  updateArticle,
  type SavedArticle,
} from '~/domain/articles/articles.server'
import {
  articleFormSchema,
  articleFormValues,
  articleSubmissionSchema,
  type SaveConflictExtra,
} from '~/domain/articles/articles-schema'
import { saveOutcome } from '~/domain/articles/save-outcome'
import { alertStateFor } from '~/domain/newsletter/alert-queries.server'
import { sendArticleAlert } from '~/domain/newsletter/alert-send.server'
import { formatCount } from '~/lib/format-count'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { listBylineChoices, staffMemberName } from '~/domain/users/staff-queries.server'
import { logger } from '~/infra/logger.server'
import type { SessionUser } from '~/infra/permissions.server'
import { redirectWithToast } from '~/infra/toast.server'
import {
  actionError,
  actionFailure,
  actionInvalid,
  describeFailure,
  failureFrom,
} from './action-results.server'

// The one action and the shared loader data behind /admin/new-article and
// /admin/edit-article/{id} (docs/style.md: new and edit share one editor).

export type ArticleEditorMode = 'create' | 'edit'

/**
 * What the form needs besides the article: categories for the select, the tags for
 * "Recently used tags:", who is signing in (their id and role), the site's time zone for the
 * publish date, and the byline (a choice of staff for editors, else the author's name). The
 * form stays usable when the categories cannot be read (docs/product.md §8: a toast "Error fetching
 * categories" with the message); the article is then saved without changing its category.
 */
export async function articleEditorOptions(
  user: SessionUser,
  authorId: string | null = null,
  coAuthorIds: readonly string[] = [],
) {
  const byline = authorId ?? user.id
  const [categories, recentTags, settings, bylineChoices, authorName, plans, coAuthors] =
    await Promise.all([
      listCategories().then(
        (rows) => ({
          // Each with its default access: a new article starts with its category's (issue 38).
          rows: rows.map(({ id, name, defaultAccess }) => ({
            id,
            name,
            defaultAccess: accessLevelOf(defaultAccess),
          })),
          error: null,
        }),
        (error: unknown) => {
          logger.error({ err: error }, 'article form: categories could not be read')
          return {
            rows: [],
            error: 'The categories could not be loaded. Reload the page to retry.',
          }
        },
      ),
      listRecentTags(10),
      getSiteSettings(),
      canSetByline(user) ? listBylineChoices(byline) : null,
      staffMemberName(byline),
      // The plans a members story may ask for (the Access field's checkboxes).
      listPlans().then((rows) => rows.map(({ id, name, status }) => ({ id, name, status }))),
      // The later bylines by name (issue 40): a former staff member keeps their place.
      Promise.all(
        coAuthorIds.map(async (id) => ({
          id,
          name: (await staffMemberName(id)) ?? 'Former staff member',
        })),
      ),
    ])
  return {
    categories: categories.rows,
    categoriesError: categories.error,
    recentTags,
    // Who is signing in: their role decides the status choices and whether the byline is open.
    viewer: { id: user.id, role: user.role } satisfies Actor,
    timeZone: settings.timeZone,
    bylineChoices,
    authorName,
    coAuthors,
    plans,
    sitePreviewParagraphs: settings.previewParagraphs,
  }
}

/**
 * The lists of article alerts the publishing panel offers, with their recipients now: to
 * whoever may publish the article (a new one is the signed-in user's own draft); else none.
 */
export async function articleAlertLists(
  user: SessionUser,
  article: ({ id: number } & ArticleAccessFacts) | null,
) {
  const facts = article ?? { authorId: user.id, status: 'draft' as const }
  if (!canSendArticleAlert(user, facts)) return []
  return alertStateFor(article?.id ?? null)
}

/** "Publish and email": the list a publish also mails the story to, if any (form field). */
const PUBLISH_ALERT_FIELD = 'alertListId'

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
const SAVE_FAILED_TITLE = 'Failed to save article'

export async function articleEditorAction(
  { request, context }: { request: Request; context: Pick<AppLoadContext, 'requestId'> },
  mode: ArticleEditorMode,
  routeArticleId: number | null,
) {
  const user = await requireStaff(request, canCreateArticle)
  const { timeZone } = await getSiteSettings()
  const form = await request.formData()
  const values = articleFormValues(form, { timeZone })
  const submission = articleSubmissionSchema.safeParse(values)
  const parsed = articleFormSchema.safeParse(values)
  if (!parsed.success) return actionInvalid(parsed.error)
  if (!submission.success) {
    // The form's own hidden fields (draft id, version) were not what it writes: a hand-made
    // or damaged post. Nothing under a visible field to point at, so a toast says it.
    const reason = submission.error.issues[0]?.message ?? 'Invalid request'
    return actionError(400, FAILURE[mode], reason)
  }
  const { id: draftId, expectedUpdatedAt, overwrite } = submission.data
  // Read before anything is written: a malformed choice saves nothing.
  const alert = publishAlertChoice(form.get(PUBLISH_ALERT_FIELD), parsed.data.status)
  if (alert && !alert.ok) return actionError(400, FAILURE[mode], alert.message)
  // A new article that autosave already stored as a draft is finished by editing that draft.
  const targetId = mode === 'edit' ? routeArticleId : draftId

  let saved: SavedArticle
  try {
    // Which fields the role may change (status, byline, breaking news, featured) is the
    // write's own rule (domain/articles/article-field-rules.ts): a refusal is its 403.
    saved = targetId
      ? await updateArticle(targetId, parsed.data, user, { expectedUpdatedAt, overwrite })
      : await createArticle(parsed.data, user)
  } catch (error) {
    if (error instanceof ArticleError && error.code === 'CONFLICT') {
      // Above the form, not a toast: the editor chooses to overwrite or to open the other version.
      return actionFailure<SaveConflictExtra>(error.status, {
        code: error.code,
        formError: error.message,
        currentUpdatedAt: (error.currentUpdatedAt ?? new Date()).toISOString(),
      })
    }
    if (error instanceof ArticleError && error.code === 'SAVE_FAILED') {
      // docs/product.md "Where we differ" 3: the transaction wrote nothing, and the toast says so.
      return actionError(error.status, SAVE_FAILED_TITLE, `${error.message} Nothing was saved.`, {
        code: error.code,
      })
    }
    return failureFrom(error, {
      title: FAILURE[mode],
      context,
      details: { mode, articleId: targetId },
    })
  }
  logger.info({ articleId: saved.id, status: saved.status, by: user.id }, `article ${mode}d`)
  // The spec's toast, and what the save did with a link to it (a public story, or its form).
  const outcome = saveOutcome(saved, { timeZone })
  const link = outcome?.link ?? undefined
  if (alert?.ok) {
    // The story is out whatever the mail does: a refusal (sent already, a list gone, not
    // public yet) or a failure is said in the toast, and the panel's "Email to subscribers"
    // stays there to try again.
    const alertFailed = (reason: string) =>
      redirectWithToast('/admin/articles', {
        type: 'error',
        title: ALERT_FAILED_TITLE,
        description: `${SUCCESS[mode]}, but it was not emailed: ${reason}`,
        link,
      })
    const facts = await articleAccessFacts(saved.id)
    if (!facts || !canSendArticleAlert(user, facts)) {
      return alertFailed('only whoever may publish a story can email it to subscribers.')
    }
    try {
      const { recipients } = await sendArticleAlert({
        articleId: saved.id,
        listId: alert.listId,
        by: user.id,
      })
      return redirectWithToast('/admin/articles', {
        type: 'success',
        title: SUCCESS[mode],
        description: `${outcome?.message ?? 'Published'}, and emailing ${formatCount(recipients, 'subscriber')}.`,
        link,
      })
    } catch (error) {
      const { body } = describeFailure(error, {
        title: ALERT_FAILED_TITLE,
        context,
        details: { articleId: saved.id, listId: alert.listId },
      })
      return alertFailed(`${body.toast?.description ?? ''}.`)
    }
  }
  return redirectWithToast('/admin/articles', {
    type: 'success',
    title: SUCCESS[mode],
    description: outcome?.message,
    link,
  })
}

const ALERT_FAILED_TITLE = 'Not sent to subscribers'

type AlertChoice = { ok: true; listId: number } | { ok: false; message: string }

/** The "Publish and email" choice of a post: none, a list to mail once published, or why not. */
function publishAlertChoice(value: FormDataEntryValue | null, status: string): AlertChoice | null {
  if (value === null || value === '') return null
  const listId = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : 0
  if (listId <= 0) return { ok: false, message: 'Unknown newsletter' }
  if (status !== 'published') {
    return { ok: false, message: 'Only a published story can be sent to subscribers' }
  }
  return { ok: true, listId }
}
