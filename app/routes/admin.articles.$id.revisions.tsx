import { data, redirectDocument } from 'react-router'
import { canEditArticle } from '~/domain/access/access-rules'
import { requireArticleAccess, requireStaff } from './+shared/require-access.server'
import {
  compareRevision,
  listRevisions,
  type RevisionComparison,
  type RevisionList,
  type RevisionListItem,
} from '~/domain/articles/revisions-queries.server'
import { refuseRestore } from '~/domain/articles/article-field-rules'
import { compareParamSchema, revisionActionSchema } from '~/domain/articles/revisions-schema'
import { restoreRevision } from '~/domain/articles/revisions.server'
import { createToastHeaders } from '~/infra/toast.server'
import type { ActionResult } from '~/lib/action-result'
import type { NotFoundBody } from '~/lib/not-found'
import { describeFailure, failureFrom, parseIntent } from './+shared/action-results.server'
import { parseArticleId } from './+shared/article-editor.server'
import type { Route } from './+types/admin.articles.$id.revisions'
import { notFound } from './+shared/http-answers.server'

// The edit form's revision panel (components/admin/article-revisions.tsx) reads and posts
// here: the list, `?compare={id}` for one revision against the current text, and restore.
// Whoever may edit the article may see its history; a restore is also a write under the field
// rules (the revision's status, its breaking-news tag), which the list asks to offer Restore.

const NO_STORE = { 'Cache-Control': 'private, no-store' }
const RESTORE_FAILED = 'Failed to restore revision'

function articleNotFound(): never {
  notFound('Article not found', { headers: NO_STORE })
}

async function requireEditableArticle(request: Request, param: string | undefined) {
  const id = parseArticleId(param)
  if (id === null) {
    await requireStaff(request)
    articleNotFound()
  }
  return { id, ...(await requireArticleAccess(request, id, canEditArticle)) }
}

/** The list as the panel gets it: each revision says whether this reader may restore it. */
export type RevisionListed = ActionResult<
  Omit<RevisionList, 'revisions' | 'current'> & {
    revisions: (RevisionListItem & { canRestore: boolean })[]
  }
>
export type RevisionListAnswer = RevisionListed | NotFoundBody
export type RevisionCompareAnswer = ActionResult<{ comparison: RevisionComparison }> | NotFoundBody

// Answered, not thrown: the panel loads with a fetcher, and a thrown failure would replace the
// whole edit form with its error page.
function answer<T extends ActionResult | NotFoundBody>(body: T, status = 200, headers = {}) {
  return data(body, { status, headers: { ...NO_STORE, ...headers } })
}

/** The one not-found body (lib/not-found.ts), answered rather than thrown, as above. */
function gone(message: string) {
  return answer<NotFoundBody>({ ok: false, code: 'NOT_FOUND', message }, 404)
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { id, user } = await requireEditableArticle(request, params.id)
  const compare = new URL(request.url).searchParams.get('compare')
  try {
    if (compare !== null) {
      const revisionId = compareParamSchema.safeParse(compare)
      const comparison = revisionId.success ? await compareRevision(id, revisionId.data) : null
      if (!comparison) return gone('This revision no longer exists.')
      return answer<RevisionCompareAnswer>({ ok: true, comparison })
    }
    const list = await listRevisions(id)
    if (!list) return gone('This article no longer exists.')
    const { current, ...rest } = list
    return answer<RevisionListAnswer>({
      ok: true,
      ...rest,
      revisions: list.revisions.map((revision) => ({
        ...revision,
        canRestore: refuseRestore(user, current, revision) === null,
      })),
    })
  } catch (error) {
    const { status, body, headers } = describeFailure(error, {
      context,
      details: { articleId: id, compare },
    })
    return answer(body, status, headers)
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { id, user } = await requireEditableArticle(request, params.id)
  const parsed = parseIntent(await request.formData(), revisionActionSchema, {
    titles: { restore: RESTORE_FAILED },
    hiddenFields: ['revisionId', 'expectedUpdatedAt'],
  })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    switch (post.intent) {
      case 'restore': {
        await restoreRevision(id, post.revisionId, user, {
          expectedUpdatedAt: post.expectedUpdatedAt,
        })
        // A whole new page: the form shows what it was opened with, so it must open again.
        return redirectDocument(`/admin/edit-article/${id}`, {
          headers: await createToastHeaders({
            type: 'success',
            title: 'Revision restored',
            description: 'The article now reads as that revision, saved as a new revision.',
          }),
        })
      }
    }
  } catch (error) {
    return failureFrom(error, {
      title: RESTORE_FAILED,
      context,
      details: { articleId: id, post },
    })
  }
}
