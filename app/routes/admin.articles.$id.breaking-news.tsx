import { data } from 'react-router'
import { canManageBreakingNews } from '~/domain/access/access-rules'
import { requireArticleAccess, requireStaff } from './+shared/require-access.server'
import { breakingNewsActionSchema } from '~/domain/articles/breaking-news-schema'
import { getBreakingNewsState, keepOnBreakingBar } from '~/domain/articles/breaking-news.server'
import type { ActionResult } from '~/lib/action-result'
import { formatDateWithTime } from '~/lib/dates'
import {
  actionSuccess,
  describeFailure,
  failureFrom,
  parseIntent,
} from './+shared/action-results.server'
import { parseArticleId } from './+shared/article-editor.server'
import type { Route } from './+types/admin.articles.$id.breaking-news'
import { notFound } from './+shared/http-answers.server'

// The publishing panel's "On the bar until …" (components/admin/article-publish-panel.tsx):
// an editor reads when a breaking item leaves the bar and keeps it there longer. Any
// successful post empties the page cache (server/page-cache.ts), so the bar follows at once.

const NO_STORE = { 'Cache-Control': 'private, no-store' }
const FAILURE_TITLE = {
  keep: 'Could not keep it on the bar',
  until: 'Could not keep it on the bar',
  end: 'Could not take it off the bar',
} as const

async function requireBreakingArticle(request: Request, param: string | undefined) {
  const id = parseArticleId(param)
  if (id === null) {
    await requireStaff(request, canManageBreakingNews)
    notFound('Article not found', { headers: NO_STORE })
  }
  await requireArticleAccess(request, id, (actor) => canManageBreakingNews(actor))
  return id
}

export type BreakingNewsAnswer = ActionResult<{
  isBreaking?: boolean
  isPublic?: boolean
  isOnBar?: boolean
  expiresIso?: string | null
  /** "March 1, 2025 at 8:00 PM", in the site's time zone. */
  expiresLabel?: string | null
  hours?: number
  timeZone?: string
}>

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = await requireBreakingArticle(request, params.id)
  try {
    const state = await getBreakingNewsState(id)
    return data<BreakingNewsAnswer>(
      {
        ok: true,
        isBreaking: state.isBreaking,
        isPublic: state.isPublic,
        isOnBar: state.isOnBar,
        expiresIso: state.expiresAt?.toISOString() ?? null,
        expiresLabel: state.expiresAt ? formatDateWithTime(state.expiresAt, state.timeZone) : null,
        hours: state.hours,
        timeZone: state.timeZone,
      },
      { headers: NO_STORE },
    )
  } catch (error) {
    // Answered, not thrown: a thrown failure would replace the whole edit form.
    const { status, body, headers } = describeFailure(error, {
      context,
      details: { articleId: id },
    })
    return data<BreakingNewsAnswer>(body, { status, headers: { ...NO_STORE, ...headers } })
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = await requireBreakingArticle(request, params.id)
  const parsed = parseIntent(await request.formData(), breakingNewsActionSchema, {
    titles: FAILURE_TITLE,
    toastIntents: ['until'],
  })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    const until = await keepOnBreakingBar(id, post)
    const { timeZone } = await getBreakingNewsState(id)
    if (post.intent === 'end') {
      return actionSuccess({
        type: 'success',
        title: 'Taken off the breaking-news bar',
        description: `Off the bar since ${formatDateWithTime(until, timeZone)} (${timeZone}).`,
      })
    }
    return actionSuccess({
      type: 'success',
      title: 'Kept on the breaking-news bar',
      description: `On the bar until ${formatDateWithTime(until, timeZone)} (${timeZone}).`,
    })
  } catch (error) {
    return failureFrom(error, {
      title: FAILURE_TITLE[post.intent],
      context,
      details: { articleId: id, intent: post.intent },
    })
  }
}
