import { data } from 'react-router'
import { canAddCorrections } from '~/domain/access/access-rules'
import { requireArticleAccess, requireStaff } from './+shared/require-access.server'
import { isLive } from '~/domain/articles/article-rules'
import {
  getPublishState,
  listArticleCorrections,
} from '~/domain/articles/corrections-queries.server'
import { correctionActionSchema } from '~/domain/articles/corrections-schema'
import { addCorrection, deleteCorrection } from '~/domain/articles/corrections.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { formatArticleDate } from '~/lib/dates'
import type { ActionResult } from '~/lib/action-result'
import {
  actionSuccess,
  describeFailure,
  failureFrom,
  parseIntent,
} from './+shared/action-results.server'
import { parseArticleId } from './+shared/article-editor.server'
import type { Route } from './+types/admin.articles.$id.corrections'
import { notFound } from './+shared/http-answers.server'

// The edit form's corrections panel (components/admin/article-corrections.tsx): an editor's
// list of the article's corrections, add and delete. Any successful post empties the page
// cache (server/page-cache.ts), so readers see the change at once.

const NO_STORE = { 'Cache-Control': 'private, no-store' }
const FAILURE_TITLE = {
  add: 'Failed to add correction',
  delete: 'Failed to delete correction',
} as const

async function requireCorrectableArticle(request: Request, param: string | undefined) {
  const id = parseArticleId(param)
  if (id === null) {
    await requireStaff(request, canAddCorrections)
    notFound('Article not found', { headers: NO_STORE })
  }
  const access = await requireArticleAccess(request, id, (actor) => canAddCorrections(actor))
  return { id, ...access }
}

export type CorrectionListAnswer = ActionResult<{
  /** Only an article in front of readers takes new corrections (the domain says so too). */
  canAdd: boolean
  corrections: { id: number; text: string; correctedIso: string; correctedLabel: string }[]
}>

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { id } = await requireCorrectableArticle(request, params.id)
  try {
    const [corrections, state, { timeZone }] = await Promise.all([
      listArticleCorrections(id),
      getPublishState(id),
      getSiteSettings(),
    ])
    return data<CorrectionListAnswer>(
      {
        ok: true,
        canAdd: state !== null && isLive(state, new Date()),
        corrections: corrections.map((correction) => ({
          id: correction.id,
          text: correction.text,
          correctedIso: correction.correctedAt.toISOString(),
          // The day the article page shows, in the paper's time zone (lib/dates.ts).
          correctedLabel: formatArticleDate(correction.correctedAt, timeZone),
        })),
      },
      { headers: NO_STORE },
    )
  } catch (error) {
    // Answered, not thrown: a thrown failure would replace the whole edit form.
    const { status, body, headers } = describeFailure(error, {
      context,
      details: { articleId: id },
    })
    return data<CorrectionListAnswer>(body, { status, headers: { ...NO_STORE, ...headers } })
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { id, user } = await requireCorrectableArticle(request, params.id)
  const parsed = parseIntent(await request.formData(), correctionActionSchema, {
    titles: FAILURE_TITLE,
  })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    switch (post.intent) {
      case 'add':
        await addCorrection(id, post, user)
        return actionSuccess({
          type: 'success',
          title: 'Correction added',
          description: 'Readers see it at the end of the article.',
        })
      case 'delete':
        await deleteCorrection(id, post.id)
        return actionSuccess({ type: 'success', title: 'Correction deleted' })
    }
  } catch (error) {
    return failureFrom(error, {
      title: FAILURE_TITLE[post.intent],
      context,
      details: { articleId: id, post },
    })
  }
}
