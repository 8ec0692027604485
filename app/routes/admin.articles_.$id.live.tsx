import { data, useLoaderData, useRouteError } from 'react-router'
import { LiveDesk } from '~/components/admin/live-desk'
import { PageStatus } from '~/components/site/page-status'
import { canRunLiveCoverage, canSubmitLiveEntry } from '~/domain/access/access-rules'
import { forbidden, requireArticleAccess, requireStaff } from './+shared/require-access.server'
import { notFound } from './+shared/http-answers.server'
import {
  getCoverage,
  getDeskArticle,
  listDeskEntries,
  listDeskRevisions,
} from '~/domain/live/live-queries.server'
import { liveActionSchema } from '~/domain/live/live-schema'
import type { DeskEntry } from '~/domain/live/live-types'
import {
  approveEntry,
  deleteEntry,
  editEntry,
  postEntry,
  setCoverageState,
  setKeyEvent,
  setPinned,
  startCoverage,
  updateSummary,
} from '~/domain/live/live.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import type { BreadcrumbHandle } from '~/config/admin-navigation'
import { formatEntryTime } from '~/lib/live-time'
import { notFoundOf } from '~/lib/not-found'
import { actionSuccess, failureFrom, parseIntent } from './+shared/action-results.server'
import { parseArticleId } from './+shared/article-editor.server'
import type { Route } from './+types/admin.articles_.$id.live'

// The live desk of one article: start, pause and end its coverage, post entries (a composer at
// the top), and edit, delete, pin, mark or approve them. Who may: `canSubmitLiveEntry` opens it
// and posts (entries wait for an editor), `canRunLiveCoverage` does the rest and publishes at once.

const NO_STORE = { 'Cache-Control': 'private, no-store' }

export const FAILURE_TITLE: Record<string, string> = {
  start: 'Failed to start coverage',
  pause: 'Failed to pause coverage',
  resume: 'Failed to resume coverage',
  end: 'Failed to end coverage',
  summary: 'Failed to save the summary',
  publish: 'Failed to post the entry',
  edit: 'Failed to save the entry',
  delete: 'Failed to delete the entry',
  approve: 'Failed to publish the entry',
  pin: 'Failed to pin the entry',
  'key-event': 'Failed to change the key event',
}

async function requireDesk(request: Request, param: string | undefined) {
  const id = parseArticleId(param)
  if (id === null) {
    await requireStaff(request)
    notFound('Article not found', { headers: NO_STORE })
  }
  const access = await requireArticleAccess(request, id, canSubmitLiveEntry)
  return { id, ...access }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { id, user, article } = await requireDesk(request, params.id)
  const [row, coverage, entries, revisions, settings] = await Promise.all([
    getDeskArticle(id),
    getCoverage(id),
    listDeskEntries(id),
    listDeskRevisions(id),
    getSiteSettings(),
  ])
  const now = new Date()
  const earlierVersions = new Map<number, typeof revisions>()
  for (const revision of revisions) {
    const list = earlierVersions.get(revision.entryId) ?? []
    list.push(revision)
    earlierVersions.set(revision.entryId, list)
  }
  return data(
    {
      article: { id, title: row?.title ?? '', slug: row?.slug ?? '', status: article.status },
      canRun: canRunLiveCoverage(user, article),
      coverage: coverage && {
        state: coverage.state,
        summary: coverage.summary,
        endedLabel: coverage.endedAt
          ? formatEntryTime(coverage.endedAt, now, settings.timeZone)
          : null,
      },
      entries: entries.map((entry): DeskEntry => ({
        id: entry.id,
        headline: entry.headline,
        content: entry.content,
        status: entry.status,
        isPinned: entry.isPinned,
        isKeyEvent: entry.isKeyEvent,
        authorName: entry.authorName,
        timeLabel: formatEntryTime(entry.publishedAt ?? entry.createdAt, now, settings.timeZone),
        earlierVersions: (earlierVersions.get(entry.id) ?? []).map((revision) => ({
          id: revision.id,
          headline: revision.headline,
          content: revision.content,
          editorName: revision.editorName,
          editedLabel: formatEntryTime(revision.createdAt, now, settings.timeZone),
        })),
      })),
    },
    { headers: NO_STORE },
  )
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { id, user, article } = await requireDesk(request, params.id)
  const form = await request.formData()
  const canRun = canRunLiveCoverage(user, article)
  // Sending an entry is the one thing a contributor does here; the rest runs the coverage.
  if (form.get('intent') !== 'publish' && !canRun) forbidden()
  const parsed = parseIntent(form, liveActionSchema, {
    titles: FAILURE_TITLE,
    toastIntents: ['summary'],
  })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    switch (post.intent) {
      case 'start':
        await startCoverage(id)
        return actionSuccess({ type: 'success', title: 'Live coverage started' })
      case 'pause':
        await setCoverageState(id, 'paused')
        return actionSuccess({ type: 'success', title: 'Live coverage paused' })
      case 'resume':
        await setCoverageState(id, 'live')
        return actionSuccess({ type: 'success', title: 'Live coverage resumed' })
      case 'end':
        await setCoverageState(id, 'ended')
        return actionSuccess({ type: 'success', title: 'Live coverage ended' })
      case 'summary':
        await updateSummary(id, post.summary)
        return actionSuccess({ type: 'success', title: 'Summary saved' })
      case 'publish': {
        const posted = await postEntry(id, post, user, { publish: canRun })
        return actionSuccess(
          posted.status === 'published'
            ? { type: 'success', title: 'Entry published' }
            : {
                type: 'success',
                title: 'Entry sent',
                description: 'An editor will publish it.',
              },
        )
      }
      case 'edit':
        await editEntry(id, post.id, post, user)
        return actionSuccess({ type: 'success', title: 'Entry saved' })
      case 'delete':
        await deleteEntry(id, post.id)
        return actionSuccess({ type: 'success', title: 'Entry deleted' })
      case 'approve':
        await approveEntry(id, post.id)
        return actionSuccess({ type: 'success', title: 'Entry published' })
      case 'pin':
        await setPinned(id, post.id, post.on)
        return actionSuccess({
          type: 'success',
          title: post.on ? 'Entry pinned' : 'Entry unpinned',
        })
      case 'key-event':
        await setKeyEvent(id, post.id, post.on)
        return actionSuccess({
          type: 'success',
          title: post.on ? 'Marked as a key event' : 'No longer a key event',
        })
    }
  } catch (error) {
    return failureFrom(error, {
      title: FAILURE_TITLE[post.intent],
      context,
      details: { articleId: id, intent: post.intent },
    })
  }
}

export default function LiveDeskPage() {
  const loaderData = useLoaderData<typeof loader>()
  return <LiveDesk {...loaderData} />
}

export const handle: BreadcrumbHandle = {
  breadcrumb: (loaderData) =>
    `Live: ${(loaderData as Route.ComponentProps['loaderData']).article.title}`,
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  {
    title: loaderData?.article
      ? `Live: ${loaderData.article.title} · Admin Panel`
      : 'Article not found · Admin Panel',
  },
]

export function ErrorBoundary() {
  const error = useRouteError()
  if (notFoundOf(error)) {
    return <PageStatus title="Article not found" message="This article no longer exists." />
  }
  throw error
}
